"""Where a page lost letters: the lossy spans of a cleaned page, merged for quick overlap
queries (`LossIndex`), and whether a page lost Korean syllables."""
from __future__ import annotations

import bisect


def dropped_syllables(cleaned) -> bool:
    """Whether the page lost Korean syllables (a magnitude word may be missing beside a count)."""
    for span in getattr(cleaned, "lossy_spans", None) or ():  # (a loop: most pages lost none)
        if span.kind == "dropped_syllables":
            return True
    return False


def _merged(spans: list[tuple[int, int]]) -> list[list[int]]:
    """Sorted spans, those that overlap or touch merged.

    >>> _merged([(0, 2), (2, 4), (6, 7)])
    [[0, 4], [6, 7]]
    """
    merged: list[list[int]] = []
    for a, b in spans:
        if merged and a <= merged[-1][1]:
            if b > merged[-1][1]:
                merged[-1][1] = b
        else:
            merged.append([a, b])
    return merged


class LossIndex:
    """The lossy spans of a page of some kinds, merged and sorted, for overlap queries
    in O(log n) (a page lost to '?' has hundreds of spans)."""

    def __init__(self, cleaned, kinds: tuple[str, ...]):
        spans = sorted([(sp.start, sp.end) for sp in getattr(cleaned, "lossy_spans", None) or ()
                        if sp.kind in kinds and sp.end > sp.start])
        last = -1
        for a, b in spans:  # (most pages: no two spans touch, nothing to merge)
            if a <= last:
                spans = _merged(spans)
                break
            last = b
        self.starts = [a for a, _ in spans]
        self.ends = [b for _, b in spans]

    def overlaps(self, start: int, end: int) -> bool:
        """True when [start, end) overlaps a span.

        >>> from extractor.clean import CleanedPage, LossySpan
        >>> page = CleanedPage("d", "ab??cd??", lossy_spans=[LossySpan(2, 4, "question_marks")])
        >>> idx = LossIndex(page, ("question_marks",))
        >>> idx.overlaps(0, 2), idx.overlaps(0, 3), idx.overlaps(4, 8)
        (False, True, False)
        """
        if not self.starts:  # (most pages lost nothing of these kinds)
            return False
        i = bisect.bisect_left(self.starts, end) - 1
        return i >= 0 and self.ends[i] > start

    def overlapping_each(self, spans) -> list[bool]:
        """`overlaps` of each of `spans` (in text order: a page's sentences), in one walk
        over the index instead of a search for each.

        >>> from extractor.clean import CleanedPage, LossySpan
        >>> page = CleanedPage("d", "ab??cd??", lossy_spans=[LossySpan(2, 4, "question_marks")])
        >>> LossIndex(page, ("question_marks",)).overlapping_each([(0, 2), (0, 3), (4, 8)])
        [False, True, False]
        """
        starts, ends = self.starts, self.ends
        out = [False] * len(spans)
        if not starts:  # (most pages lost nothing of these kinds)
            return out
        i, n, last = 0, len(starts), -1
        for k, (a, b) in enumerate(spans):
            if a < last:  # (out of order: walk again from the first span)
                i = 0
            last = a
            while i < n and ends[i] <= a:  # the merged spans are sorted and disjoint
                i += 1
            out[k] = i < n and starts[i] < b
        return out
