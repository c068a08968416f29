"""The claims table as the consistency stage reads it: only the columns it needs
(`NEEDED`), each text column as integer codes into its distinct values (int8, int16 or
int32, the smallest that holds them: a claims table repeats its doc_ids, names, units,
contexts and sentences row after row), each number as a float array (NaN: missing).

`ClaimColumns.from_csv(path)` streams a claims.csv the run wrote, CHUNK_ROWS rows at a
time, so a claim costs some 30 to 90 bytes here (and each distinct text once) instead of
a Python object per cell; the other columns stay on disk. `from_frame` takes a table in
memory; both read cells as the stage always did (`text`, `finite`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from extractor.table_files import finite, iter_table

if TYPE_CHECKING:
    from pathlib import Path

#: the columns of the claims table the stage reads, text and numbers
TEXT_COLUMNS = ("doc_id", "lang", "unit", "quantity", "metric", "system", "workload",
                "qualifier", "surface", "sentence", "flags", "context", "baseline")
NUMBER_COLUMNS = ("value", "value_norm", "start", "confidence")
NEEDED = TEXT_COLUMNS + NUMBER_COLUMNS
#: rows read from a CSV file at a time
CHUNK_ROWS = 10_000


def text(x) -> str:
    """A cell as text, '' when missing.

    >>> text(None), text(float("nan")), text("a"), text(2)
    ('', '', 'a', '2')
    """
    return x if isinstance(x, str) else ("" if x is None or (isinstance(x, float) and math.isnan(x)) else str(x))


class _Interned:
    """One text column as codes into its distinct values (as `text` reads them)."""

    def __init__(self):
        self.index: dict[str, int] = {}
        self.chunks: list[np.ndarray] = []

    def add(self, column: pd.Series | None, n: int) -> None:
        if column is None:  # a missing column reads as ''
            self.chunks.append(np.full(n, self.index.setdefault("", len(self.index)),
                                       dtype=np.int32))
            return
        codes, uniques = pd.factorize(column, use_na_sentinel=False)
        index = self.index
        mapping = np.fromiter((index.setdefault(text(u), len(index)) for u in uniques),
                              dtype=np.int32, count=len(uniques))
        self.chunks.append(mapping[codes] if len(codes) else np.empty(0, dtype=np.int32))

    def done(self) -> tuple[np.ndarray, list[str]]:
        """The codes, in the smallest integer type that holds them, and the values."""
        chunks, self.chunks = self.chunks, []  # let each chunk go as soon as it is copied
        dtype = np.min_scalar_type(-max(len(self.index), 1))
        codes = np.concatenate([c.astype(dtype) for c in chunks]) if chunks \
            else np.empty(0, dtype=dtype)
        return codes, list(self.index)


def _numbers(column: pd.Series | None, n: int) -> np.ndarray:
    """A column as floats, NaN where `finite` finds no number."""
    if column is None:
        return np.full(n, np.nan)
    if column.dtype.kind in "fiub":
        out = column.to_numpy(dtype=np.float64, na_value=np.nan)
    else:
        codes, uniques = pd.factorize(column, use_na_sentinel=False)
        values = np.array([np.nan if (x := finite(u)) is None else x for u in uniques],
                          dtype=np.float64)
        out = values[codes] if len(codes) else np.empty(0)
    out = out.copy()
    out[~np.isfinite(out)] = np.nan
    return out


@dataclass
class ClaimColumns:
    """The columns `NEEDED` of a claims table (module docstring)."""

    n_rows: int
    codes: dict[str, np.ndarray]
    values: dict[str, list[str]]
    numbers: dict[str, np.ndarray]
    #: the columns the table has
    present: frozenset

    @classmethod
    def from_chunks(cls, chunks) -> ClaimColumns:
        """From DataFrames holding consecutive rows of one table."""
        interned = {c: _Interned() for c in TEXT_COLUMNS}
        numbers: dict[str, list[np.ndarray]] = {c: [] for c in NUMBER_COLUMNS}
        n_rows, present = 0, frozenset()
        for chunk in chunks:
            n, present = len(chunk), frozenset(chunk.columns)
            for c, column in interned.items():
                column.add(chunk[c] if c in chunk.columns else None, n)
            for c, parts in numbers.items():
                parts.append(_numbers(chunk[c] if c in chunk.columns else None, n))
            n_rows += n
        codes, values, floats = {}, {}, {}
        for c, column in interned.items():
            codes[c], values[c] = column.done()
        for c in NUMBER_COLUMNS:
            parts = numbers.pop(c)
            floats[c] = np.concatenate(parts) if parts else np.empty(0)
            del parts
        return cls(n_rows, codes, values, floats, present)

    @classmethod
    def from_frame(cls, claims: pd.DataFrame) -> ClaimColumns:
        return cls.from_chunks([claims])

    @classmethod
    def from_csv(cls, path: Path) -> ClaimColumns:
        """From a claims table the run wrote (`extractor.table_files`), read CHUNK_ROWS at
        a time."""
        return cls.from_chunks(iter_table(path, columns=NEEDED, chunk_rows=CHUNK_ROWS))

    def texts(self, name: str, rows: np.ndarray) -> list[str]:
        values = self.values[name]
        return [values[i] for i in self.codes[name][rows].tolist()]

    def floats(self, name: str, rows: np.ndarray) -> list[float | None]:
        return [None if math.isnan(x) else x for x in self.numbers[name][rows].tolist()]

    def nbytes(self) -> int:
        """Memory of the codes and numbers (the distinct values are not counted)."""
        return sum(a.nbytes for a in self.codes.values()) + \
            sum(a.nbytes for a in self.numbers.values())
