"""The pages the report reads, gathered while the documents table streams past in chunks
(as `claim_rows.ReportClaims` gathers the claims): the report needs the table's size,
columns and counts (failed, lossy, pages per language), the first MAX_ROWS pages in the
order it lists them, and the links to the cleaned text of the pages its claims quote. So
the report of a run of a million pages holds a few thousand page rows, not a million.
"""
from __future__ import annotations

from collections import Counter

import pandas as pd

from extractor.report.view import PAGE_TABLE_COLUMNS, clean_href, records, text

#: the report lists failed pages first, then lossy ones, then the rest, each in corpus
#: order: a page's bucket in that order (failed and lossy first of all)
_BUCKETS = 4


def _bucket(status: str, lossy: str) -> int:
    """0: failed and lossy, 1: failed, 2: lossy, 3: the rest (`view.page_views`' order).

    >>> _bucket("error", "true"), _bucket("error", "false"), _bucket("ok", "true"), _bucket("ok", "")
    (0, 1, 2, 3)
    """
    return 2 * (status != "error") + (lossy != "true")


class ReportPages:
    """What the report reads of a documents table (module docstring); `add` the table's
    chunks in order. `linked`: doc_ids whose link to the cleaned text the report needs
    (the pages of the claims it shows); None: every page's."""

    def __init__(self, limit: int | None, linked=None):
        self.limit = limit
        self.linked = None if linked is None else set(linked)
        self.n_pages = 0
        self.n_failed = 0
        self.n_lossy = 0
        self.columns: list[str] | None = None
        self.languages: Counter = Counter()
        #: per bucket, the first `limit` rows (their PAGE_TABLE_COLUMNS and clean_path)
        self._listed: list[list[dict]] = [[] for _ in range(_BUCKETS)]
        #: doc_id -> (bucket, row number, href): the last page of that doc_id in the
        #: listing order gives the link, as when the whole table is read
        self._hrefs: dict[str, tuple[int, int, str]] = {}

    @classmethod
    def of(cls, documents: pd.DataFrame, limit: int | None = None) -> ReportPages:
        """The whole documents table at once."""
        collected = cls(limit)
        collected.add(documents)
        return collected

    def add(self, chunk: pd.DataFrame) -> None:
        """The next rows of the table."""
        if self.columns is None:
            self.columns = list(chunk.columns)
        columns = tuple(dict.fromkeys(PAGE_TABLE_COLUMNS + ("clean_path",)))
        has_lang = "lang" in chunk.columns
        for row in records(chunk, columns):
            n = self.n_pages
            self.n_pages += 1
            status, lossy = text(row["status"]), text(row["lossy"])
            self.n_failed += status == "error"
            self.n_lossy += lossy.lower() == "true"
            if has_lang:
                self.languages[text(row["lang"]) or "und"] += 1
            bucket = _bucket(status, lossy)
            listed = self._listed[bucket]
            if self.limit is None or len(listed) < self.limit:
                listed.append(row)
            doc = text(row["doc_id"])
            if self.linked is None or doc in self.linked:
                seen = self._hrefs.get(doc)
                if seen is None or (bucket, n) > seen[:2]:
                    self._hrefs[doc] = (bucket, n, clean_href(doc, text(row["clean_path"])))

    @property
    def rows(self) -> list[dict]:
        """The rows the report lists, in its order."""
        ordered = [row for listed in self._listed for row in listed]
        return ordered if self.limit is None else ordered[:self.limit]

    @property
    def hrefs(self) -> dict[str, str]:
        """The link to each page's cleaned text, by doc_id (the `linked` ones)."""
        return {doc: href for doc, (_, _, href) in self._hrefs.items()}
