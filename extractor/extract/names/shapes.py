"""Open-vocabulary system names: products no lexicon lists, found by their shape and context.

Pages name new products every month; the lexicons cannot keep up. A name is taken by
shape only where its context says it is a product, as shop and finance pages are full of
codes (AW3418DW, R6700, US10YT) and capitalised words:

- product codes, 1-3 capitals glued to a model number (H200, MI300X, BR104), with a
  vendor before them ("AMD MI325X", "NVIDIAH100") or a class noun after them
  ("XG900 GPUs", "MI300X 加速器", "BR104 칩");
- product names, a capitalised word or two with an optional model number, after a vendor
  ("Google Axion processor", "Microsoft Maia 200") or, with a model number, before a
  class noun ("Maia 200 chip");
- product numbers of a line whose shape is their own (`codes.shapes`: i7-13800H).

The canonical name is the surface without the vendor word. Formats (FP8, BF16),
memories, buses and ids are never codes (`codes.not_prefixes`), nor are words that start
no product name (`codes.not_name_words`: CEO, Cloud, Says, ...).

All of this is regular expressions over the page text: as token patterns they cost more
than all the lexicon forms together (profiled).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons
from extractor.clean.lexicon import trie_regex
from extractor.extract.names.names import strip_vendor, vendor_named
from extractor.extract.text.skipping import SkippingPattern


@dataclass(frozen=True)
class Shape:
    """A name found by shape: character offsets, canonical name and vendor."""

    start: int
    end: int
    canonical: str
    vendor: str
    #: how it was found: "shape" here, "definition" or "page" in `page_names`
    origin: str = "shape"
    #: what it names: a system, or a workload where a definition spells one
    label: str = "SYSTEM"


def alternatives(words) -> str:
    """A regular expression for any of `words`, longest first, as a trie ("NVIDIA|Nvidia"
    -> "N(?:VIDIA|vidia)"): Python's engine tries the alternatives of a flat list one by
    one at every position, and a trie lets it give up after the first character.

    >>> alternatives(["Intel", "Int", "Google"]), re.fullmatch(alternatives(["a.b", "ab"]), "a.b") is not None
    ('(?:Google|Int(?:el)?)', True)
    """
    return trie_regex(set(words))


@lru_cache(maxsize=None)
def _codes() -> dict:
    return lexicons.load("systems.json")["codes"]


@lru_cache(maxsize=None)
def _latin_vendor_names() -> tuple[str, ...]:
    return tuple(sorted({v for names in lexicons.load("vendors.json")["vendors"].values()
                         for v in names if v.isascii()}, key=len, reverse=True))


@lru_cache(maxsize=None)
def _vendor_regex() -> re.Pattern:
    # Starting with the alternatives themselves (no look-behind first) lets the regex
    # engine skip to the characters that can start one; boundaries are checked after.
    return re.compile(alternatives(_latin_vendor_names()))


@lru_cache(maxsize=None)
def _glued_vendor_regex() -> re.Pattern:
    return re.compile(alternatives(_latin_vendor_names()) + "(?=[A-Z])")


@lru_cache(maxsize=None)
def _noun_regex() -> re.Pattern:
    return re.compile(alternatives(_nouns()))


def _is_latin_alnum(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


@lru_cache(maxsize=4)  # a page's text is read by `_scan` and by `open_names`
def vendors_at(text: str) -> list[tuple[int, int, str]]:
    """(start, end, written vendor) of the vendor names that stand alone before a space or
    glued to a capital ("AMD MI300X", "NVIDIAH100")."""
    out = []
    for m in _vendor_regex().finditer(text):
        start, end, word = m.start(), m.end(), m.group()
        if start and _is_latin_alnum(text[start - 1]):
            continue
        nxt = text[end:end + 1]
        if nxt in (" ", "\t") or nxt.isupper() and nxt.isascii():
            out.append((start, end, word))
    return out


_GLUED_NAME = re.compile(r"[A-Z][A-Za-z]*\d|[A-Z][a-z]")


def glued_vendor_cuts(text: str) -> list[int]:
    """Offsets where a vendor glued to the capital that starts a product name ends
    ("NVIDIAH100", "HabanaGaudi2"): the entity finder's tokenizer cuts words there.

    >>> glued_vendor_cuts("NVIDIAH100, HabanaGaudi2, NVIDIA's AMD GPU")
    [6, 18]
    """
    return [m.end() for m in _glued_vendor_regex().finditer(text)
            if not (m.start() and _is_latin_alnum(text[m.start() - 1]))
            and _GLUED_NAME.match(text, m.end())]


# The shapes are found from their anchors: one scan of the text finds every vendor name
# and class noun (a few per page), and the name shapes are then matched right after a
# vendor or right before a noun. Scanning the whole text with the name shapes instead
# tries them at every capital letter (profiled: three times slower).
_CODE = r"(?P<prefix>[A-Z]{after}[A-Z]{{0,{p}}})\d{{{lo},{hi}}}(?:[A-Z]{{1,2}})?"
_WORD = r"(?:[A-Z](?:[a-z]+[A-Za-z]*|[A-Z]{1,4}))"
_MODEL = r"\d{1,4}[A-Za-z]{0,2}"


@lru_cache(maxsize=None)
def _name_shape(after_capital: str = "") -> str:
    """A capitalised word, a second one that is no class noun ("Ironwood TPU 9216 chips"
    is Ironwood and a count, not a product "Ironwood TPU 9216"), a model number;
    `after_capital` is put right after the first word's capital (a look-behind)."""
    noun = rf"(?:{alternatives(_nouns())})(?![A-Za-z])"
    first = _WORD.replace("(?:[A-Z]", "[A-Z]" + after_capital + "(?:", 1)
    return rf"(?P<first>{first})(?:[ \t](?!{noun}){_WORD})?(?:[ \t-]?(?P<model>{_MODEL}))?"


@lru_cache(maxsize=None)
def _code_shape(after_capital: str = "") -> str:
    """A code's shape; `after_capital` is put right after its first capital."""
    codes = _codes()
    return _CODE.format(p=int(codes["max_prefix_letters"]) - 1, lo=int(codes["min_digits"]),
                        hi=int(codes["max_digits"]), after=after_capital)


@lru_cache(maxsize=None)
def _nouns() -> tuple[str, ...]:
    return tuple(sorted(set(_codes()["accelerator_words"]), key=len, reverse=True))


@lru_cache(maxsize=4)  # a page's text is read by `_scan` and by `open_names`
def noun_starts(text: str) -> list[tuple[int, int]]:
    """(start, end) of the class nouns of `text` (`codes.accelerator_words`) that no Latin
    letter continues ("chips" but not "chipset")."""
    size = len(text)
    return [(a, b) for a, b in map(_SPAN, _noun_regex().finditer(text))
            if not (b < size and text[b].isascii() and text[b].isalpha())]


_SPAN = re.Match.span


def _anchors(text: str) -> list[tuple[int, int, str]]:
    """(start, end, "vendor" or "noun") of the vendor names and class nouns of `text`."""
    found = [(a, b, "vendor") for a, b, _ in vendors_at(text)]
    found += [(a, b, "noun") for a, b in noun_starts(text)]
    return sorted(found)


@lru_cache(maxsize=None)
def _after_vendor() -> tuple[re.Pattern, re.Pattern]:
    """A code, and a name, right where a vendor name ends."""
    return (re.compile(rf"(?P<code>{_code_shape()})(?![A-Za-z0-9])"),
            re.compile(rf"(?P<name>{_name_shape()})(?![A-Za-z0-9\-])"))


@lru_cache(maxsize=None)
def _before_noun() -> tuple[re.Pattern, re.Pattern]:
    """A code, and a name with a model number, that end right where a noun starts. Both
    open with a capital: what may not stand before it is looked behind after it (two
    characters), so that a search of the window skips ahead to its capitals."""
    code, name = _code_shape(r"(?<![A-Za-z0-9][A-Z])"), _name_shape(r"(?<![A-Za-z0-9\-.][A-Z])")
    return re.compile(rf"(?P<code>{code})$"), re.compile(rf"(?P<name>{name})$")


#: characters before a class noun that a name before it may take
_NOUN_WINDOW = 40


def _scan(text: str) -> tuple[dict, dict]:
    """Codes and names by their anchors: {(start, end): (canonical, vendor)} each."""
    codes: dict[tuple[int, int], tuple[str, str]] = {}
    names: dict[tuple[int, int], tuple[str, str]] = {}
    code_at, name_at = _after_vendor()
    code_end, name_end = _before_noun()
    for start, end, kind in _anchors(text):
        if kind == "vendor":
            vendor = vendor_named(text[start:end])
            pos = end
            while text[pos:pos + 1] in (" ", "\t"):
                pos += 1
            m = code_at.match(text, pos)
            if m and m.group("prefix") not in _not_prefixes():
                codes[(start, m.end())] = (m.group("code"), vendor)
                continue
            m = name_at.match(text, pos)
            if m and _is_name(m) and (m.group("model") or _noun_at(text, m.end())):
                names[(start, m.end())] = (strip_vendor(m.group("name")), vendor)
            continue
        window_start = start - _NOUN_WINDOW if start > _NOUN_WINDOW else 0
        window = text[window_start:start].rstrip(" \t")
        # both shapes end in a Latin letter or a digit right before the noun: other
        # windows ("的加速器", "새 칩") are not searched (`\d` is any decimal digit)
        last = window[-1:]
        if not (last.isdecimal() or last.isascii() and last.isalpha()):
            continue
        m = code_end.search(window)
        if m and m.group("prefix") not in _not_prefixes():
            codes.setdefault((window_start + m.start(), window_start + m.end()), (m.group("code"), ""))
            continue
        m = name_end.search(window)
        if m and m.group("model") and _is_name(m) and not vendor_named(m.group("first")):
            names.setdefault((window_start + m.start(), window_start + m.end()),
                             (strip_vendor(m.group("name")), ""))
    return codes, names


_YEAR = re.compile(r"(?:19|20)\d\d")


def _is_name(m: re.Match) -> bool:
    """Not a word that starts no product name (CEO, Cloud, Says, PCIe, ...) or a class noun
    ("TPU 9216 chips" is a count), and not a year for a model number (AMD AAI 2025)."""
    model = m.group("model") or ""
    first = m.group("first")
    return (first.upper() not in _not_name_words() and first not in _nouns()
            and not _YEAR.fullmatch(model))


def _noun_at(text: str, pos: int) -> bool:
    """Whether a class noun follows `pos` (after spaces)."""
    while text[pos:pos + 1] in (" ", "\t"):
        pos += 1
    m = _noun_regex().match(text, pos)
    return bool(m) and not _is_latin_alnum(text[m.end():m.end() + 1] or " ")


@lru_cache(maxsize=None)
def _not_prefixes() -> frozenset[str]:
    return frozenset(p.upper() for p in _codes()["not_prefixes"])


@lru_cache(maxsize=None)
def _not_name_words() -> frozenset[str]:
    return frozenset(w.upper() for w in _codes()["not_name_words"]) | _not_prefixes()


@lru_cache(maxsize=None)
def _line_shapes() -> tuple[tuple[SkippingPattern, str], ...]:
    # (skipping: a line's shape opens with a look-behind, which the engine would try at
    # every position of the page; measured: a third of the time)
    return tuple((SkippingPattern(s["pattern"]), s.get("vendor", "")) for s in _codes().get("shapes", []))


def product_codes(text: str) -> list[Shape]:
    """Unseen product codes with a vendor before or a class noun after.

    >>> [(s.canonical, s.vendor) for s in product_codes("AMD MI325X and XG900 GPUs; AW3418DW, FP8 chips")]
    [('MI325X', 'AMD'), ('XG900', '')]
    >>> [(s.canonical, s.vendor) for s in product_codes("NVIDIAH100 beats BR104 칩")]
    [('H100', 'NVIDIA'), ('BR104', '')]
    """
    codes, _ = _scan(text)
    return [Shape(a, b, *codes[(a, b)]) for a, b in sorted(codes)]


def product_names(text: str) -> list[Shape]:
    """Unseen multi-word product names after a vendor or before a class noun.

    >>> [(s.canonical, s.vendor) for s in product_names("Google Axion processors and Microsoft Maia 200")]
    [('Axion', 'Google'), ('Maia 200', 'Microsoft')]
    >>> [s.canonical for s in product_names("the Tensor 3 chip, NVIDIA CEO Jensen Huang, AMD AAI 2025")]
    ['Tensor 3']
    >>> [s.canonical for s in product_names("Google Axion TPU 9216 chips, NVIDIA Foo GPU")]
    ['Axion', 'Foo']
    """
    _, names = _scan(text)
    return [Shape(a, b, *names[(a, b)]) for a, b in sorted(names)]


def line_numbers(text: str) -> list[Shape]:
    """Product numbers of a line with a shape of its own (`codes.shapes`).

    >>> [(s.canonical, s.vendor) for s in line_numbers("快于i7-13800H与i5-1235U")]
    [('i7-13800H', 'Intel'), ('i5-1235U', 'Intel')]
    """
    return [Shape(m.start(), m.end(), m.group(), vendor)
            for rx, vendor in _line_shapes() for m in rx.finditer(text)]


def shapes(text: str) -> list[Shape]:
    """Every name found by shape in `text`, in order of position."""
    codes, names = _scan(text)
    found = dict(names)
    found.update(codes)
    out = [Shape(a, b, *found[(a, b)]) for a, b in found]
    return sorted(out + line_numbers(text), key=lambda s: (s.start, -s.end))
