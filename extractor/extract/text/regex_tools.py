"""Regular-expression building blocks shared by the quantity and claim layers: literal
alternations (longest first, with word boundaries) and the first-character guard that lets
Python's engine skip positions a pattern cannot start at (most of the layers' speed)."""
from __future__ import annotations

import re
from functools import lru_cache

SP = r"[ \t\u00a0]"
HANGUL = "\uac00-\ud7a3"
HAN = "\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff"


def is_hangul(ch: str) -> bool:
    return "\uac00" <= ch <= "\ud7a3"


def alt(terms, boundary=True) -> str:
    """A regex alternation of literal terms, longest first; ASCII-alphanumeric ends get a
    right boundary so 'min' does not match in 'mint'."""
    parts = []
    for term in sorted(set(terms), key=len, reverse=True):
        if not term:
            continue
        p = re.escape(term)
        if boundary and term[-1].isascii() and term[-1].isalnum():
            p += r"(?![A-Za-z0-9_])"
        parts.append(p)
    return "|".join(parts) or r"(?!x)x"


def bucketed_alt(terms, boundary=True) -> str:
    """`alt(terms, boundary)` grouped by first character (`first_char_buckets`): the same
    matches, an attempt trying one group of terms instead of each term in turn (for an
    alternation matched at a given position, where no guard skips positions).

    >>> import re
    >>> [re.match(bucketed_alt(["or so", "or more", "plus"]), t).group() for t in ("or more", "plus")]
    ['or more', 'plus']
    """
    terms = [t for t in sorted(set(terms), key=len, reverse=True) if t]
    if not terms:
        return r"(?!x)x"
    bounds = [r"(?![A-Za-z0-9_])" if boundary and t[-1].isascii() and t[-1].isalnum() else "" for t in terms]
    return first_char_buckets([re.escape(t) for t in terms], bounds)


def literal_alternation(words) -> str:
    """A regex alternation of literal words, longest first (so 'last round' beats 'last'),
    with no boundaries; a pattern that matches nothing when there are no words.

    >>> import re
    >>> re.search(literal_alternation(["last", "last round"]), "the last round").group()
    'last round'
    >>> re.search(literal_alternation([]), "anything") is None
    True
    """
    return alt(words, boundary=False)


def left_bound(term: str) -> str:
    """The left boundary a literal term needs: none unless it starts with an ASCII letter
    or digit, which must not continue a word ("about" not in "roundabout").

    >>> left_bound("about"), left_bound("~"), left_bounded("약")
    ('(?<![A-Za-z0-9_])', '', '약')
    """
    return r"(?<![A-Za-z0-9_])" if term[0].isascii() and term[0].isalnum() else ""


def left_bounded(term: str) -> str:
    return left_bound(term) + re.escape(term)


_LEADING_FLAGS = re.compile(r"\A(?:\(\?[aiLmsux]+\))*")


def with_first_char_guard(pattern: str) -> str:
    r"""`pattern` behind a lookahead on the characters its matches can start with, or
    `pattern` itself when those cannot be told (a negated class, '.', a pattern that
    may match nothing). Same matches, found faster: Python's regex engine tries every
    alternative at every position of the text, but fails the lookahead at one test.
    Lookarounds and anchors match no character and are looked through; the guard is
    case-insensitive, a superset that is safe under any flags.

    >>> print(with_first_char_guard(r"(?i)\bv\d+|第\s*\d"))
    (?i)(?=(?i:[v第]))(?:\bv\d+|第\s*\d)
    >>> print(with_first_char_guard(r"(?<![\d.])\d{1,2}\s*[月월]"))
    (?=(?i:[\d]))(?:(?<![\d.])\d{1,2}\s*[月월])
    >>> with_first_char_guard(r"[^ab]+"), with_first_char_guard(r"x?")
    ('[^ab]+', 'x?')
    """
    first = first_char_class(pattern)
    if first is None:
        return pattern
    flags = _LEADING_FLAGS.match(pattern).group()  # global flags must stay first
    return f"{flags}(?=(?i:[{first}]))(?:{pattern[len(flags):]})"


def first_char_class(pattern: str) -> str | None:
    r"""The inside of a character class holding every character a match of `pattern`
    can start with (read case-insensitively), or None when that cannot be told.

    >>> first_char_class(r"(?<![\w.])[vV]\s?\d+"), first_char_class(r"a|\d?")
    ('Vv', None)
    """
    items = _first_items(pattern)
    return None if items is None else "".join(sorted(items))


def first_char_items(pattern: str) -> frozenset[str] | None:
    r"""The class items (characters, escapes, ranges, categories) a match of `pattern` can
    start with, or None when that cannot be told or it may match the empty string.

    >>> sorted(first_char_items(r"(?<!\w)v\d|\d+x")), first_char_items(r"x*")
    (['\\d', 'v'], None)
    """
    return _first_items(pattern)


def global_flags(pattern: str) -> str:
    """The global flags a pattern opens with ("(?i)"), which must stay first in it."""
    return _LEADING_FLAGS.match(pattern).group()


@lru_cache(maxsize=8192)
def _first_items(pattern: str) -> frozenset[str] | None:
    """The class items (characters, escapes, ranges) a match of `pattern` can start with,
    or None when that cannot be told or the pattern can match the empty string.
    Remembered: the grammars of several language sets share most of their words (the
    English units are in all four), and parsing them was a tenth of their build.

    >>> sorted(_first_items("gb(?![a-z])")), sorted(_first_items("a+|b")), _first_items("a?")
    (['g'], ['a', 'b'], None)
    """
    if pattern[:1].isalnum() and pattern[1:2] not in ("?", "*", "{") and "|" not in pattern:
        # a word written out (a unit alias and its boundary): the parser would read a
        # literal first character, so the match starts with it and cannot be empty
        return frozenset((re.escape(pattern[0]),))
    try:
        from re import _constants as C, _parser  # noqa: PLC0415 - the parser re uses itself

        items, nullable = _first_chars(_parser.parse(pattern), C)
    except (_Unknown, re.error, ImportError, AttributeError, TypeError, ValueError, RecursionError):
        return None
    return None if nullable or not items else frozenset(items)


class _Unknown(Exception):
    """A pattern element whose first characters `_first_chars` does not work out."""


def _first_chars(seq, C) -> tuple[set[str], bool]:
    """(class items a match of the parsed sequence `seq` can start with, whether it can
    match the empty string)."""
    categories = {C.CATEGORY_DIGIT: r"\d", C.CATEGORY_WORD: r"\w", C.CATEGORY_SPACE: r"\s"}
    chars: set[str] = set()
    for op, av in seq:
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            continue  # zero-width: the match starts with what follows
        if op is C.LITERAL:
            chars.add(re.escape(chr(av)))
            return chars, False
        if op is C.IN:
            for item_op, item in av:
                if item_op is C.LITERAL:
                    chars.add(re.escape(chr(item)))
                elif item_op is C.RANGE:
                    chars.add(f"{re.escape(chr(item[0]))}-{re.escape(chr(item[1]))}")
                elif item_op is C.CATEGORY and item in categories:
                    chars.add(categories[item])
                else:
                    raise _Unknown(item_op)
            return chars, False
        if op is C.BRANCH:
            nullable = False
            for alternative in av[1]:
                first, empty = _first_chars(alternative, C)
                chars |= first
                nullable |= empty
            if not nullable:
                return chars, False
            continue
        if op is C.SUBPATTERN or op is getattr(C, "ATOMIC_GROUP", None):
            first, empty = _first_chars(av[-1] if op is C.SUBPATTERN else av, C)
            chars |= first
            if not empty:
                return chars, False
            continue
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)):
            low, _, item = av
            first, empty = _first_chars(item, C)
            chars |= first
            if low > 0 and not empty:
                return chars, False
            continue
        raise _Unknown(op)
    return chars, True


def first_char_alternation(words, ci: bool = False, guard: str = "", all_cases: bool = False) -> str:
    """An alternation of `words` that starts with one character class (the words' first
    characters), then `guard`, then each word's rest behind a look-behind on its first
    character: fast to search, same matches as the plain alternation.

    >>> re.findall(first_char_alternation(["two", "ten", "three"], ci=True), "Two, ten and THREE")
    ['Two', 'ten', 'THREE']

    With `all_cases` (and `ci`), the class holds every character the engine matches to a
    first character case-insensitively (`case_variants`: "ſep" is "sep" to `(?i)sep`),
    so that the alternation matches exactly where `(?i:word|...)` does; a word whose first
    character's variants are not known raises ValueError. Compile the result without
    IGNORECASE: a case-sensitive class is what lets the engine skip ahead to it.
    """
    by_first: dict[str, list[str]] = {}
    for word in words:
        if word:
            by_first.setdefault(word[0].lower() if ci else word[0], []).append(word[1:])
    if not by_first:
        return "(?!x)x"
    chars = set(by_first)
    if ci and all_cases:
        chars = {v for c in by_first for v in case_variants(c)}
    elif ci:
        chars |= {c.upper() for c in by_first}
    charset = "".join(re.escape(c) for c in sorted(chars))
    branches = []
    for first, rests in by_first.items():
        alt = "|".join(re.escape(r) for r in sorted(set(rests), key=len, reverse=True))
        branches.append(f"(?<={re.escape(first)})(?:{alt})")
    inner = "|".join(branches)
    return f"[{charset}]{guard}" + (f"(?i:{inner})" if ci else f"(?:{inner})")


#: the characters other than A-Z and a-z that Python's engine matches to an ASCII letter
#: under IGNORECASE (the Kelvin sign, long s, dotted and dotless i); tested against the
#: engine over every code point
_ENGINE_ASCII_FOLDS = {"k": "\u212a", "s": "\u017f", "i": "\u0130\u0131"}


def case_variants(ch: str) -> str:
    """Every character the engine matches to `ch` case-insensitively, `ch` first: an ASCII
    letter's two cases and its `_ENGINE_ASCII_FOLDS`; an uncased character alone. Raises
    ValueError for a cased character outside ASCII (its folds are not tabled here).

    >>> case_variants("s"), case_variants("J"), case_variants("7"), case_variants("學")
    ('sSſ', 'Jj', '7', '學')
    """
    if ch.isascii():
        if not ch.isalpha():
            return ch
        return ch + ch.swapcase() + _ENGINE_ASCII_FOLDS.get(ch.lower(), "")
    if ch.lower() == ch.upper() == ch:
        return ch
    raise ValueError(f"case variants of {ch!r} are not known")


def first_char_buckets(alternatives: list[str], suffixes: list[str] | None = None,
                       prefixes: list[str] | None = None) -> str:
    r"""The alternation of the regular expressions `alternatives` (tried in order),
    regrouped by the characters their matches can start with, each group behind a
    lookahead on those: a match attempt at one position tries the alternatives of one
    group instead of all of them. Python's engine checks an alternative's first character
    cheaply only when it is a case-sensitive literal, so a long case-insensitive
    alternation (the units after a number) costs a full attempt per alternative and
    position. Same matches as the plain alternation: alternatives whose first characters
    may be the same character (under any case folding) share a group, in their order, so
    at most one group can match at a position. Digits count as one character (`\d`: an
    alternative opening with 1 and one with any digit share a group). The plain
    alternation when a first character cannot be told or is a class wider than single
    characters.

    >>> print(first_char_buckets(["gb", "tb", "g"]))
    (?=(?i:[g]))(?:gb|g)|(?=(?i:[t]))(?:tb)
    >>> rx = re.compile(first_char_buckets(["(?-i:Gb)", "gb", "tb"]), re.I)
    >>> rx.match("GB").group(), rx.match("Gb").group(), rx.match("x")
    ('GB', 'Gb', None)
    >>> print(first_char_buckets([r"\d+", "x", "1st"]))
    (?=(?i:[\d]))(?:\d+|1st)|(?=(?i:[x]))(?:x)
    >>> first_char_buckets([r"\w+", "x"])
    '\\w+|x'

    `suffixes` (one per alternative) are appended to them, and neighbours of a group
    that share a suffix share one copy of it: "(?:gb|g)(?!a)" for "gb(?!a)|g(?!a)", the
    same matches (the engine backtracks into the group and tries the next alternative
    where the suffix fails), compiled once (profiled: the ~300 copies of a boundary
    class after the unit aliases were most of the unit pattern's compile time).

    >>> print(first_char_buckets(["gb", "g", "tb"], ["(?!a)", "(?!a)", ""]))
    (?=(?i:[g]))(?:(?:gb|g)(?!a))|(?=(?i:[t]))(?:tb)

    `prefixes` likewise: zero-width tests before each alternative (a left boundary,
    "(?<![a-z])"), shared by neighbours that have the same prefix and suffix.

    >>> print(first_char_buckets(["about", "approx", "~"], prefixes=["(?<!x)", "(?<!x)", ""]))
    (?=(?i:[a]))(?:(?<!x)(?:about|approx))|(?=(?i:[\~]))(?:~)
    """
    bodies = alternatives
    prefixes = prefixes or [""] * len(bodies)
    suffixes = suffixes or [""] * len(bodies)
    alternatives = [p + a + s for p, a, s in zip(prefixes, bodies, suffixes, strict=True)]
    plain = "|".join(alternatives)
    firsts = []
    for alternative in alternatives:
        chars = _single_first_chars(alternative)
        if chars is None:
            return plain
        firsts.append(chars)
    groups = _case_groups(firsts)
    out = []
    for members in groups.values():
        chars = sorted({c for i in members for c in firsts[i]})
        guard = "".join(c if c == _DIGITS else re.escape(c) for c in chars)
        out.append(f"(?=(?i:[{guard}]))(?:{_joined(members, prefixes, bodies, suffixes)})")
    return "|".join(out)


def _case_groups(firsts: list[str]) -> dict[str, list[int]]:
    """The alternatives (by index) grouped so that no two groups can start at one
    character: union-find over the first characters, two being one group when either
    matches the other case-insensitively (the engine's own folding decides, not
    str.lower), and an alternative starting with one of several characters joining them.

    >>> _case_groups(["g", "t", "G", "xy"])
    {'G': [0, 2], 't': [1], 'x': [3]}
    >>> _case_groups(["g", "t", "gT"])  # "gT": an alternative starting with g or T
    {'g': [0, 1, 2]}
    """
    distinct = sorted(set().union(*firsts)) if firsts else []
    parent = {c: c for c in distinct}

    def root(c: str) -> str:
        while parent[c] != c:
            c = parent[c]
        return c

    together = "".join(c for c in distinct if c != _DIGITS)  # (digits have no case)
    for c in distinct:
        if c == _DIGITS:
            continue
        for m in re.finditer(f"(?i:[{re.escape(c)}])", together):
            parent[root(m.group())] = root(c)
    for chars in firsts:
        for c in chars[1:]:
            parent[root(c)] = root(chars[0])
    groups: dict[str, list[int]] = {}
    for i, chars in enumerate(firsts):
        groups.setdefault(root(chars[0]), []).append(i)
    return groups


def _joined(members: list[int], prefixes: list[str], bodies: list[str], suffixes: list[str]) -> str:
    """The alternatives of `members` in order, neighbours with the same prefix and suffix
    (not both empty) as one group between one copy of them (`first_char_buckets`)."""
    runs: list[list[int]] = []
    for i in members:
        ends = (prefixes[i], suffixes[i])
        if runs and any(ends) and ends == (prefixes[runs[-1][-1]], suffixes[runs[-1][-1]]):
            runs[-1].append(i)
        else:
            runs.append([i])
    parts = []
    for run in runs:
        prefix, suffix = prefixes[run[0]], suffixes[run[0]]
        if len(run) == 1:
            parts.append(prefix + bodies[run[0]] + suffix)
        else:
            parts.append(f"{prefix}(?:{'|'.join(bodies[i] for i in run)}){suffix}")
    return "|".join(parts)


def _single_first_chars(pattern: str) -> list[str] | None:
    r"""The characters a match of `pattern` can start with, when they are single
    characters (no category but digits, no range but of ASCII digits), else None. Digits
    are one token, `\d`: a pattern starting with 1 or 2 and one starting with any digit
    share a group (`first_char_buckets`), whose guard then holds every digit.

    >>> _single_first_chars(r"(?<!x)[12]0|a"), _single_first_chars(r"\d|x"), _single_first_chars(r"\w")
    (['\\d', 'a'], ['\\d', 'x'], None)
    """
    items = _first_items(pattern)
    if items is None:
        return None
    chars = set()
    for item in sorted(items):
        if item == _DIGITS or _DIGIT_RANGE.fullmatch(item):
            chars.add(_DIGITS)
        elif len(item) == 1:
            chars.add(_DIGITS if item.isdecimal() else item)
        elif len(item) == 2 and item[0] == "\\" and item not in (r"\w", r"\s"):
            chars.add(item[1])  # re.escape of one character
        else:
            return None
    return sorted(chars)


#: the token of every digit (what `\d` matches in a str pattern: `str.isdecimal`)
_DIGITS = r"\d"
_DIGIT_RANGE = re.compile(r"[0-9]-[0-9]")
