"""Consistency: group claims that speak of the same thing across pages and languages,
compare their values, and check them against a reference table of official results.

- `check_consistency(claims, reference, config) -> (groups, claims)`: `claims` is the
  claims table as `extractor.outputs.read_table` reads it; returns the consistency table
  (`GROUP_COLUMNS` of OUTPUTS.md, then `EXTRA_GROUP_COLUMNS`) and the claims table with
  recovered units (flag `unit_inferred`, column `unit_source`) and each claim's
  `group_id`.
- `check_claims_file(path, reference, config) -> (groups, ClaimUpdates)`: the same, for
  the claims table a run wrote, without holding it (what `extractor run` and `extractor
  check` use): only the columns the stage reads, as codes (`columns`); the
  claims come back as the changes to make to each row (`ClaimUpdates.apply`), made while
  the table is copied chunk by chunk (`extractor.outputs.RunWriter.finish_updated`).
- `load_reference(path=None)`: the reference table (see `reference_table`).

Memory: the stage holds the column store (about 90 bytes a claim, plus each distinct
text once), one partition's `Member`s at a time (the claims of one system and benchmark
key: unit recovery and grouping never look across two), the groups, and per claim an
int32 group and, for a value whose unit was recovered, its new cells.

How, in order:

1. Context: each claim's `context` (suite, round, division, date, and the scale its
   sentence states; see `extractor.extract.context.context`). A table without a context column
   gets each page's from the sentences of its claims.
2. Unit recovery (`recovery.recover_units`): a value whose unit the page lost (a `?`-damaged page)
   takes the unit of an agreeing claim of another page about the same system and
   workload in a compatible context; on a lossy page, a value whose metric words were
   lost takes that claim's metric too (flag `metric_inferred`).
3. Grouping (`grouping.group_claims`): by the claim's `keys.GroupKey`: canonical
   system, benchmark (BERT = BERT-Large) and metric, round, division, size (for times,
   throughputs and relative claims), compared system, counted thing, kind (a factor of
   an absolute metric, "2x the memory", is not compared with "141 GB"), number format,
   what a price is per, currency, and the part, scale, dimension, period, seller and
   variant the claim's context states; for the first of these a claim for which one is
   unknown joins the one value its key knows, the others never match a known value.
   Values of one key over `magnitude_gap` apart are split; a claim nothing can be
   compared with meets only restatements of its sentence.
4. Verdicts (`judgement.judge`): every value covers a tolerance interval
   (`tolerance_interval`: the stated precision, the qualifier, plus `rel_tolerance`);
   `agree` when every two values of two or more pages are consistent (their intervals
   share a point, or one lies at or below the other's best case: "up to 30x" is an
   upper bound), `conflict` when two pages state values that cannot both hold,
   `within_page` when values differ but each difference is on one page, or when the key
   lacks the workload (number format) and a page states several values under it
   (per-workload figures, not compared across pages), `single` for one page and one
   value; `verdict_note` says why. A value a damaged page states right after a lost
   letter, where its qualifier may have stood (`lost_qualifier`), is compared as
   approximate.
5. Reference (`reference.check_reference`): the rows of the group's system
   (any claim name a row answers to), benchmark, round and stated scale; time-to-train
   groups against their times (`reference_value` in minutes), relative groups (per cent
   improvement, speed-up) against the two rounds they imply, or the claim's baseline
   system, read both as time reduction and as speed-up; `none` says why.

Columns after the contract's in consistency.csv (docs/columns.md says more):
`reference_round` (the round that matched, or `v1.0->v1.1` for a relative claim),
`reference_division`, `reference_system` (as the reference spells it; `A vs B` for a
claim against another system), `reference_reading` (`time_reduction`, `speedup` or
both), `reference_note` (which division/round matched when the page did not say, the
unit assumed for a value that lost it, how far off a mismatch is, the scale matched or
the candidates' scales), `baseline` (the compared system of a relative group),
`counted` (what a group of counts counts), `shared`, `spread`, `furthest` (why the
values differ: `why.explain`), `verdict_note` (why the verdict: `judgement.judge`).

A bug here raises: the stage never turns an error into an empty table.
"""
from __future__ import annotations

import bisect
import logging
from collections import Counter
from dataclasses import dataclass, field, fields
from pathlib import Path

import numpy as np
import pandas as pd

from extractor.extract.context.context import PageContext
from extractor.verdicts.columns import ClaimColumns, text
from extractor.verdicts.config import ConsistencyConfig
from extractor.verdicts.grouping import group_claims
from extractor.verdicts.judgement import judge
from extractor.verdicts.keys import GroupKey
from extractor.verdicts.members import Member, MemberFactory, half_unit, tolerance_interval
from extractor.verdicts.names import canonical_benchmark, canonical_system
from extractor.verdicts.recovery import UnitRecovery, recover_units
from extractor.verdicts.reference import check_reference
from extractor.verdicts.reference_check import ReferenceCheck
from extractor.verdicts.why import explain
from extractor.verdicts.reference_table import (DEFAULT_REFERENCE, ReferenceTableError,
                                                load_reference, prepare_reference,
                                                reference_rows)

logger = logging.getLogger(__name__)

__all__ = ["GROUP_COLUMNS", "EXTRA_GROUP_COLUMNS", "CLAIM_EXTRA_COLUMNS", "DEFAULT_REFERENCE",
           "ClaimUpdates", "ConsistencyConfig", "Group", "ReferenceCheck", "UnitRecovery",
           "ReferenceTableError", "check_claims_file", "check_consistency", "check_reference",
           "group_claims", "load_reference", "half_unit", "recover_units", "tolerance_interval"]

GROUP_COLUMNS = ["group_id", "system", "workload", "metric", "context", "n_docs", "langs",
                 "values", "verdict", "reference_value", "reference_verdict", "doc_ids"]
#: what the reference check found, after the contract's columns
EXTRA_GROUP_COLUMNS = ["reference_round", "reference_division", "reference_system",
                       "reference_reading", "reference_note", "baseline", "counted",
                       "shared", "spread", "furthest", "verdict_note"]
#: columns this stage adds to the claims table, after the contract's columns
CLAIM_EXTRA_COLUMNS = ["unit_source", "group_id"]


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
    shared: str = ""
    spread: str = ""
    furthest: str = ""
    verdict_note: str = ""

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


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
    if claims is None or not len(claims):
        return _no_groups(), _empty_claims_frame(
            claims if claims is not None else pd.DataFrame())
    groups, updates = _check(ClaimColumns.from_frame(claims), reference,
                             config or ConsistencyConfig())
    return groups, updates.apply(claims)


def check_claims_file(path: Path, reference: pd.DataFrame | None,
                      config: ConsistencyConfig | None = None
                      ) -> tuple[pd.DataFrame, ClaimUpdates]:
    """`check_consistency` of the claims table written at `path`, without holding it:
    only the columns the stage reads are read, as codes (`columns.
    ClaimColumns`), and the claims come back as the changes to make to each row
    (`ClaimUpdates.apply`, chunk by chunk as the table is copied)."""
    return _check(ClaimColumns.from_csv(path), reference, config or ConsistencyConfig())


def _no_groups() -> pd.DataFrame:
    return pd.DataFrame(columns=GROUP_COLUMNS + EXTRA_GROUP_COLUMNS)


def _check(columns: ClaimColumns, reference: pd.DataFrame | None,
           config: ConsistencyConfig) -> tuple[pd.DataFrame, ClaimUpdates]:
    """The stage, one partition of claims of the same system and benchmark keys at a
    time (unit recovery and grouping never look across two): only one partition's
    members are held at once."""
    ref_rows = reference_rows(prepare_reference(reference))
    factory = MemberFactory(columns, config)
    updates = ClaimUpdates.none(columns.n_rows)
    groups = []
    for rows in factory.partitions():
        groups += _check_partition(factory.members(rows), ref_rows, config, updates)
    logger.info("recovered the unit or metric of %d values from other pages",
                len(updates.recovered))
    table = pd.DataFrame([g.as_dict() for g in groups],
                         columns=GROUP_COLUMNS + EXTRA_GROUP_COLUMNS)
    if len(table):
        table = table.sort_values(["system", "workload", "metric", "context", "group_id"],
                                  kind="stable").reset_index(drop=True)
    return table, updates


def _check_partition(members: list[Member], ref_rows, config: ConsistencyConfig,
                     updates: ClaimUpdates) -> list[Group]:
    """Recover units and group the members of one partition; their groups' rows, what
    changed recorded in `updates`. The members are let go on return."""
    recovered = recover_units(members, config) if config.recover_units else []
    updates.record_recovered(recovered, members)
    groups = []
    for key, items in group_claims(members, config).items():
        groups.append(_group(key, items, ref_rows, config))
        updates.record_group(groups[-1].group_id, items)
    return groups


def key_context(key: GroupKey) -> PageContext:
    """The context a group's key states, as `PageContext` (what the reference check
    and the `context` column read)."""
    size = key.size
    return PageContext(key.suite, key.round, key.division, "",
                       size[1:] if size.startswith("a") else "",
                       size[1:] if size.startswith("n") else "", key.precision,
                       key.sparsity, key.per, key.part, key.scale, key.variant, key.period,
                       key.seller)


def _group(key: GroupKey, items: list[Member], ref_rows, config: ConsistencyConfig) -> Group:
    """The consistency.csv row of one group of members."""
    items.sort(key=lambda m: (m.doc_id, m.row))
    ctx = key_context(key)
    shown = list({(m.doc_id, m.value, m.unit, m.qualifier): m for m in items}.values())
    check = check_reference(items, ctx, key.system, key.benchmark, key.metric, ref_rows,
                            config)
    system = _most_common(canonical_system(m.system) for m in items)
    workload = canonical_benchmark(_most_common(m.workload for m in items))
    why = explain(key, items)
    judged = judge(key, items, config)
    baseline = _most_common(canonical_system(m.baseline) for m in items
                            if m.baseline_key == key.baseline) if key.baseline else ""
    return Group(
        key.group_id(), system, workload, key.metric, ctx.as_string(),
        len({m.doc_id for m in items}), ";".join(sorted({m.lang for m in items if m.lang})),
        ";".join(m.label() for m in shown), judged.verdict, check.value, check.verdict,
        ";".join(m.doc_id for m in shown), check.round, check.division, check.system,
        check.reading, check.note, baseline, key.counted, why.shared, why.spread,
        why.furthest, judged.note)


#: the claims columns unit recovery changes, with their value when a table lacks them
_RECOVERED_COLUMNS = {"unit": "", "quantity": "", "value_norm": None, "metric": "",
                      "flags": "", "unit_source": ""}


@dataclass
class ClaimUpdates:
    """What the stage changes in the claims table, by row number: each row's group
    (an int32 per row) and the new cells of the rows whose unit or metric was recovered.
    `apply` makes the changes to any run of consecutive rows."""

    group_index: np.ndarray  # -1: in no group
    group_ids: list[str] = field(default_factory=list)
    #: row -> (unit, quantity, value_norm, metric, flags, unit_source or None)
    recovered: dict[int, tuple] = field(default_factory=dict)

    @classmethod
    def none(cls, n_rows: int) -> ClaimUpdates:
        return cls(np.full(n_rows, -1, dtype=np.int32))

    def record_group(self, gid: str, items: list[Member]) -> None:
        self.group_ids.append(gid)
        self.group_index[[m.row for m in items]] = len(self.group_ids) - 1

    def record_recovered(self, recovered: list[UnitRecovery], members: list[Member]) -> None:
        by_row = {m.row: m for m in members} if recovered else {}
        for rec in recovered:
            m = by_row[rec.row]
            self.recovered[rec.row] = (m.unit, m.quantity, m.value_norm, m.metric,
                                       ";".join(dict.fromkeys(m.flags)),
                                       rec.source_doc_id if rec.unit else None)

    def apply(self, claims: pd.DataFrame, first_row: int = 0) -> pd.DataFrame:
        """`claims` (rows first_row, first_row + 1, ... of the table) with the recovered
        units and the columns `unit_source` and `group_id` (after the others)."""
        if not len(claims):
            return _empty_claims_frame(claims)
        # a shallow copy: the columns replaced below are new, the others are shared
        out = claims.reset_index(drop=True) if not isinstance(claims.index, pd.RangeIndex) \
            or claims.index.start != 0 or claims.index.step != 1 else claims.copy(deep=False)
        n = len(out)
        columns = {c: (out[c].tolist() if c in out.columns else [default] * n)
                   for c, default in _RECOVERED_COLUMNS.items()}
        columns["unit_source"] = [text(x) for x in columns["unit_source"]]
        rows = sorted(self.recovered)  # few: the values a page lost
        for row in rows[bisect.bisect_left(rows, first_row):
                        bisect.bisect_left(rows, first_row + n)]:
            unit, quantity, value_norm, metric, flags, source = self.recovered[row]
            i = row - first_row
            columns["unit"][i], columns["quantity"][i] = unit, quantity
            columns["value_norm"][i], columns["metric"][i] = value_norm, metric
            columns["flags"][i] = flags
            if source is not None:
                columns["unit_source"][i] = source
        text_dtype = object if _object_text(claims) else None
        for c, values in columns.items():
            if c in out.columns or c == "unit_source":
                out[c] = pd.to_numeric(pd.Series(values, dtype="float64")) \
                    if c == "value_norm" else pd.Series(values, dtype=text_dtype)
        index = self.group_index[first_row:first_row + n].tolist()
        out["group_id"] = pd.Series([self.group_ids[g] if g >= 0 else "" for g in index],
                                    dtype=text_dtype)
        return out


def _object_text(claims: pd.DataFrame) -> bool:
    """Whether the table holds its text in object columns (as `outputs.iter_table` reads
    it, to keep the Arrow memory pool out of a large copy): new columns do the same."""
    return "doc_id" in claims.columns and claims["doc_id"].dtype == object
