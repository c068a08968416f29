"""Extraction stage: numbers with units (`quantities`), systems and workloads
(`entities`), and the claims that link them (`claims`)."""
from extractor.extract.claims import Claim, extract_claims
from extractor.extract.quantities import Quantity, find_quantities

__all__ = ["Claim", "Quantity", "extract_claims", "find_quantities"]
