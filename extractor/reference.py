"""The reference table of official results, and the names that join it to claims.

- `load_reference(path=None)`: a table of official results; the shipped MLPerf Training
  v1.0-v2.0 table by default. Any table with the same columns (round, division,
  system_name, benchmark, time_to_train_minutes, ...) may be given instead.
- `prepare_reference(table) -> DataFrame`: the table with canonical system and benchmark
  names and join keys added (`system`, `benchmark`, `system_key`, `benchmark_key`).
- `system_key(name)`, `benchmark_key(name)`: what two names must share to be the same
  system or benchmark. Case, spaces, hyphens and underscores never matter
  ("Bow-Pod16" = "Bow Pod16"); BERT and BERT-Large are one MLPerf benchmark.

Name knowledge is data: `extractor/lexicons/reference_names.json`. Canonical claim names
come from `extractor.extract.entities` (`canonical_system`, `canonical_workload`) when
that module provides them.
"""
from __future__ import annotations

import logging
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

import pandas as pd

from extractor.extract.context import load_lexicon
from extractor.outputs import OutputError

logger = logging.getLogger(__name__)

DEFAULT_REFERENCE = "mlperf_training_v1.0-v2.0.csv"
#: columns a reference table must have
REFERENCE_COLUMNS = ["round", "division", "system_name", "benchmark", "time_to_train_minutes"]

try:  # the claims engineer's canonical names, when they exist
    from extractor.extract.entities import canonical_system as _entity_system
except Exception:  # noqa: BLE001 - absent or broken: fall back on our own spelling rules
    _entity_system = None
try:
    from extractor.extract.entities import canonical_workload as _entity_workload
except Exception:  # noqa: BLE001
    _entity_workload = None


class ReferenceTableError(OutputError, ValueError):
    """A reference table that cannot be used (missing columns, unreadable).

    An OutputError too, so that the CLI, which turns OutputError into a one-line message
    and exit status 2, reports a bad `--reference FILE` the same way (until it catches
    this error by name)."""


def load_reference(path: str | Path | None = None) -> pd.DataFrame:
    """The reference table; the shipped MLPerf Training v1.0-v2.0 results when `path`
    is None. Raises ReferenceTableError when the table lacks the needed columns."""
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


_SEPARATORS = re.compile(r"[\s\-_]+")


def name_key(name) -> str:
    """Case, spaces, hyphens and underscores removed: what spellings of a name share.

    >>> name_key("Bow-Pod16") == name_key("bow pod 16"), name_key(None)
    (True, '')
    """
    if not isinstance(name, str):
        return ""
    return _SEPARATORS.sub("", name).casefold()


@lru_cache(maxsize=None)
def _system_rules() -> tuple[tuple[re.Pattern, str], ...]:
    rules = load_lexicon("reference_names.json").get("systems", [])
    return tuple((re.compile(r["pattern"], re.IGNORECASE), r["canonical"]) for r in rules)


@lru_cache(maxsize=None)
def _benchmarks() -> dict[str, str]:
    table = load_lexicon("reference_names.json").get("benchmarks", {})
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
    """
    name = (name or "").strip()
    for pattern, template in _system_rules():
        m = pattern.match(name)
        if m:
            return re.sub(r"\{(\d)\}", lambda g: m.group(int(g.group(1))) or "", template)
    return canonical_system(name)


@lru_cache(maxsize=4096)
def canonical_system(name: str) -> str:
    """A claim's system name, canonical (entities.canonical_system when available)."""
    name = name if isinstance(name, str) else ""
    if _entity_system is not None and name:
        try:
            return _entity_system(name) or name
        except Exception:  # noqa: BLE001 - someone else's function must not stop the stage
            logger.debug("canonical_system failed on %r", name, exc_info=True)
    return name.strip()


@lru_cache(maxsize=4096)
def canonical_benchmark(name: str) -> str:
    """The MLPerf benchmark a workload name stands for, in canonical spelling.

    >>> canonical_benchmark("BERT"), canonical_benchmark("bert"), canonical_benchmark("resnet")
    ('BERT-Large', 'BERT-Large', 'ResNet-50')
    >>> canonical_benchmark("EfficientNet-B4")
    'EfficientNet-B4'
    """
    name = name if isinstance(name, str) else ""
    if _entity_workload is not None and name:
        try:
            name = _entity_workload(name) or name
        except Exception:  # noqa: BLE001
            logger.debug("canonical_workload failed on %r", name, exc_info=True)
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


def prepare_reference(table: pd.DataFrame) -> pd.DataFrame:
    """The reference with canonical names and join keys; rows without a usable time are
    dropped."""
    if table is None or not len(table):
        return pd.DataFrame(columns=REFERENCE_COLUMNS + ["system", "benchmark_name",
                                                         "system_key", "benchmark_key"])
    ref = table.copy()
    for col in ("round", "division", "system_name", "benchmark"):
        ref[col] = ref[col].fillna("").astype(str).str.strip()
    ref["round"] = ref["round"].map(lambda r: r if not r or r.startswith("v") else f"v{r}")
    ref["division"] = ref["division"].str.lower()
    ref["time_to_train_minutes"] = pd.to_numeric(ref["time_to_train_minutes"], errors="coerce")
    ref = ref[ref["time_to_train_minutes"].notna() & (ref["time_to_train_minutes"] > 0)]
    ref["system"] = ref["system_name"].map(canonical_reference_system)
    ref["benchmark_name"] = ref["benchmark"].map(canonical_benchmark)
    ref["system_key"] = ref["system"].map(name_key)
    ref["benchmark_key"] = ref["benchmark_name"].map(name_key)
    return ref.reset_index(drop=True)
