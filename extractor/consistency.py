"""Consistency: group claims that speak of the same thing across pages and languages,
compare their values, and check them against a reference table of official results.

- `check_consistency(claims, reference, config) -> (groups, claims)`: `claims` is the
  claims table as `extractor.outputs.read_table` reads it; returns the consistency table
  (`GROUP_COLUMNS` of OUTPUTS.md, then `EXTRA_GROUP_COLUMNS`) and the claims table with
  recovered units (flag `unit_inferred`, column `unit_source`) and each claim's
  `group_id`.
- `load_reference(path=None)`: the reference table (see `extractor.reference`).

How, in order:

1. Context: each claim's `context` (suite, round, division, date, and the scale its
   sentence states; see `extractor.extract.context`). A table without a context column
   gets each page's from the sentences of its claims.
2. Unit recovery (`extractor.recovery.recover_units`): a value whose unit the page lost (a `?`-damaged page)
   takes the unit of an agreeing claim of another page about the same system and
   workload in a compatible context; on a lossy page, a value whose metric words were
   lost takes that claim's metric too (flag `metric_inferred`).
3. Grouping (`extractor.grouping.group_claims`): same canonical system, benchmark (BERT =
   BERT-Large) and metric, compatible context, and the same scale (for times,
   throughputs and relative claims), compared system (for relative values), counted
   thing (for counts), and kind (a factor of an absolute metric, "2x the memory", is
   not compared with "141 GB"); a claim for which one of these is unknown joins the one value its
   key knows, or forms its own group when there are several.
4. Verdicts (`extractor.grouping.verdict`): every value covers a tolerance interval
   (`tolerance_interval`: the stated precision, the qualifier, plus `rel_tolerance`);
   `agree` when all intervals of two or more pages share a point, `conflict` when two
   pages state values that cannot both hold, `within_page` when values differ but each
   difference is on one page, `single` for one page and one value.
5. Reference (`extractor.reference.check_reference`): the rows of the group's system
   (any claim name a row answers to), benchmark and stated scale; time-to-train groups
   against their times, relative groups (per cent improvement, speed-up) against the
   two rounds they imply, or the other system their sentence names, read both as time
   reduction and as speed-up.

Columns after the contract's in consistency.csv (docs/columns.md says more):
`reference_round` (the round that matched, or `v1.0->v1.1` for a relative claim),
`reference_division`, `reference_system` (as the reference spells it; `A vs B` for a
claim against another system), `reference_reading` (`time_reduction`, `speedup` or
both), `reference_note` (which division/round matched when the page did not say, the
unit assumed for a value that lost it, how far off a mismatch is, the scale matched or
the candidates' scales), `baseline` (the compared system of a relative group),
`counted` (what a group of counts counts).
"""
from __future__ import annotations

import logging
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, fields

import numpy as np
import pandas as pd

from extractor.extract.context import PageContext, page_context
from extractor.grouping import counted_thing, group_claims, group_id, verdict
from extractor.recovery import UnitRecovery, recover_units
from extractor.reference import (DEFAULT_REFERENCE, ReferenceCheck, ReferenceTableError,
                                 benchmark_key, canonical_benchmark, canonical_system,
                                 check_reference, load_reference, prepare_reference,
                                 reference_rows, system_key)

logger = logging.getLogger(__name__)

__all__ = ["GROUP_COLUMNS", "EXTRA_GROUP_COLUMNS", "CLAIM_EXTRA_COLUMNS", "DEFAULT_REFERENCE",
           "ConsistencyConfig", "Group", "ReferenceCheck", "UnitRecovery", "ReferenceTableError",
           "check_consistency", "check_reference", "group_claims", "load_reference",
           "half_unit", "recover_units", "tolerance_interval"]

GROUP_COLUMNS = ["group_id", "system", "workload", "metric", "context", "n_docs", "langs",
                 "values", "verdict", "reference_value", "reference_verdict", "doc_ids"]
#: what the reference check found, after the contract's columns
EXTRA_GROUP_COLUMNS = ["reference_round", "reference_division", "reference_system",
                       "reference_reading", "reference_note", "baseline", "counted"]
#: columns this stage adds to the claims table, after the contract's columns
CLAIM_EXTRA_COLUMNS = ["unit_source", "group_id"]


@dataclass
class ConsistencyConfig:
    """Options of the consistency stage."""

    #: relative tolerance added to the tolerance implied by the stated precision
    rel_tolerance: float = 0.005
    #: half-width of an `approx` value ("about 10", "약 10"), relative
    approx_tolerance: float = 0.05
    #: how far above its value an `at_least` value reaches ("just over 9": up to 9.9)
    at_least_span: float = 0.10
    #: give values whose unit was lost the unit of an agreeing claim of another page
    recover_units: bool = True
    #: metrics checked against the reference's times
    time_metrics: tuple[str, ...] = ("time_to_train",)
    #: metrics checked against two rounds of the reference (earlier vs later time)
    relative_metrics: tuple[str, ...] = ("improvement", "speedup")
    #: a page whose round may come from its date alone may speak of an earlier round:
    #: try earlier rounds when the page's own round does not fit
    try_earlier_rounds: bool = True
    #: divisions tried, in this order, when a claim's division is unknown
    divisions: tuple[str, ...] = ("closed", "open")
    #: units (seconds each) a time whose unit the page lost may be read in
    assumed_time_units: tuple[tuple[str, float], ...] = (("min", 60.0), ("h", 3600.0))
    #: metrics whose groups are split by the scale a page states (accelerators, nodes):
    #: a time on one node and on eight nodes are different results
    scale_metrics: tuple[str, ...] = ("time_to_train", "throughput", "improvement", "speedup",
                                      "latency")
    #: metrics whose values are relative by nature: a factor there is no other kind of
    #: value than the rest of its group (elsewhere "2x the memory" is not "141 GB")
    relative_value_metrics: tuple[str, ...] = ("improvement", "speedup", "perf_per_price",
                                               "perf_per_watt", "ratio")
    #: metrics whose groups are split by what is counted ("2 racks" vs "5U")
    counted_metrics: tuple[str, ...] = ("count",)
    #: on an unexpected error, log it and return no groups rather than fail the run
    #: (tests turn this off to see the error)
    fail_safe: bool = True


@dataclass
class Group:
    """One row of consistency.csv."""

    group_id: str
    system: str
    workload: str
    metric: str
    context: str
    n_docs: int
    langs: str
    values: str
    verdict: str
    reference_value: float | None
    reference_verdict: str
    doc_ids: str
    reference_round: str = ""
    reference_division: str = ""
    reference_system: str = ""
    reference_reading: str = ""
    reference_note: str = ""
    baseline: str = ""
    counted: str = ""

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# --- tolerance ----------------------------------------------------------------------

_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def half_unit(value: float, surface: str = "") -> float:
    """Half a unit in the last place the page stated `value` with.

    The digits come from the surface when it holds the number (`28.30 min` -> 0.005), or a
    number scaled by a magnitude word (`1,750억` -> half of 1e8); else from the value.

    >>> half_unit(28.3, "28.3分鐘"), half_unit(9, "just over 9 minutes"), half_unit(14.5, "")
    (0.05, 0.5, 0.05)
    >>> half_unit(175000000000.0, "1,750억")
    50000000.0
    """
    surface = surface if isinstance(surface, str) else ""
    for token in _NUMBER.findall(surface):
        try:
            n = float(token.replace(",", ""))
        except ValueError:
            continue
        decimals = len(token.split(".")[1]) if "." in token else 0
        half = 0.5 * 10.0 ** -decimals
        if math.isclose(n, value, rel_tol=1e-9):
            return half
        ratio = abs(value / n) if n else 0.0
        if ratio >= 10 and math.isfinite(ratio):  # a magnitude word scaled the number
            power = math.log10(ratio)
            if abs(power - round(power)) < 1e-9:
                return half * abs(value / n)
    text = f"{value:.12g}"
    if "e" in text:
        return abs(value) * 5e-13
    decimals = len(text.split(".")[1]) if "." in text else 0
    return 0.5 * 10.0 ** -decimals


def tolerance_interval(value: float, surface: str = "", qualifier: str = "exact",
                       config: ConsistencyConfig | None = None) -> tuple[float, float]:
    """The values a stated value covers: ±half a unit in the last stated place, widened by
    the qualifier (`approx` ±approx_tolerance, `at_least` up to +at_least_span, `at_most`
    anything below), plus rel_tolerance either side.

    >>> lo, hi = tolerance_interval(28.3, "28.3 min"); lo <= 28.335 <= hi
    True
    >>> lo, hi = tolerance_interval(9, "just over 9 minutes", "at_least"); lo <= 9.392 <= hi
    True
    >>> lo, hi = tolerance_interval(5.78, "5.78分鐘"); lo <= 5.879 <= hi
    False
    """
    config = config or ConsistencyConfig()
    half = half_unit(value, surface)
    size = abs(value)
    if qualifier == "approx":
        width = max(half, config.approx_tolerance * size)
        lo, hi = value - width, value + width
    elif qualifier == "at_least":
        lo, hi = value, max(value + config.at_least_span * size, value + half)
    elif qualifier == "at_most":
        lo, hi = (0.0 if value >= 0 else -math.inf), value + half
    else:
        lo, hi = value - half, value + half
    slack = config.rel_tolerance * size
    return lo - slack, hi + slack


# --- members ------------------------------------------------------------------------

def _finite(x) -> float | None:
    try:
        x = float(x)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


@dataclass(slots=True)  # one per claim: slots keep a million of them small
class Member:
    """A claim as the stage sees it."""

    row: int
    doc_id: str
    lang: str
    value: float
    unit: str
    quantity: str
    value_norm: float | None
    metric: str
    system: str
    workload: str
    qualifier: str
    surface: str
    sentence: str
    start: int
    confidence: float
    flags: list[str]
    context: PageContext
    system_key: str
    benchmark_key: str
    #: the compared system of a comparison (claims.csv `baseline`), as a key
    baseline: str = ""
    baseline_key: str = ""
    #: what a count counts ("ipu", "server"), '' for other values
    counted: str = ""
    lo: float = 0.0
    hi: float = 0.0
    #: the interval of the stated number alone, its qualifier ignored
    exact_lo: float = 0.0
    exact_hi: float = 0.0
    bucket: tuple = ()

    @property
    def scale(self) -> float | None:
        """Base units per stated unit (60 for min, 0.01 for %), when known."""
        if self.value_norm is None or not self.value or not self.unit:
            return None
        s = self.value_norm / self.value
        return s if s > 0 and math.isfinite(s) else None

    def interval(self, normalised: bool) -> tuple[float, float]:
        scale = self.scale if normalised else None
        if scale is None:
            return self.lo, self.hi
        return self.lo * scale, self.hi * scale

    def covers(self, x: float, normalised: bool) -> bool:
        lo, hi = self.interval(normalised)
        return lo <= x <= hi

    def label(self) -> str:
        from extractor.outputs import format_cell  # noqa: PLC0415 - one formatting rule
        return f"{format_cell(float(self.value))} {self.unit}".strip()


def _text(x) -> str:
    return x if isinstance(x, str) else ("" if x is None or (isinstance(x, float) and math.isnan(x)) else str(x))


def _flags(x) -> list[str]:
    return [f for f in _text(x).split(";") if f]


def _members(claims: pd.DataFrame, config: ConsistencyConfig) -> list[Member]:
    """The claims as members, with their contexts (from the claims' sentences when the
    table has no context column) and tolerance intervals; rows without a finite value
    are left out."""
    n = len(claims)

    def column(name):  # whole columns at once: far cheaper than rows as dicts
        if name not in claims.columns:
            return [None] * n
        values = claims[name]
        if values.dtype.kind in "fiub":
            return values.tolist()
        # one Python string per distinct value, shared by the members: a claims table
        # repeats its doc_ids, names, units, contexts and sentences row after row
        codes, uniques = pd.factorize(values, use_na_sentinel=False)
        return np.asarray(uniques, dtype=object)[codes].tolist()

    cols = {name: column(name) for name in (
        "doc_id", "lang", "value", "unit", "quantity", "value_norm", "metric", "system",
        "workload", "qualifier", "surface", "sentence", "start", "confidence", "flags",
        "context", "baseline")}
    fallback: dict[str, PageContext] = {}
    # a table written without contexts (an older run, another extractor) gets each page's
    # from its claims' sentences; an empty context the extractor wrote is its finding
    if "context" not in claims.columns:
        sentences: dict[str, dict[str, None]] = defaultdict(dict)
        for doc, sentence in zip(cols["doc_id"], cols["sentence"]):
            sentences[_text(doc)][_text(sentence)] = None
        for doc, texts in sentences.items():
            fallback[doc] = page_context("\n".join(texts))
    parsed: dict[str, PageContext] = {}
    # copies of a page repeat the same values, surfaces and names: each worked out once
    intervals: dict[tuple, tuple[float, float, float, float]] = {}
    counted: dict[tuple[str, str], str] = {}
    keys: dict[str, str] = {}
    bench_keys: dict[str, str] = {}
    members = []
    for i, (doc, lang, value, unit, quantity, value_norm, metric, system, workload, qualifier,
            surface, sentence, start, confidence, flags, context, baseline) in enumerate(
                zip(*cols.values())):
        value = _finite(value)
        if value is None:
            continue
        doc = _text(doc)
        ctx_text = _text(context)
        if ctx_text:
            ctx = parsed.get(ctx_text) or parsed.setdefault(ctx_text, PageContext.parse(ctx_text))
        else:
            ctx = fallback.get(doc, PageContext())
        confidence = _finite(confidence)
        system, workload, baseline = _text(system), _text(workload), _text(baseline)
        surface, qualifier = _text(surface), _text(qualifier) or "exact"
        if system not in keys:
            keys[system] = system_key(system)
        if baseline not in keys:
            keys[baseline] = system_key(baseline)
        if workload not in bench_keys:
            bench_keys[workload] = benchmark_key(workload)
        m = Member(
            row=i, doc_id=doc, lang=_text(lang), value=value,
            unit=_text(unit), quantity=_text(quantity),
            value_norm=_finite(value_norm), metric=_text(metric),
            system=system, workload=workload, qualifier=qualifier, surface=surface,
            sentence=_text(sentence), start=int(_finite(start) or 0),
            confidence=0.0 if confidence is None else confidence,
            flags=_flags(flags), context=ctx,
            system_key=keys[system], benchmark_key=bench_keys[workload],
            baseline=baseline, baseline_key=keys[baseline])
        if m.metric in config.counted_metrics or m.quantity == "count":
            said = (m.surface, m.sentence)
            if said not in counted:
                counted[said] = counted_thing(m.surface, m.sentence)
            m.counted = counted[said]
        stated = (value, surface, qualifier)
        if stated not in intervals:
            intervals[stated] = (tolerance_interval(value, surface, qualifier, config)
                                 + tolerance_interval(value, surface, "exact", config))
        m.lo, m.hi, m.exact_lo, m.exact_hi = intervals[stated]
        members.append(m)
    return members


# --- the stage ----------------------------------------------------------------------

def _most_common(values) -> str:
    counts = Counter(v for v in values if v)
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if counts else ""


def _empty_claims_frame(claims: pd.DataFrame) -> pd.DataFrame:
    out = claims.copy()
    for col in CLAIM_EXTRA_COLUMNS:
        if col not in out.columns:
            out[col] = pd.Series(dtype=str)
    return out


def check_consistency(claims: pd.DataFrame, reference: pd.DataFrame | None,
                      config: ConsistencyConfig | None = None
                      ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Group the claims, give verdicts, check against the reference (module docstring).

    Returns (groups, claims): groups with GROUP_COLUMNS + EXTRA_GROUP_COLUMNS, sorted by
    system, workload, metric and context; claims with recovered units and the columns
    `unit_source` and `group_id` added after the others. Re-running on its own output
    gives the same groups.
    """
    config = config or ConsistencyConfig()
    if not config.fail_safe:
        return _check_consistency(claims, reference, config)
    try:
        return _check_consistency(claims, reference, config)
    except Exception:  # runs once over the whole corpus: a bug here must not lose the run
        logger.exception("consistency check failed; no groups written")
        base = claims if isinstance(claims, pd.DataFrame) else pd.DataFrame()
        return pd.DataFrame(columns=GROUP_COLUMNS + EXTRA_GROUP_COLUMNS), \
            _empty_claims_frame(base)


def _check_consistency(claims: pd.DataFrame, reference: pd.DataFrame | None,
                       config: ConsistencyConfig) -> tuple[pd.DataFrame, pd.DataFrame]:
    columns = GROUP_COLUMNS + EXTRA_GROUP_COLUMNS
    if claims is None or not len(claims):
        return pd.DataFrame(columns=columns), _empty_claims_frame(
            claims if claims is not None else pd.DataFrame())
    ref = prepare_reference(reference)
    ref_rows = reference_rows(ref)
    members = _members(claims, config)
    recovered = recover_units(members, config) if config.recover_units else []
    buckets = group_claims(members, config)

    groups = []
    group_of_row: dict[int, str] = {}
    for bucket, items in buckets.items():
        items.sort(key=lambda m: (m.doc_id, m.row))
        sys_key, bench_key, metric, suite, rnd, division, scale, baseline, counted, _ = bucket
        ctx = PageContext(suite, rnd, division, "",
                          scale[1:] if scale.startswith("a") else "",
                          scale[1:] if scale.startswith("n") else "")
        gid = group_id(bucket)
        for m in items:
            group_of_row[m.row] = gid
        shown = list({(m.doc_id, m.value, m.unit, m.qualifier): m for m in items}.values())
        check = check_reference(items, ctx, sys_key, bench_key, metric, ref_rows, config)
        system = _most_common(canonical_system(m.system) for m in items)
        workload = canonical_benchmark(_most_common(m.workload for m in items))
        groups.append(Group(
            gid, system, workload, metric, ctx.as_string(), len({m.doc_id for m in items}),
            ";".join(sorted({m.lang for m in items if m.lang})),
            ";".join(m.label() for m in shown), verdict(items), check.value, check.verdict,
            ";".join(m.doc_id for m in shown), check.round, check.division, check.system,
            check.reading, check.note,
            _most_common(canonical_system(m.baseline) for m in items if m.baseline_key == baseline)
            if baseline else "", counted))
    table = pd.DataFrame([g.as_dict() for g in groups], columns=columns)
    if len(table):
        table = table.sort_values(["system", "workload", "metric", "context", "group_id"],
                                  kind="stable").reset_index(drop=True)
    return table, _updated_claims(claims, members, recovered, group_of_row)


def _updated_claims(claims: pd.DataFrame, members: list[Member],
                    recovered: list[UnitRecovery], group_of_row: dict[int, str]) -> pd.DataFrame:
    # a shallow copy: the columns replaced below are new, the others are shared (the
    # claims table is the largest thing a run holds)
    out = claims.reset_index(drop=True) if not isinstance(claims.index, pd.RangeIndex) \
        or claims.index.start != 0 or claims.index.step != 1 else claims.copy(deep=False)
    n = len(out)
    by_row = {m.row: m for m in members}
    changed = {"unit": "", "quantity": "", "value_norm": None, "metric": "", "flags": "",
               "unit_source": ""}
    columns = {c: (out[c].tolist() if c in out.columns else [default] * n)
               for c, default in changed.items()}
    columns["unit_source"] = [_text(x) for x in columns["unit_source"]]
    for rec in recovered:
        m = by_row[rec.row]
        columns["unit"][rec.row] = m.unit
        columns["quantity"][rec.row] = m.quantity
        columns["value_norm"][rec.row] = m.value_norm
        columns["metric"][rec.row] = m.metric
        columns["flags"][rec.row] = ";".join(dict.fromkeys(m.flags))
        if rec.unit:
            columns["unit_source"][rec.row] = rec.source_doc_id
    for c, values in columns.items():
        if c in out.columns or c == "unit_source":
            out[c] = pd.to_numeric(pd.Series(values, dtype="float64")) if c == "value_norm" \
                else values
    out["group_id"] = [group_of_row.get(i, "") for i in range(n)]
    return out
