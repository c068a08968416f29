"""Where a page lost letters: the lossy spans of a cleaned page, merged for quick overlap
queries (`LossIndex`), and whether a page lost Korean syllables."""
from __future__ import annotations

import bisect


def dropped_syllables(cleaned) -> bool:
    """Whether the page lost Korean syllables (a magnitude word may be missing beside a count)."""
    return any(getattr(s, "kind", "") == "dropped_syllables"
               for s in getattr(cleaned, "lossy_spans", ()) or ())


class LossIndex:
    """The lossy spans of a page of some kinds, merged and sorted, for overlap queries
    in O(log n) (a page lost to '?' has hundreds of spans)."""

    def __init__(self, cleaned, kinds: tuple[str, ...]):
        spans = sorted((sp.start, sp.end) for sp in getattr(cleaned, "lossy_spans", None) or ()
                       if getattr(sp, "kind", "") in kinds and sp.end > sp.start)
        merged: list[list[int]] = []
        for a, b in spans:
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        self.starts = [a for a, _ in merged]
        self.ends = [b for _, b in merged]

    def overlaps(self, start: int, end: int) -> bool:
        """True when [start, end) overlaps a span.

        >>> from extractor.clean import CleanedPage, LossySpan
        >>> page = CleanedPage("d", "ab??cd??", lossy_spans=[LossySpan(2, 4, "question_marks")])
        >>> idx = LossIndex(page, ("question_marks",))
        >>> idx.overlaps(0, 2), idx.overlaps(0, 3), idx.overlaps(4, 8)
        (False, True, False)
        """
        i = bisect.bisect_left(self.starts, end) - 1
        return i >= 0 and self.ends[i] > start
