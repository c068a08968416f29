"""Outputs: the run's tables as CSV and Parquet, the cleaned pages, and the report.

Everything is written into a staging folder beside OUT_DIR and committed as one unit
when the run finishes (`extractor.runfolder`: lock, staging, journal, atomic exchange),
so neither a crash nor a kill leaves a half-written table or new tables beside old ones.
A write error (disk full, `ulimit -f`) is an `OutputWriteError`: the staging folder is
removed and the previous outputs stay as they were.

The tables' files (CSV conventions, spreadsheet safety, chunked reading and copying,
Parquet) are `extractor.table_files`; its functions are importable from here too.

Other plain files in OUT_DIR (its README) are carried over into each new run's outputs;
an OUT_DIR holding folders no run writes is refused rather than replaced.

`clean/<doc_id>.txt` holds each page's cleaned text; a doc_id that cannot be a file
name there (too long, a name clashing with a folder, ...) gets a safe unique name under
`clean/_renamed/` instead, and documents.csv's `clean_path` names each page's file.
"""
from __future__ import annotations

import errno
import hashlib
import logging
import os
from pathlib import Path

import pandas as pd

from extractor import runfolder
from extractor.runsummary import RunSummary
from extractor.table_files import (CLAIM_CHUNK_ROWS, COLUMN_TYPES,  # noqa: F401
                                   NUMERIC_COLUMNS, _CsvStream, csv_to_parquet, format_cell,
                                   iter_table, neutralise, read_claims, read_table,
                                   unneutralise, write_table, write_updated_table)
from extractor.views import ViewGuard, write_report_view

logger = logging.getLogger(__name__)

TABLES = ("documents", "claims", "consistency")


class OutputError(Exception):
    """The output folder cannot be created or used (bad argument: exit status 2)."""


class OutputWriteError(OutputError):
    """Writing the outputs failed midway (disk full, file size limit, I/O error)."""


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
                 corpus: Path | None = None, _reopen: bool = False):
        """`columns` gives the header of the streamed tables (`documents`, `claims`);
        a table without one takes its header from its first row. `corpus`: the folder
        the run reads (an OUT_DIR that is, holds or lies inside it is checked:
        `runfolder.check_place`)."""
        self.out_dir = Path(os.path.realpath(out_dir))
        self.write_clean = write_clean and not _reopen
        self.columns = columns or {}
        self._streams: dict[str, _CsvStream] = {}
        self._reopened = _reopen
        self._journal: runfolder.Journal | None = None
        self._clean_names: set[str] = set()
        self.finished = runfolder.FinishedPages([])
        #: told each step of the end of the run (`pipeline.run`'s `stage`)
        self.on_stage = lambda what: None
        self.staging = self.out_dir.parent / f"{runfolder.staging_prefix(self.out_dir)}{os.getpid()}"
        try:
            if corpus is not None:
                runfolder.check_place(self.out_dir, corpus)
        except runfolder.RunFolderError as exc:
            raise OutputError(str(exc)) from None
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
        # closing flushes what is buffered: on a full disk that is where the write fails,
        # and the staging folder must go (and the lock) all the same
        try:
            self._close_files()
            close_error = None
        except OSError as error:
            close_error = error
        try:
            if self.staging.exists():
                if exc_type is not None and issubclass(exc_type, KeyboardInterrupt) \
                        and not self._reopened:
                    logger.warning("interrupted: finished pages kept in %s for --resume",
                                   self.staging)
                else:
                    runfolder.remove_tree(self.staging)
        finally:
            self._lock.release()
        if exc_type is None and close_error is not None:
            raise OutputWriteError(f"cannot write the outputs: "
                                   f"{close_error.strerror or close_error}") from close_error
        if isinstance(exc, OSError) and not isinstance(exc, OutputError):
            # a write error that escaped the writer's own wrapping: still one line
            raise OutputWriteError(f"cannot write the outputs: {exc.strerror or exc}") from exc

    def _close_files(self) -> None:
        errors = []
        for close in (self.close_streams, getattr(self._journal, "close", None),
                      self.finished.close):
            if close is None:
                continue
            try:
                close()
            except OutputWriteError as error:
                errors.append(error.__cause__ if isinstance(error.__cause__, OSError)
                              else OSError(str(error)))
            except OSError as error:
                errors.append(error)
        if errors:
            raise errors[0]


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
        """Close the streamed tables (the last of their rows are written now)."""
        errors = []
        for stream in self._streams.values():
            try:
                stream.close()
            except OSError as error:
                errors.append(error)
        if errors:
            raise OutputWriteError(f"cannot write the outputs: "
                                   f"{errors[0].strerror or errors[0]}") from errors[0]

    def finish(self, claims: pd.DataFrame, groups: pd.DataFrame, summary=None) -> None:
        """Write the final claims and consistency tables and Parquet, commit everything
        into OUT_DIR as one unit, then build the report there (`extractor.views`)."""
        def write_claims(path: Path, on_chunk) -> None:
            write_table(claims, path)
            on_chunk(claims)

        self._finish(write_claims, groups, summary)

    def finish_updated(self, source: Path, updates, groups: pd.DataFrame,
                       summary=None) -> None:
        """`finish`, the final claims table being the table at `source` (a claims.csv this
        run or an earlier one wrote) through `updates.apply(chunk, first_row)`
        (`extractor.consistency.ClaimUpdates`), copied CLAIM_CHUNK_ROWS at a time: the
        claims table is never held whole."""
        def write_claims(path: Path, on_chunk) -> None:
            copy = path.with_name(path.name + ".new")  # `source` may be `path` itself
            write_updated_table(source, copy, updates.apply, on_chunk)
            os.replace(copy, path)

        self._finish(write_claims, groups, summary)

    def _finish(self, write_claims, groups: pd.DataFrame, summary=None) -> None:
        """Tables first, views after: the tables (and run.json) are committed, then the
        report is built; a report that fails costs no table (a run warning instead)."""
        summary = summary if summary is not None else RunSummary()
        report = ViewGuard("report")
        # what the report reads of the claims, gathered as the table is copied; a failure
        # there gives up the report, never the copy
        report_claims = report.call(_report_claims, groups)
        self.on_stage("writing the tables (CSV, Parquet)")
        try:
            self._close_files()
            write_claims(self.staging / "claims.csv",
                         lambda chunk: report.call(report_claims.add, chunk))
            write_table(groups, self.staging / "consistency.csv")
            for table in TABLES:
                csv_to_parquet(self.staging / f"{table}.csv", self.staging / f"{table}.parquet")
            summary.write(self.staging)
            runfolder.carry_over(self.out_dir, self.staging)
            runfolder.check_still_ours(self.out_dir)
            runfolder.commit(self.staging, self.out_dir)
        except OSError as exc:
            raise OutputWriteError(f"cannot write the outputs: {exc.strerror or exc}") from exc
        except runfolder.RunFolderError as exc:
            raise OutputError(str(exc)) from None
        for folder in self._stale:  # pages resumed from there are now in OUT_DIR
            runfolder.remove_tree(folder)
        logger.info("tables written to %s", self.out_dir)
        self._views(report, report_claims, groups, summary)

    def _views(self, report: ViewGuard, report_claims, groups, summary) -> None:
        self.on_stage("building the report")
        error = write_report_view(self.out_dir, report_claims, groups, report)
        summary.report = f"failed: {error}" if error else "written"
        if error:
            summary.warn("report", error)
            logger.warning("the report could not be built (%s); the tables are whole in %s",
                           error, self.out_dir)
        try:
            summary.write(self.out_dir)
        except OSError as exc:
            logger.warning("run.json not updated after the report: %s", exc.strerror or exc)


def _report_claims(groups: pd.DataFrame):
    from extractor.report import ReportClaims  # noqa: PLC0415

    return ReportClaims.for_groups(groups)


def _is_plain_relative(doc_id: str) -> bool:
    """A doc_id usable as a relative path as it stands (no '..', no empty part).

    >>> _is_plain_relative("zh/a.html"), _is_plain_relative("../etc/passwd"), _is_plain_relative("/a")
    (True, False, False)
    """
    parts = doc_id.split("/")
    return "\x00" not in doc_id and all(p not in ("", ".", "..") for p in parts)
