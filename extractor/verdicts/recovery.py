"""Unit recovery: a value whose unit the page lost (a `?`-damaged page) takes the unit
of an agreeing claim of another page about the same system and workload in a compatible
context; on a lossy page, a value whose metric words were lost takes that claim's metric
too (flag `metric_inferred`), unless another page states it in the very same sentence,
undamaged, with no specific metric (the copy's sentence kept its words).

- `recover_units(members, config) -> [UnitRecovery]`: members (`members.
  Member`s, read here by their fields) updated in place; what changed, for claims.csv's
  `unit_source` and flags.

Near-linear in the claims: sources are found by bisection on their value, and the
supporters of one question (copies of a page all ask the same) are gathered once.
"""
from __future__ import annotations

import bisect
import logging
import math
from collections import defaultdict
from dataclasses import asdict, dataclass
from functools import lru_cache

from extractor.extract.context.context import PageContext
from extractor.verdicts.config import ConsistencyConfig
from extractor.verdicts.keys import UNSPECIFIC_METRICS, possible_round
from extractor.verdicts.members import Member

logger = logging.getLogger(__name__)

__all__ = ["UnitRecovery", "recover_units"]


@dataclass
class UnitRecovery:
    """One value that took its unit (and/or metric) from a claim of another page."""

    row: int
    doc_id: str
    value: float
    #: the unit it took, '' when only the metric was recovered
    unit: str
    source_doc_id: str
    #: the metric it took, '' when it kept its own
    metric_inferred: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


@lru_cache(maxsize=65536)  # contexts are few and frozen; pairs recur for every claim
def _compatible(a: PageContext, b: PageContext) -> bool:
    """Contexts that may speak of the same result: no field known on both sides differs,
    and neither page is dated before the round the other names."""
    if not all(not x or not y or x == y for x, y in
               ((a.suite, b.suite), (a.round, b.round), (a.division, b.division))):
        return False
    return possible_round(a, b.round) and possible_round(b, a.round)


# --- unit recovery ------------------------------------------------------------------

def _same_value(a: Member, b: Member) -> bool:
    """The two pages state the same number (stated precision only: "up to 2.6" is not
    the same number as "1.6", though it covers it)."""
    return a.exact_lo <= b.exact_hi and b.exact_lo <= a.exact_hi


def _needs(m: Member) -> tuple[bool, bool]:
    """(needs a unit, needs a metric): what `recover_units` may give this member."""
    needs_unit = not m.unit
    needs_metric = m.metric in UNSPECIFIC_METRICS and "lossy_source" in m.flags
    if not (needs_unit or needs_metric) or "unit_inferred" in m.flags \
            or "metric_inferred" in m.flags or not (m.system_key or m.benchmark_key):
        return False, False
    return needs_unit, needs_metric


def _source_order(s: Member) -> tuple:
    """Which supporter gives its unit: the most confident, then by doc_id and row."""
    return (-s.confidence, s.doc_id, s.row)


class _Option:
    """The supporters of one option (unit, or metric) from one query, summed up so that
    leaving out the asking page's own claims costs nothing: the pages and each page's
    best confidence, and the best two supporters of different pages."""

    __slots__ = ("doc_conf", "top_docs", "best")

    def __init__(self, supporters: list[Member]):
        doc_conf: dict[str, float] = {}
        for s in supporters:
            if s.confidence > doc_conf.get(s.doc_id, -math.inf):
                doc_conf[s.doc_id] = s.confidence
        self.doc_conf = doc_conf
        # the two pages with the most confident supporters (ties do not matter: only
        # their confidence is read)
        self.top_docs = sorted(doc_conf.items(), key=lambda kv: -kv[1])[:2]
        ordered = sorted(supporters, key=_source_order)
        first = ordered[0]
        other = next((s for s in ordered if s.doc_id != first.doc_id), None)
        self.best = (first, other)

    def without(self, doc: str) -> tuple[int, float, Member] | None:
        """(pages, best confidence, best supporter) once the claims of `doc` are left
        out; None when none is left."""
        n = len(self.doc_conf) - (doc in self.doc_conf)
        if not n:
            return None
        conf = next(c for d, c in self.top_docs if d != doc)
        first, other = self.best
        return n, conf, (first if first.doc_id != doc else other)


class _ValueWindows:
    """Sources sorted by value, in classes of like half-width (a power of two), so that
    those whose stated interval may meet [lo, hi] are found by bisection within each
    class: one wide source does not widen the search for all the others."""

    def __init__(self, sources: list[Member]):
        classes: dict[int, list[Member]] = defaultdict(list)
        for s in sources:
            classes[math.frexp(max(s.value - s.exact_lo, s.exact_hi - s.value))[1]].append(s)
        self.classes = []
        for _, items in sorted(classes.items()):
            items.sort(key=lambda s: s.value)
            reach = max(max(s.value - s.exact_lo, s.exact_hi - s.value) for s in items)
            self.classes.append(([s.value for s in items], items, reach))

    def __bool__(self) -> bool:
        return bool(self.classes)

    def near(self, lo: float, hi: float) -> list[Member]:
        """A superset of the sources whose interval meets [lo, hi] (padded against
        rounding: the caller tests each)."""
        found: list[Member] = []
        for values, items, reach in self.classes:
            pad = reach + 1e-9 * max(abs(lo), abs(hi), reach)
            found += items[bisect.bisect_left(values, lo - pad):
                           bisect.bisect_right(values, hi + pad)]
        return found


def recover_units(members: list[Member], config: ConsistencyConfig) -> list[UnitRecovery]:
    """Give values whose unit the page lost the unit of an agreeing claim of another page:
    same system and workload, compatible context and metric, the same number. A claim of
    a lossy page (flag `lossy_source`) whose metric is unspecific likewise takes the
    metric of such a claim with its own unit (the words that said "improvement" were
    lost with the letters). When the other pages disagree, what more pages say wins; a
    tie recovers nothing. Members are updated in place; returns what changed.

    Near-linear: copies of a page ask the same question (value, metric, context) of the
    same sources, so the supporters of each question are gathered once and each asking
    page then only leaves its own claims out. A source whose metric this pass may still
    recover (a lossy claim with its unit) changes between questions: those are read
    afresh for each question, in the order of the members, as a plain scan would."""
    recovery = _Recovery(members)
    recovered = []
    for m in members:
        needs_unit, needs_metric = _needs(m)
        if not (needs_unit or needs_metric) or not needs_unit and recovery.read_whole_elsewhere(m):
            continue
        source = recovery.best_source(m, needs_unit)
        if source is not None:
            change = _take_from(m, source, needs_unit)
            if change is not None:
                recovered.append(change)
    logger.debug("recovered the unit or metric of %d values from other pages", len(recovered))
    return recovered


class _Recovery:
    """The sources of one pass, indexed by (system, benchmark) and value, and the answers
    to the questions asked of them so far."""

    _EMPTY = (_ValueWindows([]), _ValueWindows([]))

    def __init__(self, members: list[Member]):
        sources: dict[tuple[str, str], list[Member]] = defaultdict(list)
        for m in members:
            if m.unit and m.scale is not None and "unit_inferred" not in m.flags:
                sources[(m.system_key, m.benchmark_key)].append(m)
        # per key: the fixed sources and those this pass may change (their metric), each
        # as windows the sources stating a number are found in by bisection
        self.index = {key: (_ValueWindows([s for s in items if not any(_needs(s))]),
                            _ValueWindows([s for s in items if any(_needs(s))]))
                      for key, items in sources.items()}
        self.answers: dict[tuple, dict[tuple, _Option]] = {}
        self.whole, self.specific = _undamaged_readings(members)

    def read_whole_elsewhere(self, m: Member) -> bool:
        """Whether another page states m's number in m's very sentence, undamaged, and
        reads no specific metric there: m's sentence kept its words (the letters the page
        lost were elsewhere), so its metric is what the sentence says, not another
        statement's ("약 50% 높은 수준" of a price, on a page whose bytes were repaired,
        is not the 50% fall of a rental price on another page)."""
        docs = self.whole.get((m.sentence, m.value, m.unit), ())
        return any(d != m.doc_id and (d, m.value, m.unit, m.system_key, m.benchmark_key)
                   not in self.specific for d in docs)

    @staticmethod
    def candidates(m: Member, needs_unit: bool, windows: _ValueWindows) -> list[Member]:
        found = [s for s in windows.near(m.exact_lo, m.exact_hi) if _same_value(s, m)
                 and (s.metric == m.metric or m.metric in UNSPECIFIC_METRICS)
                 and _compatible(s.context, m.context)]
        if not needs_unit:
            found = [s for s in found if s.unit == m.unit and s.metric not in UNSPECIFIC_METRICS]
        return found

    @staticmethod
    def option_key(s: Member, needs_unit: bool) -> tuple:
        return (s.unit, s.quantity, round(s.scale, 12)) if needs_unit else (s.metric,)

    def fixed_options(self, m: Member, needs_unit: bool, fixed: _ValueWindows) -> dict:
        """The options the fixed sources give m's question, gathered once per question."""
        question = (m.system_key, m.benchmark_key, m.exact_lo, m.exact_hi, m.metric,
                    m.context, needs_unit, "" if needs_unit else m.unit)
        options = self.answers.get(question)
        if options is None:
            grouped: dict[tuple, list[Member]] = defaultdict(list)
            for s in self.candidates(m, needs_unit, fixed):
                grouped[self.option_key(s, needs_unit)].append(s)
            options = self.answers[question] = {k: _Option(v) for k, v in grouped.items()}
        return options

    def best_source(self, m: Member, needs_unit: bool) -> Member | None:
        """The source m takes its unit or metric from: the option most other pages
        support (then the most confident); None when there is none or a tie."""
        fixed, changing = self.index.get((m.system_key, m.benchmark_key), self._EMPTY)
        options = self.fixed_options(m, needs_unit, fixed)
        ranked_input: dict[tuple, tuple[int, float, Member]] = {}
        for k, option in options.items():
            summary = option.without(m.doc_id)
            if summary is not None:
                ranked_input[k] = summary
        if changing:  # read as they are now, with the fixed sources of their option
            self._add_changing(m, needs_unit, changing, options, ranked_input)
        if not ranked_input:
            return None
        ranked = sorted(ranked_input.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
        if len(ranked) > 1:
            (_, (n1, c1, _)), (_, (n2, c2, _)) = ranked[0], ranked[1]
            if n1 == n2 and c1 == c2:
                logger.debug("unit or metric of %s in %s is ambiguous", m.value, m.doc_id)
                return None
        return ranked[0][1][2]

    def _add_changing(self, m: Member, needs_unit: bool, changing: _ValueWindows,
                      options: dict, ranked_input: dict) -> None:
        extra: dict[tuple, list[Member]] = defaultdict(list)
        for s in self.candidates(m, needs_unit, changing):
            if s.doc_id != m.doc_id:
                extra[self.option_key(s, needs_unit)].append(s)
        for k, more in extra.items():
            fixed_docs = options[k].doc_conf if k in options else {}
            n, conf, best = ranked_input.get(k, (0, -math.inf, None))
            n += len({s.doc_id for s in more if s.doc_id not in fixed_docs
                      and s.doc_id != m.doc_id})
            conf = max(conf, max(s.confidence for s in more))
            top = min(more, key=_source_order)
            best = top if best is None or _source_order(top) < _source_order(best) else best
            ranked_input[k] = (n, conf, best)


def _undamaged_readings(members: list[Member]) -> tuple[dict[tuple, set[str]], set[tuple]]:
    """What undamaged pages read: (sentence, value, unit) -> the pages that state it there
    with no specific metric; and (page, value, unit, system, benchmark) of every specific
    reading (a page that reads the number of that system specifically elsewhere is no
    witness of an unspecific one: its specific reading is the one to take)."""
    whole: dict[tuple, set[str]] = defaultdict(set)
    specific: set[tuple] = set()
    for m in members:
        if "lossy_source" in m.flags:
            continue
        if m.metric not in UNSPECIFIC_METRICS:
            specific.add((m.doc_id, m.value, m.unit, m.system_key, m.benchmark_key))
        elif m.sentence:
            whole[(m.sentence, m.value, m.unit)].add(m.doc_id)
    return whole, specific


def _take_from(m: Member, source: Member, needs_unit: bool) -> UnitRecovery | None:
    """Give m the unit (when it needs one) and the specific metric of `source`."""
    unit = ""
    if needs_unit:
        unit = source.unit
        m.unit, m.quantity, m.value_norm = unit, source.quantity, m.value * source.scale
        m.flags.append("unit_inferred")
    inferred_metric = ""
    if m.metric in UNSPECIFIC_METRICS and source.metric not in UNSPECIFIC_METRICS:
        m.metric = inferred_metric = source.metric
        m.flags.append("metric_inferred")
    if unit or inferred_metric:
        return UnitRecovery(m.row, m.doc_id, m.value, unit, source.doc_id, inferred_metric)
    return None
