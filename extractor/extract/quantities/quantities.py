"""The general quantity layer: every number with its unit in a piece of text.

`find_quantities(text, lang)` finds each number (`extractor.extract.numbers.numbers` reads its
value), the unit written after it (or a currency sign before it), the qualifier around it
(about, 약, 以上 ...), and returns them as `Quantity` records whose offsets index into
`text`, sorted by start. It does not catch its own errors (the pipeline does).

What is NOT a quantity is left out: digits inside names and codes (ResNet-50, A100, FP16,
IPU-POD16), versions (v1.1, SDK 1.4), identifiers (MLPerf ID 1.0-1025), dates, years and
times of day, URLs, e-mail addresses, file names and phone numbers, ordinals (1단계, 第三).

The layer is modules of one concern each: this one reads a number's value and makes the
`Quantity` (`quantity_types`); `quantity_units` reads its unit, currency and qualifiers;
`not_claims` decides what is no quantity (masks, names, years, unit glosses) and no claim;
`quantity_ranges` joins ranges and lists; `quantity_grammar` compiles the lexicons
(with the regex helpers of `regex_tools`).

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

import logging
import re
from operator import methodcaller

from extractor.extract.not_claims import NotAQuantity, Spans
from extractor.extract.not_claims.masks import holds_folded
from extractor.extract.not_claims.rules import BY_NAME, Candidate, Rejection, Rule, StageTests, first
from extractor.extract.numbers.numbers import lexicon_langs, numeral_tables, parse_number, round_sig, to_ascii_digits
from extractor.extract.quantities.quantity_grammar import Grammar, grammar, unit_info
from extractor.extract.quantities.quantity_ranges import RangePasses
from extractor.extract.numbers.quantity_types import DEFAULT_CONFIG, QUALIFIERS, QUANTITY_FIELDS, Quantity, QuantityConfig
from extractor.extract.quantities.quantity_units import UnitReader
from extractor.extract.text.regex_tools import SP, alt, with_first_char_guard

__all__ = ["QUANTITY_FIELDS", "QUALIFIERS", "Quantity", "QuantityConfig", "find_quantities", "grammar",
           "unit_info", "with_first_char_guard"]

log = logging.getLogger(__name__)



def find_quantities(text: str, lang: str = "und", config: QuantityConfig | None = None,
                    rejected: list[Rejection] | None = None) -> list[Quantity]:
    """Every quantity in `text`, sorted by start; `lang` is a BCP-47 tag ('und': all lexicons).
    With a list `rejected`, each numeral found to be no quantity is appended to it as a
    `not_claims.rules.Rejection` (the rule that dropped it).

    >>> [(q.value, q.unit, q.value_norm) for q in find_quantities("took 28.3 minutes", "en")]
    [(28.3, 'min', 1698.0)]
    >>> [(q.value, q.unit, q.qualifier) for q in find_quantities("최대 450GB의 메모리", "ko")]
    [(450.0, 'GB', 'at_most')]
    """
    if not isinstance(text, str) or not text:
        return []
    # no catch-all: a bug here must surface; pipeline.process_page turns it into an error row
    return _QuantityFinder(text, grammar(lexicon_langs(lang)), config or DEFAULT_CONFIG, rejected).run()


# Kinds of quantity no page states as a negative number.
_NEVER_NEGATIVE = frozenset({"data_size", "bandwidth", "compute", "power", "frequency",
                             "throughput", "count", "duration"})


_NO_VALUE, _MASKED, _INSIDE = BY_NAME["no_value"], BY_NAME["masked"], BY_NAME["inside_quantity"]
#: rules that find a label before the colon of a "ratio": the amount after it is read alone
_LABEL_RULES = (BY_NAME["label_colon"], BY_NAME["ratio_after_letter"])
_RATIO_SEPARATOR = re.compile(r"\s*[:比]\s*")
# the rules of each stage of the quantity layer (not_claims.rules), by kind of numeral
_NUMERAL, _VALUE, _UNIT, _UNIT_BARE = (StageTests("numeral"), StageTests("value"), StageTests("unit"),
                                       StageTests("unit", "bare"))
_MULTIPLIER, _RATIO = StageTests("multiplier"), StageTests("ratio")


def _start_then_longest(matches: list[re.Match]) -> list[re.Match]:
    """`matches` by start, the longest first among those that start together (else in
    their order): two stable sorts on a match's own methods, no key made in Python.

    >>> found = list(re.finditer("[0-9]", "a1 22")) + list(re.finditer("[0-9]+", "a1 22"))
    >>> [(m.group(), m.re.pattern) for m in _start_then_longest(found)]
    [('1', '[0-9]'), ('1', '[0-9]+'), ('22', '[0-9]+'), ('2', '[0-9]'), ('2', '[0-9]')]
    """
    matches.sort(key=_END, reverse=True)  # (a reversed sort keeps the order of equals)
    matches.sort(key=_START)
    return matches


_START, _END = methodcaller("start"), methodcaller("end")


class _QuantityFinder(UnitReader, NotAQuantity, RangePasses):
    """Reads every number of one text into quantities: the number's value here, its unit in
    `UnitReader`, what rules it out in `NotAQuantity`, ranges and lists in `RangePasses`."""

    def __init__(self, text: str, g: Grammar, cfg: QuantityConfig, rejected: list | None = None):
        self.text = text
        self.rejected = rejected
        self.norm = to_ascii_digits(text)
        self.g = g
        self.cfg = cfg
        self.masked = Spans(())
        self.words_before: dict[int, str | None] = {}  # (NotAQuantity._word_before)
        self.holds_tokens: bool | None = None  # (NotAQuantity._in_address_token)
        self.holds_rate_word: bool | None = None  # a rate word's head (초당, 每秒) anywhere (UnitReader._read_unit)
        self.holds_negative_word: bool | None = None  # (_negative_sign)
        self.lossy = "??" in self.norm
        self._scale = 1.0  # the value scale of the unit last read (三成 = 30 %)

    def run(self) -> list[Quantity]:
        g, norm = self.g, self.norm
        folded = norm.casefold()  # (for the gates of case-insensitive words: holds_folded)
        words = holds_folded(g.word_gate, folded, norm)  # an English number or multiplier word
        digits = list(g.number_res[0].finditer(norm))
        others: list[re.Match] = []
        for rx in g.word_number_res if words else g.ungated_word_res:
            others += rx.finditer(norm)
        if g.fraction_re is not None and g.fraction_gate(norm):
            others += g.fraction_re.finditer(norm)
        if words:
            others += g.multiplier_re.finditer(norm)
        if not digits and not others:
            return []
        # dates, times, ids and versions are written in digits: only digit candidates need them
        self.masked = self._masks(digits, folded)
        found: list[Quantity] = []
        last_end = -1
        tidy = True  # each found after the one before it ends (most texts): kept as found
        # (the matches of one pattern come in order, one at a position: most texts hold digits only)
        for m in _start_then_longest(digits + others) if others else digits:
            s, e = m.span()
            if s < last_end:  # inside a quantity already read (four 1U IPU-M2000s)
                if self.rejected is not None:
                    self._reject(_INSIDE, Candidate(m.lastgroup, s, e, m.group()))
                continue
            if m.re is g.multiplier_re:
                qs = [self._multiplier(m)]
            elif m.lastgroup in ("zh", "kos"):
                qs = self._neighbour_pair(s, e) or [self._candidate(m, s, e)]
            else:
                qs = [self._candidate(m, s, e)]
            for q in qs:
                if q is not None:
                    if q.start < last_end:
                        tidy = False  # out of order, or inside or over the one found before
                    found.append(q)
                    last_end = q.end
        if len(found) < 2:
            return found  # (no neighbours to join, no quantity before it to gloss)
        kept = self._drop_unit_glosses(found if tidy else self._outermost(found))
        self._mark_ranges(kept)
        self._share_list_units(kept)
        return kept

    def _outermost(self, found: list[Quantity]) -> list[Quantity]:
        """`found` by start, the longest first, without those inside one before them (a
        sign or currency read before a number may reach into the quantity before it)."""
        found.sort(key=lambda q: (q.start, -(q.end - q.start)))
        kept: list[Quantity] = []
        for q in found:
            if kept and q.start < kept[-1].end:
                self._reject_quantity("inside_quantity", q)
                continue
            kept.append(q)
        return kept

    # -- what is no quantity: the rules of not_claims.rules, recorded when asked --

    def _reject(self, rule: Rule, c: Candidate) -> None:
        """Drop candidate `c` by `rule`; recorded when the caller asked (`rejected`)."""
        if self.rejected is not None:
            detail = ""
            if rule is _MASKED:
                a, b = self.masked.covering(c.s)
                detail = self.text[a:b]
            self.rejected.append(Rejection(rule.name, c.s, c.e, self.text[c.s:c.e], detail))
        return None

    def _reject_quantity(self, name: str, q: Quantity) -> None:
        """Drop a quantity read (a pass over the sentence's quantities) by rule `name`."""
        if self.rejected is not None:
            self.rejected.append(Rejection(BY_NAME[name].name, q.start, q.end, q.surface))

    def _not_a_quantity(self, kind: str, s: int, e: int, surface: str) -> Rule | None:
        """The first rule of the `numeral` stage that rules a candidate out before its
        value is read (cheap tests)."""
        return first(_NUMERAL[kind], self, Candidate(kind, s, e, surface))

    # -- one candidate --

    def _multiplier(self, m) -> Quantity | None:
        s = m.start()
        value, unit = self.g.multipliers.get(m.group().lower(), (None, ""))
        if value is None:
            return None
        c = Candidate("multiplier", s, m.end(), m.group())
        c.unit = unit
        rule = first(_MULTIPLIER["multiplier"], self, c)
        if rule:  # 'redoubled', 기반으로; "$2 an hour": the denominator of a rate
            return self._reject(rule, c)
        return self._make(m.start(), m.end(), value, unit, self._qual_before(m.start()) or "exact", ["multiplier_word"])

    def _candidate(self, m, s: int, e: int) -> Quantity | None:
        """Read one candidate numeral, match `m` at s..e of `norm`: is it a quantity, its
        value, unit, qualifier."""
        kind = m.lastgroup
        kind = "arabic" if kind == "decimal" else kind  # .25, .08
        surface = self.norm[s:e]
        c = Candidate(kind, s, e, surface)
        for test, rule in _NUMERAL[kind, self.lacks]:  # (`first`, inline; not the rules `lacks` rules out)
            if test(self, c):
                if self.rejected is not None:  # (most numerals a pass drops, dropped here)
                    self._reject(rule, c)
                return None
        if kind == "ratio":
            return self._ratio(m)
        if kind == "fraction":
            return self._fraction(m)
        if kind == "slashfrac":
            return self._slash_fraction(m)
        if kind == "zh":
            spelled_prefix = self._prefix_unit_inside(s, e, surface)  # 百分之五十
            if spelled_prefix is not None:
                return spelled_prefix
        value = parse_number(surface)
        if value is None and kind == "cjkmix" and " " in surface:
            surface = surface.split(" ")[0]  # a run of groups that is not one numeral: keep the first
            e = s + len(surface)
            value = parse_number(surface)
            c.e, c.surface = e, surface
        if value is None:
            return self._reject(_NO_VALUE, c)
        c.value = value
        for test, rule in _VALUE[kind, self.lacks]:  # a year; 1단계, 3번째, 3号
            if test(self, c):
                return self._reject(rule, c)
        sign = self._negative_sign(s)
        if sign and kind != "zh":
            value, s = -value, s - sign
        self._scale = 1.0
        read = self._read_unit(kind, s, e, value)
        if type(read) is Rule:  # a decade, a day of the month
            return self._reject(read, c)
        unit, start, end, after_qual = read
        if sign and value < 0 and unit_info(unit)[0] in _NEVER_NEGATIVE:
            # memory, bandwidth, power ... cannot be negative: the "sign" was a word or damage
            value, s, start = -value, s + sign, max(start, s + sign)
        value *= self._scale
        if unit and value == int(value) and self.norm.startswith(self.g.half_after_unit, end):
            value, end = value + 0.5, end + 1  # 一噸半: one and a half tons
        c.s, c.unit, c.end = s, unit, end
        # Ryzen 9 CPUs; without a unit: 2000s, SQuAD 1.1, S&P 500, 780M核显
        for test, rule in (_UNIT if unit else _UNIT_BARE)[kind]:
            if test(self, c):
                return self._reject(rule, c)
        flags = [] if kind in ("arabic", "cjkmix") else ["spelled"]
        if not unit:
            if self.lossy and self.norm.startswith("?", e):
                flags.append("unit_missing")
        # a qualifier may precede the currency word or stand between it and the number
        qualifier = self._qual_before(start) or (self._qual_before(s) if start < s else "") \
            or after_qual or "exact"
        return self._make(start, end, value, unit, qualifier, flags)

    def _prefix_unit_inside(self, s: int, e: int, surface: str) -> Quantity | None:
        if not surface.startswith(self.g.long_prefixes):
            return None  # (one test for most numerals instead of a loop over every prefix)
        for prefix, unit in self.g.prefix_units.items():
            if len(prefix) > 1 and surface.startswith(prefix) and len(surface) > len(prefix):
                value = parse_number(surface[len(prefix):])
                if value is None:
                    return None
                return self._make(s, e, value, unit, self._qual_before(s) or "exact", ["spelled"])
        return None

    def _make(self, start, end, value, unit, qualifier, flags) -> Quantity:
        quantity, factor = unit_info(unit)
        value = round_sig(value)
        # (a factor of 1 keeps the value rounded: rounding a rounded value changes nothing)
        norm_value = None if factor is None else value if factor == 1 else round_sig(value * factor)
        return Quantity(self.text[start:end], start, end, value, unit, quantity, norm_value, qualifier, flags)

    def _fraction(self, m) -> Quantity | None:
        """3분의 1, 三分之一: numerator after the infix, denominator before it."""
        s, e = m.span()
        parts = re.split(rf"{SP}?(?:{alt(self.g.fraction_infixes, False)}){SP}?", m.group(), maxsplit=1)
        if len(parts) != 2:
            return None
        den, num = parse_number(parts[0]), parse_number(parts[1])
        if not den or num is None:
            return None
        return self._make(s, e, num / den, "ratio", self._qual_before(s) or "exact", [])

    def _slash_fraction(self, m) -> Quantity | None:
        """1/3, 1/4: a proper fraction (3/2 or 5/5 is a score or a count, not a share)."""
        s, e = m.span()
        num, _, den = m.group().partition("/")
        if int(num) >= int(den) or int(num) == 0:
            return self._reject(_NO_VALUE, Candidate("slashfrac", s, e, m.group()))
        return self._make(s, e, int(num) / int(den), "ratio", self._qual_before(s) or "exact", [])

    def _ratio(self, m) -> Quantity | None:
        s, e = m.span()
        c = Candidate("ratio", s, e, m.group())
        rule = first(_RATIO["ratio"], self, c)
        if rule in _LABEL_RULES:  # 华为384:384张, H100:80GB: the amount after the label is read alone
            self._reject(rule, c)
            amount = self.g.number_res[0].match(self.norm, s + _RATIO_SEPARATOR.search(m.group()).end())
            return self._candidate(amount, *amount.span()) if amount else None
        if rule:  # glued to a name; 10:30 is a time of day
            return self._reject(rule, c)
        a_str, _, b_str = re.split(r"\s*([:比])\s*", m.group(), maxsplit=1)
        a, b = parse_number(a_str), parse_number(b_str)
        if a is None or not b:
            return None
        return self._make(s, e, a / b, "ratio", self._qual_before(s) or "exact", [])

    def _negative_sign(self, s: int) -> int:
        """How many characters of a minus sign or word (负, minus, 마이너스) precede the number."""
        if s < 1:
            return 0
        if self.norm[s - 1] in "-−":
            if self._after_negative_word(s):  # minus-260
                return len(self.g.negative_re.search(self.norm, max(0, s - 9), s - 1).group()) + 1
            return 1 if s == 1 or self.norm[s - 2] in " \t\n(=:[（" else 0
        if self.holds_negative_word is None:  # (one search a text: most hold no such word)
            self.holds_negative_word = self.g.negative_word_re.search(self.norm) is not None
        if not self.holds_negative_word:
            return 0
        m = self.g.negative_re.search(self.norm, max(0, s - 8), s)
        return len(m.group()) if m else 0

    def _neighbour_pair(self, s: int, e: int) -> list[Quantity] | None:
        """七八千人民币, 三四个小时: two neighbouring digits are a range, 7000 to 8000 CNY
        (the Chinese numeral at s..e of `norm`)."""
        surface = self.norm[s:e]
        digits = numeral_tables().cjk_digits
        # (a slice past the end is "", no digit: no test of the length first)
        if surface[:1] not in digits or surface[1:2] not in digits \
                or digits[surface[1]] != digits[surface[0]] + 1 or surface[2:3] in digits:
            return None
        high = parse_number(surface[1:])
        if not high or self._not_a_quantity("zh", s, e, surface):
            return None
        low = high * digits[surface[0]] / digits[surface[1]]
        read = self._read_unit("zh", s, e, high)
        if type(read) is Rule or not read[0]:
            return None  # an idiom (三四十年代 has no unit here) is no range
        unit, _, end, _ = read
        flags = ["spelled", "range"]
        return [self._make(s, s + 1, low, unit, "range", list(flags)),
                self._make(s + 1, end, high, unit, "range", list(flags))]
