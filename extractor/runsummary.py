"""The run in figures, `run.json` beside the tables: what was read, skipped, failed, and
every warning a stage gave, so that nothing a run drops goes uncounted.

- `pages.read`: inputs that went through every stage (`status` ok in documents.csv).
- `pages.skipped`: inputs not read, by kind: `binary`, `pdf`, `too_large`, `unreadable`
  (each has an error row in documents.csv), and inputs the corpus walk passes over
  without a row, which it counts with `count_skipped(kind, path)`: that adds to the
  summary of the run in progress (`pipeline.run` sets it, `counting`), so no reader of
  the corpus needs a summary handed down to it.
- `pages.failed`: pages a stage failed on (error rows `<stage>: <ExceptionType>: ...`).
- `warnings`: page warnings (a stage's `logger.warning` while it ran a page), counted by
  message with a few doc_ids, and run warnings (a view such as the report that could not
  be built: the tables are whole). A run with run warnings ends with exit status 3.

`RunSummary` is also what `extractor.pipeline.run` returns.
"""
from __future__ import annotations

import json
import logging
import os
import threading
from collections import Counter
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

RUN_JSON = "run.json"
SKIP_KINDS = ("binary", "pdf", "too_large", "unreadable")
#: doc_ids kept as examples of each page warning
EXAMPLES = 5

#: documents.csv `error` openings of inputs that were not read, and their kind
_SKIP_PREFIXES = (
    ("binary (PDF", "pdf"), ("binary", "binary"),
    ("file too large", "too_large"), ("decompressed page too large", "too_large"),
    ("cannot read", "unreadable"), ("not a regular file", "unreadable"),
    ("link leaves the corpus", "unreadable"), ("cannot decompress", "unreadable"),
    ("a WARC file", "unreadable"), ("damaged WARC", "unreadable"),
    ("record too large", "too_large"), ("cannot decode the record", "unreadable"),
)


def skip_kind(error: str) -> str:
    """The kind of skipped input a documents.csv error names, '' for a page a stage
    failed on.

    >>> skip_kind("binary (PDF)"), skip_kind("binary (NUL bytes)"), skip_kind("file too large: 9 bytes")
    ('pdf', 'binary', 'too_large')
    >>> skip_kind("cannot read file: Permission denied"), skip_kind("clean: ValueError: x")
    ('unreadable', '')
    >>> skip_kind("record too large: over 9 bytes"), skip_kind("damaged WARC file: unreadable")
    ('too_large', 'unreadable')
    """
    for prefix, kind in _SKIP_PREFIXES:
        if error.startswith(prefix):
            return kind
    return ""


@dataclass
class PageWarning:
    """One warning a stage logged while it ran a page."""

    logger: str
    template: str
    message: str


@dataclass
class RunSummary:
    n_pages: int = 0
    n_errors: int = 0
    n_claims: int = 0
    n_groups: int = 0
    n_read: int = 0
    n_failed: int = 0
    skipped: Counter = field(default_factory=Counter)
    #: (logger, message template) -> [count, first message, example doc_ids]
    page_warnings: dict = field(default_factory=dict)
    #: run warnings: {"stage", "message"}; the run finished, its tables are whole
    run_warnings: list[dict] = field(default_factory=list)
    report: str = "not built"

    def add_page(self, document: dict, n_claims: int,
                 warnings: list[PageWarning] = ()) -> None:
        """Count one page's row (and the warnings its stages gave)."""
        self.n_pages += 1
        self.n_claims += n_claims
        if document.get("status") == "ok":
            self.n_read += 1
        else:
            self.n_errors += 1
            kind = skip_kind(str(document.get("error", "")))
            if kind:
                self.skipped[kind] += 1
            else:
                self.n_failed += 1
        for w in warnings:
            entry = self.page_warnings.setdefault((w.logger, w.template), [0, w.message, []])
            entry[0] += 1
            if len(entry[2]) < EXAMPLES:
                entry[2].append(document.get("doc_id", ""))

    def skipped_input(self, kind: str, what: str = "") -> None:
        """The hook for ingest: an input passed over without a row (`kind`: one of
        SKIP_KINDS or another short name; `what`: its path, for the log)."""
        self.skipped[kind] += 1
        logging.getLogger(__name__).debug("skipped (%s): %s", kind, what)

    def warn(self, stage: str, message: str) -> None:
        """A run warning: something beside the tables (a view) could not be done."""
        self.run_warnings.append({"stage": stage, "message": message})

    @property
    def has_warnings(self) -> bool:
        return bool(self.run_warnings)

    def as_json(self) -> dict:
        page_warnings = [{"stage": logger.rsplit(".", 1)[-1], "logger": logger,
                          "message": message, "count": count, "doc_ids": examples}
                         for (logger, _), (count, message, examples)
                         in sorted(self.page_warnings.items(), key=lambda kv: -kv[1][0])]
        return {
            "status": "finished with warnings" if self.has_warnings else "finished",
            "pages": {"inputs": self.n_pages, "read": self.n_read,
                      "skipped": {**{k: self.skipped.get(k, 0) for k in SKIP_KINDS},
                                  **{k: n for k, n in sorted(self.skipped.items())
                                     if k not in SKIP_KINDS}},
                      "failed": self.n_failed},
            "claims": self.n_claims, "groups": self.n_groups, "report": self.report,
            "warnings": [*({"kind": "run", **w} for w in self.run_warnings),
                         *({"kind": "page", **w} for w in page_warnings)],
        }

    @classmethod
    def read(cls, folder: Path) -> RunSummary:
        """The summary in a folder's run.json (for `extractor check`, which redoes the
        groups and the report only); an empty one when there is none."""
        summary = cls()
        try:
            found = json.loads((Path(folder) / RUN_JSON).read_text(encoding="utf-8"))
            pages = found["pages"]
            summary.n_pages, summary.n_read = pages["inputs"], pages["read"]
            summary.n_failed = pages["failed"]
            summary.skipped = Counter({k: n for k, n in pages["skipped"].items() if n})
            summary.n_errors = summary.n_failed + sum(summary.skipped.values())
            summary.n_claims = found["claims"]
            summary.page_warnings = {
                (w["logger"], w["message"]): [w["count"], w["message"], w["doc_ids"]]
                for w in found["warnings"] if w.get("kind") == "page"}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass  # no run.json (a folder of an older version): page figures unknown
        return summary

    def write(self, folder: Path) -> None:
        """run.json in `folder`, replaced whole (a reader never sees half of it)."""
        target = Path(folder) / RUN_JSON
        partial = target.with_name(f".{RUN_JSON}.partial")
        with open(partial, "w", encoding="utf-8") as f:
            json.dump(self.as_json(), f, ensure_ascii=False, indent=2)
            f.write("\n")
        os.replace(partial, target)


_current: ContextVar[RunSummary | None] = ContextVar("extractor_run_summary", default=None)


@contextmanager
def counting(summary: RunSummary):
    """`count_skipped` adds to `summary` inside the block (the run's own code and the
    generators it iterates)."""
    token = _current.set(summary)
    try:
        yield summary
    finally:
        _current.reset(token)


def count_skipped(kind: str, what: str = "") -> None:
    """Count an input passed over without a row (`kind`: one of SKIP_KINDS or another
    short name, `what`: its path, for the debug log) in the run in progress; nothing
    outside a run.

    >>> summary = RunSummary()
    >>> with counting(summary):
    ...     count_skipped("pdf", "a.pdf")
    >>> count_skipped("pdf", "outside a run")
    >>> summary.skipped
    Counter({'pdf': 1})
    """
    summary = _current.get()
    if summary is not None:
        summary.skipped_input(kind, what)


class _PageWarnings(logging.Handler):
    """Collects the warnings of this thread's page (pages of other threads are theirs)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.thread = threading.get_ident()
        self.found: list[PageWarning] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread:
            try:
                message = record.getMessage()
            except Exception:  # a bad format string still counts
                message = str(record.msg)
            self.found.append(PageWarning(record.name, str(record.msg), message[:300]))


@contextmanager
def page_warnings():
    """The warnings the `extractor` loggers give in this thread inside the block."""
    handler = _PageWarnings()
    root = logging.getLogger("extractor")
    root.addHandler(handler)
    try:
        yield handler.found
    finally:
        root.removeHandler(handler)
