"""Extraction stage: numbers with units (`quantities`), systems and workloads
(`entities`), and the claims that link them (`claims`).

The names below are imported on first use: a module that needs one small part of the
stage (the claim `context` record, the name normaliser) does not load all of it."""
from __future__ import annotations

import importlib

_EXPORTS = {"Claim": "claims", "ClaimConfig": "claims", "extract_claims": "claims",
            "Entity": "entities", "canonical_system": "entities",
            "canonical_workload": "entities", "find_entities": "entities",
            "vendor_of": "entities", "Quantity": "quantities", "find_quantities": "quantities"}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"extractor.extract.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
