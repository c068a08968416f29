"""Patterns anchored at a line's start: `anchored_at_start` tells them from the parsed
pattern, `line_start_spans` tries one only where it can match (the text's start and,
under MULTILINE, after each newline), where a search stops at every character the
pattern may start with (for the list-number pattern `^\\s*\\d`: every space)."""
from __future__ import annotations

import re


def anchored_at_start(regex: re.Pattern) -> bool:
    r"""Every match of `regex` starts at a line's start (`^`, `\A`), read from the parsed
    pattern: zero-width lookarounds before the anchor are looked through, every
    alternative must hold it.

    >>> anchored_at_start(re.compile(r"(?=[\d\s])(?:^\s*\d{1,2}[.)])|\A#", re.M))
    True
    >>> anchored_at_start(re.compile(r"\d|^x")), anchored_at_start(re.compile(r"x^"))
    (False, False)
    """
    try:
        from re import _constants as C, _parser  # noqa: PLC0415 - the parser re uses itself
        return _anchored(_parser.parse(regex.pattern, regex.flags), C)
    except (re.error, ImportError, AttributeError, TypeError, ValueError, RecursionError):
        return False


def _anchored(seq, C) -> bool:
    for op, av in seq:
        if op in (C.ASSERT, C.ASSERT_NOT):
            continue  # zero-width: the anchor after it still decides
        if op is C.AT:
            return av in (C.AT_BEGINNING, C.AT_BEGINNING_STRING)
        if op is C.SUBPATTERN:
            return _anchored(av[-1], C)
        if op is C.BRANCH:
            return all(_anchored(a, C) for a in av[1])
        return False
    return False


def line_start_spans(match, text: str, lines: bool) -> list[tuple[int, int]]:
    r"""The spans `finditer` gives (empty matches left out) for a regex
    `anchored_at_start`, whose `match` this is: its matches start at 0 or, when `lines`
    (the regex's MULTILINE flag, read once by the caller: an enum flag test costs more
    than the match), after a newline (`^` at a later `pos` of `match` holds only
    there), and do not overlap.

    >>> rx = re.compile(r"^\s*\d[.)]", re.M)
    >>> text = "1. a\n\n2) b 3. c\n4.\n"
    >>> line_start_spans(rx.match, text, True) == [m.span() for m in rx.finditer(text)]
    True
    >>> line_start_spans(re.compile(r"^\d").match, "1\n2", False)
    [(0, 1)]
    """
    spans: list[tuple[int, int]] = []
    pos = end = 0
    lines = lines and "\n" in text  # (one line, most sentences: no search for the next)
    while True:
        if pos >= end and (m := match(text, pos)) is not None and m.end() > m.start():
            spans.append(m.span())
            end = m.end()
        if not lines or (pos := text.find("\n", pos) + 1) == 0:
            return spans
