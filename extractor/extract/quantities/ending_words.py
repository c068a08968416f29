"""A search for one of many literal words, then blanks, at the end of a window before a
number (a qualifier: about, up to, 약), found by one match of the words reversed instead
of an attempt at every position of the window.

`(?:words)[ \\t\\u00a0]*\\Z`, searched in the window, tries each of its positions and, at
each, the words that start with its character (profiled: ~90 K instructions a search
where a test of the window's last characters (`EndingGate`) lets one run). Its match
is the leftmost start from which a word and blanks reach the end: the longest word that
ends at the window's last non-blank character, when no word ends with a blank. Reversed,
that is one `match` at the start of the reversed window, the words longest first; the
forward pattern is then matched at the start found, so callers get the same `Match`.
"""
from __future__ import annotations

import re

from extractor.extract.text.literal_gates import EndingGate
from extractor.extract.text.regex_tools import left_bound

_BLANKS = " \t\u00a0"


class EndingWords:
    """`search(text, lo, hi)`: what `forward.search(text, lo, hi)` finds, `forward` being
    `(?:words)[ \\t\\u00a0]*\\Z` (each word escaped, behind its `left_bound`), compiled
    with `flags`. (The words sorted longest first: the forward pattern's order among
    words of one first character; its first-character grouping changes no match.)

    >>> words = EndingWords(["about", "up to", "약"], re.I)
    >>> words.search("took About 5", 0, 11).group(), words.search("roundabout ", 0, 11)
    ('About ', None)
    >>> words.search("최대 약 ", 0, 5).span(), words.search("up to", 2, 5)
    ((3, 5), None)
    >>> signs = EndingWords(["$", "US$"], re.I, blanks="?", bounded=False)
    >>> signs.search("cost US$ 5", 0, 9).group(), signs.search("US$  5", 0, 5)
    ('US$ ', None)
    """

    __slots__ = ("forward", "reversed", "gate")

    def __init__(self, words, flags: int = 0, blanks: str = "*", bounded: bool = True):
        """`blanks`: how many blanks may follow the word, "*" (any) or "?" (one at most);
        `bounded`: a word that starts with an ASCII letter or digit must start a word."""
        words = sorted({w for w in words if w}, key=len, reverse=True)
        bound = left_bound if bounded else (lambda w: "")
        alternatives = [bound(w) + re.escape(w) for w in words]
        self.forward = re.compile(rf"(?:{'|'.join(alternatives) or '(?!x)x'})[{_BLANKS}]{blanks}\Z", flags)
        self.gate = EndingGate(words)
        # (a word ending with a blank would let fewer blanks and a longer word match:
        # then every search is the forward one)
        self.reversed = None if any(w[-1] in _BLANKS for w in words) else re.compile(
            rf"[{_BLANKS}]{blanks}(?:{'|'.join(_reversed(w, bounded) for w in words) or '(?!x)x'})", flags)

    def search(self, text: str, lo: int, hi: int) -> re.Match | None:
        """The match in the window `text[lo:hi]` (`lo` below 0 stands for 0: callers ask
        for the characters before a number)."""
        if lo < 0:
            lo = 0
        if not self.gate.may_end(text, lo, hi):
            return None
        if self.reversed is None:
            return self.forward.search(text, lo, hi)
        # (one character more than the window: a word's left boundary reads it)
        ext = lo - 1 if lo else 0
        m = self.reversed.match(text[ext:hi][::-1])
        if m is None:
            return None
        start = hi - m.end()
        if start < lo:  # the longest word starts before the window: a shorter one may not
            return self.forward.search(text, lo, hi)
        return self.forward.match(text, start, hi)


def _reversed(word: str, bounded: bool) -> str:
    """A word reversed, escaped, and its left boundary (`left_bound`) as a lookahead."""
    bound = r"(?![A-Za-z0-9_])" if bounded and left_bound(word) else ""
    return re.escape(word[::-1]) + bound
