"""The rules that say "this number is no claim", as one ordered list.

`RULES` holds every rule in the order the extraction tries them. A rule has a `name`
(what `extractor explain` prints and tests name), a `stage` (the point of the pipeline
where its facts are known), the `kinds` of numeral it applies to, a `doc` (why such a
number is none) and a `test`. At each stage the code calls `first(stage, ...)`, which
tries that stage's rules in list order and returns the first that rejects the number.
The stages, in the order a number meets them:

- quantity stages, while `quantities.find_quantities` reads a sentence, a test is
  `test(finder, candidate)` (the finder's `norm`, `g`, `cfg`, `masked`, `lossy` and its
  `NotAQuantity` methods; the candidate's `kind`, `s`, `e`, `surface`, `value`, `unit`,
  `end`): `numeral` before its value is read, `value` once it is, `unit` once its unit
  is read, `bare` when it has none; `multiplier` and `ratio` for those forms; `sentence`
  passes over the sentence's quantities (a unit's gloss, a number inside a longer one);
- claim stages, while `claims.extract_claims` reads the quantities, a test is
  `test(facts)` (a `NumberFacts`): `claim` (names, patterns, counts below two ...),
  `claim_unit` (a bare number), `table` (a table row's numbers), `link` (once the system
  and workload are linked: a bare number or a business figure with no name beside it),
  `page` (a second claim of the same span).

A rule whose `test` is None is decided where its facts are (the header rows of a table,
the passes over a sentence's quantities, the table reader): its place in the list still
says when. A rule with a `gate` rejects no number of a text that lacks that fact of the
whole text (no mask span in it, no token's literal, no ordinal prefix or suffix): the
quantity finder leaves it out for such a text (`StageTests[kind, lacks]`), as most texts
lack them, and tries it in its place for the others. Rejections are recorded only when a
caller asks (`extract_claims(page, rejections=[...])`), as `Rejection` records: normal
runs pay nothing for them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple

from extractor.extract.not_claims import claims as _c
from extractor.extract.not_claims import gates
from extractor.extract.not_claims import quantity_rules as _q

#: kinds of numeral the quantity finder reads (its grammar's group names)
DIGITS = frozenset({"arabic", "cjkmix"})


@dataclass(frozen=True)
class Rule:
    name: str
    stage: str
    doc: str
    test: Callable | None = None
    #: kinds of numeral it applies to (quantity stages); None: every kind
    kinds: frozenset | None = None
    #: a fact of the whole text without which the test rejects no number of it (one of
    #: `GATES`); None: any text
    gate: str | None = None


class Rejection(NamedTuple):
    """A number dropped, where (offsets into the text the caller gave) and by which rule;
    `detail` is what the rule saw (the date a mask matched ...)."""
    rule: str
    start: int
    end: int
    surface: str
    detail: str = ""

    def shifted(self, offset: int) -> "Rejection":
        return self._replace(start=self.start + offset, end=self.end + offset)


class Candidate:
    """A numeral the quantity finder is reading: the facts its rules test."""
    __slots__ = ("kind", "s", "e", "surface", "value", "unit", "end")

    def __init__(self, kind: str, s: int, e: int, surface: str):
        self.kind, self.s, self.e, self.surface = kind, s, e, surface
        self.value, self.unit, self.end = None, "", e


class NumberFacts:
    """A quantity the claim stage is reading: the facts its rules test. Filled as the
    stage learns them (`unit`, `quantity`, `table`, `link` ...)."""
    __slots__ = ("sentence", "q", "lang", "name_spans", "lossy", "config", "spans_cache",
                 "table", "unit_loss", "window", "unit", "quantity", "link", "in_sentence", "memo")

    def __init__(self, sentence, q, lang, name_spans, lossy, config, spans_cache=None):
        self.sentence, self.q, self.lang, self.name_spans = sentence, q, lang, name_spans
        self.lossy, self.config = lossy, config
        self.spans_cache = [] if spans_cache is None else spans_cache
        #: the table of the sentence (a row), the page's unit-loss index (claims.LossIndex)
        #: and the characters around the number that a loss may have eaten its unit in
        self.table = self.unit_loss = None
        self.window = (0, 0)
        #: set for the `link` stage: the claim's unit and kind of quantity, its link, the
        #: sources that lie in its own sentence, the sentence's memo (claims._claim)
        self.unit, self.quantity = "", "unknown"
        self.link, self.in_sentence, self.memo = None, (), None


def _k(*kinds: str) -> frozenset:
    return frozenset(kinds)


#: the facts of a whole text that gate rules (`gates.GATES`: a mask span, a token's
#: literal, an ordinal prefix's or suffix's literal in it)
GATES = gates.GATES


RULES: tuple[Rule, ...] = (
    # -- quantity: a multiplier word (doubled, 翻倍, 반으로) --
    Rule("multiplier_inside_word", "multiplier",
         "a multiplier word read from inside a longer word: 'redoubled', 기반으로 (based on) "
         "is no 반으로 (by half)", _q.multiplier_inside_word),
    Rule("rate_denominator", "multiplier",
         "'an hour' after an amount is a rate's denominator: $2 an hour", _q.rate_denominator),
    # -- quantity: a numeral, before its value is read --
    Rule("lone_magnitude_word", "numeral",
         "a lone 조, 万, 兆 is a word (조건 condition, 每兆瓦 per megawatt)",
         _q.lone_magnitude_word, _k("kos", "zh")),
    Rule("lone_korean_syllable", "numeral",
         "a lone 이, 일, 사, 구 is a word far more often than a numeral",
         _q.lone_korean_syllable, _k("kos")),
    Rule("inside_english_word", "numeral", "a number word inside a word: 'one' in 'someone'",
         _q.inside_english_word, _k("en")),
    Rule("masked", "numeral",
         "inside a date, time, URL, markup, code, id, version, phone number, dimension, "
         "stock ticker (台積電(2330)), process node (5奈米, 4nm) or display mode (4K 60Hz)",
         _q.masked, gate="masks"),
    Rule("address_token", "numeral",
         "inside an e-mail address, file name, URL or query parameter "
         "(press2021@x.ai, 1638413962408997.png, id=145)", _q.address_token, gate="tokens"),
    Rule("in_name_or_code", "numeral",
         "digits of a name or code: A100, FP16, #3, ResNet-50, i7-1355U, 3-D",
         _q.in_name_or_code, DIGITS),
    Rule("version", "numeral",
         "a version after its cue word: version 1.5, SDK 1.4, MLPerf 1.1, Training 2.0",
         _q.version, DIGITS),
    Rule("demonstrative", "numeral", "a count in an aside after a demonstrative: 这两款",
         _q.demonstrative, _k("zh")),
    Rule("ordinal_prefix", "numeral", "an ordinal: 第3, 제3, 第三",
         _q.ordinal_prefix, _k("arabic", "cjkmix", "zh", "slashfrac"), gate="ordinal_prefix"),
    Rule("no_value", "numeral", "the characters read as no number", None),
    # -- quantity: a number with its value --
    Rule("year", "value", "a year: 2019, since 2014, Hot Chips 2025, Nov. 15, 2019",
         _q.year, DIGITS),
    Rule("ordinal_suffix", "value", "an ordinal or a step: 1단계, 3번째, 3号", _q.ordinal_suffix,
         gate="ordinal_suffix"),
    Rule("decade", "value", "a decade, not seconds: the 80s, the 1990s", None, _k("arabic")),
    Rule("day_of_month", "value", "a day of the month: 31일 밝혔다, 23日发布", None),
    # -- quantity: a number with its unit read --
    Rule("name_digits", "unit",
         "digits of a product or model name by their neighbours: Ryzen 9 CPUs, 가우디3 칩, "
         "LLaMA V3.1 70B", _q.name_digits, DIGITS),
    Rule("needs_unit", "bare",
         "a spelled numeral that is also a common word stands as a number only before a unit",
         _q.needs_unit),
    Rule("bare_not_emitted", "bare", "the quantity layer was asked for no bare numbers",
         _q.bare_not_emitted),
    Rule("glued_letters", "bare", "part of a word: 2000s, 3D, 5G, 1st", _q.glued_letters, DIGITS),
    Rule("version_after_name", "bare", "a version after a product name: SQuAD 1.1, DP 1.4",
         _q.version_after_name, _k("arabic")),
    Rule("bare_name_digits", "bare", "a whole number inside a name: S&P 500, Ryzen 7, 737 Max",
         _q.bare_name_digits, _k("arabic")),
    Rule("cjk_glued_name", "bare",
         "a magnitude letter glued to a number and to CJK text names a product: 780M核显",
         _q.cjk_glued_name, _k("arabic")),
    # -- quantity: a ratio (3:1, 3比1) --
    Rule("ratio_after_letter", "ratio", "a ratio glued to letters is part of a name",
         _q.ratio_after_letter),
    Rule("time_of_day", "ratio", "10:30 is a time of day, not a ratio", _q.time_of_day),
    Rule("label_colon", "ratio",
         "a colon before an amount with a unit ends a label: 华为384:384张 is no ratio",
         _q.label_colon),
    # -- quantity: passes over a sentence's quantities --
    Rule("inside_quantity", "sentence",
         "a numeral inside a quantity already read: the 1 of 'four 1U IPU-M2000s'", None),
    Rule("unit_gloss", "sentence",
         "a number in a parenthesis that defines the unit before it: 38 TOPS(초당 1조 번 연산)",
         None),
    # -- claim: a quantity of a sentence --
    Rule("table_header_row", "claim", "a number in a table's header row names a column", None),
    Rule("entity_name", "claim", "starts inside a name the entity stage found", _c.entity_name),
    Rule("count_below_two", "claim", "a count below two: one CPU, a single server",
         _c.count_below_two),
    Rule("period", "claim", "the time frame of a story: in the six months", _c.period),
    Rule("off_topic_count", "claim", "a count of people, companies or updates: 50 members, 12명",
         _c.off_topic_count),
    Rule("inside_korean_word", "claim", "a Korean numeral read from the middle of a word",
         _c.inside_korean_word_rule),
    Rule("glued_to_name", "claim",
         "digits glued to Latin letters or a hyphen after them (A100-80GB, CIFAR-100), or "
         "to letters lost to '?' (???2 for 가우디2)", _c.glued_to_name_rule),
    Rule("magnitude_lost", "claim", "an integer glued to lost letters, its magnitude maybe "
         "among them: 70?? for 70만", _c.magnitude_lost_rule),
    Rule("not_claim_pattern", "claim",
         "a not-a-claim pattern of claims_not.json: versions, IDs, dates, years, URLs, files",
         _c.not_claim_pattern),
    Rule("not_claim_pattern_unitless", "claim",
         "a not-a-claim pattern for numbers without a unit: list numbers, 2048 GPUs' ids",
         _c.not_claim_pattern_unitless),
    Rule("bare_number", "claim_unit",
         "no unit, and no lost letters or cue word beside it that stands for one, and no "
         "benchmark score (a table column's header may give it one)", _c.bare_number),
    # -- claim: a number of a table row (decided by the table reader, tables.Table) --
    Rule("table_row_name", "table", "a number of the row's name: 'LLaMA V3.1 70B | 64 |'",
         None),
    Rule("table_unit_missing", "table", "no unit, and the column's header gives none", None),
    # -- claim: once the system and workload are linked --
    Rule("bare_unnamed", "link",
         "a number without a unit whose own sentence names no system or workload", _c.bare_unnamed),
    Rule("no_subject", "link", "no system or workload (only with ClaimConfig.require_subject)",
         _c.no_subject),
    Rule("unnamed_business", "link",
         "a market or business figure without a product named beside it: the market grew 30%",
         _c.unnamed_business),
    Rule("unnamed_count", "link",
         "a count without its product in its sentence: 50 members (a parameter count stays)",
         _c.unnamed_count),
    # -- claim: the page's claims --
    Rule("duplicate_span", "page", "a second claim of the same characters", None),
    Rule("below_min_confidence", "page", "confidence below ClaimConfig.min_confidence", None),
)

BY_NAME: dict[str, Rule] = {r.name: r for r in RULES}
assert len(BY_NAME) == len(RULES), "rule names are unique"
assert {r.gate for r in RULES} <= {None, *GATES}, "gates are named in GATES"
STAGES: tuple[str, ...] = tuple(dict.fromkeys(r.stage for r in RULES))


_STAGE_TESTS: dict[tuple[str, str | None], tuple[tuple[Callable, Rule], ...]] = {}


def stage_rules(stage: str, kind: str | None = None) -> tuple[tuple[Callable, Rule], ...]:
    """The tested rules of `stage` that apply to numerals of `kind`, in list order, as
    (test, rule) pairs for `first` (built once per stage and kind: the quantity finder
    asks for each numeral).

    >>> [rule.name for _, rule in stage_rules("value", "arabic")]
    ['year', 'ordinal_suffix']
    """
    found = _STAGE_TESTS.get((stage, kind))
    if found is None:
        if stage not in STAGES:
            raise KeyError(f"no such stage: {stage}")
        found = _STAGE_TESTS[(stage, kind)] = tuple(
            (r.test, r) for r in RULES if r.stage == stage and r.test is not None
            and (kind is None or r.kinds is None or kind in r.kinds))
    return found


def first(tests: tuple[tuple[Callable, Rule], ...], *facts) -> Rule | None:
    """The first rule of `tests` (a `stage_rules` tuple) whose test rejects the facts."""
    for test, rule in tests:
        if test(*facts):
            return rule
    return None


class StageTests(dict):
    """`stage_rules` of some stages joined, by kind of numeral: `tests[kind]` is a plain
    dict look-up (the quantity finder asks once a numeral); `tests[kind, lacks]` leaves
    out the rules whose gate is in `lacks` (a frozenset of `GATES`: the facts a text
    lacks), which reject no number of such a text.

    >>> tests = StageTests("numeral")
    >>> [r.name for _, r in tests["arabic"]][:2], [r.name for _, r in tests["arabic", frozenset({"masks"})]][:2]
    (['masked', 'address_token'], ['address_token', 'in_name_or_code'])
    """

    def __init__(self, *stages: str):
        super().__init__()
        self.stages = stages

    def __missing__(self, key) -> tuple[tuple[Callable, Rule], ...]:
        kind, lacks = key if type(key) is tuple else (key, frozenset())
        tests = self[key] = tuple(pair for st in self.stages for pair in stage_rules(st, kind)
                                  if pair[1].gate not in lacks)
        return tests

