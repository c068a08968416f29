"""Tables: a page's tables flattened to text, and what a cell's number is.

Decides which lines are the rows of a table (`table_rows`: cells between `|`, tabs,
columns aligned by spaces, a label with a fixed count of values, stacked cells), which
table a row belongs to (`tables.TableTracker`, read in page order), and what a cell's
number takes from its header, row label and caption (unit, metric, system). Imports
`text/`, `names/`, `quantities/`, `sentences/`.

Exports: `Table`, `TableTracker`, `is_table_row`.

Modules: `table_rows`, `tables`, `table_blocks`, `table_cells`, `table_headers`.
"""
from __future__ import annotations

from extractor.lazy_exports import lazy_getattr

_EXPORTS = {"Table": "tables", "TableTracker": "tables", "is_table_row": "tables"}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_getattr(__name__, _EXPORTS)
