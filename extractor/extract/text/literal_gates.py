"""Literal gates: a cheap `in` test before a regex search. `required_literals` reads, from
a parsed pattern, literals one of which every match holds; `GatedPattern` skips the search
of a text holding none of them (most texts, for a rare pattern); `fold_ascii_case` lower-
cases a text as the engine's IGNORECASE matches ASCII letters, so the test is exact."""
from __future__ import annotations

import re
from itertools import product

from extractor.extract.text.regex_tools import case_variants, literal_alternation, with_first_char_guard
from extractor.extract.text.skipping import skipping_pattern, skipping_spans

#: the characters other than A-Z that Python's engine matches to an ASCII letter under
#: IGNORECASE (the Kelvin sign K, long s ſ, dotted İ and dotless ı), mapped to that letter:
#: `str.lower` alone leaves ſ and ı, and turns İ into two characters
_ENGINE_FOLDS = str.maketrans({"\u212a": "k", "\u017f": "s", "\u0130": "i", "\u0131": "i"})
_ENGINE_FOLD_CHARS = re.compile("[\u212a\u017f\u0130\u0131]")


def fold_ascii_case(text: str) -> str:
    """`text` lower-cased so that a case-insensitive pattern's ASCII letters are found in
    it by a plain `in` test: every character the engine matches to an ASCII letter
    under IGNORECASE becomes that letter in lower case.

    >>> fold_ascii_case("ViSIT \u017fEP \u212aB \u0130NT")
    'visit sep kb int'
    """
    if not text.isascii() and _ENGINE_FOLD_CHARS.search(text):
        text = text.translate(_ENGINE_FOLDS)  # (slow on long text: only when one is there)
    return text.lower()


def innermost_literals(words) -> tuple[str, ...]:
    """The words that hold no other of `words`, sorted: a text holds one of `words` exactly
    when it holds one of these, so an `in` test per word needs only these.

    >>> innermost_literals(["january", "jan", "june", "posted in", "posted"])
    ('jan', 'june', 'posted')
    """
    distinct = set(words)
    return tuple(sorted(w for w in distinct if not any(o != w and o in w for o in distinct)))


def required_literals(pattern: str, flags: int = 0) -> tuple[tuple[str, ...], bool] | None:
    r"""(literals, folded): every match of `pattern` holds one of `literals`, as written
    when `folded` is False, else in `fold_ascii_case` of the text; None when no such
    literal is known. A text holding none of them cannot match, so a search may be
    skipped (exactly: the literals are read from the parsed pattern, not guessed).
    Letters count only where matched case-sensitively or are ASCII (see
    `fold_ascii_case`); lookarounds are not read.

    >>> required_literals(r"(?<![\d:])\d{1,2}:\d{2}")
    ((':',), False)
    >>> required_literals(r"(?i)\d+\s*(?:bit|비트|位)")
    (('bit', '位', '비트'), True)
    >>> required_literals(r"(?:https?://|www\.)\S+"), required_literals(r"\d+|x")
    ((('http', 'www.'), False), None)
    """
    try:
        from re import _constants as C, _parser  # noqa: PLC0415 - the parser re uses itself

        parsed = _parser.parse(pattern, flags)
        found = _required(parsed, parsed.state.flags, C)
    except (re.error, ImportError, AttributeError, TypeError, ValueError, RecursionError):
        return None
    if not found:
        return None
    literals, folded = found
    # a literal that holds another adds nothing: "jsp" is found wherever "js" is
    literals = {s for s in literals if not any(o != s and o in s for o in literals)}
    return tuple(sorted(literals)), folded


def _literal_char(code: int, flags: int) -> tuple[str, bool] | None:
    """(character, folded) of a LITERAL as `_required` reads it: under IGNORECASE an ASCII
    letter in lower case, to be found in `fold_ascii_case` of a text; None when a plain
    `in` test cannot stand for it (a non-ASCII letter that has case, matched
    case-insensitively)."""
    ch = chr(code)
    if not flags & re.IGNORECASE or _uncased(ch):
        return ch, False
    return (ch.lower(), True) if ch.isascii() else None


def _uncased(ch: str) -> bool:
    return ch.lower() == ch.upper() == ch


def _required(seq, flags: int, C) -> tuple[set[str], bool] | None:
    """(literals one of which every match of the parsed sequence holds, whether they are
    case-folded), the most selective known: longest shortest literal, then fewest."""
    found: list[tuple[set[str], bool]] = []
    run, run_folded = "", False
    for op, av in seq:
        read = _literal_char(av, flags) if op is C.LITERAL else None
        if read is not None:  # a run of literals (all under the same flags)
            run, run_folded = run + read[0], run_folded or read[1]
            continue
        if run:
            found.append(({run}, run_folded))
        run, run_folded = "", False
        part = None
        if op is C.SUBPATTERN:
            _, add, remove, sub = av
            part = _required(sub, (flags | add) & ~remove, C)
        elif op is C.BRANCH:
            alternatives = [_required(a, flags, C) for a in av[1]]
            if all(alternatives):
                part = _join(alternatives)
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT) and av[0] >= 1:
            part = _required(av[2], flags, C)
        elif op is C.IN and all(o is C.LITERAL for o, _ in av):
            chars = [_literal_char(code, flags) for _, code in av]
            if None not in chars:
                part = _join([({c}, f) for c, f in chars])
        if part:
            found.append(part)
    if run:
        found.append(({run}, run_folded))
    if not found:
        return None
    return max(found, key=lambda f: (min(map(len, f[0])), -len(f[0])))


def _join(parts: list[tuple[set[str], bool]]) -> tuple[set[str], bool] | None:
    """The literals of alternatives: any of each one's. Folded if any is; a literal read
    as written then joins only if folding leaves it as it is (lower-case ASCII letters,
    characters without case), else None."""
    folded = any(f for _, f in parts)
    literals = {lit for lits, _ in parts for lit in lits}
    if folded and any(fold_ascii_case(lit) != lit for lits, f in parts if not f for lit in lits):
        return None
    return literals, folded


#: characters that nearly every sentence holds (measured: a gate on one of them costs more
#: than it saves)
_COMMON_CHARS = frozenset(" .,-/()etaoinshrl")


class GatedPattern:
    """A compiled pattern behind its literal gate (`required_literals`): `spans` does not
    search a text that holds none of the literals, as no match can be there. Same spans
    as `finditer` (empty matches left out); most texts hold none of a rare pattern's
    literals, and an `in` test is far cheaper than a search."""

    __slots__ = ("regex", "skipping", "literals", "folded", "gate")

    def __init__(self, pattern: str, flags: int = 0):
        self.regex = re.compile(with_first_char_guard(pattern), flags)
        self.skipping = skipping_pattern(pattern, flags)
        self.literals, self.folded = required_literals(pattern, flags) or ((), False)
        if any(lit in _COMMON_CHARS for lit in self.literals):
            self.literals = ()  # a gate nearly every text passes only adds its own cost
        # a few literals: `in` tests; more: one search for any of them (measured faster)
        self.gate = re.compile(literal_alternation(self.literals)).search \
            if len(self.literals) > 3 else None

    def spans(self, text: str, folded_text: str | None = None) -> list[tuple[int, int]]:
        """The non-empty match spans in `text`; `folded_text` is `fold_ascii_case(text)`
        when the caller has it (several patterns asking about one text).

        >>> GatedPattern(r"(?i)\\d+ ?bits?").spans("8 BIT and 16 bits")
        [(0, 5), (10, 17)]
        >>> GatedPattern(r"\\d+:\\d\\d").spans("no time here 12")
        []
        """
        if self.literals:
            haystack = text
            if self.folded:
                haystack = fold_ascii_case(text) if folded_text is None else folded_text
            if self.gate is not None:
                if not self.gate(haystack):
                    return []
            else:  # (a plain loop: no generator made for each of ~140 calls a page)
                for lit in self.literals:
                    if lit in haystack:
                        break
                else:
                    return []
        if self.skipping is not None:
            return skipping_spans(self.skipping, text)
        return [m.span() for m in self.regex.finditer(text) if m.end() > m.start()]


#: the blanks a word before a number may be followed by (regex_tools.SP)
_BLANKS = " \t\u00a0"


class EndingGate:
    """A cheap test before a search for one of `words`, then blanks, ending at an offset
    (`(?:words)[ \\t\\u00a0]*\\Z` searched in the window before a number): such a search
    makes an attempt at every position of the window, while no match can be there unless
    the window, its blanks stripped, ends with the last `k` characters of a word. Exact
    as a gate: where `may_end` is False the search finds nothing (the words' own
    boundaries are not read, so True only allows a match). Case-insensitive as the engine
    is on ASCII letters (`fold_ascii_case`); a word with another cased letter, or of
    blanks only, turns the gate off.

    >>> gate = EndingGate(["about", "up to", "약"])
    >>> [gate.may_end(t, 0, len(t)) for t in ("took ABOUT ", "roundabout", "up to\\t", "约", "took 5")]
    [True, True, True, False, False]
    >>> gate.may_end("약 5", 0, 2), gate.may_end("about", 0, 4)
    (True, False)
    """

    __slots__ = ("ends", "short", "k")

    def __init__(self, words, k: int = 2):
        stripped = [w.rstrip(_BLANKS) for w in words]
        self.k = k
        #: every text a window's last `k` characters may be for a word to end it: each
        #: word's last `k`, folded, in every writing the engine matches to it
        #: (`case_variants`), so the test needs no folding of the window
        self.ends: frozenset[str] | None = None  # (None: every window may hold a match)
        if all(w and all(c.isascii() or _uncased(c) for c in w) for w in stripped):  # (else a fold not worked out here)
            folded_ends = {fold_ascii_case(w)[-k:] for w in stripped}
            self.ends = frozenset("".join(chars) for end in folded_ends
                                  for chars in product(*map(case_variants, end)))
        #: the writings of the words shorter than `k`, which end a window's last `k` characters
        self.short = frozenset(e for e in self.ends or () if len(e) < k)

    def may_end(self, text: str, lo: int, hi: int) -> bool:
        """Whether one of the words, then blanks, may end `text[lo:hi]`."""
        if self.ends is None:
            return True
        while hi > lo and text[hi - 1] in _BLANKS:
            hi -= 1
        # (two tests of a slice: no string method called, the window neither copied nor folded)
        tail = text[hi - self.k:hi] if hi - self.k >= lo else text[lo:hi]
        return tail in self.ends or (hi > lo and text[hi - 1] in self.short)
