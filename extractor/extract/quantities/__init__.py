"""Quantities: every number of a sentence with its unit and qualifier.

Decides what a sentence's numbers are: `quantity_grammar` compiles one grammar per
language (numerals, units, magnitudes, the masks of what is no quantity),
`quantity_units` reads a unit after a number, `quantity_ranges` the two ends of a range,
and `quantities.find_quantities` runs them over a sentence, asking `not_claims/` for
the quantity layer's rules (names, versions, dates, tickers ... are no quantity; each
number dropped keeps its rule). Imports `text/`, `numbers/`, `not_claims/`.

Exports: `find_quantities`, `Quantity`, `QuantityConfig`, `grammar`, `unit_info`.

Modules: `quantity_grammar`, `quantity_units`, `quantity_ranges`, `quantities`.
"""
from __future__ import annotations

from extractor.lazy_exports import lazy_getattr

_EXPORTS = {"find_quantities": "quantities", "Quantity": "quantities",
            "QuantityConfig": "quantities", "grammar": "quantity_grammar",
            "unit_info": "quantity_grammar"}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_getattr(__name__, _EXPORTS)
