"""The lexicons of a set of languages compiled into the regular expressions of the
quantity layer: units after a number, currency signs before it, counters, rates,
qualifiers, numeral shapes and the cues that make a number no quantity. Built once per
language set (`grammar`). The words are data: extractor/lexicons/{units,numbers,
qualifiers}_<lang>.json, units_canonical.json, claims_not.json.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons
from extractor.extract.numbers.numbers import numeral_tables
from extractor.extract.not_claims import build_masks
from extractor.extract.not_claims.masks import literal_keys, literal_trie
from extractor.extract.quantities.ending_words import EndingWords
from extractor.extract.text.regex_tools import (HANGUL, SP, alt, bucketed_alt, first_char_alternation,
                                                first_char_buckets, left_bounded, with_first_char_guard)

@lru_cache(maxsize=1024)
def unit_info(unit: str) -> tuple[str, float | None]:
    """(quantity kind, factor to base units) of a canonical unit (remembered: asked two or
    three times for every number, of the few units there are).

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


@dataclass(frozen=True)
class UnitSpec:
    unit: str
    attached: bool = False
    needs_context: tuple = ()
    needs_after: tuple = ()
    needs_later: tuple = ()  # one of these words follows within the clause (次…運算)
    context_window: int = 0  # characters searched for needs_context (0: the config's)
    scale: float = 1.0  # 三成 = 30 %


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
        self.masks = build_masks(numbers)
        nots = lexicons.load("claims_not.json")
        self.number_names = nots.get("number_names", {}) or {
            "model_words": [], "parameter_words": [], "size_suffixes": [], "korean_device_nouns": []}
        self.gloss_openers = tuple(nots.get("unit_gloss_openers", []))

    # units after a number, currency before it, counters, rates
    def _build_units(self, units: list[dict]) -> None:
        self._build_unit_aliases(units)
        self._build_prefixes(units)
        self._build_rates(units)
        self._build_currencies(units)
        self._build_counts(units)

    def _build_unit_aliases(self, units: list[dict]) -> None:
        """The units written after a number (aliases, rate items x suffixes) as `unit_re`."""
        self.unit_specs: dict[str, UnitSpec] = {}
        self.unit_specs_ci: dict[str, UnitSpec] = {}
        ci_alts, cs_alts = [], []

        def add(alias: str, entry, case_sensitive: bool):
            opts = entry if isinstance(entry, dict) else {"unit": entry}
            spec = UnitSpec(opts["unit"], bool(opts.get("attached")), tuple(opts.get("needs_context", ())),
                            tuple(opts.get("needs_after", ())), tuple(opts.get("needs_later", ())),
                            int(opts.get("context_window", 0)), float(opts.get("scale", 1.0)))
            look = ""
            if alias[-1].isascii() and alias[-1].isalnum():
                look += r"(?![A-Za-z0-9_])"
            if opts.get("not_before"):
                look += "(?!" + "|".join(re.escape(x) for x in opts["not_before"]) + ")"
            if opts.get("not_before_digit"):
                look += r"(?! ?\d)"  # 32x32, 2 x 4 are sizes; a tab or '|' after 1.6x ends a table cell
            body = re.escape(alias)
            if "/" in alias:  # 665.6 GB / s: a slash spaced on both sides
                body = body.replace("/", f"(?:/|{SP}/{SP})")
            if case_sensitive:
                self.unit_specs[alias] = spec
                cs_alts.append((len(alias), f"(?-i:{body}{look})", ""))
            else:
                self.unit_specs_ci[alias.lower()] = spec
                ci_alts.append((len(alias), body, look))

        self.rate_items: dict[str, str] = {}
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
        # longest first; of two the same length the case-sensitive one (Gb/s bits before gb/s)
        alts = sorted([(n, 1, p, look) for n, p, look in ci_alts] + [(n, 0, p, look) for n, p, look in cs_alts],
                      key=lambda a: (-a[0], a[1]))
        adjectives = [w for lex in units for w in lex.get("unit_adjectives", [])]
        adjective = rf"(?P<adj>(?:{alt(adjectives)}){SP})?" if adjectives else ""
        # an optional space (or hyphen: 28.3-minute, 10-fold) may stand between number and
        # unit, and an adjective (275 peak TFLOPS)
        # matched after every number: its ~750 aliases grouped by first character, so
        # that an attempt tries one group, not every alias (profiled: 5x faster so); the
        # boundary after neighbouring aliases written once (a third of its compile time)
        buckets = first_char_buckets([a[2] for a in alts], [a[3] for a in alts])
        self.unit_re = re.compile(rf"(?P<sp>{SP}?-?){adjective}(?P<u>{buckets or '(?!x)x'})", re.I)

    def _build_prefixes(self, units: list[dict]) -> None:
        """Currency signs and prefixes before a number ($, US$, 百分之), damaged ones read
        only before a magnitude (PS6m), and magnitude letters after money (£6m)."""
        self.prefix_units: dict[str, str] = {}
        self.scaled_prefixes: dict[str, str] = {}
        self.money_scales: dict[str, float] = {}
        for lex in units:
            self.prefix_units.update(lex.get("prefix", {}))
            self.scaled_prefixes.update(lex.get("prefix_scaled", {}))
            self.money_scales.update({k: float(v) for k, v in lex.get("money_scale_suffixes", {}).items()})
        self.scaled_prefix_ends = frozenset(p[-1] for p in self.scaled_prefixes)  # a cheap test first
        self.scaled_prefix_re = re.compile(
            rf"(?<![A-Za-z])(?:{alt(self.scaled_prefixes, False)})\Z") if self.scaled_prefixes else None
        self.money_scale_re = re.compile(
            rf"(?:{alt(self.money_scales, False)})(?![A-Za-z0-9])") if self.money_scales else None
        # (no left boundary: _unit_before reads where a Latin prefix starts)
        self.prefix_re = EndingWords(self.prefix_units, re.I, blanks="?", bounded=False)
        self.prefix_units.update({k.lower(): v for k, v in list(self.prefix_units.items())})
        #: the prefixes a spelled numeral may open with (百分之五十)
        self.long_prefixes = tuple(p for p in self.prefix_units if len(p) > 1)

    def _build_rates(self, units: list[dict]) -> None:
        """Rate words before a number (초당, 每秒), the items counted, times a second."""
        self.rate_prefixes: list[str] = [p for lex in units for p in lex.get("rate_prefix", [])]
        # a short verb may stand between the rate word and the number: 每秒可生成, 每秒能处理
        gap = max([int(lex.get("rate_prefix_verb_gap", 0)) for lex in units] + [0])
        verb = rf"[\u4e00-\u9fff]{{0,{gap}}}" if gap else ""
        self.rate_prefix_re = re.compile(with_first_char_guard(rf"(?:{alt(self.rate_prefixes, False)}){verb}{SP}?\Z"))
        # the first two characters of each rate word, for a cheap test before a regex search
        # (one search of all of them, not an `in` test each)
        self.rate_prefix_heads = re.compile(alt({p[:2] for p in self.rate_prefixes if p}, False))
        times = [w for lex in units for w in lex.get("rate_times_counters", [])]
        self.rate_times_re = re.compile(rf"{SP}?(?:{alt(times, False)})") if times else None
        self.rate_item_re = re.compile(
            rf"{SP}?(?:(?:개|個|个|張|张|장)의?{SP}?)?(?P<item>{alt(self.rate_items)})")

    def _build_currencies(self, units: list[dict]) -> None:
        """Currencies named before an amount, generic currency words, and the words that
        turn an amount into a price per item or a compute figure into one per watt."""
        # a currency name before the number overrides a generic currency word after it:
        # 新台幣約135元 is New Taiwan dollars though 元 alone reads as yuan
        self.currency_words: dict[str, str] = {}
        for lex in units:
            self.currency_words.update(lex.get("currency_words", {}))
        self.currency_word_re = re.compile(
            rf"(?P<cur>{alt(self.currency_words, False)})[^\d\s]{{0,3}}{SP}?\Z"
        ) if self.currency_words else None
        self.currency_any_re = re.compile(alt(self.currency_words, False)) if self.currency_words else None
        self.generic_currency = {w for lex in units for w in lex.get("generic_currency", [])}
        # 와트당 10 TOPS, 每瓦10 TOPS: a compute figure per watt is an efficiency
        per_watt = [w for lex in units for w in lex.get("per_watt_prefix", [])]
        self.per_watt_re = re.compile(rf"(?:{alt(per_watt, False)}){SP}?\Z") if per_watt else None
        # 9W/片: an amount in 万 per item is a price (units_zh.json per_item_price)
        per_item = [lex["per_item_price"] for lex in units if lex.get("per_item_price")]
        self.per_item_currency = per_item[0]["unit"] if per_item else ""
        self.per_item_re = re.compile(alt([a for p in per_item for a in p["after"]], False)) if per_item else None

    def _build_counts(self, units: list[dict]) -> None:
        """Counted nouns after a number (4 servers, eight DGX A100 chips) and device counts
        after a factor sign (8x H100 GPUs)."""
        count_nouns = [n for lex in units for n in lex.get("count_nouns", [])]
        gap_stopwords = [w for lex in units for w in lex.get("count_gap_stopwords", [])]
        self.count_plural_entity = any(bool(lex.get("count_plural_entity")) for lex in units)
        # up to two words may stand between a number and its counted noun: 'four 1U
        # IPU-M2000s', 'eight DGX A100 chips', '50 other members' (not 'of', 'the' ...)
        stop = "|".join(re.escape(w) for w in gap_stopwords) or "(?!x)x"
        # (a lower-case model code counts as a name: '8,960 v5p accelerators')
        token = rf"(?:[A-Z0-9][\w\-]{{0,30}}|[a-z]{{1,3}}\d[\w\-]{{0,20}}|(?!(?:{stop})\b)[a-z]{{1,20}}(?:-[a-z]{{1,20}})?)"
        # (matched after every number without a unit: the nouns grouped by first character)
        nouns = bucketed_alt(count_nouns, boundary=False)
        count = rf"[ \u00a0-](?:{token}{SP}){{0,2}}(?i:(?:{nouns})(?:s|es)?)(?![A-Za-z])"
        if self.count_plural_entity:
            count += rf"|{SP}(?:{token}{SP})?[A-Z][A-Za-z\-]{{0,20}}\d[\w\-]{{0,20}}s(?![A-Za-z])"
        self.count_re = re.compile(count)
        # 8x H100 GPUs, 8x NVIDIA A100 chips: only names between a factor and a device noun
        # ("4x faster CPU-to-GPU transfer" is a factor)
        name = r"[A-Z0-9][\w\-]{0,30}"
        self.device_count_re = re.compile(
            rf"[ \u00a0-](?:{name}{SP}){{0,2}}(?i:(?:{nouns})(?:s|es)?)(?![A-Za-z])")

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
        # searched before every number: one match of the words reversed at the window's
        # end (EndingWords; profiled: the costliest search per call of the layer), behind
        # a test of the window's last characters
        self.qual_before_re = EndingWords(self.qual_before, re.I)
        # one-character qualifiers after the number (100여 개, 100多个) must be attached
        multi = [t for t in self.qual_after if len(t) > 1]
        single = [t for t in self.qual_after if len(t) == 1]
        # (matched after every number: its words grouped by first character)
        after = rf"{SP}*(?:{bucketed_alt(multi)})" + (rf"|(?:{alt(single)})" if single else "")
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
        # one-letter magnitudes closing a number (5k, 20M): 5k-20k is a range, not a name
        self.scale_letters = frozenset(a for a in numeral_tables().en_abbrev if len(a) == 1)
        self.demonstratives = frozenset(x for lex in numbers for x in lex.get("demonstratives", []))
        self.latin_magnitudes = {k: float(v) for lex in numbers for k, v in lex.get("latin_magnitudes", {}).items()}
        before = [x for lex in numbers for x in lex.get("latin_magnitude_before", [])]
        self.latin_magnitude_re = re.compile(
            rf"(?P<m>{alt(self.latin_magnitudes, False)})(?=(?:{alt(before, False)}))"
        ) if self.latin_magnitudes and before else None
        power = [x for lex in numbers for x in lex.get("latin_magnitude_not_after", [])]
        self.latin_magnitude_power_re = re.compile(alt(power, False)) if power else None
        ranges = [lex["bare_year_range"] for lex in numbers if lex.get("bare_year_range")]
        self.bare_years = (min(r[0] for r in ranges), max(r[1] for r in ranges)) if ranges else (0, -1)
        self.ambiguous_alone = {str(x).lower() for lex in numbers for x in lex.get("ambiguous_alone", [])}
        prefixes = [x for lex in numbers for x in lex.get("ordinal_prefixes", [])]
        suffixes = [x for lex in numbers for x in lex.get("ordinal_suffix_words", [])]
        days = [x for lex in numbers for x in lex.get("day_of_month_suffixes", [])]
        self.day_of_month_re = re.compile(rf"{SP}?(?:{alt(days, False)})") if days else None
        self.ordinal_prefix_re = re.compile(rf"(?:{alt(prefixes, False)})\Z") if prefixes else None
        self.ordinal_suffix_re = re.compile(rf"{SP}?(?:{alt(suffixes, False)})") if suffixes else None
        self.half_after_unit = tuple(x for lex in numbers for x in lex.get("half_after_unit", [])) or ("\0",)
        self.multipliers: dict[str, tuple[float, str]] = {}
        for lex in numbers:
            for word, (value, unit) in lex.get("multiplier_words", {}).items():
                self.multipliers[word.lower()] = (float(value), unit)
        # left boundary of ASCII words is checked by the finder (keeps the search fast)
        self.multiplier_re = re.compile(first_char_alternation(list(self.multipliers), ci=True) + r"(?![A-Za-z])")
        negatives = [w for w in numeral_tables().negatives if w not in ("-", "−")]
        self.negative_re = re.compile(with_first_char_guard(
            rf"(?:{'|'.join(left_bounded(w) for w in negatives) or '(?!x)x'}){SP}?\Z"), re.I)
        #: any of the words anywhere (a gate before `negative_re`'s search at each number)
        self.negative_word_re = re.compile(alt(negatives, False), re.I)

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
        mag_guard = f"(?!{alt(mag_units, False)})" if mag_units else ""
        mag_cls = f"{mag_guard}[{mag}]"
        digit = (
            r"[\d.](?:(?<=\.)(?<![\w.,]\.)(?P<decimal>\d+(?![\d.,]))|(?<=\d)(?:"
            # a small fraction written with a slash: 成本节省1/3, 1/4 the power (one digit
            # over 2..10, nothing glued to either side: 24/7, 1/2/2024, Gen1/2 are none)
            r"(?P<slashfrac>(?<![A-Za-z0-9_.,:/\-]\d)/(?:10|[2-9])(?![A-Za-z0-9_/:%]|[.,]\d))|"
            # a colon spaced on one side only is a label ("ResNet-50: 0.48 minutes"), not 1:8
            # (each of the next two behind a lookahead on what must follow its digits, a
            # colon or 比, a magnitude character: most numbers have neither, and the
            # lookahead fails them before the backtracking through their digits)
            rf"(?P<ratio>(?=[\d.]*(?:{SP}?比|{SP}?:))(?<![\d.,:].)\d*(?:\.\d+)?(?:{SP}?比{SP}?|:|{SP}:{SP})\d+(?:\.\d+)?(?![\d:]|\.\d))"
            rf"|(?P<cjkmix>(?=[\d,.eE+\-]*[{mag}]){rest}{mag_cls}(?:{arabic}|[{cjk_digits}]|{mag_cls}|(?<=[{mag}]){SP}(?=[\d.,]+[{mag}])"
            rf"|(?<=[{big}]){SP}(?=\d))*)"
            rf"|(?P<arabic>{rest}(?:{SP}?(?i:{en_scales})(?![A-Za-z])|(?:{abbrev})(?![A-Za-z0-9]))?)))"
        )
        self.number_res = [re.compile(digit)] + self._word_numerals(langs, t)
        self.word_number_res = self.number_res[1:]
        # the English number words and the multiplier words start with e, f, o, s, t, a,
        # d, h ...: their patterns try most positions of English text, yet few texts hold
        # one; a trie of a piece of each, searched once in the case-folded text
        # (masks.holds_folded), tells the rest that they hold none (profiled: a tenth of
        # the layer). The Chinese and Korean numerals start with the numeral characters.
        self.ungated_word_res = [rx for rx in self.word_number_res if "en" not in rx.groupindex]
        self.word_gate = re.compile(literal_trie(literal_keys(
            list(self.multipliers) + list(t.en_units) + list(t.en_tens))) or "(?!x)x")
        self._build_fractions(langs, numbers)

    def _word_numerals(self, langs: tuple[str, ...], t) -> list[re.Pattern]:
        """The regexes of numerals written in words: Chinese (三千五百), Korean sino-Korean
        and native (삼천, 스무), English (twenty-five, one and a half)."""
        found: list[re.Pattern] = []
        if "zh" in langs:
            zh = lexicons.load("numbers_zh.json")
            zh_chars = re.escape("".join(list(zh.get("digits", {})) + list(zh.get("small_units", {}))
                                         + list(zh.get("big_units", {}))))
            zh_digits = re.escape("".join(zh.get("digits", {})))
            points = "".join(zh.get("point_words", []))
            neg = "".join(zh.get("negative_words", []))
            found.append(re.compile(
                rf"(?P<zh>[{neg}{zh_chars}](?:[{zh_chars}]|[{points}](?=[{zh_digits}]))*(?:分之[{neg}]?[{zh_chars}]+)?)"))
        if "ko" in langs:
            ko = lexicons.load("numbers_ko.json")
            tens, units = list(ko.get("native_tens", {})), list(ko.get("native_units", {}))
            sino = "".join(list(ko.get("digits", {})) + list(ko.get("small_units", {})) + list(ko.get("big_units", {})))
            sino_digits = "".join(ko.get("digits", {}))
            if tens or units:
                unit_alt = "|".join(sorted(units, key=len, reverse=True)) or "(?!x)x"
                found.append(re.compile(
                    rf"(?P<kon>{first_char_alternation(tens + units, guard=f'(?<![{HANGUL}].)')}"
                    rf"(?:(?<=[{''.join(w[-1] for w in tens)}]){SP}?(?:{unit_alt}))?)"))
            if sino:
                found.append(re.compile(
                    rf"(?P<kos>[{sino}](?<![{HANGUL}].)[{sino}]*(?:점[{sino_digits}]+)?(?:분의{SP}?[{sino}]+)?)"))
        words = list(t.en_units) + list(t.en_tens)
        if words:
            scale_words = sorted(words + list(t.en_scales), key=len, reverse=True)
            digit_words = "|".join(w for w in words if t.en_units.get(w, 99) < 10)
            found.append(re.compile(
                rf"(?P<en>{first_char_alternation(words, ci=True, guard='(?<![A-Za-z].)')}"
                rf"(?i:(?:(?:[ \-]+(?:and[ ]+)?)(?:{'|'.join(scale_words)}))*"
                rf"(?:[ ]+point(?:[ ]+(?:{digit_words}))+)?"
                rf"(?:[ ]+and[ ]+(?:a|one)[ ]+(?:{'|'.join(t.en_denominators) or '(?!x)x'}))?)(?![A-Za-z]))"))
        return found

    def _build_fractions(self, langs: tuple[str, ...], numbers: list[dict]) -> None:
        """`fraction_re`: fractions written denominator first: 3분의 1, 三分之一
        (numbers_<lang>.json fraction_infix)."""
        infixes, frac_digits = [], ""
        self.fraction_infixes = infixes
        self.fraction_re = None  # searched only in texts that hold an infix (speed)
        self.fraction_gate = None  # (the search for an infix)
        for lang, lex in zip(langs, numbers):
            if lex.get("fraction_infix"):
                infixes += lex["fraction_infix"]
                frac_digits += "".join(list(lex.get("digits", {})) + list(lex.get("small_units", {})))
        if infixes:
            self.fraction_gate = re.compile(alt(infixes, False)).search
            side = rf"(?:\d+(?:\.\d+)?|[{re.escape(frac_digits)}]+)" if frac_digits else r"\d+(?:\.\d+)?"
            self.fraction_re = re.compile(
                # 百分之二十 is a percentage, read by the 百分之 prefix
                rf"(?P<fraction>(?<![\d.])(?!百分之|백분의){side}{SP}?(?:{alt(infixes, False)}){SP}?{side})")


@lru_cache(maxsize=16)
def grammar(langs: tuple[str, ...]) -> Grammar:
    """The compiled grammar of a language set, built once."""
    return Grammar(langs)

