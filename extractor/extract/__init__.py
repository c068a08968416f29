"""Extraction stage: numbers with units (`quantities`), systems and workloads
(`entities`), and the claims that link them (`claims`)."""
from extractor.extract.claims import Claim, ClaimConfig, extract_claims
from extractor.extract.entities import (Entity, canonical_system, canonical_workload,
                                        find_entities, vendor_of)
from extractor.extract.quantities import Quantity, find_quantities

__all__ = ["Claim", "ClaimConfig", "Entity", "Quantity", "canonical_system",
           "canonical_workload", "extract_claims", "find_entities", "find_quantities",
           "vendor_of"]
