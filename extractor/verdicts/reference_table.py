"""The reference table of official results and its index.

- `load_reference(path=None)`: a table of official results; the shipped MLPerf Training
  results of every round (`extractor/data/mlperf_training_all.csv`) by default. Any
  table with the same columns (round, division, system_name, benchmark,
  time_to_train_minutes; accelerator and accelerator_count when it has them) may be given.
- `prepare_reference(table) -> DataFrame`: the table with canonical system and benchmark
  names and join keys added (`system`, `benchmark_name`, `system_key`, `benchmark_key`,
  `name_keys`: every claim name the row answers to, `accelerators`, `nodes`: its scale).
- `reference_rows(prepared) -> ReferenceIndex`: the rows indexed by claim name and
  benchmark, so that a group looks up its few candidate rows, not the whole table.
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

import pandas as pd

from extractor.verdicts.names import canonical_benchmark, canonical_reference_system, name_key
from extractor.verdicts.reference_names import names_for, nodes_of

__all__ = ["DEFAULT_REFERENCE", "REFERENCE_COLUMNS", "ReferenceIndex", "ReferenceTableError",
           "load_reference", "prepare_reference", "reference_rows"]

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

    def latest_round(self) -> str:
        """The newest round the table holds ('' for an empty table)."""
        if not hasattr(self, "_latest"):
            from extractor.extract.context.rounds import round_sort_key  # noqa: PLC0415
            rounds = {r.round for r in self.rows if r.round}
            self._latest = max(rounds, key=round_sort_key) if rounds else ""
        return self._latest

    def of(self, sys_key: str, bench_key: str) -> list:
        return self.by_name.get((sys_key, bench_key), [])

    def __iter__(self):
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


def reference_rows(reference: pd.DataFrame) -> ReferenceIndex:
    """The prepared reference, indexed (`ReferenceIndex`)."""
    return reference if isinstance(reference, ReferenceIndex) else ReferenceIndex(reference)
