"""Patterns that skip ahead: a pattern behind a consuming, case-sensitive class of the
characters its matches can start with, matched from inside a look-behind. Python's
engine skips ahead in C to a character of a class that opens a pattern; behind a
lookahead guard (`regex_tools.with_first_char_guard`), or opening with a case-insensitive
word or a look-behind, it makes an attempt at every position of the text instead.
`skipping_pattern` builds one, `skipping_spans` reads its spans, `SkippingPattern` gives
the matches of the pattern it was made of with `search` and `finditer`."""
from __future__ import annotations

import re
import sys

from extractor.extract.text.regex_tools import case_variants, first_char_items, global_flags, with_first_char_guard


def skipping_pattern(pattern: str, flags: int = 0) -> re.Pattern | None:
    r"""`pattern` behind a consuming, case-sensitive class of the characters its matches
    can start with, matched in group 1 from inside a look-behind: Python's engine skips
    ahead in C to a character of a class that opens a pattern, where a lookahead guard
    (`with_first_char_guard`) costs it an attempt at every position. A search at `pos`
    finds in group 1 the match of `pattern` at the first position from `pos` where it
    matches; `skipping_spans` reads them as `finditer` would. None when the first
    characters cannot be told, the pattern can match the empty string or refers back to
    a group (its groups are one further on).

    >>> rx = skipping_pattern(r"(?<![\d.])\d+\.\d+")
    >>> rx.pattern
    '(?-i:[\\d])(?<=(?=((?<![\\d.])\\d+\\.\\d+))[\\s\\S])'
    >>> text = "v1.1.2 and 28.3 min, 3.79"
    >>> skipping_spans(rx, text) == [m.span() for m in re.finditer(r"(?<![\d.])\d+\.\d+", text)]
    True
    """
    items = first_char_items(pattern)
    if items is None or re.search(r"\\[1-9]|\(\?P=", pattern):
        return None
    chars = set()
    for item in items:
        if item in (r"\d", r"\w", r"\s"):
            chars.add(item)
            continue
        single = item if len(item) == 1 else (item[1] if len(item) == 2 and item[0] == "\\" else None)
        if single is None:
            return None  # a range: its folds are not worked out here
        try:
            chars |= {re.escape(v) for v in case_variants(single)}
        except ValueError:
            return None
    flags_first = global_flags(pattern)
    body = pattern[len(flags_first):]
    return re.compile(f"{flags_first}(?-i:[{''.join(sorted(chars))}])(?<=(?=({body}))[\\s\\S])", flags)


def skipping_spans(rx: re.Pattern, text: str) -> list[tuple[int, int]]:
    """The spans `finditer` gives for the pattern `rx` was made of (`skipping_pattern`):
    each search goes on from the end of the match before (the pattern matches no empty
    string, so each match ends after it starts)."""
    spans, pos = [], 0
    while (m := rx.search(text, pos)) is not None:
        start, pos = m.span(1)
        spans.append((start, pos))
    return spans


class SkippingPattern:
    """The matches of `re.compile(pattern, flags)` through its `skipping_pattern` (or
    behind a lookahead guard where none can be made), for `search` and `finditer`; their
    matches answer `start`, `end`, `span`, `group`, `groups` and `groupdict` as the
    pattern's own would.

    >>> rx = SkippingPattern(r"(?i)mlperf\\s*(?P<num>\\d\\.\\d)")
    >>> [(m.span(), m.group("num"), m.start(1)) for m in rx.finditer("MLPerf 1.1, mlperf 2.0")]
    [((0, 10), '1.1', 7), ((12, 22), '2.0', 19)]
    """

    __slots__ = ("plain", "skipping")

    def __init__(self, pattern: str, flags: int = 0):
        self.plain = re.compile(with_first_char_guard(pattern), flags)
        self.skipping = skipping_pattern(pattern, flags)

    def search(self, text: str, pos: int = 0, endpos: int | None = None):
        # (no end given, the most common call: the search without one, a little faster)
        rx = self.plain if self.skipping is None else self.skipping
        m = rx.search(text, pos) if endpos is None else rx.search(text, pos, endpos)
        if m is None or self.skipping is None:
            return m
        start, end = m.span(1)
        return _Skipped(m, start, end)

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize):
        # (an end past the text is its end, to the engine)
        if self.skipping is None:
            yield from self.plain.finditer(text, pos, endpos)
            return
        while (m := self.skipping.search(text, pos, endpos)) is not None:
            start, pos = m.span(1)  # (the pattern matches no empty string)
            yield _Skipped(m, start, pos)

    def spans(self, text: str) -> list[tuple[int, int]]:
        """The spans of `finditer(text)`, read without a match object each.

        >>> SkippingPattern(r"(?i)[,;]\\s*|\\band\\b").spans("A, b and c;d")
        [(1, 3), (5, 8), (10, 11)]
        """
        if self.skipping is None:
            return [m.span() for m in self.plain.finditer(text)]
        return skipping_spans(self.skipping, text)


class _Skipped:
    """A match of a `skipping_pattern` read as the match of the pattern it was made of:
    that pattern's match is group 1, its groups one further on. Its span is kept (most
    callers ask for `start()` and `end()` only: no look-up in the match for them)."""

    __slots__ = ("_m", "_start", "_end")

    def __init__(self, m: re.Match, start: int, end: int):
        self._m, self._start, self._end = m, start, end

    def start(self, g=0) -> int:
        return self._start if g == 0 else self._m.start(_inner(g))

    def end(self, g=0) -> int:
        return self._end if g == 0 else self._m.end(_inner(g))

    def span(self, g=0) -> tuple[int, int]:
        return (self._start, self._end) if g == 0 else self._m.span(_inner(g))

    def group(self, *gs):
        if not gs:
            return self._m.group(1)
        return self._m.group(*(_inner(g) for g in gs))

    def groups(self, default=None) -> tuple:
        return self._m.groups(default)[1:]

    def groupdict(self, default=None) -> dict:
        return self._m.groupdict(default)


def _inner(g):
    """The skipping pattern's group for group `g` (a number or a name) of the pattern it
    was made of: numbers are one further on."""
    return g + 1 if isinstance(g, int) else g
