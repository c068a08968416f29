"""Names a page gives by what it writes around them: a name it defines or abbreviates, and
the other places it writes a name found once (open vocabulary, with `open_names.py`).

- a name the page defines in brackets: "트릴리움(Trillium)", "Trillium(트릴리움)" (the
  Latin spelling a name when it is no common word, vendor or acronym: `definitions`),
  and an abbreviation after a name it abbreviates ("Trainium2 (Trn2)":
  `abbreviation_after`);
- a name found once counts wherever the page writes it again (`page_spread`), and where
  it writes it shortened: to its last words ("클라우드 AI 100", then "AI 100":
  `name_tails`) or, in Chinese, to its number ("CloudMatrix 384", then "华为384":
  `number_tails`).
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.names.open_names import (PAGE, common_words, is_open_word, not_words,
                                                noun_positions, vendor_ending)
from extractor.extract.names.shapes import Shape

_LATIN_NAME = r"[A-Z][A-Za-z0-9]*(?:[ \-][A-Za-z0-9]+){0,2}"
# a Korean word (spaces delimit it); Chinese has none, so where a spelling before "(" starts
# is unknown ("以及强化学习(MiniGo)": "以及" is "and") and Chinese definitions are not read
_CJK_WORD = r"[\uac00-\ud7a3]{2,10}"
# read from each bracket: a regex that starts with a name would be tried at every letter
_BRACKET = re.compile("[(（]")
_HANGUL_NEAR = re.compile(r"[ \t]?[\uac00-\ud7a3]")
# (the patterns searched for a name that ends at a bracket look behind their first
# character after it, two characters wide: a search then skips ahead to such a character)
_CJK_BEFORE = re.compile(r"(?P<cjk>[\uac00-\ud7a3](?<![\uac00-\ud7a3]{2})[\uac00-\ud7a3]{1,9})[ \t]?$")
_LATIN_INSIDE = re.compile(rf"[ \t]?(?P<latin>{_LATIN_NAME})[ \t]?[)）]")
_LATIN_BEFORE = re.compile(rf"(?P<latin>[A-Z](?<![A-Za-z0-9][A-Z]){_LATIN_NAME[len('[A-Z]'):]})[ \t]?$")
_CJK_INSIDE = re.compile(rf"[ \t]?(?P<cjk>{_CJK_WORD})[ \t]?[)）]")
_ABBREVIATION = re.compile(r"[ \t]?[(（][ \t]?(?P<abbr>[A-Z][A-Za-z0-9\-]{1,9})[ \t]?[)）]")


def definitions(text: str) -> list[tuple[int, int, str, int, int, str]]:
    """(cjk start, cjk end, cjk spelling, latin start, latin end, latin spelling) of the
    names a page defines in brackets, either way round.

    >>> [(d[2], d[5]) for d in definitions("구글의 트릴리움(Trillium)과 아이언우드 (Ironwood), 에이아이(AI)")]
    [('트릴리움', 'Trillium'), ('아이언우드', 'Ironwood')]
    >>> definitions("以及强化学习(MiniGo)")  # "以及" (and) is no part of the name
    []
    """
    out = []
    for bracket in _BRACKET.finditer(text):
        pos = bracket.start()
        if not (_HANGUL_NEAR.match(text[max(0, pos - 2):pos][::-1])
                or _HANGUL_NEAR.match(text, pos + 1)):
            continue  # a Korean spelling stands right before or inside the brackets
        window = pos - 32  # (a search from before the text's start searches from its start)
        before, inside = _CJK_BEFORE.search(text, window, pos), _LATIN_INSIDE.match(text, pos + 1)
        if not (before and inside):
            before, inside = _LATIN_BEFORE.search(text, window, pos), _CJK_INSIDE.match(text, pos + 1)
            if not (before and inside):
                continue
        cjk_m, latin_m = (before, inside) if before.re is _CJK_BEFORE else (inside, before)
        latin = latin_m.group("latin")
        if (not is_open_word(latin) and not _has_digit(latin)) or latin.split()[0].upper() in not_words():
            continue
        c0, c1 = cjk_m.span("cjk")
        out.append((c0, c1, text[c0:c1], *latin_m.span("latin"), latin))
    return out


def named_before_noun(text: str, spellings) -> bool:
    """Whether one of the spellings of a name stands right before a class noun somewhere
    in `text` ("트릴리움 칩", "Trillium TPUs").

    >>> named_before_noun("트릴리움(Trillium)은 ... 트릴리움 칩은", ("트릴리움", "Trillium"))
    True
    """
    nouns = noun_positions(text)
    for spelling in spellings:
        for start in _places(text, spelling):
            pos = start + len(spelling)
            while text[pos:pos + 1] in (" ", "\t"):
                pos += 1
            if pos in nouns:
                return True
    return False


def _places(text: str, literal: str):
    """The offsets of `literal` in `text`, as `re.finditer(re.escape(literal), text)`
    gives its matches' starts (each search goes on after the match before): a page's
    names are looked for so, with no pattern compiled for each (a real run's names are
    new to `re`'s cache).

    >>> list(_places("aaaa b aa", "aa")), list(_places("ab", ""))
    ([0, 2, 7], [0, 1, 2])
    """
    step = max(len(literal), 1)
    pos = text.find(literal)
    while pos != -1:
        yield pos
        pos = text.find(literal, pos + step)


def _has_digit(s: str) -> bool:
    return any(map(str.isdigit, s))


def abbreviation_after(text: str, end: int, name: str) -> tuple[int, int] | None:
    """The span of an abbreviation in brackets right after a name that it abbreviates: its
    first letter is the name's, and it is shorter ("Trainium2 (Trn2)").

    >>> t = "Trainium2 (Trn2) and H100 (80GB)"
    >>> abbreviation_after(t, 9, "Trainium2"), abbreviation_after(t, 25, "H100")
    ((11, 15), None)
    """
    m = _ABBREVIATION.match(text, end)
    if not m:
        return None
    abbr = m.group("abbr")
    if (abbr[0].lower() != name[:1].lower() or len(abbr) >= len(name.replace(" ", ""))
            or abbr.upper() in not_words() or abbr.lower() in common_words()):
        return None
    return m.span("abbr")


def page_spread(text: str, names: list[Shape], taken: list[tuple[int, int]],
                shortest: int = 3) -> list[Shape]:
    """Every other place the page writes a name found by shape or definition, where no
    other name is. A name shorter than `shortest` is not looked for (a shape of two
    letters may be anything; a lexicon's code so short, "M3", is looked for by its own).

    >>> from extractor.extract.names.open_names import words_before_nouns
    >>> t = "Ironwood TPU is new. Ironwood has 192GB."
    >>> [(s.start, s.canonical, s.origin) for s in page_spread(t, words_before_nouns(t), [(0, 8)])]
    [(21, 'Ironwood', 'page')]
    """
    if not names:
        return []  # most pages' first pass: nothing to look for, no marks to build
    out = []
    size = len(text)
    covered = Covered(size, taken)
    for surface, canonical, vendor, label in {(_spread_surface(text, s), s.canonical, s.vendor, s.label)
                                              for s in names}:
        if len(surface) < shortest:
            continue
        latin_edges = surface[0].isascii(), surface[-1].isascii()
        for a in _places(text, surface):
            b = a + len(surface)
            if latin_edges[0] and a and text[a - 1].isascii() and text[a - 1].isalnum():
                continue
            if latin_edges[1] and b < size and text[b].isascii() and text[b].isalnum():
                continue
            if covered.overlaps(a, b):
                continue
            covered.add(a, b)
            out.append(Shape(a, b, canonical, vendor, PAGE, label))
    return sorted(out, key=lambda s: s.start)


class Covered:
    """The characters of a text that spans cover, to ask whether a span overlaps any of
    them: `overlaps(a, b)` is `any(x < b and a < y for x, y in spans)`, one search in C
    of a mark per character instead of a loop over the spans (a page's names are asked
    about each name found by shape, each place a name is written again).

    >>> c = Covered(12, [(2, 5)]); c.add(8, 8)
    >>> [c.overlaps(a, b) for a, b in [(0, 2), (4, 6), (5, 8), (7, 9), (8, 8)]]
    [False, True, False, True, False]
    """

    __slots__ = ("marks", "size", "spans", "odd")

    def __init__(self, size: int, spans=()):
        #: every span added; `odd` says one is empty or outside the marks, and then every
        #: question is answered from the spans
        self.spans: list[tuple[int, int]] = list(spans)
        self.odd = False
        marks = self.marks = bytearray(size)
        self.size = size
        for a, b in self.spans:  # `add`'s work inlined: a page's few dozen names, five times
            if 0 <= a < b <= size:
                marks[a:b] = b"\x01" * (b - a)
            else:
                self.odd = True

    def add(self, a: int, b: int) -> None:
        self.spans.append((a, b))
        if 0 <= a < b <= self.size:
            self.marks[a:b] = b"\x01" * (b - a)
        else:
            self.odd = True

    def overlaps(self, a: int, b: int) -> bool:
        if self.odd or not 0 <= a < b <= self.size:
            return any(x < b and a < y for x, y in self.spans)
        return self.marks.find(1, a, b) != -1


def _spread_surface(text: str, s: Shape) -> str:
    """What the page writes again of a name: its canonical name where the page writes
    it so ("AMD MI325X" is MI325X again), else its spelling here."""
    surface = text[s.start:s.end]
    return s.canonical if s.canonical in surface else surface


_TAIL = re.compile(r"\S+\s+(?P<tail>[A-Z][A-Za-z0-9.\-]*(?:\s+[A-Za-z0-9.\-]+)*)")


def name_tails(text: str, names: list[tuple[int, int, str, str]]) -> list[Shape]:
    """The words after the first of a name of several, where they hold a capital and a
    digit: a page that wrote the whole name shortens it so ("퀄컴의 '클라우드 AI 100'" and
    then "'AI 100'이"; "GB200 NVL72" then "NVL72"). `names` are (start, end, canonical,
    vendor) of names found; the tails are returned where they stand inside them, for
    `page_spread` to find them again.

    >>> t = "퀄컴의 '클라우드 AI 100'이 ... 'AI 100'이 197.6 쿼리; TPU v4; Xeon 6"
    >>> names = [(t.index(n), t.index(n) + len(n), c, "") for n, c in
    ...          [("클라우드 AI 100", "Cloud AI 100"), ("TPU v4", "TPU v4"), ("Xeon 6", "Xeon 6")]]
    >>> [(t[s.start:s.end], s.canonical) for s in name_tails(t, names)]
    [('AI 100', 'Cloud AI 100')]
    """
    out = []
    for a, b, canonical, vendor in names:
        m = _TAIL.fullmatch(text, a, b)
        if m is None or not _has_digit(m.group("tail")) or len(m.group("tail")) < 4:
            continue
        out.append(Shape(m.start("tail"), b, canonical, vendor, PAGE))
    return out


# a number of three digits or more that ends a name ("CloudMatrix 384")
_NUMBER_TAIL = re.compile(r"[A-Za-z][^\s]*\s+(?P<number>\d{3,})")
# what opens a clause before a name written by its number: a line start, punctuation
_CLAUSE_OPENS = frozenset("\n:：;；,，。、(（)）")


def number_tails(text: str, names: list[tuple[int, int, str, str]]) -> list[Shape]:
    """The number that ends a name of several words, where a Chinese page writes it for
    the name: right after the name's vendor ("华为384" for Huawei's CloudMatrix 384), or
    opening a clause before a Chinese word that is no unit or counter ("384算力规模
    300PFlops", "384目前仍属于"), where a count or a quantity would have its unit ("384张
    910C" is a count of chips). `names` are (start, end, canonical, vendor), as for
    `name_tails`. A name written several times is read at its first place only: its other
    places would add no more than the number inside the first, a name already.

    >>> t = "CloudMatrix 384由910C组网。华为384:384张910C组成; (1)性能:384算力规模300PFlops; 384个"
    >>> [(t[s.start - 2:s.end + 1], s.canonical) for s in number_tails(t, [(0, 15, "CloudMatrix 384", "Huawei")])]
    [('华为384:', 'CloudMatrix 384'), ('能:384算', 'CloudMatrix 384')]
    """
    out: list[Shape] = []
    read = set()
    for a, b, canonical, vendor in names:
        if (text[a:b], canonical, vendor) in read:
            continue
        read.add((text[a:b], canonical, vendor))
        m = _NUMBER_TAIL.fullmatch(text, a, b)
        if m is None:
            continue
        number = m.group("number")
        # (each place, then its neighbours: as a regex's look-arounds would; a place
        # overlapping one before follows a digit, and so is no number of its own)
        for start in _places(text, number):
            end = start + len(number)
            if not _whole_number(text, start, end) or (start < b and a < end):
                continue  # part of a longer number, or the name itself
            if _names_by_number(text, start, end, vendor):
                out.append(Shape(start, end, canonical, vendor, PAGE))
    return out


def _whole_number(text: str, start: int, end: int) -> bool:
    """Whether the digits at [start, end) are a number of their own: no digit, decimal
    point or thousands separator before them, none of those nor "%" after them (the
    class of `\\d` being `str.isdecimal`'s).

    >>> [_whole_number(t, 1, 4) for t in ("a384b", "1384", ".384", "a384%", "a384,5")]
    [True, False, False, False, False]
    """
    before, after = text[start - 1:start], text[end:end + 1]
    return not (before and (before.isdecimal() or before in ".,")) and \
        not (after and (after.isdecimal() or after in ".,%"))


def _names_by_number(text: str, start: int, end: int, vendor: str) -> bool:
    """Whether the number at [start, end) stands for a name: after the vendor's name, or
    opening a clause before a Han character that starts no unit or counter."""
    before = text[max(0, start - 16):start]
    if vendor and vendor_ending(before) == vendor:
        return True
    if not _HAN.match(text[end:end + 1]):
        return False
    opener = before.rstrip(" \t")[-1:]
    return (not opener or opener in _CLAUSE_OPENS) and not text.startswith(_not_after_number(), end)


_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def build_tables() -> None:
    """Builds this module's lexicon tables (the entity finder does, once per process),
    not on the first page that names a product by its number."""
    _not_after_number()


@lru_cache(maxsize=None)
def _not_after_number() -> tuple[str, ...]:
    """Chinese words that make a number a quantity, a count or a date (units, counters,
    multipliers, ordinal and year suffixes: `units_zh.json`, `context_scale.json`,
    `numbers_zh.json`)."""
    units = lexicons.load("units_zh.json")
    scale = lexicons.load("context_scale.json")
    numbers = lexicons.load("numbers_zh.json")
    words = set(units["aliases"]) | set(units.get("currency_words", []))
    words |= set(scale["counters"]) | set(scale["node_counters"])
    words |= set(numbers["small_units"]) | set(numbers["big_units"])
    words |= set(numbers["ordinal_suffix_words"]) | set(numbers["year_suffixes"])
    words |= set(numbers["day_of_month_suffixes"]) | set(numbers["approx_infixes"])
    words |= {"倍", "月"}
    return tuple(sorted((w for w in words if isinstance(w, str) and w), key=len, reverse=True))


__all__ = ["Covered", "abbreviation_after", "build_tables", "definitions", "name_tails", "named_before_noun", "number_tails",
           "page_spread"]
