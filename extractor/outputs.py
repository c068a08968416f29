"""Outputs: the run's tables as CSV and Parquet, the cleaned pages, and the report.

Everything is written into a hidden partial folder inside OUT_DIR and moved into place
only when the run finishes (`os.replace`, atomic per file), so a crash never leaves a
half-written table and an earlier run's tables stay intact until then.

CSV conventions (OUTPUTS.md): UTF-8, a header row, booleans `true`/`false`, empty
cells for missing values, numbers without trailing zeros.
"""
from __future__ import annotations

import csv
import logging
import math
import os
import shutil
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

logger = logging.getLogger(__name__)

TABLES = ("documents", "claims", "consistency")

# Arrow types of the columns that are not text; every other column is a string.
COLUMN_TYPES = {
    "bytes": pa.int64(), "n_sentences": pa.int64(), "n_claims": pa.int64(),
    "start": pa.int64(), "end": pa.int64(), "n_docs": pa.int64(),
    "lang_confidence": pa.float64(), "lossy_ratio": pa.float64(), "value": pa.float64(),
    "value_norm": pa.float64(), "confidence": pa.float64(), "reference_value": pa.float64(),
    "lossy": pa.bool_(),
}
NUMERIC_COLUMNS = [c for c, t in COLUMN_TYPES.items() if t != pa.bool_()]


class OutputError(Exception):
    """The output folder cannot be created or written."""


def format_cell(value) -> str:
    """One CSV cell.

    >>> [format_cell(v) for v in (28.3, 300000.0, 0.125, True, None, float("nan"), "a")]
    ['28.3', '300000', '0.125', 'true', '', '', 'a']
    """
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
        return ";".join(str(v) for v in value)
    return str(value)


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
    for row in df.itertuples(index=False, name=None):
        stream.write_values(_unbox(v) for v in row)
    stream.close()


def _unbox(value):
    if value is pd.NA or value is pd.NaT:
        return None
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        return value.item()
    return value


def read_table(path: Path) -> pd.DataFrame:
    """Read a table written by this module: text columns as str ('' when empty),
    numeric columns as float/int, `lossy` as bool."""
    df = pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[])
    for col in df.columns:
        if col in NUMERIC_COLUMNS:
            df[col] = pd.to_numeric(df[col].replace("", None), errors="coerce")
        elif col == "lossy":
            df[col] = df[col].str.lower().eq("true")
    return df


read_claims = read_table


def csv_to_parquet(csv_path: Path, parquet_path: Path) -> None:
    """Convert a CSV table to Parquet in streamed batches (constant memory)."""
    with open(csv_path, encoding="utf-8") as f:
        header = next(csv.reader(f), [])
    if not header:
        pq.write_table(pa.table({}), parquet_path)
        return
    types = {c: COLUMN_TYPES.get(c, pa.string()) for c in header}
    convert = pacsv.ConvertOptions(column_types=types, strings_can_be_null=False,
                                   true_values=["true"], false_values=["false"])
    reader = pacsv.open_csv(csv_path, convert_options=convert,
                            read_options=pacsv.ReadOptions(block_size=1 << 22))
    with pq.ParquetWriter(parquet_path, reader.schema) as writer:
        for batch in reader:
            writer.write_batch(batch)


class RunWriter:
    """Collects a run's outputs in a partial folder and moves them into OUT_DIR at the end.

    Use as a context manager: on an exception the partial folder is removed and OUT_DIR
    is left as it was.
    """

    def __init__(self, out_dir: Path, write_clean: bool = True,
                 columns: dict[str, list[str]] | None = None, _reopen: bool = False):
        """`columns` gives the header of the streamed tables (`documents`, `claims`);
        a table without one takes its header from its first row."""
        self.out_dir = Path(out_dir)
        self.write_clean = write_clean
        self.columns = columns or {}
        try:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self.partial = self.out_dir / f".partial-{os.getpid()}"
            if self.partial.exists():
                shutil.rmtree(self.partial)
            self.partial.mkdir()
            if write_clean and not _reopen:
                (self.partial / "clean").mkdir()
        except OSError as exc:
            raise OutputError(f"cannot write to output folder {out_dir}: "
                              f"{exc.strerror or exc}") from exc
        self._streams: dict[str, _CsvStream] = {}
        self._reopened = _reopen

    @classmethod
    def reopen(cls, out_dir: Path) -> RunWriter:
        """A writer over an existing output folder, to redo its claims and consistency tables."""
        if not (Path(out_dir) / "claims.csv").is_file():
            raise OutputError(f"no claims.csv in {out_dir}: run `extractor run` first")
        return cls(out_dir, write_clean=False, _reopen=True)

    def __enter__(self) -> RunWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.close_streams()
        if self.partial.exists():
            shutil.rmtree(self.partial, ignore_errors=True)

    def partial_path(self, name: str) -> Path:
        return self.partial / name

    def final_path(self, name: str) -> Path:
        return self.out_dir / name

    def _open_streams(self) -> None:
        for table in ("documents", "claims"):
            self._streams[table] = _CsvStream(self.partial / f"{table}.csv",
                                              self.columns.get(table))

    def add(self, document: dict, claims: list[dict], clean_text: str | None) -> None:
        """Stream one page's rows (and its cleaned text) into the partial folder."""
        if not self._streams:
            self._open_streams()
        self._streams["documents"].write(document)
        for claim in claims:
            self._streams["claims"].write(claim)
        if self.write_clean and clean_text is not None:
            target = self.partial / "clean" / (document["doc_id"] + ".txt")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(clean_text, encoding="utf-8")

    def ensure_tables(self) -> None:
        """Create the streamed tables, headers only, when the corpus had no page."""
        if not self._streams and not self._reopened:
            self._open_streams()

    def close_streams(self) -> None:
        for stream in self._streams.values():
            stream.close()

    def finish(self, claims: pd.DataFrame, groups: pd.DataFrame) -> None:
        """Write the final claims and consistency tables, Parquet and the report, then
        move everything into OUT_DIR."""
        from extractor.report import render_report  # noqa: PLC0415 (report imports pandas only)

        self.close_streams()
        write_table(claims, self.partial / "claims.csv")
        write_table(groups, self.partial / "consistency.csv")
        documents_csv = self.partial / "documents.csv"
        if self._reopened:
            shutil.copyfile(self.out_dir / "documents.csv", documents_csv)
        for table in TABLES:
            csv_to_parquet(self.partial / f"{table}.csv", self.partial / f"{table}.parquet")
        documents = read_table(documents_csv)
        (self.partial / "report.html").write_text(
            render_report(documents, claims, groups), encoding="utf-8")
        self._commit()

    def _commit(self) -> None:
        for name in sorted(os.listdir(self.partial)):
            src = self.partial / name
            if name == "clean":
                old = self.out_dir / f".old-clean-{os.getpid()}"
                if (self.out_dir / "clean").exists():
                    os.replace(self.out_dir / "clean", old)
                os.replace(src, self.out_dir / "clean")
                shutil.rmtree(old, ignore_errors=True)
            else:
                os.replace(src, self.out_dir / name)
        logger.info("outputs written to %s", self.out_dir)
