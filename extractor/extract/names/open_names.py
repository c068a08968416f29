"""Names no lexicon lists, found by what the page says of them (open vocabulary).

`shapes.py` takes a code or a name where a vendor stands before it or a class noun after
it ("AMD MI325X", "Maia 200 chip"). This module adds what Korean, Chinese and English
text says of a product without either:

- a product code written in Latin letters among Korean or Chinese words ("摩尔线程的
  S4000显卡", "A100 대비"): there a code of capitals and digits (H20, S4000, X65) is a
  product, while in English text it may be a shop's or a bond's code;
- a number with a model letter (910C, 910B) right after a vendor or product line
  ("华为910C", "昇腾 910C") or right before a class noun ("910C芯片");
- a capitalised word that is no common English word right before a class noun
  ("Ironwood TPU", "Trillium chips", "Trillium 칩"): "Custom chips", "Mobile GPU" are
  common words (`names_common_en.json`, from wordfreq);
- a capitalised word is no name when it is a common word glued to a function word by
  a lost space ("Offlineper GPU", a flattened table header).

Names the page defines, and the other places it writes a name found once, are
`page_names.py`'s. What these rules never take: units and formats (`codes.not_prefixes`), words that start no product
name (`codes.not_name_words`), vendors, benchmark suites (MLPerf), and a capital word
of one to four letters alone (AI, GPU, LLM: an acronym, not a product).
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.names import shapes
from extractor.extract.names.names import vendor_named
from extractor.extract.names.shapes import Shape

#: origins of a name that no lexicon lists (`entities.Entity.origin`)
SHAPE, DEFINITION, PAGE = "shape", "definition", "page"

_CJK = r"\u3400-\u9fff\uf900-\ufaff\uac00-\ud7a3\u3130-\u318f"
_CJK_CHAR = re.compile(f"[{_CJK}]")
# The look-behind of these patterns, what may not stand before a name, is checked after
# its first character (a two-character look-behind): a pattern that opens with a class
# lets the engine skip ahead in C to a character of it, one that opens with a look-behind
# is tried at every position (measured: two to three times slower on a page).
# a code among CJK words: capitals glued to digits, an optional capital suffix
_ISLAND_CODE = re.compile(r"(?P<prefix>[A-Z](?<![A-Za-z0-9.\-/_][A-Z])[A-Z]{0,2})\d{2,5}[A-Z]{0,2}"
                          r"(?![A-Za-z0-9%.\-/_])")
# a model number with its model letter: 910C, 910B (not 450W, 80GB: units)
_NUMBER_MODEL_ANY = re.compile(r"(?P<model>\d(?<![A-Za-z0-9.\-]\d)\d{2,3}(?P<suffix>[A-Z]{1,2}))"
                               r"(?![A-Za-z0-9%.\-])")
_RARE_WORD_END = re.compile(r"(?P<word>[A-Z](?<![A-Za-z0-9\-.'’][A-Z])[a-z]{3,}(?:[ \t][A-Z][a-z]{3,})?)"
                            r"[ \t]*$")


@lru_cache(maxsize=None)
def common_words() -> frozenset[str]:
    return frozenset(lexicons.load("names_common_en.json")["words"])


@lru_cache(maxsize=None)
def _glue_words() -> tuple[str, ...]:
    return tuple(lexicons.load("names_common_en.json")["glue_words"])


#: the shortest common word a glued function word may follow: "Offline|per" is two
#: words, while "Hop|per", "Shop|per" may be a name
_GLUED_STEM = 5


def _glued(word: str) -> bool:
    """Whether a word is a common word and a function word run together by a lost space
    (a flattened table header: "Offlineper GPU").

    >>> [_glued(w) for w in ["Offlineper", "Serverper", "Hopper", "Ironwood", "Trillium"]]
    [True, True, False, False, False]
    """
    lower = word.lower()
    return any(lower.endswith(g) and len(lower) - len(g) >= _GLUED_STEM
               and lower[:-len(g)] in common_words() for g in _glue_words())


@lru_cache(maxsize=None)
def not_words() -> frozenset[str]:
    """Words that start no product name, formats, and the names of benchmark suites
    (MLPerf, MLCommons: `context_words.benchmark_names`)."""
    codes = lexicons.load("systems.json")["codes"]
    suites = lexicons.load("context_words.json")["benchmark_names"]
    return frozenset(w.upper() for w in codes["not_name_words"] + codes["not_prefixes"] + suites)


@lru_cache(maxsize=None)
def _not_acronyms() -> frozenset[str]:
    """The acronyms among the words that start no product name: events (MWC25, CES2025,
    GTC), titles (CEO), formats (DDR5): a code among CJK words never starts so."""
    return frozenset(w for w in lexicons.load("systems.json")["codes"]["not_name_words"]
                     if len(w) >= 3 and w.isupper())


@lru_cache(maxsize=None)
def _not_prefixes() -> frozenset[str]:
    return frozenset(p.upper() for p in lexicons.load("systems.json")["codes"]["not_prefixes"])


#: model letters that are units after a number (450W, 80GB, 5nm are no models)
_UNIT_SUFFIXES = frozenset({"W", "V", "A", "K", "M", "G", "T", "GB", "TB", "MB", "KB", "KW",
                            "MW", "GW", "NM", "MM", "CM", "X", "P", "FPS", "HZ", "MHZ", "GHZ"})


@lru_cache(maxsize=8192)
def is_open_word(word: str) -> bool:
    """Whether a capitalised word may be a product's name: no common English word, vendor,
    word that starts no name, capital acronym of up to four letters, or common word glued
    to a function word (`_glued`).

    >>> [is_open_word(w) for w in ["Trillium", "Ironwood", "Custom", "Google", "AI", "MLPerf"]]
    [True, True, False, False, False, False]
    """
    words = word.split()
    if not words or any(w.upper() in not_words() for w in words):
        return False
    if vendor_named(word) or any(vendor_named(w) for w in words):
        return False
    last = words[-1]
    if len(words) == 1 and last.isalpha() and last.isupper() and len(last) <= 4:
        return False
    if any(_glued(w) for w in words if w.isalpha()):
        return False
    return not all(w.lower() in common_words() for w in words if w.isalpha())


def _island(text: str, start: int, end: int) -> bool:
    """Whether [start, end) stands among CJK words: a CJK character right before or after
    it, spaces aside."""
    before = text[max(0, start - 3):start].rstrip(" \t")
    after = text[end:end + 3].lstrip(" \t")
    return bool(_CJK_CHAR.match(after[:1]) or (before and _CJK_CHAR.match(before[-1])))


def island_codes(text: str) -> list[Shape]:
    """Product codes among Korean or Chinese words.

    >>> [s.canonical for s in island_codes("摩尔线程S4000显卡与H20相比; HBM3, FP8与PCIe5; 5G")]
    ['S4000', 'H20']
    >>> [s.canonical for s in island_codes("A100 대비 2배, US10Y and AW3418DW, MWC25에서")]
    ['A100']
    """
    out: list[Shape] = []
    if not _CJK_CHAR.search(text):
        return out  # an English page: no islands
    for m in _ISLAND_CODE.finditer(text):
        prefix = m.group("prefix")
        if prefix in _not_prefixes() or prefix in _not_acronyms() or not _island(text, m.start(), m.end()):
            continue
        out.append(Shape(m.start(), m.end(), m.group(), "", SHAPE))
    for m in _SHORT_CODE.finditer(text):
        prefix = m.group("prefix")
        if prefix in _not_prefixes() and prefix not in _UNIT_LETTERS:
            continue  # (before the vendor's name is looked for: a search a code)
        vendor = _korean_vendor_before(text, m.start())
        if vendor and _island(text, m.start(), m.end()):
            out.append(Shape(m.start(), m.end(), m.group(), vendor, SHAPE))
    return out


# a code of one digit ("M3"): a product only right after a vendor's name
_SHORT_CODE = re.compile(r"(?P<prefix>[A-Z](?<![A-Za-z0-9.\-/_][A-Z])[A-Z]{0,2})\d[A-Z]{0,2}"
                         r"(?![A-Za-z0-9%.,\-/_])")
# unit symbols among `codes.not_prefixes`: after a number ("3M", "5W"), never before one
# after a vendor's name ("애플의 M3"); L (a cache level), V (a version) and X (a factor)
# are written before numbers and stay out
_UNIT_LETTERS = frozenset("BKMPQRTUW")
# what stands between a Korean vendor's name and its product: a possessive or topic
# particle, a space, a quote ("애플의 M3", "퀄컴의 'AI 100'")
_KOREAN_OF = re.compile(r"(?:의|은|는|이|가)?[ \t]*['‘\"“]?[ \t]*$")


def _korean_vendor_before(text: str, pos: int) -> str:
    """The vendor named in Korean right before `pos`, its particle aside ('' for none).

    >>> t = "애플의 M3의 성능, 애플 M4, 사과의 M5"
    >>> [_korean_vendor_before(t, t.index(c)) for c in ("M3", "M4", "M5")]
    ['Apple', 'Apple', '']
    """
    before = text[max(0, pos - 12):pos]
    before = before[:_KOREAN_OF.search(before).start()]
    rx = _cjk_vendors()
    m = rx.search(before) if rx is not None and before else None
    return vendor_named(m.group()) if m else ""


@lru_cache(maxsize=None)
def _cjk_vendors() -> re.Pattern | None:
    """Vendor names and product lines written in Korean or Chinese (vendors.json, and
    the CJK forms of systems.json's product lines without a number)."""
    names = {v for vs in lexicons.load("vendors.json")["vendors"].values() for v in vs
             if _CJK_CHAR.search(v)}
    for e in lexicons.load("systems.json")["systems"]:
        names.update(f for f in e["forms"] if "{" not in f and _CJK_CHAR.match(f)
                     and not re.search(r"\d", f))
    return re.compile(f"(?:{shapes.alternatives(names)})$") if names else None


def number_models(text: str) -> list[Shape]:
    """A number with a model letter after a vendor or product line, before a class noun,
    or alone on a page that names the vendor of a line so numbered: there it is that
    line's model ("910C" on a page naming 华为 is the Ascend 910C; the lines are
    systems.json's "Line {n}L" templates).

    >>> [s.canonical for s in number_models("华为910C芯片与昇腾 910B; 功耗450W芯片, 摩尔线程 80GB")]
    ['Ascend 910C', 'Ascend 910B']
    >>> [s.canonical for s in number_models("一台服务器:384张910C; 910D")]  # no vendor named
    []
    """
    out: list[Shape] = []
    for m in _NUMBER_MODEL_ANY.finditer(text):
        suffix = m.group("suffix")
        if suffix in _UNIT_SUFFIXES:
            continue  # most of them: 450W, 80GB
        a, b = m.span("model")
        before = text[max(0, a - 16):a].rstrip(" \t")
        vendor = vendor_ending(before)
        line = _line_named(text, suffix, vendor)
        if vendor is None and line is None and not _noun_after(text, b):
            continue
        if line is not None:
            out.append(Shape(a, b, f"{line[0]} {m.group('model')}", line[1], SHAPE))
        else:
            out.append(Shape(a, b, m.group("model"), vendor or "", SHAPE))
    return out


@lru_cache(maxsize=None)
def _numbered_lines() -> dict[str, tuple[tuple[str, str], ...]]:
    """model letter -> (line, vendor) of the lines numbered "Line {n}L" (Ascend {n}C)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for e in lexicons.load("systems.json")["systems"]:
        m = re.fullmatch(r"([A-Z][A-Za-z]+) \{n\}([A-Z]{1,2})", e["canonical"])
        if m and e.get("vendor"):
            out.setdefault(m.group(2), []).append((m.group(1), e["vendor"]))
    return {k: tuple(v) for k, v in out.items()}


def _line_named(text: str, suffix: str, vendor: str | None) -> tuple[str, str] | None:
    """The (line, vendor) a number with this model letter belongs to: the vendor before
    it, else one the page names (by a vendor's name or the line's own)."""
    for line, line_vendor in _numbered_lines().get(suffix, ()):
        if vendor == line_vendor or (not vendor and line_vendor in _page_vendors(text)):
            return line, line_vendor
    return None


@lru_cache(maxsize=4)
def _page_vendors(text: str) -> frozenset[str]:
    """The vendors of the numbered lines that a page names."""
    return frozenset(v for v, rx in _line_vendor_regexes().items() if rx.search(text))


@lru_cache(maxsize=None)
def _line_vendor_regexes() -> dict[str, re.Pattern]:
    vendors = {v for lines in _numbered_lines().values() for _, v in lines}
    names = lexicons.load("vendors.json")["vendors"]
    out = {}
    for v in vendors:
        forms = set(names.get(v, [])) | {line for lines in _numbered_lines().values()
                                         for line, lv in lines if lv == v}
        for e in lexicons.load("systems.json")["systems"]:
            if e.get("vendor") == v and "{" not in e["canonical"]:
                forms.update(f for f in e["forms"] if "{" not in f)
        out[v] = re.compile(shapes.alternatives(forms))
    return out


def vendor_ending(before: str) -> str | None:
    """The vendor a text ends with (a Latin or CJK vendor name or product line: '' when
    it names none), None when it ends with no such name."""
    rx = _cjk_vendors()
    m = rx.search(before) if rx is not None else None
    if m is None:
        m = _latin_vendor_end().search(before)
    return None if m is None else vendor_named(m.group())


@lru_cache(maxsize=None)
def _latin_vendor_end() -> re.Pattern:
    names = {v for vs in lexicons.load("vendors.json")["vendors"].values() for v in vs if v.isascii()}
    return re.compile(rf"(?<![A-Za-z0-9])(?:{shapes.alternatives(names)})$")


def _noun_after(text: str, pos: int) -> bool:
    while text[pos:pos + 1] in (" ", "\t"):
        pos += 1
    return pos in noun_positions(text)


@lru_cache(maxsize=4)
def noun_positions(text: str) -> frozenset[int]:
    return frozenset(a for a, _ in shapes.noun_starts(text))


def words_before_nouns(text: str) -> list[Shape]:
    """A capitalised word that is no common word right before a class noun.

    >>> [s.canonical for s in words_before_nouns("Ironwood TPU, the Trillium 칩, Custom chips, Google TPU")]
    ['Ironwood', 'Trillium']
    """
    out = []
    for start, _end in shapes.noun_starts(text):
        m = _RARE_WORD_END.search(text, start - 30, start)  # (from 0 where start - 30 < 0)
        if not m:
            continue
        words = m.group("word").split()
        while words and not is_open_word(words[0]):
            words = words[1:]  # "The Ironwood": the name is what follows the common word
        if not words or not all(is_open_word(w) for w in words):
            continue  # "Tensor Core GPU": a part of a product, in common words
        parts = m.group("word").split()
        offset = m.group("word").rfind(words[0]) if len(words) < len(parts) else 0
        a = m.start("word") + offset
        out.append(Shape(a, m.end("word"), " ".join(words), "", SHAPE))
    return out


def not_continuing(text: str, found: list[Shape], ends) -> list[Shape]:
    """Open names that do not continue a lexicon name after a space ("GB300 NV72", "Xeon
    Scalable processors", "Xeon® Scalable processors": a variant or a line of the name
    before, its trademark sign aside, not a name of its own); `ends` are where the page's
    lexicon names (no vendors) end."""
    return [f for f in found
            if not (text[f.start - 1:f.start] == " " and _name_end_before(text, f.start - 1) in ends)]


#: signs a press release writes after a name ("Intel® Xeon®", "Snapdragon™")
_TRADEMARKS = "®™"


def _name_end_before(text: str, pos: int) -> int:
    """Where the name that a space at `pos` follows ends, its trademark signs aside.

    >>> _name_end_before("Xeon® Scalable", 5), _name_end_before("Xeon Scalable", 4)
    (4, 4)
    """
    while pos and text[pos - 1] in _TRADEMARKS:
        pos -= 1
    return pos


def build_tables() -> None:
    """Builds this module's lexicon tables and patterns (the entity finder does, once per
    process): built on first use instead, a pattern a few pages need (a numbered line's
    vendors, a vendor ending a text) was compiled on the first such page of a run."""
    for build in (common_words, _glue_words, not_words, _not_acronyms, _not_prefixes, _cjk_vendors,
                  _numbered_lines, _line_vendor_regexes, _latin_vendor_end):
        build()


def open_names(text: str) -> list[Shape]:
    """Names by the rules of this module (not yet spread over the page), in order."""
    found = island_codes(text) + number_models(text) + words_before_nouns(text)
    return sorted(found, key=lambda s: (s.start, -s.end))


__all__ = ["DEFINITION", "PAGE", "SHAPE", "build_tables", "common_words", "is_open_word", "island_codes",
           "not_continuing", "not_words", "noun_positions", "number_models", "open_names", "vendor_ending",
           "words_before_nouns"]
