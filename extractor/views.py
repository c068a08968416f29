"""The run's views (report.html): readings of its tables, built after the tables are
committed, so that no view can cost a table.

What the report needs of the claims table is gathered while that table is copied
(`ViewGuard.call` around `ReportClaims`); the page itself is written into OUT_DIR once
the tables are there, then put in place by a rename. A view that raises leaves the
tables, a report page that says what failed and where the tables are, and a run warning
(run.json, exit status 3). Until the view is in place OUT_DIR has no report.html, never
the report of an earlier run beside new tables.
"""
from __future__ import annotations

import html
import logging
import os
import traceback
from pathlib import Path

logger = logging.getLogger(__name__)

REPORT = "report.html"


class ViewGuard:
    """Runs a view's steps; the first that raises is recorded and the view is given up."""

    def __init__(self, name: str):
        self.name = name
        self.error = ""

    def call(self, fn, *args):
        if self.error:
            return None
        try:
            return fn(*args)
        except Exception as exc:  # a view is a reading of finished tables: it costs no table
            self.fail(exc)
            return None

    def fail(self, exc: BaseException) -> None:
        where = _innermost_module(exc)
        self.error = f"{where + ': ' if where else ''}{type(exc).__name__}: {exc}"
        self.error = (self.error.splitlines() or [""])[0][:300]
        logger.debug("the %s failed", self.name, exc_info=exc)


def _innermost_module(exc: BaseException) -> str:
    """The file of ours the exception came from (`report/chart.py`), '' when none."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        parts = Path(frame.filename).parts
        if "extractor" in parts:
            return "/".join(parts[len(parts) - 1 - parts[::-1].index("extractor") + 1:])
    return ""


def write_report_view(out_dir: Path, report_claims, groups, guard: ViewGuard) -> str:
    """Write OUT_DIR/report.html from the committed tables; returns '' or what failed
    (then the page written says so)."""
    from extractor.report import MAX_ROWS, ReportPages, write_report  # noqa: PLC0415
    from extractor.table_files import CLAIM_CHUNK_ROWS, iter_table  # noqa: PLC0415

    partial = out_dir / f".{REPORT}.partial"

    def build() -> None:
        # the pages the report lists and those its claims link to, read a chunk at a
        # time: the documents table is never held whole
        pages = ReportPages(MAX_ROWS, linked=report_claims.doc_ids)
        for chunk in iter_table(out_dir / "documents.csv", chunk_rows=CLAIM_CHUNK_ROWS):
            pages.add(chunk)
        write_report(partial, pages, report_claims, groups)
        os.replace(partial, out_dir / REPORT)

    guard.call(build)
    if not guard.error:
        return ""
    try:
        partial.write_text(failed_report(guard.name, guard.error), encoding="utf-8")
        os.replace(partial, out_dir / REPORT)
    except OSError as exc:
        logger.debug("no report page either: %s", exc)
        try:
            partial.unlink()
        except OSError:
            pass
    return guard.error


def failed_report(view: str, error: str) -> str:
    """A page in place of the report: what failed, and where the tables are.

    >>> "chart.py: ValueError" in failed_report("report", "report/chart.py: ValueError: x")
    True
    """
    tables = "".join(f'<li><a href="{name}">{name}</a></li>' for name in
                     ("documents.csv", "claims.csv", "consistency.csv", "run.json"))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'\">"
            f"<title>Report not built</title></head><body>"
            f"<h1>The {html.escape(view)} could not be built</h1>"
            f"<p>The run finished and wrote all its tables; only this page failed:</p>"
            f"<pre>{html.escape(error)}</pre>"
            f"<p>The tables (also as Parquet beside them):</p><ul>{tables}</ul>"
            "<p><code>extractor check OUT_DIR</code> builds the report again, and "
            "<code>extractor run -vv</code> logs the traceback.</p></body></html>\n")
