"""The run's tables as files: CSV in the contract's conventions, read back whole or in
chunks, copied chunk by chunk through a change, and converted to Parquet.

CSV conventions (OUTPUTS.md): UTF-8, a header row, booleans `true`/`false`, empty
cells for missing values, numbers without trailing zeros.

Spreadsheet safety (OWASP "CSV injection"): a text cell that begins with `=`, `+`, `-`,
`@`, a tab or a carriage return is written with a leading `'`, so a spreadsheet shows it
as text instead of running it as a formula (`=HYPERLINK(...)` -> `'=HYPERLINK(...)`).
Plain numbers (`-20`, `+1.5`, `-1,750`, `-20%`) are left alone, and so is every numeric
column. To keep this reversible a cell that already begins with `'` before such a
character gets one more `'`. `read_table` and the Parquet tables take the `'` off
again: Parquet keeps the raw values.

Memory: `iter_table`, `write_updated_table` and `csv_to_parquet` hold a bounded part of
a table at a time, whatever its size (the claims table of a large run).
"""
from __future__ import annotations

import csv
import logging
import math
import os
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

logger = logging.getLogger(__name__)

# Arrow types of the columns that are not text; every other column is a string.
COLUMN_TYPES = {
    "bytes": pa.int64(), "n_sentences": pa.int64(), "n_claims": pa.int64(),
    "start": pa.int64(), "end": pa.int64(), "n_docs": pa.int64(),
    "lang_confidence": pa.float64(), "lossy_ratio": pa.float64(), "value": pa.float64(),
    "value_norm": pa.float64(), "confidence": pa.float64(), "reference_value": pa.float64(),
    "lossy": pa.bool_(),
}
NUMERIC_COLUMNS = [c for c, t in COLUMN_TYPES.items() if t != pa.bool_()]


# A cell a spreadsheet would run as a formula, and the plain numbers it would not.
_FORMULA_START = re.compile("'*[=+\\-@\t\r]")
_PLAIN_NUMBER = re.compile(r"[+-]?(?=[.\d])\d[\d,]*(?:\.\d*)?(?:[eE][+-]?\d+)?%?|[+-]?\.\d+%?")
_FORMULA_FIRST = frozenset("'=+-@\t\r")  # the characters _FORMULA_START can open with
_NEUTRALISED = "^'('*[=+\\-@\t\r])"  # the leading ' added below, for RE2 and re alike


def neutralise(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula (see the module's doc).

    >>> [neutralise(t) for t in ("=1+1", "-20", "-20%", "- item", "@SUM(A1)", "'=x", "ok")]
    ["'=1+1", '-20', '-20%', "'- item", "'@SUM(A1)", "''=x", 'ok']
    """
    if _FORMULA_START.match(text) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def unneutralise(text: str) -> str:
    """The raw value of a cell written by `neutralise`.

    >>> [unneutralise(neutralise(t)) for t in ("=1+1", "-20", "''=x", "'ok")]
    ['=1+1', '-20', "''=x", "'ok"]
    """
    return re.sub(_NEUTRALISED, r"\1", text, count=1)


def finite(x) -> float | None:
    """A finite float, or None.

    >>> finite("5.5"), finite(None), finite(float("nan")), finite("x")
    (5.5, None, None, None)
    """
    try:
        x = float(x)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


def format_cell(value) -> str:
    """One CSV cell.

    >>> [format_cell(v) for v in (28.3, 300000.0, 0.125, True, None, float("nan"), "a")]
    ['28.3', '300000', '0.125', 'true', '', '', 'a']
    """
    if type(value) is str:  # most cells: a formula can only open with one of these
        return neutralise(value) if value[:1] in _FORMULA_FIRST else value
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if value.is_integer() and abs(value) < 1e16:
            return str(int(value))
        return repr(value)
    if isinstance(value, (list, tuple)):
        return neutralise(";".join(str(v) for v in value))
    if isinstance(value, (int, float)):
        return str(value)
    return neutralise(str(value))


class _CsvStream:
    """A CSV file written row by row."""

    def __init__(self, path: Path, columns: list[str] | None = None):
        self.path = path
        self.columns = columns
        self._file = open(path, "w", encoding="utf-8", newline="")
        self._writer = csv.writer(self._file)
        if columns:
            self._writer.writerow(columns)

    def write(self, row: dict) -> None:
        if self.columns is None:  # header from the first record's fields
            self.columns = list(row)
            self._writer.writerow(self.columns)
        self.write_values(row.get(c) for c in self.columns)

    def write_values(self, values) -> None:
        """One row given as values in column order."""
        self._writer.writerow([format_cell(v) for v in values])

    def close(self) -> None:
        if not self._file.closed:
            if self.columns is None:
                self._file.write("\n")
            self._file.close()


def write_table(df: pd.DataFrame, path: Path) -> None:
    """Write a DataFrame as a CSV file in the conventions above."""
    stream = _CsvStream(path, list(df.columns))
    _write_rows(stream, df)
    stream.close()


def _write_rows(stream: _CsvStream, df: pd.DataFrame) -> None:
    for row in df.itertuples(index=False, name=None):
        stream.write_values(_unbox(v) for v in row)


def _unbox(value):
    if value is pd.NA or value is pd.NaT:
        return None
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        return value.item()
    return value


def read_table(path: Path) -> pd.DataFrame:
    """Read a table written by this module: text columns as str ('' when empty),
    numeric columns as float/int, `lossy` as bool."""
    return _typed(pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[]))


def iter_table(path: Path, columns=None, chunk_rows: int = 50_000):
    """`read_table` a run of `chunk_rows` rows at a time (each chunk's rows keep their
    index: the first chunk's start at 0, the next at chunk_rows, ...), text in object
    columns, only the `columns` given (those the table has; all when None). A table
    without rows gives one empty chunk with its header."""
    wanted = None if columns is None else set(columns)
    usecols = None if wanted is None else (lambda c: c in wanted)
    try:
        # text as Python strings (object columns), not Arrow strings: the Arrow memory
        # pool keeps what each chunk freed, and a large table would grow the process
        reader = pd.read_csv(path, dtype=object, keep_default_na=False, na_values=[],
                             usecols=usecols, chunksize=chunk_rows)
    except pd.errors.EmptyDataError:  # not even a header
        yield pd.DataFrame()
        return
    with reader:
        empty = True
        for chunk in reader:
            empty = False
            yield _typed(chunk)
        if empty:
            yield _typed(pd.read_csv(path, dtype=object, usecols=usecols, nrows=0))


def _typed(df: pd.DataFrame) -> pd.DataFrame:
    for col in df.columns:
        if col in NUMERIC_COLUMNS:
            df[col] = pd.to_numeric(df[col].replace("", None), errors="coerce")
        elif col == "lossy":
            df[col] = df[col].str.lower().eq("true")
        else:
            df[col] = _raw_cells(df[col])
    return df


def _raw_cells(column: pd.Series) -> pd.Series:
    """A text column with its cells as they were before `neutralise`."""
    if column.dtype != object:  # Arrow strings: one vectorised pass
        return column.str.replace(_NEUTRALISED, r"\1", n=1, regex=True)
    # Python strings: only the distinct cells that begin with ' can change
    codes, uniques = pd.factorize(column, use_na_sentinel=False)
    changed = {i: unneutralise(u) for i, u in enumerate(uniques)
               if isinstance(u, str) and u.startswith("'")}
    if not changed:
        return column
    values = np.asarray(uniques, dtype=object)
    for i, raw in changed.items():
        values[i] = raw
    return pd.Series(values[codes], index=column.index, dtype=object)


read_claims = read_table


#: bytes of CSV read at a time into Parquet: the streaming reader reads some 30 blocks
#: ahead, so this bounds the conversion's memory (about 10 MB), whatever the table's size
PARQUET_BLOCK_BYTES = 1 << 18
#: rows of a Parquet row group, about (batches are gathered up to it; 4 MB of claims)
PARQUET_ROW_GROUP_ROWS = 16_384


def csv_to_parquet(csv_path: Path, parquet_path: Path) -> None:
    """Convert a CSV table to Parquet in streamed batches (constant memory).

    Arrow's streaming reader cannot split a row that spans more than one block (it raises
    'straddling object'): a group spread over thousands of pages has a `doc_ids` cell of
    megabytes. Such a table is converted again with blocks large enough for its longest
    row (memory then grows with that row, as it must)."""
    with open(csv_path, encoding="utf-8") as f:
        header = next(csv.reader(f), [])
    if not header:
        pq.write_table(pa.table({}), parquet_path)
        return
    block_size = PARQUET_BLOCK_BYTES
    largest = max(os.path.getsize(csv_path) + 1, PARQUET_BLOCK_BYTES)
    while True:
        try:
            _convert(csv_path, parquet_path, header, block_size)
            return
        except pa.ArrowInvalid as exc:
            if "straddling" not in str(exc) or block_size >= largest:
                raise
        block_size = min(block_size * 4, largest)
        logger.info("%s holds a row over two blocks: converting again in blocks of %d bytes",
                    csv_path.name, block_size)


def _convert(csv_path: Path, parquet_path: Path, header: list[str], block_size: int) -> None:
    types = {c: COLUMN_TYPES.get(c, pa.string()) for c in header}
    convert = pacsv.ConvertOptions(column_types=types, strings_can_be_null=False,
                                   true_values=["true"], false_values=["false"])
    pool = _conversion_pool()
    # a cell may hold a line break (a table's sentence): blocks must split between rows
    reader = pacsv.open_csv(csv_path, convert_options=convert,
                            read_options=pacsv.ReadOptions(block_size=block_size,
                                                           use_threads=False),
                            parse_options=pacsv.ParseOptions(newlines_in_values=True),
                            memory_pool=pool)
    text_columns = [i for i, c in enumerate(header) if types[c] == pa.string()]
    try:
        with pq.ParquetWriter(parquet_path, reader.schema, memory_pool=pool) as writer:
            batches, rows = [], 0
            for batch in reader:
                batches.append(_raw_text(batch, text_columns, pool))
                rows += batch.num_rows
                if rows >= PARQUET_ROW_GROUP_ROWS:
                    writer.write_table(pa.Table.from_batches(batches))
                    batches, rows = [], 0
            if batches:
                writer.write_table(pa.Table.from_batches(batches))
    finally:
        reader.close()
        pool.release_unused()  # the pool keeps freed blocks otherwise


def _conversion_pool() -> pa.MemoryPool:
    """jemalloc where pyarrow has it: the conversion of a 10,000-page claims table grows
    the process by some 30 MB with it, 70 MB with the default (mimalloc), which keeps
    the blocks the streaming reader frees."""
    try:
        return pa.jemalloc_memory_pool()
    except NotImplementedError:
        return pa.default_memory_pool()


def _raw_text(batch: pa.RecordBatch, text_columns: list[int],
              pool: pa.MemoryPool | None = None) -> pa.RecordBatch:
    """The batch with text cells as they were before `neutralise`."""
    columns = list(batch.columns)
    for i in text_columns:
        columns[i] = pc.replace_substring_regex(columns[i], pattern=_NEUTRALISED,
                                                replacement="\\1", max_replacements=1,
                                                memory_pool=pool)
    return pa.RecordBatch.from_arrays(columns, schema=batch.schema)


#: rows of a table copied at a time by `write_updated_table`
CLAIM_CHUNK_ROWS = 10_000


def write_updated_table(source: Path, target: Path, update, on_chunk=None) -> None:
    """Copy the table at `source` into `target` (CSV, the conventions above) a chunk of
    CLAIM_CHUNK_ROWS rows at a time, each through `update(chunk, first_row)`;
    `on_chunk(updated)` sees each updated chunk in order."""
    stream, first_row = None, 0
    try:
        for chunk in iter_table(source, chunk_rows=CLAIM_CHUNK_ROWS):
            updated = update(chunk, first_row)
            if stream is None:
                stream = _CsvStream(target, list(updated.columns))
            _write_rows(stream, updated)
            if on_chunk is not None:
                on_chunk(updated)
            first_row += len(chunk)
    finally:
        if stream is not None:
            stream.close()
