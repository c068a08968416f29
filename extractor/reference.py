"""The reference table of official results, the names that join it to claims, and the
check of a group of claims against it.

- `load_reference(path=None)`: a table of official results; the shipped MLPerf Training
  results of every round (`extractor/data/mlperf_training_all.csv`, 2,211 rows) by
  default. Any table with the same columns (round, division, system_name, benchmark,
  time_to_train_minutes; accelerator and accelerator_count when it has them) may be given.
- `prepare_reference(table) -> DataFrame`: the table with canonical system and benchmark
  names and join keys added (`system`, `benchmark_name`, `system_key`, `benchmark_key`,
  `name_keys`: every claim name the row answers to, `accelerators`, `nodes`: its scale).
- `reference_rows(prepared) -> ReferenceIndex`: the rows indexed by claim name and
  benchmark, so that a group looks up its few candidate rows, not the whole table.
- `system_key(name)`, `benchmark_key(name)`: what two names must share to be the same
  system or benchmark. Case, spaces, hyphens and underscores never matter
  ("Bow-Pod16" = "Bow Pod16"); BERT and BERT-Large are one MLPerf benchmark.

- `check_reference(members, ctx, system_key, benchmark_key, metric, reference, config)
  -> ReferenceCheck`: match/mismatch/none for one group of claims. The candidate rows
  are those of the group's system (any claim name the row answers to: "DGX A100",
  "A100") and benchmark; of them, the rows of the scale the claims state (accelerator
  count, else nodes: `none` when the reference has no result of that scale), else all,
  with the candidates' scales in the note. Then a time-to-train against their times
  (`reference_check.check_time`), a relative claim against the two results it implies
  (`reference_relative.check_relative`).

Name knowledge is data: the names of the shipped table's systems are generated from it
(`extractor.reference_names`, `data/mlperf_training_all.names.json`);
`lexicons/reference_names.json` holds the rules for other tables' spellings, and
`reference_relative.json` the words that say a claim compares rounds. Canonical claim
names and the keys names are compared by come from `extractor.extract.names`, the one
name normaliser.
"""
from __future__ import annotations

import logging
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from extractor import lexicons
from extractor.extract.context import PageContext
from extractor.extract.names import canonical_system as _entity_system
from extractor.extract.names import canonical_workload as _entity_workload
from extractor.extract.names import name_key as _name_key
from extractor.reference_check import ReferenceCheck, check_time, system_hint
from extractor.reference_names import by_rule, names_for, nodes_of
from extractor.reference_relative import check_relative

if TYPE_CHECKING:  # the consistency stage's records, read here by their fields only
    from extractor.consistency import ConsistencyConfig
    from extractor.members import Member

logger = logging.getLogger(__name__)

DEFAULT_REFERENCE = "mlperf_training_all.csv"
#: columns a reference table must have
REFERENCE_COLUMNS = ["round", "division", "system_name", "benchmark", "time_to_train_minutes"]



class ReferenceTableError(ValueError):
    """A reference table that cannot be used (missing columns, unreadable)."""


def load_reference(path: str | Path | None = None) -> pd.DataFrame:
    """The reference table; the shipped MLPerf Training results of every round (v0.5 on)
    when `path` is None. Raises ReferenceTableError when the table lacks the needed columns."""
    if path is None:
        with resources.as_file(resources.files("extractor.data") / DEFAULT_REFERENCE) as p:
            table = pd.read_csv(p, dtype=str, keep_default_na=False)
    else:
        try:
            table = pd.read_csv(path, dtype=str, keep_default_na=False)
        except (OSError, ValueError) as exc:
            raise ReferenceTableError(f"cannot read reference table {path}: {exc}") from exc
    missing = [c for c in REFERENCE_COLUMNS if c not in table.columns]
    if missing:
        raise ReferenceTableError(f"reference table lacks columns: {', '.join(missing)}")
    table["time_to_train_minutes"] = pd.to_numeric(table["time_to_train_minutes"],
                                                   errors="coerce")
    return table


def name_key(name) -> str:
    """Case, spaces, hyphens and underscores removed: what spellings of a name share
    (`names.name_key`, the scorer's rule; kept here under its old name).

    >>> name_key("Bow-Pod16") == name_key("bow pod 16"), name_key(None)
    (True, '')
    """
    return _name_key(name)


@lru_cache(maxsize=None)
def _benchmarks() -> dict[str, str]:
    table = lexicons.load("reference_names.json").get("benchmarks", {})
    return {name_key(k): v for k, v in table.items()}


@lru_cache(maxsize=4096)
def canonical_reference_system(name: str) -> str:
    """The canonical name of a system as a reference table spells it.

    >>> canonical_reference_system("DGX A100 x1 (dgxa100_ngc21.05_pytorch)")
    'DGX A100'
    >>> canonical_reference_system("DGX A100 x8 (dgxa100_n8_ngc21.05_mxnet)")
    'DGX A100 x8'
    >>> canonical_reference_system("Bow-Pod16")
    'Bow Pod16'
    >>> name_key(canonical_reference_system("NVIDIA DGX A100 (8x A100-SXM4-80GB)"))
    'dgxa100'
    """
    return canonical_system(by_rule((name or "").strip()))


@lru_cache(maxsize=4096)
def canonical_system(name: str) -> str:
    """A claim's system name, canonical (entities.canonical_system when available)."""
    name = name if isinstance(name, str) else ""
    return (_entity_system(name) or name) if name else ""


@lru_cache(maxsize=4096)
def canonical_benchmark(name: str) -> str:
    """The MLPerf benchmark a workload name stands for, in canonical spelling.

    >>> canonical_benchmark("BERT"), canonical_benchmark("bert"), canonical_benchmark("resnet")
    ('BERT-Large', 'BERT-Large', 'ResNet-50')
    >>> canonical_benchmark("EfficientNet-B4")
    'EfficientNet-B4'
    """
    name = name if isinstance(name, str) else ""
    if name:
        name = _entity_workload(name) or name
    return _benchmarks().get(name_key(name), name.strip())


def system_key(name) -> str:
    """Join key of a claim's system name."""
    return _system_key(name if isinstance(name, str) else "")


def benchmark_key(name) -> str:
    """Join key of a workload or benchmark name (BERT = BERT-Large)."""
    return _benchmark_key(name if isinstance(name, str) else "")


@lru_cache(maxsize=65536)
def _system_key(name: str) -> str:
    return name_key(canonical_system(name))


@lru_cache(maxsize=65536)
def _benchmark_key(name: str) -> str:
    return name_key(canonical_benchmark(name))


def _count(x) -> int | None:
    try:
        n = int(float(x))
    except (TypeError, ValueError):
        return None
    return n if n > 0 else None


def prepare_reference(table: pd.DataFrame | None) -> pd.DataFrame:
    """The reference with canonical names, join keys and scale; rows without a usable
    time are dropped."""
    extra = ["system", "benchmark_name", "system_key", "benchmark_key", "name_keys",
             "accelerators", "nodes"]
    if table is None or not len(table):
        return pd.DataFrame(columns=REFERENCE_COLUMNS + ["accelerator", "accelerator_count"]
                            + extra)
    ref = table.copy()
    for col in ("accelerator", "accelerator_count"):
        if col not in ref.columns:
            ref[col] = ""
    for col in ("round", "division", "system_name", "benchmark", "accelerator"):
        ref[col] = ref[col].fillna("").astype(str).str.strip()
    ref["round"] = ref["round"].map(lambda r: r if not r or r.startswith("v") else f"v{r}")
    ref["division"] = ref["division"].str.lower()
    ref["time_to_train_minutes"] = pd.to_numeric(ref["time_to_train_minutes"], errors="coerce")
    ref = ref[ref["time_to_train_minutes"].notna() & (ref["time_to_train_minutes"] > 0)].copy()
    names = [names_for(s, a) for s, a in zip(ref["system_name"], ref["accelerator"])]
    ref["system"] = [n[0] if n else canonical_reference_system(s)
                     for n, s in zip(names, ref["system_name"])]
    ref["benchmark_name"] = ref["benchmark"].map(canonical_benchmark)
    ref["system_key"] = ref["system"].map(name_key)
    ref["benchmark_key"] = ref["benchmark_name"].map(name_key)
    ref["name_keys"] = [tuple(dict.fromkeys([k] + [name_key(x) for x in n]))
                        for k, n in zip(ref["system_key"], names)]
    # object columns: a missing count stays None, not a float NaN
    ref["accelerators"] = pd.Series([_count(x) for x in ref["accelerator_count"]],
                                    index=ref.index, dtype=object)
    ref["nodes"] = pd.Series([nodes_of(s, a) for s, a in zip(ref["system_name"],
                                                               ref["accelerators"])],
                             index=ref.index, dtype=object)
    return ref.reset_index(drop=True)


class ReferenceIndex:
    """The prepared rows as named tuples, indexed by (claim name key, benchmark key) and
    by benchmark: a group looks up its candidates instead of scanning 2,000 rows."""

    def __init__(self, reference: pd.DataFrame):
        self.rows = list(reference.itertuples(index=False))
        self.by_name: dict[tuple[str, str], list] = {}
        self.by_benchmark: dict[str, list] = {}
        for r in self.rows:
            for key in r.name_keys:
                self.by_name.setdefault((key, r.benchmark_key), []).append(r)
            self.by_benchmark.setdefault(r.benchmark_key, []).append(r)
        self.name_keys = {k for k, _ in self.by_name}

    def of(self, sys_key: str, bench_key: str) -> list:
        return self.by_name.get((sys_key, bench_key), [])

    def __iter__(self):
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


def reference_rows(reference: pd.DataFrame) -> ReferenceIndex:
    """The prepared reference, indexed (`ReferenceIndex`)."""
    return reference if isinstance(reference, ReferenceIndex) else ReferenceIndex(reference)

def check_reference(items: list[Member], ctx: PageContext, sys_key: str, bench_key: str,
                    metric: str, reference: pd.DataFrame | list,
                    config: ConsistencyConfig | None = None) -> ReferenceCheck:
    """The reference verdict of one group (`reference` as `prepare_reference` gives it).

    `none` when the metric is not one the reference records, or the reference has no row
    for the system and benchmark (and round); `match` when one row (or, for relative
    claims, one pair of rows in two rounds, read as time reduction or speed-up) fits
    every value; `mismatch` otherwise, with the closest reference value."""
    config = config or ConsistencyConfig()
    if ctx.suite and ctx.suite != "training":
        return ReferenceCheck(note=f"reference holds training results, not {ctx.suite}")
    is_time = metric in config.time_metrics
    if not (is_time or metric in config.relative_metrics) or not bench_key:
        return ReferenceCheck()
    if isinstance(reference, pd.DataFrame):
        reference = reference_rows(reference)
    if not sys_key:
        return ReferenceCheck(note=system_hint(items, ctx, reference, bench_key, config)
                              if is_time else "no system named")
    rows = reference.of(sys_key, bench_key)
    if not rows:
        return ReferenceCheck()
    rows, scale_note = _at_scale(rows, ctx)
    if not rows:
        return ReferenceCheck(note=scale_note)
    if is_time:
        # a per cent or a count the extractor called a time is not checked as one
        times = [m for m in items if not m.unit or m.quantity == "duration"]
        if not times:
            return ReferenceCheck(note="no value is a duration")
        check = check_time(times, ctx, rows, config)
    else:
        check = check_relative(items, ctx, rows, reference, config)
    if scale_note and check.verdict != "none":
        check.note = "; ".join(x for x in (check.note, scale_note) if x)
    return check


def _scale_label(r) -> str:
    parts = []
    if r.nodes:
        parts.append(f"{r.nodes} node{'s' if r.nodes != 1 else ''}")
    if r.accelerators:
        parts.append(f"{r.accelerators} accelerators")
    return ", ".join(parts) or "scale unknown"


def _at_scale(rows: list, ctx: PageContext) -> tuple[list, str]:
    """The rows of the scale the claims state (accelerator count, else nodes), and a note:
    which scale was stated and matched, or, when none was stated and the rows have
    several, which were candidates; no rows when the reference has no result of the
    stated scale."""
    accelerators, nodes = _int(ctx.accelerators), _int(ctx.nodes)
    if accelerators or nodes:
        stated = f"{accelerators} accelerators" if accelerators else f"{nodes} nodes"
        kept = [r for r in rows if (r.accelerators == accelerators if accelerators
                                    else r.nodes == nodes)]
        if not kept:
            have = sorted({_scale_label(r) for r in rows if _within(r, ctx)})
            return [], (f"reference has no result on {stated}"
                        + (f" (has {'; '.join(have[:6])})" if have else ""))
        return kept, f"scale {stated}"
    times: dict[int, list[float]] = {}
    for r in rows:
        if _within(r, ctx):
            times.setdefault(r.accelerators or 0, []).append(r.time_to_train_minutes)
    if len(times) < 2:
        return rows, ""

    def shown(n: int) -> str:
        lo, hi = min(times[n]), max(times[n])
        span = f"{lo:.4g} min" if lo == hi else f"{lo:.4g}-{hi:.4g} min"
        return f"{n or '?'}: {span}"

    scales = sorted(times)
    more = f" and {len(scales) - 8} more" if len(scales) > 8 else ""
    return rows, ("scale not stated; candidates by accelerators "
                  + ", ".join(shown(n) for n in scales[:8]) + more)


def _within(r, ctx: PageContext) -> bool:
    return (not ctx.round or r.round == ctx.round) and \
        (not ctx.division or r.division == ctx.division)


def _int(x) -> int | None:
    try:
        n = int(x)
    except (TypeError, ValueError):
        return None
    return n if n > 0 else None
