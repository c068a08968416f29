"""What a run skipped, by kind: the inputs that got an error row without being a page.

Every input gets a row (`extractor.ingest`): what could not be read as a page has
`status=error` and a reason. This module reads those reasons back into kinds, so that a
run's summary can count them apart from the pages that failed in a stage:

    binary      a file format that is no page (image, archive, executable; `binary_kind`)
    pdf         a PDF
    too_large   over the page size limit (a file, a decompressed page, a crawl's record)
    unreadable  cannot be read: permissions, a FIFO or device, a damaged compressed file
                or crawl, a crawl record cut or mislabelled, a link out of the corpus
                folder not followed
    other_file  a file whose name is no page's (`notes.docx`): never opened, no row

The first four have an error row each; files of other names are passed over by the walk
without a row, and counted when the walk is given a hook, `skipped(kind, path)`
(`iter_pages(..., skipped=hook)`; a `.pdf` file counts as `pdf`, since its name says
what it is). The hook has the signature of the run summary's `count_skipped(kind,
what)`; a SkipCounter is one.

`SkipCounter` counts the rows from their reasons, so it works the same whatever engine
made them (here, worker processes, Dask) and for rows an earlier run made (--resume):

    skips = SkipCounter()
    pages = iter_pages(corpus, ..., skipped=skips)  # counts the files of other names
    for result in results:
        skips.add(result.document.error)            # or a documents.csv row's `error`
    skips.as_dict()  # {'binary': 0, 'pdf': 1, 'too_large': 0, 'unreadable': 2,
                     #  'other_file': 3}
"""
from __future__ import annotations

from collections import Counter

from extractor.ingest import LINK_NOT_FOLLOWED

SKIP_KINDS = ("binary", "pdf", "too_large", "unreadable", "other_file")

#: (how an error row's reason starts, its kind), the first that matches wins; the reasons
#: are those of `ingest`, `warc` and `pipeline.process_page` (`binary (<kind>)`)
_REASONS = (
    ("binary (PDF)", "pdf"),
    ("binary (", "binary"),
    ("file too large", "too_large"),
    ("decompressed page too large", "too_large"),
    ("record too large", "too_large"),
    (LINK_NOT_FOLLOWED, "unreadable"),
    ("not a regular file", "unreadable"),
    ("cannot read file", "unreadable"),
    ("cannot read folder", "unreadable"),
    ("cannot decompress", "unreadable"),
    ("damaged WARC file", "unreadable"),
    ("cannot decode the record's HTTP body", "unreadable"),
    ("record's Content-Length is shorter", "unreadable"),
    ("a WARC file:", "unreadable"),
)


def skip_kind(error: str) -> str:
    """The kind of skipped input an error row's reason says ('' for none: no error, or
    a page that failed in a stage, `clean: ValueError: ...`).

    >>> skip_kind("binary (PDF)"), skip_kind("binary (PNG image)"), skip_kind("file too large: 9 bytes (limit 5)")
    ('pdf', 'binary', 'too_large')
    >>> skip_kind("cannot read file: Permission denied"), skip_kind("clean: PageTimeout: over"), skip_kind("")
    ('unreadable', '', '')
    """
    for start, kind in _REASONS:
        if error.startswith(start):
            return kind
    return ""


class SkipCounter:
    """Counts of skipped inputs by kind (see the module's doc)."""

    def __init__(self) -> None:
        self.counts: Counter = Counter()

    def add(self, error: str) -> str:
        """Count the row whose reason is `error`; its kind ('' when it is no skip)."""
        kind = skip_kind(error or "")
        if kind:
            self.counts[kind] += 1
        return kind

    def __call__(self, kind: str, what: str = "") -> None:
        """Count an input the walk passed over without a row (the `skipped` hook)."""
        self.counts[kind] += 1

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def as_dict(self) -> dict[str, int]:
        """Every kind with its count (0 included), in SKIP_KINDS order."""
        return {kind: self.counts.get(kind, 0) for kind in SKIP_KINDS}
