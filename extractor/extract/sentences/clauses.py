"""The clause of a sentence a position falls in, found by bisection over the clauses'
starts (`text.cues.clause_spans`: in order, none overlapping) instead of a scan of every
clause for every number and name (profiled: long table lines hold dozens of each)."""
from __future__ import annotations

import bisect


def clause_at(clauses, starts: list[int], pos: int, default: tuple[int, int]) -> tuple[int, int]:
    """The clause of `clauses` (with `starts`, their start offsets) that holds `pos`, else
    `default`: the first (a, b) with a <= pos < b, as a scan in order finds it.

    >>> cs = [(0, 7), (8, 12), (13, 19)]
    >>> [clause_at(cs, [0, 8, 13], p, (0, 19)) for p in (0, 7, 9, 18, 19)]
    [(0, 7), (0, 19), (8, 12), (13, 19), (0, 19)]
    """
    i = bisect.bisect_right(starts, pos) - 1
    if i >= 0 and pos < clauses[i][1]:
        return clauses[i]
    return default
