"""Consistency: group claims that speak of the same thing across pages and languages,
compare their values, and check them against a reference table of official results.

FIRST VERSION (issue 2); issue 6 deepens it. Contract:

- `check_consistency(claims, reference, config) -> (groups, claims)`: `claims` is the
  claims table (pandas, CLAIM_COLUMNS); it returns the consistency table
  (`GROUP_COLUMNS`, OUTPUTS.md) and the claims table, possibly with recovered units
  (flag `unit_inferred`).
- `load_reference(path=None)`: the reference table; the shipped MLPerf Training
  v1.0-v2.0 results by default.
"""
from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path

import pandas as pd

logger = logging.getLogger(__name__)

GROUP_COLUMNS = ["group_id", "system", "workload", "metric", "context", "n_docs", "langs",
                 "values", "verdict", "reference_value", "reference_verdict", "doc_ids"]

DEFAULT_REFERENCE = "mlperf_training_v1.0-v2.0.csv"


@dataclass
class ConsistencyConfig:
    """Options of the consistency stage."""

    #: relative tolerance added to the tolerance implied by the stated precision
    rel_tolerance: float = 0.005


@dataclass
class Group:
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

    def as_dict(self) -> dict:
        return asdict(self)


def load_reference(path: str | Path | None = None) -> pd.DataFrame:
    if path is None:
        with resources.as_file(resources.files("extractor.data") / DEFAULT_REFERENCE) as p:
            return pd.read_csv(p)
    return pd.read_csv(path)


def check_consistency(claims: pd.DataFrame, reference: pd.DataFrame,
                      config: ConsistencyConfig | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    groups = []
    if len(claims):
        keyed = claims[(claims["system"].fillna("") != "") | (claims["workload"].fillna("") != "")]
        for i, ((system, workload, metric), g) in enumerate(
                keyed.groupby(["system", "workload", "metric"], dropna=False, sort=True)):
            values = [f"{v:g} {u}".strip() for v, u in zip(g["value"], g["unit"].fillna(""))]
            verdict = "single" if g["doc_id"].nunique() < 2 else (
                "agree" if g["value"].nunique() == 1 else "conflict")
            groups.append(Group(f"g{i:04d}", system, workload, metric, "", g["doc_id"].nunique(),
                                ";".join(sorted(set(g["lang"]))), ";".join(values), verdict,
                                None, "none", ";".join(g["doc_id"])))
    return pd.DataFrame([g.as_dict() for g in groups], columns=GROUP_COLUMNS), claims
