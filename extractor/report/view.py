"""What the report shows, as plain records for the template: the run in figures, the
pages and the claims (the groups, as cards and rows: `group_cards`).

Every column is read by name with an empty default, so tables written before a column
existed (or by another branch's stage) still render. Nothing here produces HTML: the
template escapes every string.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import quote

import numpy as np
import pandas as pd

from extractor.report.columns import anchor, meaning
from extractor.report.verdict_counts import verdict_counts

if TYPE_CHECKING:
    from extractor.report.claim_rows import ReportClaims

MAX_ROWS = 2000          # per table; the CSV and Parquet files hold everything
EXAMPLES_PER_VALUE = 3   # sentences shown under each distinct value of a review group
PAGES_LISTED = 5         # pages named in a collapsed list before "and N more"
VALUES_LISTED = 50       # distinct values shown for a group before "and N more values"


def text(value) -> str:
    """A cell as text: '' for missing values, numbers without trailing zeros, and never
    in exponent notation (a reader of the report reads 480,000,000,000, not 4.8e+11).

    >>> [text(v) for v in (None, float("nan"), 28.3, 300000.0, "a", True)]
    ['', '', '28.3', '300000', 'a', 'true']
    >>> [text(v) for v in (4.8e11, -2.5e6, 1.5e-05, 1234567.891, float("inf"))]
    ['480,000,000,000', '-2,500,000', '0.000015', '1,234,570', 'inf']
    """
    if value is None or value is pd.NA:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        return _plain_number(value)
    return str(value)


def _plain_number(value: float) -> str:
    """Six significant figures, in positional notation."""
    short = f"{value:.6g}"
    if "e" not in short or not math.isfinite(value):
        return short
    rounded = float(short)
    if abs(rounded) >= 1:
        return f"{rounded:,.0f}"
    return np.format_float_positional(rounded, trim="-")


def records(df: pd.DataFrame, columns) -> list[dict]:
    """The rows of `df` as dicts holding `columns`; a missing column reads as ''."""
    present = [c for c in columns if c in df.columns]
    rows = df[present].to_dict("records") if present else [{} for _ in range(len(df))]
    return [{c: row.get(c, "") for c in columns} for row in rows]


def split_list(value) -> list[str]:
    """A `;`-joined cell as a list (empty cell: empty list).

    >>> split_list("a;b;"), split_list(None)
    (['a', 'b'], [])
    """
    return [part for part in text(value).split(";") if part]


def clean_href(doc_id: str, clean_path: str = "") -> str:
    """A relative link to the page's cleaned text (clean/ lies beside report.html);
    `clean_path` is the file documents.csv names, with or without the `clean/` folder.

    >>> clean_href("a b.html"), clean_href("x", "x_1.txt"), clean_href("x", "clean/x_1.txt")
    ('clean/a%20b.html.txt', 'clean/x_1.txt', 'clean/x_1.txt')
    """
    path = clean_path.removeprefix("clean/") if clean_path else f"{doc_id}.txt"
    return "clean/" + quote(path)


@dataclass
class Header:
    """A column header: its label, the documented meaning (shown as the title) and the
    anchor of its entry in the report's glossary."""

    label: str
    title: str
    href: str
    numeric: bool = False


def headers(table: str, columns, numeric=()) -> list[Header]:
    return [Header(c, meaning(table, c), "#" + anchor(table, c), c in numeric) for c in columns]


@dataclass
class SentenceView:
    before: str
    marked: str
    after: str


def marked_sentence(sentence: str, surface: str) -> SentenceView:
    """The sentence split around the first occurrence of the claimed number.

    >>> marked_sentence("in 5.78 minutes", "5.78")
    SentenceView(before='in ', marked='5.78', after=' minutes')
    """
    i = sentence.find(surface) if surface else -1
    if i < 0:
        return SentenceView(sentence, "", "")
    return SentenceView(sentence[:i], surface, sentence[i + len(surface):])


@dataclass
class ClaimView:
    row_id: str          # anchor of the row in the claims table ('' when not shown there)
    doc_id: str
    href: str
    lang: str
    sentence: SentenceView
    value: str
    unit: str
    cells: dict = field(default_factory=dict)  # every other column, as text


CLAIM_TABLE_COLUMNS = ("doc_id", "lang", "sentence", "value", "unit", "value_norm", "metric",
                       "system", "workload", "baseline", "link", "qualifier", "context",
                       "confidence", "flags", "group_id")
CLAIM_NUMERIC = ("value", "value_norm", "confidence")


def claim_views(claims: ReportClaims, page_hrefs: dict[str, str]) -> list[ClaimView]:
    """The claims the report shows (`ReportClaims.rows`: the first MAX_ROWS rows, the
    claims table, and claims of the groups to review, their cards quote them);
    `page_hrefs` links a doc_id to its cleaned text (`PageView.href`)."""
    rows = claims.rows
    cols = list(dict.fromkeys(CLAIM_TABLE_COLUMNS + ("surface", "unit_source")))
    views = []
    for i, row in zip(rows.index.tolist(), records(rows, cols)):
        doc = text(row["doc_id"])
        cells = {c: text(row[c]) for c in cols}
        views.append(ClaimView(f"c-{i}" if i < MAX_ROWS else "", doc,
                               page_hrefs.get(doc) or clean_href(doc), cells["lang"],
                               marked_sentence(cells["sentence"], cells["surface"]),
                               cells["value"], cells["unit"], cells))
    return views


PAGE_TABLE_COLUMNS = ("doc_id", "title", "site", "date", "url", "status", "error", "lang",
                      "lang_confidence", "zh_variant", "lossy", "lossy_ratio", "repairs",
                      "n_sentences", "n_claims", "encoding", "bytes")
PAGE_NUMERIC = ("lang_confidence", "lossy_ratio", "n_sentences", "n_claims", "bytes")


@dataclass
class PageView:
    doc_id: str
    href: str
    cells: dict
    repairs: list[str]
    failed: bool
    lossy: bool


def page_views(pages) -> list[PageView]:
    """The pages the report lists (`page_rows.ReportPages.rows`: failed pages first,
    then lossy ones, then the rest in corpus order, MAX_ROWS at most)."""
    out = []
    for row in pages.rows:
        cells = {c: text(row[c]) for c in PAGE_TABLE_COLUMNS}
        doc = cells["doc_id"]
        out.append(PageView(doc, clean_href(doc, text(row["clean_path"])), cells,
                            split_list(row["repairs"]), cells["status"] == "error",
                            cells["lossy"] == "true"))
    return out


@dataclass
class Figure:
    label: str
    value: int
    href: str
    alarm: bool = False
    #: text the groups table is filtered by when the figure is followed ('' for none)
    filter: str = ""


def summary(pages, n_claims: int, verdicts: list[tuple[str, str]]
            ) -> tuple[list[Figure], list[tuple[str, int]]]:
    """The run in figures (each linking to its list) and the pages per language;
    `pages`: `page_rows.ReportPages`; `verdicts`: each group's (verdict, reference_verdict).
    Every verdict the stage writes has its own figure (`verdict_counts`): groups that
    differ within one page are not agreements, nor conflicts, nor single pages."""
    figures = [
        Figure("pages", pages.n_pages, "#pages"),
        Figure("failed pages", pages.n_failed, "#pages", pages.n_failed > 0),
        Figure("lossy pages", pages.n_lossy, "#pages", pages.n_lossy > 0),
        Figure("claims", n_claims, "#claims"),
        Figure("groups", len(verdicts), "#groups"),
    ]
    for c in verdict_counts(verdicts):
        # the groups to review have their own list; the others are filtered in all groups
        figures.append(Figure(c.label, c.n, "#review" if c.alarm else "#groups",
                              c.alarm, "" if c.alarm else c.filter))
    return figures, pages.languages.most_common()
