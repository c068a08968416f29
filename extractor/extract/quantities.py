"""The general quantity layer: every number with its unit in a piece of text.

`find_quantities(text, lang)` finds each number (`extractor.extract.numbers` reads its
value), the unit written after it (or a currency sign before it), the qualifier around it
(about, 약, 以上 ...), and returns them as `Quantity` records whose offsets index into
`text`, sorted by start. It does not catch its own errors (the pipeline does).

What is NOT a quantity is left out: digits inside names and codes (ResNet-50, A100, FP16,
IPU-POD16), versions (v1.1, SDK 1.4), identifiers (MLPerf ID 1.0-1025), dates, years and
times of day, URLs, e-mail addresses, file names and phone numbers, ordinals (1단계, 第三).

All language knowledge (units, counters, number words, qualifiers, cues) lives in
extractor/lexicons/{units,numbers,qualifiers}_<lang>.json and units_canonical.json; the
lexicons are compiled into a few big regular expressions once per language set. English
units always apply (Korean and Chinese pages write GB, TFLOPS, 1.6x in ASCII); 'und' and
languages without lexicons ('ja') use every lexicon. Adding a language is adding its three
files and its code to `numbers.LEXICON_LANGS`.

- units_<lang>.json: `aliases` (case-insensitive) and `aliases_cs` map a surface written
  after the number to a canonical unit, either as a string or as an object with options
  (`attached`, `not_before`, `not_before_digit`, `needs_context`, `needs_after`); `prefix`
  maps surfaces before the number ($, US$, 百分之); `rate_items` x `rate_suffixes` make
  `<items>/s`; `rate_prefix` (초당, 每秒); `count_nouns` (servers, GPUs ...).
- numbers_<lang>.json: numerals, multiplier words (doubled, 翻倍), and the cues that make a
  number not a quantity (version cues, year cues, ordinal prefixes/suffixes, year suffixes).
- qualifiers_<lang>.json: `before` and `after` surfaces -> approx | at_least | at_most, and
  range connectors.
"""
from __future__ import annotations

import bisect
import logging
import re
from dataclasses import asdict, dataclass, field
from functools import lru_cache

from extractor import lexicons
from extractor.extract.numbers import (lexicon_langs, numeral_tables,
                                       parse_number, round_sig, to_ascii_digits)

log = logging.getLogger(__name__)

QUANTITY_FIELDS = ["surface", "start", "end", "value", "unit", "quantity", "value_norm", "qualifier"]
QUALIFIERS = ("exact", "approx", "at_least", "at_most", "range")


@dataclass
class Quantity:
    """One number with its unit. `value` is the number as written, numerals and magnitude
    words resolved (1,750억 -> 175000000000); `unit` a canonical unit of CLAIMS.md or ''
    when none is written; `value_norm` the value in base units (None without a unit)."""
    surface: str
    start: int
    end: int
    value: float
    unit: str = ""
    quantity: str = "unknown"
    value_norm: float | None = None
    qualifier: str = "exact"
    #: why this quantity is special: unit_missing (a lost-letter run follows the number),
    #: range (one end of a range), spelled (written in words), multiplier_word (doubled, 翻倍)
    flags: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        d = asdict(self)
        return {k: d[k] for k in QUANTITY_FIELDS}


@dataclass
class QuantityConfig:
    #: report numbers without a unit (unit '', quantity 'unknown') so claims can decide
    emit_bare: bool = True
    #: characters before a number searched for qualifiers, currency signs and cues
    window: int = 24
    #: characters before a number searched for the context words of an ambiguous unit (分)
    context_window: int = 40
    #: characters around a candidate number searched for dates, times, ids, versions
    mask_margin: int = 24


DEFAULT_CONFIG = QuantityConfig()


def find_quantities(text: str, lang: str = "und", config: QuantityConfig | None = None) -> list[Quantity]:
    """Every quantity in `text`, sorted by start; `lang` is a BCP-47 tag ('und': all lexicons).

    >>> [(q.value, q.unit, q.value_norm) for q in find_quantities("took 28.3 minutes", "en")]
    [(28.3, 'min', 1698.0)]
    >>> [(q.value, q.unit, q.qualifier) for q in find_quantities("최대 450GB의 메모리", "ko")]
    [(450.0, 'GB', 'at_most')]
    """
    if not isinstance(text, str) or not text:
        return []
    # no catch-all: a bug here must surface; pipeline.process_page turns it into an error row
    return _QuantityFinder(text, grammar(lexicon_langs(lang)), config or DEFAULT_CONFIG).run()


def unit_info(unit: str) -> tuple[str, float | None]:
    """(quantity kind, factor to base units) of a canonical unit.

    >>> unit_info("GB"), unit_info("images/s"), unit_info("")
    (('data_size', 1000000000.0), ('throughput', 1.0), ('unknown', None))
    """
    canonical = lexicons.load("units_canonical.json")
    entry = canonical.get("units", {}).get(unit)
    if entry:
        return entry[0], (float(entry[1]) if entry[1] is not None else None)
    if unit.endswith("/s") and unit:
        return canonical.get("rate_quantity", "throughput"), 1.0
    return "unknown", None


# --- compiled grammar --------------------------------------------------------------------

_SP = r"[ \t\u00a0]"
_HANGUL = "\uac00-\ud7a3"
_HAN = "\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff"
_WORD_BEFORE = re.compile(rf"([A-Za-z#.\-]+|[{_HANGUL}]+|[{_HAN}]+)[ \t\u00a0]*\Z")


@dataclass(frozen=True)
class UnitSpec:
    unit: str
    attached: bool = False
    needs_context: tuple = ()
    needs_after: tuple = ()
    needs_later: tuple = ()  # one of these words follows within the clause (次…運算)
    scale: float = 1.0  # 三成 = 30 %


def _alt(terms, boundary=True) -> str:
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


def _left_bounded(term: str) -> str:
    p = re.escape(term)
    return (r"(?<![A-Za-z0-9_])" + p) if term[0].isascii() and term[0].isalnum() else p


# An amount in the last two words before a phrase such as "an hour" makes it a rate's
# denominator ("$2 an hour"); digits inside a name ("ResNet-50 in an hour") do not.
_AMOUNT_BEFORE = re.compile(r"(?:^|\s)[$€£¥]?\d[\d.,]*(?:\s*\S+)?\s+\Z")

_SENTENCE_END = re.compile(r"[。！？!?]|\.\s")
_CLAUSE_END = re.compile(r"[,，、;；。！？!?]|\.\s")
#: characters after a unit searched for its needs_later words (20兆次光線追蹤運算)
_LATER_WINDOW = 12

# Kinds of quantity whose unit a page may define in a parenthesis after it (38 TOPS(초당 …)).
_GLOSSED_KINDS = frozenset({"compute", "bandwidth", "throughput"})
#: characters a unit gloss may hold before its rate word: "(EF·1초에 …"
_GLOSS_OPENER_WITHIN = 6

# Kinds of quantity no page states as a negative number.
_NEVER_NEGATIVE = frozenset({"data_size", "bandwidth", "compute", "power", "frequency",
                             "throughput", "count", "duration"})


class Grammar:
    """The lexicons of a set of languages compiled into regular expressions."""

    def __init__(self, langs: tuple[str, ...]):
        self.langs = langs
        units = [lexicons.load(f"units_{lang}.json") for lang in langs]
        numbers = [lexicons.load(f"numbers_{lang}.json") for lang in langs]
        quals = [lexicons.load(f"qualifiers_{lang}.json") for lang in langs]
        self._build_units(units)
        self._build_qualifiers(quals)
        self._build_cues(numbers)
        self._build_numbers(langs, numbers)
        self._build_masks(numbers)
        nots = lexicons.load("claims_not.json")
        self.number_names = nots.get("number_names", {}) or {
            "model_words": [], "parameter_words": [], "size_suffixes": [], "korean_device_nouns": []}
        self.gloss_openers = tuple(nots.get("unit_gloss_openers", []))

    # units after a number, currency before it, counters, rates
    def _build_units(self, units: list[dict]) -> None:
        self.unit_specs: dict[str, UnitSpec] = {}
        self.unit_specs_ci: dict[str, UnitSpec] = {}
        ci_alts, cs_alts = [], []

        def add(alias: str, entry, case_sensitive: bool):
            opts = entry if isinstance(entry, dict) else {"unit": entry}
            spec = UnitSpec(opts["unit"], bool(opts.get("attached")), tuple(opts.get("needs_context", ())),
                            tuple(opts.get("needs_after", ())), tuple(opts.get("needs_later", ())),
                            float(opts.get("scale", 1.0)))
            look = ""
            if alias[-1].isascii() and alias[-1].isalnum():
                look += r"(?![A-Za-z0-9_])"
            if opts.get("not_before"):
                look += "(?!" + "|".join(re.escape(x) for x in opts["not_before"]) + ")"
            if opts.get("not_before_digit"):
                look += r"(?! ?\d)"  # 32x32, 2 x 4 are sizes; a tab or '|' after 1.6x ends a table cell
            pattern = re.escape(alias) + look
            if "/" in alias:  # 665.6 GB / s: a slash spaced on both sides
                pattern = re.escape(alias).replace("/", f"(?:/|{_SP}/{_SP})") + look
            if case_sensitive:
                self.unit_specs[alias] = spec
                cs_alts.append((len(alias), pattern))
            else:
                self.unit_specs_ci[alias.lower()] = spec
                ci_alts.append((len(alias), pattern))

        self.prefix_units: dict[str, str] = {}
        self.scaled_prefixes: dict[str, str] = {}
        self.money_scales: dict[str, float] = {}
        self.rate_prefixes: list[str] = []
        self.rate_items: dict[str, str] = {}
        count_nouns: list[str] = []
        gap_stopwords: list[str] = []
        self.count_plural_entity = False
        for lex in units:
            for alias, entry in lex.get("aliases", {}).items():
                add(alias, entry, False)
            for alias, entry in lex.get("aliases_cs", {}).items():
                add(alias, entry, True)
            for item, surfaces in lex.get("rate_items", {}).items():
                for surface in surfaces:
                    self.rate_items[surface] = f"{item}/s"
                    for suffix in lex.get("rate_suffixes", []):
                        add(surface + suffix, f"{item}/s", False)
            for alias, unit in lex.get("rate_aliases", {}).items():
                add(alias, unit, False)
            self.prefix_units.update(lex.get("prefix", {}))
            self.scaled_prefixes.update(lex.get("prefix_scaled", {}))
            self.money_scales.update({k: float(v) for k, v in lex.get("money_scale_suffixes", {}).items()})
            self.rate_prefixes += lex.get("rate_prefix", [])
            count_nouns += lex.get("count_nouns", [])
            gap_stopwords += lex.get("count_gap_stopwords", [])
            self.count_plural_entity |= bool(lex.get("count_plural_entity"))
        # longest first; of two the same length the case-sensitive one (Gb/s bits before gb/s)
        alts = sorted([(n, 1, p) for n, p in ci_alts] + [(n, 0, f"(?-i:{p})") for n, p in cs_alts],
                      key=lambda a: (-a[0], a[1]))
        adjectives = [w for lex in units for w in lex.get("unit_adjectives", [])]
        adjective = rf"(?P<adj>(?:{_alt(adjectives)}){_SP})?" if adjectives else ""
        # an optional space (or hyphen: 28.3-minute, 10-fold) may stand between number and
        # unit, and an adjective (275 peak TFLOPS)
        self.unit_re = re.compile(
            rf"(?P<sp>{_SP}?-?){adjective}(?P<u>{'|'.join(p for *_, p in alts) or '(?!x)x'})", re.I)
        self.scaled_prefix_re = re.compile(
            rf"(?<![A-Za-z])(?:{_alt(self.scaled_prefixes, False)})\Z") if self.scaled_prefixes else None
        self.money_scale_re = re.compile(
            rf"(?:{_alt(self.money_scales, False)})(?![A-Za-z0-9])") if self.money_scales else None
        self.prefix_re = re.compile(with_first_char_guard(rf"(?:{_alt(self.prefix_units, False)}){_SP}?\Z"), re.I)
        self.prefix_units.update({k.lower(): v for k, v in list(self.prefix_units.items())})
        # a short verb may stand between the rate word and the number: 每秒可生成, 每秒能处理
        gap = max([int(lex.get("rate_prefix_verb_gap", 0)) for lex in units] + [0])
        verb = rf"[\u4e00-\u9fff]{{0,{gap}}}" if gap else ""
        self.rate_prefix_re = re.compile(with_first_char_guard(rf"(?:{_alt(self.rate_prefixes, False)}){verb}{_SP}?\Z"))
        # the first two characters of each rate word, for a cheap test before a regex search
        self.rate_prefix_heads = tuple({p[:2] for p in self.rate_prefixes if p})
        self.rate_item_re = re.compile(
            rf"{_SP}?(?:(?:개|個|个|張|张|장)의?{_SP}?)?(?P<item>{_alt(self.rate_items)})")
        # a currency name before the number overrides a generic currency word after it:
        # 新台幣約135元 is New Taiwan dollars though 元 alone reads as yuan
        self.currency_words: dict[str, str] = {}
        for lex in units:
            self.currency_words.update(lex.get("currency_words", {}))
        self.currency_word_re = re.compile(
            rf"(?P<cur>{_alt(self.currency_words, False)})[^\d\s]{{0,3}}{_SP}?\Z"
        ) if self.currency_words else None
        self.currency_any_re = re.compile(_alt(self.currency_words, False)) if self.currency_words else None
        self.generic_currency = {w for lex in units for w in lex.get("generic_currency", [])}
        # up to two words may stand between a number and its counted noun: 'four 1U
        # IPU-M2000s', 'eight DGX A100 chips', '50 other members' (not 'of', 'the' ...)
        stop = "|".join(re.escape(w) for w in gap_stopwords) or "(?!x)x"
        token = rf"(?:[A-Z0-9][\w\-]{{0,30}}|(?!(?:{stop})\b)[a-z]{{1,20}}(?:-[a-z]{{1,20}})?)"
        nouns = _alt([n for n in count_nouns], boundary=False)
        count = rf"[ \u00a0-](?:{token}{_SP}){{0,2}}(?i:(?:{nouns})(?:s|es)?)(?![A-Za-z])"
        if self.count_plural_entity:
            count += rf"|{_SP}(?:{token}{_SP})?[A-Z][A-Za-z\-]{{0,20}}\d[\w\-]{{0,20}}s(?![A-Za-z])"
        self.count_re = re.compile(count)
        # 8x H100 GPUs, 8x NVIDIA A100 chips: only names between a factor and a device noun
        # ("4x faster CPU-to-GPU transfer" is a factor)
        name = r"[A-Z0-9][\w\-]{0,30}"
        self.device_count_re = re.compile(
            rf"[ \u00a0-](?:{name}{_SP}){{0,2}}(?i:(?:{nouns})(?:s|es)?)(?![A-Za-z])")

    def _build_qualifiers(self, quals: list[dict]) -> None:
        self.qual_before: dict[str, str | None] = {}
        self.qual_after: dict[str, str] = {}
        self.range_between: set[str] = set()
        self.range_connectors: set[str] = set()
        self.list_separators: set[str] = set()
        for lex in quals:
            self.qual_before.update(lex.get("before", {}))
            self.qual_after.update(lex.get("after", {}))
            self.range_between |= set(lex.get("range_between", []))
            self.range_connectors |= set(lex.get("range_connectors", []))
            self.list_separators |= {x.lower() for x in lex.get("list_separators", [])}
        before = "|".join(_left_bounded(t) for t in sorted(self.qual_before, key=len, reverse=True)) or "(?!x)x"
        # searched before every number: behind a first-character guard (with_first_char_guard)
        self.qual_before_re = re.compile(with_first_char_guard(rf"(?:{before}){_SP}*\Z"), re.I)
        # one-character qualifiers after the number (100여 개, 100多个) must be attached
        multi = [t for t in self.qual_after if len(t) > 1]
        single = [t for t in self.qual_after if len(t) == 1]
        after = rf"{_SP}*(?:{_alt(multi)})" + (rf"|(?:{_alt(single)})" if single else "")
        self.qual_after_re = re.compile(after, re.I)
        self.qual_after_lower = {k.lower(): v for k, v in self.qual_after.items()}
        self.qual_before_lower = {k.lower(): v for k, v in self.qual_before.items()}

    def _build_cues(self, numbers: list[dict]) -> None:
        def collect(key):  # compared with the word before a number, dots and hyphens stripped
            return {str(x).lower().strip(".-") or str(x) for lex in numbers for x in lex.get(key, [])}
        self.version_cues = collect("version_cues")
        self.version_cues_decimal = collect("version_cues_decimal")
        self.year_cues = collect("year_cues") | collect("month_names")
        self.ratio_cues = collect("ratio_cues")
        self.demonstratives = frozenset(x for lex in numbers for x in lex.get("demonstratives", []))
        ranges = [lex["bare_year_range"] for lex in numbers if lex.get("bare_year_range")]
        self.bare_years = (min(r[0] for r in ranges), max(r[1] for r in ranges)) if ranges else (0, -1)
        self.ambiguous_alone = {str(x).lower() for lex in numbers for x in lex.get("ambiguous_alone", [])}
        prefixes = [x for lex in numbers for x in lex.get("ordinal_prefixes", [])]
        suffixes = [x for lex in numbers for x in lex.get("ordinal_suffix_words", [])]
        days = [x for lex in numbers for x in lex.get("day_of_month_suffixes", [])]
        self.day_of_month_re = re.compile(rf"{_SP}?(?:{_alt(days, False)})") if days else None
        self.ordinal_prefix_re = re.compile(rf"(?:{_alt(prefixes, False)})\Z") if prefixes else None
        self.ordinal_suffix_re = re.compile(rf"{_SP}?(?:{_alt(suffixes, False)})") if suffixes else None
        self.half_after_unit = tuple(x for lex in numbers for x in lex.get("half_after_unit", [])) or ("\0",)
        self.multipliers: dict[str, tuple[float, str]] = {}
        for lex in numbers:
            for word, (value, unit) in lex.get("multiplier_words", {}).items():
                self.multipliers[word.lower()] = (float(value), unit)
        # left boundary of ASCII words is checked by the finder (keeps the search fast)
        self.multiplier_re = re.compile(_first_char_alternation(list(self.multipliers), ci=True) + r"(?![A-Za-z])")
        negatives = [w for w in numeral_tables().negatives if w not in ("-", "−")]
        self.negative_re = re.compile(with_first_char_guard(
            rf"(?:{'|'.join(_left_bounded(w) for w in negatives) or '(?!x)x'}){_SP}?\Z"), re.I)

    def _build_numbers(self, langs: tuple[str, ...], numbers: list[dict]) -> None:
        """One regex per kind of numeral. Each starts with a single character class, so the
        regex engine skips ahead to possible first characters instead of trying every
        alternative at every position (this is most of the layer's speed)."""
        t = numeral_tables()
        big = "".join(t.cjk_big)
        mag = "".join(t.cjk_small) + big
        cjk_digits = "".join(t.cjk_digits)
        # the rest of an Arabic number after its first digit: 1,750 / 28.3 / 12.32e+14
        rest = r"(?:\d{0,2}(?:,\d{3})+|\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\d,]\d)"
        arabic = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d,]\d)"
        en_scales = "|".join(sorted(t.en_scales, key=len, reverse=True)) or "(?!x)x"
        abbrev = "|".join(re.escape(a) for a in sorted(t.en_abbrev, key=len, reverse=True)) or "(?!x)x"
        # a magnitude character that begins a unit (百分点, 千瓦) belongs to the unit
        mag_units = [a for a in list(self.unit_specs) + list(self.unit_specs_ci) + list(self.prefix_units)
                     if a and a[0] in mag]
        mag_guard = f"(?!{_alt(mag_units, False)})" if mag_units else ""
        mag_cls = f"{mag_guard}[{mag}]"
        digit = (
            r"[\d.](?:(?<=\.)(?<![\w.,]\.)(?P<decimal>\d+(?![\d.,]))|(?<=\d)(?:"
            # a colon spaced on one side only is a label ("ResNet-50: 0.48 minutes"), not 1:8
            rf"(?P<ratio>(?<![\d.,:].)\d*(?:\.\d+)?(?:{_SP}?比{_SP}?|:|{_SP}:{_SP})\d+(?:\.\d+)?(?![\d:]|\.\d))"
            rf"|(?P<cjkmix>{rest}{mag_cls}(?:{arabic}|[{cjk_digits}]|{mag_cls}|(?<=[{mag}]){_SP}(?=[\d.,]+[{mag}])"
            rf"|(?<=[{big}]){_SP}(?=\d))*)"
            rf"|(?P<arabic>{rest}(?:{_SP}?(?i:{en_scales})(?![A-Za-z])|(?:{abbrev})(?![A-Za-z0-9]))?)))"
        )
        self.number_res = [re.compile(digit)]
        if "zh" in langs:
            zh = lexicons.load("numbers_zh.json")
            zh_chars = re.escape("".join(list(zh.get("digits", {})) + list(zh.get("small_units", {}))
                                         + list(zh.get("big_units", {}))))
            zh_digits = re.escape("".join(zh.get("digits", {})))
            points = "".join(zh.get("point_words", []))
            neg = "".join(zh.get("negative_words", []))
            self.number_res.append(re.compile(
                rf"(?P<zh>[{neg}{zh_chars}](?:[{zh_chars}]|[{points}](?=[{zh_digits}]))*(?:分之[{neg}]?[{zh_chars}]+)?)"))
        if "ko" in langs:
            ko = lexicons.load("numbers_ko.json")
            tens, units = list(ko.get("native_tens", {})), list(ko.get("native_units", {}))
            sino = "".join(list(ko.get("digits", {})) + list(ko.get("small_units", {})) + list(ko.get("big_units", {})))
            sino_digits = "".join(ko.get("digits", {}))
            if tens or units:
                unit_alt = "|".join(sorted(units, key=len, reverse=True)) or "(?!x)x"
                self.number_res.append(re.compile(
                    rf"(?P<kon>{_first_char_alternation(tens + units, guard=f'(?<![{_HANGUL}].)')}"
                    rf"(?:(?<=[{''.join(w[-1] for w in tens)}]){_SP}?(?:{unit_alt}))?)"))
            if sino:
                self.number_res.append(re.compile(
                    rf"(?P<kos>[{sino}](?<![{_HANGUL}].)[{sino}]*(?:점[{sino_digits}]+)?(?:분의{_SP}?[{sino}]+)?)"))
        words = list(t.en_units) + list(t.en_tens)
        if words:
            scale_words = sorted(words + list(t.en_scales), key=len, reverse=True)
            digit_words = "|".join(w for w in words if t.en_units.get(w, 99) < 10)
            self.number_res.append(re.compile(
                rf"(?P<en>{_first_char_alternation(words, ci=True, guard='(?<![A-Za-z].)')}"
                rf"(?i:(?:(?:[ \-]+(?:and[ ]+)?)(?:{'|'.join(scale_words)}))*"
                rf"(?:[ ]+point(?:[ ]+(?:{digit_words}))+)?"
                rf"(?:[ ]+and[ ]+(?:a|one)[ ]+(?:{'|'.join(t.en_denominators) or '(?!x)x'}))?)(?![A-Za-z]))"))

        # fractions written denominator first: 3분의 1, 三分之一 (numbers_<lang>.json fraction_infix)
        infixes, frac_digits = [], ""
        self.fraction_infixes = infixes
        self.fraction_re = None  # searched only in texts that hold an infix (speed)
        for lang, lex in zip(langs, numbers):
            if lex.get("fraction_infix"):
                infixes += lex["fraction_infix"]
                frac_digits += "".join(list(lex.get("digits", {})) + list(lex.get("small_units", {})))
        if infixes:
            side = rf"(?:\d+(?:\.\d+)?|[{re.escape(frac_digits)}]+)" if frac_digits else r"\d+(?:\.\d+)?"
            self.fraction_re = re.compile(
                # 百分之二十 is a percentage, read by the 百分之 prefix
                rf"(?P<fraction>(?<![\d.])(?!百分之|백분의){side}{_SP}?(?:{_alt(infixes, False)}){_SP}?{side})")

    def _build_masks(self, numbers: list[dict]) -> None:
        """Spans that hold no quantity. The ones with a distinctive first character are
        searched over the whole text; the rest only in windows around candidate numbers."""
        nots = lexicons.load("claims_not.json")
        code = _alt(nots.get("code_line_openers", []), False)
        nodes = _alt(nots.get("process_node_units", []))
        self.global_mask_re = re.compile("|".join([
            rf"(?m:^[ \t]*(?:{code}).*$)",                            # program code, comments
            r"https?://\S+|ftp://\S+|www\.\S+",                      # URLs
            r"<[^<>]{0,500}>|&#?\w{1,10};",                          # markup remains
            r"`[^`\n]{1,200}`|\\[A-Za-z]+\{[^{}\n]{0,200}\}",        # code and LaTeX
        ]))
        en = lexicons.load("numbers_en.json")
        months = _alt([m for m in en.get("month_names", [])], boundary=False)
        year_suffixes = _alt([s for lex in numbers for s in lex.get("year_suffixes", [])], False)
        year = r"(?:1[89]|20)\d\d"
        patterns = [
            rf"\b{year}[-/.](?:0?[1-9]|1[0-2])[-/.](?:[0-2]?\d|3[01])\b|\b{year}[-/](?:0?[1-9]|1[0-2])\b",
            r"\b(?:[0-2]?\d|3[01])[/.](?:0?[1-9]|1[0-2])[/.](?:\d\d){1,2}\b|\b(?:0?[1-9]|1[0-2])/(?:[0-2]?\d|3[01])/(?:\d\d){1,2}\b",
            rf"(?i:\b(?:{months})\.?{_SP}+\d{{1,2}}(?:st|nd|rd|th)?(?:,?{_SP}+{year})?(?!\d))",
            rf"(?i:\b\d{{1,2}}(?:st|nd|rd|th)?{_SP}+(?:of{_SP}+)?(?:{months})\b\.?(?:,?{_SP}+{year})?)",
            rf"(?i:\b(?:{months})\.?,?{_SP}+{year}\b)",
            rf"{year}{_SP}?(?:{year_suffixes})(?:{_SP}?\d{{1,2}}{_SP}?[월月](?:{_SP}?\d{{1,2}}{_SP}?[일日号號])?)?" if year_suffixes else r"(?!x)x",
            rf"(?<![\d.])\d{{1,2}}{_SP}?[월月](?![간份])(?:{_SP}?\d{{1,2}}{_SP}?[일日号號])?",
            r"(?<![\d.:])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s?(?i:[ap]\.?m\.?))?(?![\d:])",
            r"(?i:\b\d{1,2}\s?[ap]\.m\.|\b\d{1,2}\s?[ap]m\b)",
            r"(?<!\d)\d{1,2}시(?!간|스|즌|작|장|점|리즈|대|리|각)(?:\s?\d{1,2}분)?|[上下]午\s?\d{1,2}[点點时時]",
            r"\b\d+\.\d+-\d{3,}\b",                                  # MLPerf result ids 1.0-1025
            r"\b\d+(?:\.\d+){2,}\b",                                  # versions, IP addresses
            r"(?<![\d,.])\d{11,}(?![\d,])",                           # tracking ids
            r"\+\d{1,3}[ .\-]?\(?\d{1,4}\)?(?:[ .\-]\d{2,4}){2,3}\b|\(\d{3}\)\s?\d{3}-\d{4}\b|\b\d{2,4}-\d{3,4}-\d{4}\b",
            r"(?<![\w.])\d+[xX×]\d+(?:[xX×]\d+)?\b",                 # dimensions 32x32
            r"\b0x[0-9A-Fa-f]+\b",
            r"\[\d{1,3}\]",                                           # array indices, citation marks [1]
            rf"(?<=[{_HAN}])[(（]\d{{4,6}}(?:\.[A-Z]{{2}})?[)）]",        # stock tickers 台積電(2330)
            rf"(?<![\d.])\d+(?:\.\d+)?{_SP}?(?:{nodes})",                # process nodes 5奈米, 4nm, 10㎚급
            rf"(?<!\d)\d{{1,2}}\D{{0,3}}(?:{_alt(nots.get('local_time_markers', []), False)})",  # 1일(현지시간)
            # a date whose 年/月 the page lost to mojibake or '?': 2012�12�
            r"(?:19|20)\d\d[\ufffd?]{1,3}\d{1,2}[\ufffd?]{1,3}(?:\d{1,2}[\ufffd?])?",
        ]
        # behind a lookahead on the characters a match can start with, the engine skips
        # other positions at one test instead of trying every alternative there
        # (profiled: the masks were the costliest part of the layer; 4x faster so)
        self.local_mask_re = re.compile(with_first_char_guard("|".join(f"(?:{p})" for p in patterns)))
        # a number inside a token like these is part of an address, a file or a parameter
        self.token_mask_re = re.compile(
            r"[@=]|://|^www\.|\.(?i:png|jpe?g|gif|webp|svg|pdf|html?|php|aspx?|js|css|json|xml|csv|zip|mp4|txt|py)(?![A-Za-z0-9])")


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
    try:
        from re import _constants as C, _parser  # noqa: PLC0415 - the parser re uses itself

        chars, nullable = _first_chars(_parser.parse(pattern), C)
    except (_Unknown, re.error, ImportError, AttributeError, TypeError, ValueError, RecursionError):
        return None
    return None if nullable or not chars else "".join(sorted(chars))


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


def _first_char_alternation(words, ci: bool = False, guard: str = "") -> str:
    """An alternation of `words` that starts with one character class (the words' first
    characters), then `guard`, then each word's rest behind a look-behind on its first
    character: fast to search, same matches as the plain alternation.

    >>> re.findall(_first_char_alternation(["two", "ten", "three"], ci=True), "Two, ten and THREE")
    ['Two', 'ten', 'THREE']
    """
    by_first: dict[str, list[str]] = {}
    for word in words:
        if word:
            by_first.setdefault(word[0].lower() if ci else word[0], []).append(word[1:])
    if not by_first:
        return "(?!x)x"
    chars = set(by_first)
    if ci:
        chars |= {c.upper() for c in by_first}
    charset = "".join(re.escape(c) for c in sorted(chars))
    branches = []
    for first, rests in by_first.items():
        alt = "|".join(re.escape(r) for r in sorted(set(rests), key=len, reverse=True))
        branches.append(f"(?<={re.escape(first)})(?:{alt})")
    inner = "|".join(branches)
    return f"[{charset}]{guard}" + (f"(?i:{inner})" if ci else f"(?:{inner})")


@lru_cache(maxsize=16)
def grammar(langs: tuple[str, ...]) -> Grammar:
    """The compiled grammar of a language set, built once."""
    return Grammar(langs)


# --- finding -------------------------------------------------------------------------------

def _is_hangul(ch: str) -> bool:
    return "\uac00" <= ch <= "\ud7a3"


class _Spans:
    """Sorted, non-overlapping spans with a fast 'is this offset inside one' test."""

    def __init__(self, spans):
        self.starts, self.ends = [], []
        for s, e in spans:
            if self.ends and s < self.ends[-1]:
                continue
            self.starts.append(s)
            self.ends.append(e)

    def covers(self, pos: int) -> bool:
        i = bisect.bisect_right(self.starts, pos) - 1
        return i >= 0 and pos < self.ends[i]


class _QuantityFinder:
    def __init__(self, text: str, g: Grammar, cfg: QuantityConfig):
        self.text = text
        self.norm = to_ascii_digits(text)
        self.g = g
        self.cfg = cfg
        self.masked = _Spans(())
        self.lossy = "??" in self.norm
        self._scale = 1.0  # the value scale of the unit last read (三成 = 30 %)

    def run(self) -> list[Quantity]:
        g, norm = self.g, self.norm
        matches = [m for rx in g.number_res for m in rx.finditer(norm)]
        if g.fraction_re is not None and any(inf in norm for inf in g.fraction_infixes):
            matches += g.fraction_re.finditer(norm)
        multipliers = list(g.multiplier_re.finditer(norm))
        if not matches and not multipliers:
            return []
        # dates, times, ids and versions are written in digits: only digit candidates need them
        self.masked = self._masks([m for m in matches if m.re is g.number_res[0]])
        found: list[Quantity] = []
        last_end = -1
        for m in sorted(matches + multipliers, key=lambda m: (m.start(), m.start() - m.end())):
            if m.start() < last_end:
                continue  # inside a quantity already read (four 1U IPU-M2000s)
            if m.re is g.multiplier_re:
                qs = [self._multiplier(m)]
            elif m.lastgroup in ("zh", "kos"):
                qs = self._neighbour_pair(m) or [self._candidate(m)]
            else:
                qs = [self._candidate(m)]
            for q in qs:
                if q is not None:
                    found.append(q)
                    last_end = q.end
        found.sort(key=lambda q: (q.start, -(q.end - q.start)))
        kept: list[Quantity] = []
        for q in found:
            if kept and q.start < kept[-1].end:
                continue
            kept.append(q)
        kept = self._drop_unit_glosses(kept)
        self._mark_ranges(kept)
        self._share_list_units(kept)
        return kept

    def _masks(self, matches) -> _Spans:
        """Non-quantity spans: global ones over the text, the rest in merged windows around
        the candidates (searching only there is what keeps the layer fast)."""
        norm, n = self.norm, len(self.norm)
        spans = [m.span() for m in self.g.global_mask_re.finditer(norm)]
        windows: list[list[int]] = []
        for m in sorted(matches, key=lambda m: m.start()):
            ws, we = max(0, m.start() - self.cfg.mask_margin), min(n, m.end() + self.cfg.mask_margin)
            if windows and ws <= windows[-1][1]:
                windows[-1][1] = max(windows[-1][1], we)
            else:
                windows.append([ws, we])
        for ws, we in windows:
            spans += [mm.span() for mm in self.g.local_mask_re.finditer(norm, ws, we)]
        spans.sort()
        return _Spans(spans)

    # -- one candidate --
    def _multiplier(self, m) -> Quantity | None:
        s = m.start()
        first, prev = m.group()[0], self.norm[s - 1] if s else ""
        if prev and ((first.isascii() and first.isalnum() and (prev.isalnum() or prev == "_"))
                     or (_is_hangul(first) and _is_hangul(prev))):
            return None  # 'redoubled'; 기반으로 (based on) is not 반으로 (by half)
        value, unit = self.g.multipliers.get(m.group().lower(), (None, ""))
        if value is None:
            return None
        if unit_info(unit)[0] == "duration" and _AMOUNT_BEFORE.search(self.norm, max(0, s - 24), s):
            return None  # "$2 an hour", "2,000 images an hour": the denominator of a rate
        return self._make(m.start(), m.end(), value, unit, self._qual_before(m.start()) or "exact", ["multiplier_word"])

    def _candidate(self, m) -> Quantity | None:
        """Read one candidate numeral: is it a quantity, its value, unit, qualifier."""
        kind, s, e = m.lastgroup, m.start(), m.end()
        kind = "arabic" if kind == "decimal" else kind  # .25, .08
        surface = m.group()
        if self._not_a_quantity(kind, s, e, surface):
            return None
        if kind == "ratio":
            return self._ratio(m)
        if kind == "fraction":
            return self._fraction(m)
        if kind == "zh":
            spelled_prefix = self._prefix_unit_inside(s, e, surface)  # 百分之五十
            if spelled_prefix is not None:
                return spelled_prefix
        value = parse_number(surface)
        if value is None and kind == "cjkmix" and " " in surface:
            surface = surface.split(" ")[0]  # a run of groups that is not one numeral: keep the first
            e = s + len(surface)
            value = parse_number(surface)
        if value is None:
            return None
        if kind in ("arabic", "cjkmix") and self._is_year(s, e, surface, value):
            return None
        if self.g.ordinal_suffix_re and self.g.ordinal_suffix_re.match(self.norm, e) and not self._unit_at(e, s):
            return None  # 1단계, 3번째, 3号
        sign = self._negative_sign(s)
        if sign and kind != "zh":
            value, s = -value, s - sign
        self._scale = 1.0
        read = self._read_unit(kind, s, e, value)
        if read is None:
            return None
        unit, start, end, after_qual = read
        if sign and value < 0 and unit_info(unit)[0] in _NEVER_NEGATIVE:
            # memory, bandwidth, power ... cannot be negative: the "sign" was a word or damage
            value, s, start = -value, s + sign, max(start, s + sign)
        value *= self._scale
        if unit and value == int(value) and self.norm.startswith(self.g.half_after_unit, end):
            value, end = value + 0.5, end + 1  # 一噸半: one and a half tons
        if kind in ("arabic", "cjkmix") and self._name_digits(s, e, surface, unit, end):
            return None
        flags = [] if kind in ("arabic", "cjkmix") else ["spelled"]
        if not unit:
            if self._needs_unit(kind, surface) or not self.cfg.emit_bare:
                return None
            if kind in ("arabic", "cjkmix") and e < len(self.norm) and self.norm[e].isascii() and self.norm[e].isalpha():
                return None  # 2000s, 3D, 5G, 1st: part of a word
            if self.lossy and self.norm.startswith("?", e):
                flags.append("unit_missing")
            elif "." in surface and kind == "arabic" and self._after_name(s):
                return None  # SQuAD 1.1, Training 2.0: a version after a product name
        # a qualifier may precede the currency word or stand between it and the number
        qualifier = self._qual_before(start) or (self._qual_before(s) if start < s else "") \
            or after_qual or "exact"
        return self._make(start, end, value, unit, qualifier, flags)

    def _not_a_quantity(self, kind: str, s: int, e: int, surface: str) -> bool:
        """Cheap tests that rule a candidate out before its value is read."""
        if kind in ("kos", "zh") and len(surface) < 2 and surface in numeral_tables().cjk_big:
            return True  # a lone 조, 万, 兆 is a word (조건 condition, 每兆瓦 per megawatt)
        if kind == "kos" and len(surface) < 2 and surface not in numeral_tables().cjk_small \
                and surface not in numeral_tables().cjk_big:
            return True  # a lone 이, 일, 사, 구 is a word far more often than a numeral
        norm = self.norm
        if kind == "en" and s and norm[s - 1].isascii() and norm[s - 1].isalpha():
            return True  # 'one' in 'someone'
        if self.masked.covers(s) or self._in_address_token(s, e):
            return True
        if kind in ("arabic", "cjkmix"):
            return self._is_name_or_code(s, e, surface) and not self.g.prefix_re.search(norm, max(0, s - 8), s) \
                and not self._after_scaled_prefix(s) and not self._after_negative_word(s)
        if kind == "zh" and s and norm[s - 1] in self.g.demonstratives:
            return True  # 这两款: 'these two', an aside
        if kind == "zh" and self.g.ordinal_prefix_re:
            return bool(self.g.ordinal_prefix_re.search(norm, max(0, s - 3), s))  # 第三
        return False

    def _prefix_unit_inside(self, s: int, e: int, surface: str) -> Quantity | None:
        for prefix, unit in self.g.prefix_units.items():
            if len(prefix) > 1 and surface.startswith(prefix) and len(surface) > len(prefix):
                value = parse_number(surface[len(prefix):])
                if value is None:
                    return None
                return self._make(s, e, value, unit, self._qual_before(s) or "exact", ["spelled"])
        return None

    def _read_unit(self, kind: str, s: int, e: int, value: float):
        """(unit, start, end, qualifier after) of the number at s..e, or None when the
        number turns out not to be a quantity (a decade, a day of the month)."""
        norm, g = self.norm, self.g
        unit, end = self._unit_after(s, e)
        start = s
        if not unit:  # $300,000, US$ 5, 百分之25, a factor of 2
            prefix = g.prefix_re.search(norm, max(0, s - 14), s)
            # a Latin prefix starts a word: "versus $3.22" is not "us $3.22"
            while prefix and prefix.group()[:1].isascii() and prefix.group()[:1].isalpha() \
                    and prefix.start() > 0 and norm[prefix.start() - 1].isalnum():
                prefix = g.prefix_re.search(norm, prefix.start() + 1, s)
            if prefix:
                symbol = prefix.group().strip()
                unit = g.prefix_units.get(symbol) or g.prefix_units.get(symbol.lower(), "")
                start = prefix.start()
            elif g.scaled_prefix_re is not None:
                scaled = g.scaled_prefix_re.search(norm, max(0, s - 4), s)
                if scaled and (norm[s:e][-1:].isalpha() or self._money_scale_at(e)):
                    unit, start = g.scaled_prefixes[scaled.group()], scaled.start()  # PS6m, Y=590 billion
        if unit and unit_info(unit)[0] == "money" and not norm[s:e][-1:].isalpha():
            scale = self._money_scale_at(e)
            if scale:
                self._scale, end = scale[0], scale[1]  # £6m
        rate = g.rate_prefix_re.search(norm, max(0, s - 12), s) if g.rate_prefixes else None
        if g.rate_prefixes and rate is None and unit in ("", "count") and \
                any(p in norm[max(0, s - 20):s] for p in g.rate_prefix_heads):
            # a qualifier may stand between the rate word and the number: 每秒可处理约22000张
            qual = g.qual_before_re.search(norm, max(0, s - self.cfg.window), s)
            if qual:
                rate = g.rate_prefix_re.search(norm, max(0, qual.start() - 12), qual.start())
        if rate and unit in ("", "count"):  # 초당 1만2000장의 이미지, 每秒处理1.2万张图像
            item = g.rate_item_re.match(norm, e)
            unit = g.rate_items.get(item.group("item"), "items/s") if item else "items/s"
            end = item.end() if item else end
        if unit and g.currency_word_re is not None and unit_info(unit)[0] == "money":
            cur = g.currency_word_re.search(norm, max(0, s - 10), s)
            if cur:
                unit, start = g.currency_words[cur.group("cur")], min(start, cur.start())
            elif norm[e:end].strip() in g.generic_currency:
                # "報價約新台幣1,000萬元,單卡約40萬元": a bare 元 keeps the currency named
                # last before it in the sentence
                named = [mm for mm in g.currency_any_re.finditer(norm, max(0, s - 40), s)
                         if not _SENTENCE_END.search(norm, mm.end(), s)]
                if named:
                    unit = g.currency_words[named[-1].group()]
        after_qual, qual_end = self._qual_after(end)
        if not unit and after_qual:  # 100여 개, 100多个, 100+ models: the qualifier stands between
            unit2, end2 = self._unit_after(s, qual_end)
            if unit2:
                unit, end = unit2, end2
                after_qual = self._qual_after(end)[0] or after_qual
        whole = value == int(value)
        if unit == "x" and whole:  # 8x H100 GPUs, 8 x A100: a number of devices, not a factor
            device = g.device_count_re.match(norm, end) or self._DEVICE_AFTER.match(norm, end)
            if device:
                unit, end = "count", device.end()
        if unit == "s" and end == e + 1 and whole and int(value) % 10 == 0 and kind == "arabic":
            return None  # the 80s, the 1990s: decades, not seconds
        if unit == "count" and not whole and not rate:
            unit, end = "", e  # 1.1 tasks: counts are whole; the noun belongs to something else
        if not unit and g.day_of_month_re and whole and 1 <= value <= 31 and g.day_of_month_re.match(norm, e):
            return None  # 31일 밝혔다, 23日发布: a day of the month
        if rate and unit in ("B", "KB", "MB", "GB", "TB", "PB") and unit_info(unit + "/s")[1]:
            unit += "/s"  # 每秒2TB: a bandwidth
        if kind == "kon" and unit and not norm[e:end][:1].isspace():
            unit, end = "", e  # 세대 (generation) is not 세 + 대: native numerals stand apart from counters
        return unit, start, end, after_qual

    def _make(self, start, end, value, unit, qualifier, flags) -> Quantity:
        quantity, factor = unit_info(unit)
        value = round_sig(value)
        norm_value = round_sig(value * factor) if factor is not None else None
        return Quantity(self.text[start:end], start, end, value, unit, quantity, norm_value, qualifier, flags)

    def _fraction(self, m) -> Quantity | None:
        """3분의 1, 三分之一: numerator after the infix, denominator before it."""
        s, e = m.span()
        parts = re.split(rf"{_SP}?(?:{_alt(self.g.fraction_infixes, False)}){_SP}?", m.group(), maxsplit=1)
        if len(parts) != 2:
            return None
        den, num = parse_number(parts[0]), parse_number(parts[1])
        if not den or num is None:
            return None
        return self._make(s, e, num / den, "ratio", self._qual_before(s) or "exact", [])

    def _ratio(self, m) -> Quantity | None:
        s, e = m.span()
        a_str, sep, b_str = re.split(r"\s*([:比])\s*", m.group(), maxsplit=1)
        if s and self.norm[s - 1].isascii() and self.norm[s - 1].isalpha():
            return None
        if sep == ":" and len(b_str) == 2 and not self._word_before(s, self.g.ratio_cues):
            return None  # 10:30 is a time of day
        a, b = parse_number(a_str), parse_number(b_str)
        if a is None or not b:
            return None
        return self._make(s, e, a / b, "ratio", self._qual_before(s) or "exact", [])

    # -- what follows the number --
    def _unit_at(self, e: int, s: int):
        m = self.g.unit_re.match(self.norm, e)
        if not m:
            return None
        alias = re.sub(rf"{_SP}/{_SP}", "/", m.group("u"))
        spec = self.g.unit_specs.get(alias) or self.g.unit_specs_ci.get(alias.lower())
        if spec is None:
            return None
        if spec.attached and (m.group("sp") or m.groupdict().get("adj")):
            return None
        if spec.needs_after:
            after = self.norm[m.end(): m.end() + 8].lstrip(" \t\u00a0")
            if not after.startswith(spec.needs_after):
                return None
        if spec.needs_later:
            later = _CLAUSE_END.split(self.norm[m.end(): m.end() + _LATER_WINDOW], 1)[0]
            if not any(w in later for w in spec.needs_later):
                return None
        if spec.needs_context:
            window = self.norm[max(0, s - self.cfg.context_window): s]
            if not any(w in window for w in spec.needs_context):
                return None
        if spec.scale != 1.0:
            self._scale = spec.scale  # read by _candidate: 三成 is 30 %
        return spec.unit, m.end()

    def _unit_after(self, s: int, e: int) -> tuple[str, int]:
        found = self._unit_at(e, s)
        if found:
            return found
        m = self.g.count_re.match(self.norm, e)
        if m:
            return "count", m.end()
        return "", e

    def _money_scale_at(self, e: int) -> tuple[float, int] | None:
        """(magnitude, end) of a magnitude letter closing an amount of money: the m of £6m."""
        m = self.g.money_scale_re.match(self.norm, e) if self.g.money_scale_re else None
        return (self.g.money_scales[m.group()], m.end()) if m else None

    def _qual_before(self, s: int) -> str:
        m = self.g.qual_before_re.search(self.norm, max(0, s - self.cfg.window), s)
        if not m:
            return ""
        return self.g.qual_before_lower.get(m.group().strip().lower()) or ""

    def _qual_after(self, end: int) -> tuple[str, int]:
        m = self.g.qual_after_re.match(self.norm, end)
        if not m:
            return "", end
        return self.g.qual_after_lower.get(m.group().strip().lower(), ""), m.end()

    _DEVICE_AFTER = re.compile(r"[ \t\u00a0]?[A-Z]{1,3}\d{1,4}[A-Za-z]?s?(?![\w-])")

    # -- what a number is not --
    _TOKEN_RIGHT = re.compile(r"\S{0,300}")

    def _in_address_token(self, s: int, e: int) -> bool:
        """Inside an e-mail address, file name, URL or query parameter (press2021@x.ai,
        1638413962408997.png, id=145304570664993)."""
        norm, lo = self.norm, max(0, s - 300)
        cut = max(norm.rfind(" ", lo, s), norm.rfind("\n", lo, s), norm.rfind("\t", lo, s), norm.rfind("\u00a0", lo, s))
        left = norm[(cut + 1 if cut >= 0 else lo):s]
        right = self._TOKEN_RIGHT.match(self.norm, e).group()
        if not left and not right:
            return False
        if left and self.g.scaled_prefix_re is not None and self.g.scaled_prefix_re.fullmatch(left):
            return False  # Y=590 billion: a currency sign, not a parameter
        return bool(self.g.token_mask_re.search(left + self.norm[s:e] + right))

    def _after_scaled_prefix(self, s: int) -> bool:
        return self.g.scaled_prefix_re is not None and bool(self.g.scaled_prefix_re.search(self.norm, max(0, s - 4), s))

    def _after_negative_word(self, s: int) -> bool:
        """minus-260: a hyphen after a negative word is its sign, not a name's (ResNet-50)."""
        return s > 1 and self.norm[s - 1] == "-" and bool(self.g.negative_re.search(self.norm, max(0, s - 9), s - 1))

    def _word_before(self, s: int, words: set) -> bool:
        m = _WORD_BEFORE.search(self.norm, max(0, s - self.cfg.window), s)
        return bool(m) and m.group(1).lower().strip(".-") in words

    def _is_name_or_code(self, s: int, e: int, surface: str) -> bool:
        norm = self.norm
        prev = norm[s - 1] if s else ""
        if prev and (prev.isascii() and (prev.isalpha() or prev in "_#/\\")) or prev in ("№",):
            return True  # A100, FP16, v1.1, M2000, #3
        if prev in "-–" and s >= 2 and norm[s - 2].isascii() and norm[s - 2].isalpha():
            return True  # ResNet-50, GPT-3, CIFAR-10, Bow-2000
        if prev == "." and s >= 2 and norm[s - 2].isdigit():
            return True
        if e < len(norm) and norm[e] in "-" and e + 1 < len(norm) and norm[e + 1].isascii() and norm[e + 1].isalpha() \
                and not self._unit_at(e, s) and not self.g.count_re.match(norm, e):
            return True  # 50-layer handled as count; 3-D, 2-D as names
        if self._word_before(s, self.g.version_cues):
            return True  # version 1.5, SDK 1.4, MLPerf 1.1, Phase 2
        if "." in surface and self._word_before(s, self.g.version_cues_decimal) and not self._unit_at(e, s):
            return True  # Training 2.0
        if self.g.ordinal_prefix_re and self.g.ordinal_prefix_re.search(norm, max(0, s - 3), s):
            return True  # 第3, 제3
        return False

    # a capitalised word inside a sentence, then the number: Ryzen 9, Xeon Platinum 8380, BR 104
    _MID_SENTENCE_NAME = re.compile(r"[^\s.!?:|•·][ \t\u00a0]+[A-Za-z]*[A-Z][A-Za-z]*[ \t\u00a0]\Z")
    # a model name (and its version) before a model size: LLaMA V3.1 70B, Llama 2 70B, 라마2 7B
    _MODEL_NAME_BEFORE = re.compile(
        rf"(?:[A-Za-z]*[A-Z][\w\-]*|[{_HANGUL}]+\d*)[ \t\u00a0](?:[vV]?\d+(?:\.\d+)*[ \t\u00a0])?\Z")
    _KOREAN_NAME_BEFORE = re.compile(rf"[{_HANGUL}A-Za-z][ \t\u00a0]\Z")

    def _name_digits(self, s: int, e: int, surface: str, unit: str, end: int) -> bool:
        """Digits that are part of a product or model name by their neighbours (CLAIMS.md:
        name parts are not claims): Ryzen 9 CPUs, 가우디3 칩, 가우디 3 프로세서, LLaMA V3.1 70B."""
        norm, names = self.norm, self.g.number_names
        if surface[-1:] in names["size_suffixes"] and not surface[-2:-1].isalpha():
            after = norm[e:e + 12].lstrip(" \t\u00a0").lower()
            if any(after.startswith(w) for w in names["parameter_words"]):
                return False  # 13B参数, 70B parameters: a parameter count
            if any(after.startswith(w) for w in names["model_words"]) \
                    or self._MODEL_NAME_BEFORE.search(norm, max(0, s - 30), s):
                return True
        if "." in surface or unit not in ("", "count"):
            return False
        unit_spaced = norm[e:end][:1].isspace()
        if s and _is_hangul(norm[s - 1]) and (not unit or unit_spaced):
            return True  # 가우디3 칩당, 라마2: digits glued to a Korean name
        if unit != "count" or not unit_spaced:
            return False
        if self._MID_SENTENCE_NAME.search(norm, max(0, s - 40), s) and not self._qual_before(s):
            return True  # Ryzen 9 CPUs, Xeon Platinum 8380 processors, Biren BR 104 GPU
        # 가우디 3 프로세서: Korean counts follow their noun (프로세서 8개), so a number
        # between a name and a device noun is the name's
        noun = norm[e:end].strip()
        return noun in names["korean_device_nouns"] and bool(self._KOREAN_NAME_BEFORE.search(norm, max(0, s - 2), s))

    def _drop_unit_glosses(self, qs: list[Quantity]) -> list[Quantity]:
        """Numbers in a parenthesis that defines the unit before it are no quantities:
        38 TOPS(초당 1조 번 연산), 10Gbps(초당 10기가비트), 42.5 엑사플롭스(EF·1초에 100경 번)."""
        if not any(c in self.norm for c in "(（"):
            return qs
        out: list[Quantity] = []
        gloss_end = -1
        for i, q in enumerate(qs):
            if q.start < gloss_end:
                continue
            if i and qs[i - 1].quantity in _GLOSSED_KINDS:
                gloss_end = self._gloss_after(qs[i - 1].end, q.start)
                if q.start < gloss_end:
                    continue
            out.append(q)
        return out

    def _gloss_after(self, unit_end: int, number_start: int) -> int:
        """The end of a unit-defining parenthesis opened at `unit_end`, or -1."""
        norm = self.norm
        if unit_end >= len(norm) or norm[unit_end] not in "(（":
            return -1
        opening = norm[unit_end + 1: unit_end + 1 + _GLOSS_OPENER_WITHIN + 12]
        if not any(opener in opening[:_GLOSS_OPENER_WITHIN + len(opener)] for opener in self.g.gloss_openers):
            return -1
        close = min((i for i in (norm.find(")", unit_end), norm.find("）", unit_end)) if i >= 0), default=-1)
        return close if close > number_start else -1

    _NAME_BEFORE = re.compile(r"(?<![\w\-])[A-Za-z]*[A-Z][A-Za-z]*[ \t\u00a0]\Z")

    def _after_name(self, s: int) -> bool:
        return bool(self._NAME_BEFORE.search(self.norm, max(0, s - 30), s))

    _DAY_COMMA_BEFORE = re.compile(r"(?<![\d.,])\d{1,2},?[ \t\u00a0]+\Z")
    _YEAR_TO_BEFORE = re.compile(r"(?<!\d)(?:1[89]|20)\d\d[ \t\u00a0]*(?:to|-|–|and|through|until|~|至|到)[ \t\u00a0]*\Z", re.I)

    def _is_year(self, s: int, e: int, surface: str, value: float) -> bool:
        if not (len(surface) == 4 and surface.isdigit() and 1900 <= value <= 2099):
            return False
        if self._unit_at(e, s):
            return False
        lo, hi = self.g.bare_years
        if lo <= value <= hi and (self._word_before(s, self.g.year_cues) or self._after_name(s)):
            return True  # since 2014 yield ..., Hot Chips 2025 machine learning: no count
        if self.g.count_re.match(self.norm, e):
            return False
        year = int(value)
        if not year & (year - 1):
            return False  # 2048 is a batch size, a power of two, not a year
        if lo <= year <= hi:
            return True  # 2019, the 2020 primary
        if self._word_before(s, self.g.year_cues):
            return True
        if self._DAY_COMMA_BEFORE.search(self.norm, max(0, s - 6), s) or self._YEAR_TO_BEFORE.search(self.norm, max(0, s - 14), s):
            return True  # Nov. 15, 2019 / from 2010 to 2015
        if self.lossy and self.norm.startswith("?", e):
            return True  # 2021? on a page whose letters were lost: 2021년 / 2021年
        return s > 0 and self.norm[s - 1] == "(" and self.norm.startswith(")", e)

    def _needs_unit(self, kind: str, surface: str) -> bool:
        """Spelled numerals that are also common words stand as numbers only before a unit."""
        if kind in ("kon", "kos"):
            return True
        if kind == "zh":
            t = numeral_tables()
            has_digit = any(c in t.cjk_digits for c in surface)
            has_unit = any(c in t.cjk_small or c in t.cjk_big for c in surface)
            return len(surface) < 2 or not (has_digit and has_unit) or surface.lower() in self.g.ambiguous_alone
        if kind == "en":
            return surface.lower() in self.g.ambiguous_alone
        return False

    def _negative_sign(self, s: int) -> int:
        """How many characters of a minus sign or word (负, minus, 마이너스) precede the number."""
        if s < 1:
            return 0
        if self.norm[s - 1] in "-−":
            if self._after_negative_word(s):  # minus-260
                return len(self.g.negative_re.search(self.norm, max(0, s - 9), s - 1).group()) + 1
            return 1 if s == 1 or self.norm[s - 2] in " \t\n(=:[（" else 0
        m = self.g.negative_re.search(self.norm, max(0, s - 8), s)
        return len(m.group()) if m else 0

    def _neighbour_pair(self, m) -> list[Quantity] | None:
        """七八千人民币, 三四个小时: two neighbouring digits are a range, 7000 to 8000 CNY."""
        surface, s, e = m.group(), m.start(), m.end()
        digits = numeral_tables().cjk_digits
        if len(surface) < 2 or surface[0] not in digits or surface[1] not in digits \
                or digits[surface[1]] != digits[surface[0]] + 1 or surface[2:3] in digits:
            return None
        high = parse_number(surface[1:])
        if not high or self._not_a_quantity("zh", s, e, surface):
            return None
        low = high * digits[surface[0]] / digits[surface[1]]
        read = self._read_unit("zh", s, e, high)
        if read is None or not read[0]:
            return None  # an idiom (三四十年代 has no unit here) is no range
        unit, _, end, _ = read
        flags = ["spelled", "range"]
        return [self._make(s, s + 1, low, unit, "range", list(flags)),
                self._make(s + 1, end, high, unit, "range", list(flags))]

    # -- ranges: 512~2560, 5-10, 5至10, 5 to 10 minutes --
    def _mark_ranges(self, qs: list[Quantity]) -> None:
        for a, b in zip(qs, qs[1:]):
            gap = self.norm[a.end:b.start]
            conn = gap.strip()
            if conn not in self.g.range_connectors or "range" in a.flags:
                continue
            symbolic = not conn.isalpha()
            if symbolic and len(gap) > 3:
                continue
            if not symbolic:
                # 'to' and 'and' make a range only when the unit is written once, at the end
                if a.unit:
                    continue
                if conn.lower() in ("and", "or") and not self._word_before(a.start, self.g.range_between):
                    continue
            if a.unit and b.unit and a.unit != b.unit:
                continue
            if a.value >= b.value:
                continue  # ranges ascend; 787-9 and a 3-2 score are not ranges
            self._share_magnitude(a, b)
            unit = b.unit or a.unit
            for q in (a, b):
                if q.unit != unit:
                    q.quantity, factor = unit_info(unit)
                    q.unit = unit
                    q.value_norm = round_sig(q.value * factor) if factor is not None else None
                    if "unit_missing" in q.flags and unit:
                        q.flags.remove("unit_missing")
                q.qualifier = "range"
                q.flags.append("range")

    def _share_magnitude(self, a: Quantity, b: Quantity) -> None:
        """The magnitude word closing a range applies to its first end too: 12-18万 is
        120000 to 180000, 3억9000~4억1000만 is 3.9e8 to 4.1e8 (not 300009000)."""
        head_a, head_b = _numeral_head(a.surface), _numeral_head(b.surface)
        magnitude = _trailing_magnitude(head_b)
        if not magnitude or not head_a or not head_a[-1].isdigit() or "spelled" in a.flags:
            return
        value = parse_number(head_a + magnitude)
        if value is None or not a.value < value < b.value:
            return
        a.value = round_sig(value)
        a.value_norm = None if a.value_norm is None else round_sig(value * unit_info(a.unit)[1])

    # -- lists: 價格分別為499、699、1499美元, "$2, $3 and 4 dollars" --
    def _share_list_units(self, qs: list[Quantity]) -> None:
        """Bare numbers listed before a quantity take its unit, from the right, so the
        whole list gets it: 499、699、1499美元 are three prices in USD."""
        for a, b in zip(reversed(qs[:-1]), reversed(qs[1:])):
            if a.unit or not b.unit or b.unit == "count" or "range" in a.flags:
                continue
            if self.norm[a.end:b.start].strip().lower() not in self.g.list_separators:
                continue
            if not a.value or not b.value or not 0.01 <= a.value / b.value <= 100:
                continue  # list numbering and years do not share a price's unit
            a.unit, (a.quantity, factor) = b.unit, unit_info(b.unit)
            a.value_norm = round_sig(a.value * factor) if factor is not None else None
            a.flags.append("unit_shared")


def _numeral_head(surface: str) -> str:
    """The numeral at the start of a quantity's surface (digits and magnitude characters).

    >>> _numeral_head("18万人民币"), _numeral_head("4억1000만원"), _numeral_head("12")
    ('18万', '4억1000만', '12')
    """
    t = numeral_tables()
    end = 0
    for i, ch in enumerate(surface):
        if ch.isdigit() or ch in ".," or ch in t.cjk_big or (ch in t.cjk_small and i):
            end = i + 1
        else:
            break
    return surface[:end]


def _trailing_magnitude(numeral: str) -> str:
    """The magnitude characters that close a numeral: '万' of 18万, '万亿' of 2万亿."""
    t = numeral_tables()
    i = len(numeral)
    while i and (numeral[i - 1] in t.cjk_big or numeral[i - 1] in t.cjk_small):
        i -= 1
    return numeral[i:] if i else ""
