"""The names that join claims to each other and to the reference table: canonical system
and benchmark names and the keys two names must share to be the same (case, spaces,
hyphens and underscores never matter: "Bow-Pod16" = "Bow Pod16"; BERT and BERT-Large
are one MLPerf benchmark). Canonical claim names come from `extractor.extract.names.names`, the
one name normaliser; a reference table's own spellings from `reference_names`.
"""
from __future__ import annotations

from functools import lru_cache

from extractor import lexicons
from extractor.extract.names.names import canonical_system as _entity_system
from extractor.extract.names.names import canonical_workload as _entity_workload
from extractor.extract.names.names import name_key as _name_key
from extractor.verdicts.reference_names import by_rule

__all__ = ["benchmark_key", "canonical_benchmark", "canonical_reference_system",
           "canonical_system", "name_key", "system_key"]


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
