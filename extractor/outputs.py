"""Outputs: the run's tables as CSV and Parquet, the cleaned pages, and the report.

Everything is written into a staging folder beside OUT_DIR and committed as one unit
when the run finishes (`extractor.runfolder`: lock, staging, journal, atomic exchange),
so neither a crash nor a kill leaves a half-written table or new tables beside old ones.
A write error (disk full, `ulimit -f`) is an `OutputWriteError`: the staging folder is
removed and the previous outputs stay as they were.

CSV conventions (OUTPUTS.md): UTF-8, a header row, booleans `true`/`false`, empty
cells for missing values, numbers without trailing zeros.

Spreadsheet safety (OWASP "CSV injection"): a text cell that begins with `=`, `+`, `-`,
`@`, a tab or a carriage return is written with a leading `'`, so a spreadsheet shows it
as text instead of running it as a formula (`=HYPERLINK(...)` -> `'=HYPERLINK(...)`).
Plain numbers (`-20`, `+1.5`, `-1,750`, `-20%`) are left alone, and so is every numeric
column. To keep this reversible a cell that already begins with `'` before such a
character gets one more `'`. `read_table` and the Parquet tables take the `'` off
again: Parquet keeps the raw values.

Other plain files in OUT_DIR (its README) are carried over into each new run's outputs;
an OUT_DIR holding folders no run writes is refused rather than replaced.

`clean/<doc_id>.txt` holds each page's cleaned text; a doc_id that cannot be a file
name there (too long, a name clashing with a folder, ...) gets a safe unique name under
`clean/_renamed/` instead, and documents.csv's `clean_path` names each page's file.
"""
from __future__ import annotations

import csv
import errno
import hashlib
import logging
import math
import os
import re
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

from extractor import runfolder

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
    """The output folder cannot be created or used (bad argument: exit status 2)."""


class OutputWriteError(OutputError):
    """Writing the outputs failed midway (disk full, file size limit, I/O error)."""


# A cell a spreadsheet would run as a formula, and the plain numbers it would not.
_FORMULA_START = re.compile("'*[=+\\-@\t\r]")
_PLAIN_NUMBER = re.compile(r"[+-]?(?=[.\d])\d[\d,]*(?:\.\d*)?(?:[eE][+-]?\d+)?%?|[+-]?\.\d+%?")
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
    """Convert a CSV table to Parquet in streamed batches (constant memory)."""
    with open(csv_path, encoding="utf-8") as f:
        header = next(csv.reader(f), [])
    if not header:
        pq.write_table(pa.table({}), parquet_path)
        return
    types = {c: COLUMN_TYPES.get(c, pa.string()) for c in header}
    convert = pacsv.ConvertOptions(column_types=types, strings_can_be_null=False,
                                   true_values=["true"], false_values=["false"])
    # a cell may hold a line break (a table's sentence): blocks must split between rows
    reader = pacsv.open_csv(csv_path, convert_options=convert,
                            read_options=pacsv.ReadOptions(block_size=PARQUET_BLOCK_BYTES,
                                                           use_threads=False),
                            parse_options=pacsv.ParseOptions(newlines_in_values=True))
    text_columns = [i for i, c in enumerate(header) if types[c] == pa.string()]
    with pq.ParquetWriter(parquet_path, reader.schema) as writer:
        batches, rows = [], 0
        for batch in reader:
            batches.append(_raw_text(batch, text_columns))
            rows += batch.num_rows
            if rows >= PARQUET_ROW_GROUP_ROWS:
                writer.write_table(pa.Table.from_batches(batches))
                batches, rows = [], 0
        if batches:
            writer.write_table(pa.Table.from_batches(batches))
    pa.default_memory_pool().release_unused()  # the pool keeps freed blocks otherwise


def _raw_text(batch: pa.RecordBatch, text_columns: list[int]) -> pa.RecordBatch:
    """The batch with text cells as they were before `neutralise`."""
    columns = list(batch.columns)
    for i in text_columns:
        columns[i] = pc.replace_substring_regex(columns[i], pattern=_NEUTRALISED,
                                                replacement="\\1", max_replacements=1)
    return pa.RecordBatch.from_arrays(columns, schema=batch.schema)


#: why a clean/<doc_id>.txt name can fail that is about the name, not the disk
_NAME_ERRORS = frozenset({errno.ENAMETOOLONG, errno.EEXIST, errno.ENOTDIR, errno.EISDIR,
                          errno.EILSEQ, errno.EINVAL, errno.ENOENT})
RENAMED_FOLDER = "_renamed"


class RunWriter:
    """Collects a run's outputs in a staging folder and commits them into OUT_DIR at the end.

    Use as a context manager. On an exception the staging folder is removed and OUT_DIR is
    left as it was; on an interrupt (Ctrl-C, SIGTERM) the staging folder and its journal of
    finished pages are kept, for `extractor run --resume`. With `resume`, `finished` holds
    the pages of earlier runs that can be reused (`runfolder.FinishedPages`).
    """

    def __init__(self, out_dir: Path, write_clean: bool = True,
                 columns: dict[str, list[str]] | None = None, resume: bool = False,
                 _reopen: bool = False):
        """`columns` gives the header of the streamed tables (`documents`, `claims`);
        a table without one takes its header from its first row."""
        self.out_dir = Path(os.path.realpath(out_dir))
        self.write_clean = write_clean and not _reopen
        self.columns = columns or {}
        self._streams: dict[str, _CsvStream] = {}
        self._reopened = _reopen
        self._journal: runfolder.Journal | None = None
        self._clean_names: set[str] = set()
        self.finished = runfolder.FinishedPages([])
        self.staging = self.out_dir.parent / f"{runfolder.staging_prefix(self.out_dir)}{os.getpid()}"
        try:
            self.out_dir.parent.mkdir(parents=True, exist_ok=True)
            if self.out_dir.exists() and not self.out_dir.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(out_dir))
        except OSError as exc:
            raise OutputError(f"cannot write to output folder {out_dir}: "
                              f"{exc.strerror or exc}") from exc
        self._lock = runfolder.RunLock(self.out_dir)
        try:
            self._lock.acquire()
            self._prepare(resume)
        except runfolder.RunFolderError as exc:
            self._lock.release()
            raise OutputError(str(exc)) from None
        except OSError as exc:
            self._lock.release()
            raise OutputError(f"cannot write to output folder {out_dir}: "
                              f"{exc.strerror or exc}") from exc
        except BaseException:
            self._lock.release()
            raise

    def _prepare(self, resume: bool) -> None:
        out = self.out_dir
        runfolder.restore_interrupted_commit(out)
        if out.is_dir():  # leftovers of older versions, which staged inside OUT_DIR
            for name in os.listdir(out):
                if name.startswith((".partial-", ".old-clean-")):
                    runfolder.remove_tree(out / name)
        foreign = runfolder.foreign_folders(out)
        if foreign:
            raise runfolder.RunFolderError(
                f"{out} holds folders a run did not write ({', '.join(foreign[:3])}"
                f"{', ...' if len(foreign) > 3 else ''}); not replacing it: choose another --out")
        self._stale = runfolder.stale_staging(out)
        if resume:
            self.finished = runfolder.FinishedPages([out] + self._stale)
        else:
            for folder in self._stale:
                runfolder.remove_tree(folder)
            self._stale = []
        self.staging.mkdir()
        if self._reopened:
            for name in ("documents.csv", "clean", runfolder.JOURNAL):
                src = out / name
                if src.is_dir():
                    runfolder.link_tree(src, self.staging / name)
                elif src.exists():
                    runfolder.link_file(src, self.staging / name)
        else:
            if self.write_clean:
                (self.staging / "clean").mkdir()
            self._journal = runfolder.Journal(self.staging / runfolder.JOURNAL)

    @classmethod
    def reopen(cls, out_dir: Path) -> RunWriter:
        """A writer over an existing output folder, to redo its claims and consistency tables."""
        if not (Path(out_dir) / "claims.csv").is_file():
            raise OutputError(f"no claims.csv in {out_dir}: run `extractor run` first")
        return cls(out_dir, write_clean=False, _reopen=True)

    def __enter__(self) -> RunWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self._close_files()
        if self.staging.exists():
            if exc_type is not None and issubclass(exc_type, KeyboardInterrupt) \
                    and not self._reopened:
                logger.warning("interrupted: finished pages kept in %s for --resume", self.staging)
            else:
                runfolder.remove_tree(self.staging)
        self._lock.release()

    def _close_files(self) -> None:
        self.close_streams()
        if self._journal is not None:
            self._journal.close()
        self.finished.close()

    @property
    def partial(self) -> Path:
        return self.staging

    def partial_path(self, name: str) -> Path:
        return self.staging / name

    def final_path(self, name: str) -> Path:
        return self.out_dir / name

    def _open_streams(self) -> None:
        for table in ("documents", "claims"):
            self._streams[table] = _CsvStream(self.staging / f"{table}.csv",
                                              self.columns.get(table))

    def add(self, document: dict, claims: list[dict], clean_text: str | None,
            digest: str = "") -> None:
        """Stream one page's rows (and its cleaned text) into the staging folder, then
        record it in the journal. `document["clean_path"]` is set to where its text went.
        `digest` identifies the page's bytes for a later --resume ('' : never reused)."""
        try:
            if not self._streams:
                self._open_streams()
            clean_path = ""
            if self.write_clean and clean_text is not None:
                clean_path = self._write_clean(document["doc_id"], clean_text)
            document = {**document, "clean_path": clean_path}
            self._streams["documents"].write(document)
            for claim in claims:
                self._streams["claims"].write(claim)
            if self._journal is not None:
                self._journal.append(document["doc_id"], digest, document, claims)
        except OSError as exc:
            raise OutputWriteError(f"cannot write the outputs: {exc.strerror or exc}") from exc

    def _write_clean(self, doc_id: str, text: str) -> str:
        """Write a page's clean text; returns its path relative to OUT_DIR."""
        natural = f"clean/{doc_id}.txt"
        if _is_plain_relative(doc_id):
            try:
                self._write_new(natural, text)
                return natural
            except (OSError, ValueError) as exc:
                if isinstance(exc, OSError) and exc.errno not in _NAME_ERRORS:
                    raise
                logger.info("clean text of %r cannot be %s (%s): renamed", doc_id, natural, exc)
        digest = hashlib.blake2b(doc_id.encode("utf-8", "surrogatepass"), digest_size=10).hexdigest()
        for n in range(1000):
            name = f"clean/{RENAMED_FOLDER}/{digest}{f'-{n}' if n else ''}.txt"
            try:
                self._write_new(name, text)
                return name
            except FileExistsError:
                continue
        raise OutputWriteError(f"no free name for the clean text of {doc_id!r}")

    def _write_new(self, name: str, text: str) -> None:
        target = self.staging / name
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "x", encoding="utf-8", newline="") as f:  # never overwrite a page
            f.write(text)

    def ensure_tables(self) -> None:
        """Create the streamed tables, headers only, when the corpus had no page."""
        if not self._streams and not self._reopened:
            try:
                self._open_streams()
            except OSError as exc:
                raise OutputWriteError(f"cannot write the outputs: {exc.strerror or exc}") from exc

    def close_streams(self) -> None:
        for stream in self._streams.values():
            stream.close()

    def finish(self, claims: pd.DataFrame, groups: pd.DataFrame) -> None:
        """Write the final claims and consistency tables, Parquet and the report, then
        commit everything into OUT_DIR as one unit."""
        def write_claims(path: Path, report_claims) -> None:
            write_table(claims, path)
            report_claims.add(claims)

        self._finish(write_claims, groups)

    def finish_updated(self, source: Path, updates, groups: pd.DataFrame) -> None:
        """`finish`, the final claims table being the table at `source` (a claims.csv this
        run or an earlier one wrote) through `updates.apply(chunk, first_row)`
        (`extractor.consistency.ClaimUpdates`), copied CLAIM_CHUNK_ROWS at a time: the
        claims table is never held whole."""
        def write_claims(path: Path, report_claims) -> None:
            copy = path.with_name(path.name + ".new")  # `source` may be `path` itself
            write_updated_table(source, copy, updates.apply, report_claims.add)
            os.replace(copy, path)

        self._finish(write_claims, groups)

    def _finish(self, write_claims, groups: pd.DataFrame) -> None:
        from extractor.report import ReportClaims, write_report  # noqa: PLC0415 (report imports pandas only)

        try:
            self._close_files()
            report_claims = ReportClaims.for_groups(groups)
            write_claims(self.staging / "claims.csv", report_claims)
            write_table(groups, self.staging / "consistency.csv")
            for table in TABLES:
                csv_to_parquet(self.staging / f"{table}.csv", self.staging / f"{table}.parquet")
            documents = read_table(self.staging / "documents.csv")
            write_report(self.staging / "report.html", documents, report_claims, groups)
            runfolder.carry_over(self.out_dir, self.staging)
            runfolder.commit(self.staging, self.out_dir)
        except OSError as exc:
            raise OutputWriteError(f"cannot write the outputs: {exc.strerror or exc}") from exc
        for folder in self._stale:  # pages resumed from there are now in OUT_DIR
            runfolder.remove_tree(folder)
        logger.info("outputs written to %s", self.out_dir)


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


def _is_plain_relative(doc_id: str) -> bool:
    """A doc_id usable as a relative path as it stands (no '..', no empty part).

    >>> _is_plain_relative("zh/a.html"), _is_plain_relative("../etc/passwd"), _is_plain_relative("/a")
    (True, False, False)
    """
    parts = doc_id.split("/")
    return "\x00" not in doc_id and all(p not in ("", ".", "..") for p in parts)
