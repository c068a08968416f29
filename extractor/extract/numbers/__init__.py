"""Numbers: what a number is, before anyone looks for one in a sentence.

Decides a numeral's value and the record a quantity is: `numbers` parses the numeral
half of a quantity in Korean, Chinese and English (`parse_number`, the numeral tables);
`quantity_types` holds the `Quantity` record and `QuantityConfig`, in their own module
so that the not-a-claim rules (`not_claims/`), which the quantity finder uses, can name
them without importing the finder; `scores` says whether a number without unit is a
benchmark score ("scored 2,900 in Geekbench 6"). Imports only `text/` (below
`not_claims/`, which reads it; the finder, `quantities/`, sits above both).

Exports: `parse_number`, `Quantity`, `QuantityConfig`, `score_of`.

Modules: `numbers`, `quantity_types`, `scores`, `number_words`, `numeral_tables`.
"""
from __future__ import annotations

from extractor.lazy_exports import lazy_getattr

_EXPORTS = {"parse_number": "numbers", "Quantity": "quantity_types",
            "QuantityConfig": "quantity_types", "score_of": "scores"}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_getattr(__name__, _EXPORTS)
