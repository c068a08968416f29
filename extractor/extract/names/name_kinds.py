"""What kind of thing a system name names: a product, a part of one, or a family.

Linking gives a number to the product that performs. A part that goes into a product
(HBM3E, NVLink, the Neural Engine) yields its figures to the product named beside it or
inherited; a family or architecture name (Hopper, Blackwell) yields to a product of the
same sentence ("The H200 builds on the Hopper architecture, with 141GB"). The names are
data: `lexicons/name_kinds.json`.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons


@lru_cache(maxsize=None)
def _kind_regex(kind: str) -> re.Pattern:
    patterns = lexicons.load("name_kinds.json")[kind]
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


@lru_cache(maxsize=4096)
def is_part(canonical: str) -> bool:
    """A part that goes into a product (memory, a link, an on-chip engine).

    >>> is_part("HBM3E"), is_part("HBM3 Gen2"), is_part("LPDDR5x"), is_part("H200")
    (True, True, True, False)
    """
    return _kind_regex("parts").fullmatch((canonical or "").strip()) is not None


@lru_cache(maxsize=4096)
def is_family(canonical: str) -> bool:
    """An architecture or family name, less precise than a product of it.

    >>> is_family("Hopper"), is_family("Blackwell"), is_family("Blackwell Ultra"), is_family("B200")
    (True, True, False, False)
    """
    return _kind_regex("families").fullmatch((canonical or "").strip()) is not None
