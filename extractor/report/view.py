"""What the report shows, as plain records for the template: the run in figures, the
groups a reviewer must look at (with their claims and sentences), every group, the pages
and the claims.

Every column is read by name with an empty default, so tables written before a column
existed (or by another branch's stage) still render. Nothing here produces HTML: the
template escapes every string.
"""
from __future__ import annotations

import math
from collections import Counter
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


@dataclass
class ValueBucket:
    """One distinct value of a group: how often and on how many pages it is stated."""

    label: str
    count: int
    pages: list[str]
    examples: list[ClaimView] = field(default_factory=list)

    @property
    def summary(self) -> str:
        """'5.78 min ×600, 5 pages'."""
        times = f" ×{self.count}" if self.count > 1 else ""
        pages = len(self.pages)
        return f"{self.label}{times}, {pages} page{'s' if pages != 1 else ''}"

    @property
    def more(self) -> int:
        return self.count - len(self.examples)


def collapse(values, doc_ids) -> list[ValueBucket]:
    """Equal values of a group counted once, most frequent first.

    >>> [b.summary for b in collapse(["5.78 min"] * 3 + ["6 min"], ["a", "b", "b", "c"])]
    ['5.78 min ×3, 2 pages', '6 min, 1 page']
    """
    counts = Counter(values)
    pages: dict[str, dict[str, None]] = {}  # in order, each once: a value of 10,000 pages
    for value, doc in zip(values, list(doc_ids) + [""] * len(values)):
        listed = pages.setdefault(value, {})
        if doc:
            listed[doc] = None
    return [ValueBucket(v, n, list(pages[v])) for v, n in counts.most_common()]


@dataclass
class GroupView:
    group_id: str
    anchor: str
    title: str
    cells: dict
    buckets: list[ValueBucket]
    verdict: str
    reference_verdict: str
    needs_review: bool
    n_claims: int
    langs: str
    pages: str
    #: distinct values of the group; `buckets` holds the first VALUES_LISTED of them
    n_values: int = 0

    @property
    def more_values(self) -> int:
        return self.n_values - len(self.buckets)


#: the unit of `reference_value` by metric (consistency.csv)
REFERENCE_UNITS = {"time_to_train": "min", "improvement": "%", "speedup": "x"}


#: minutes per time unit a claim may state (`reference_value` of a time is in minutes)
_MINUTES = {"s": 1 / 60, "ms": 1 / 60000, "min": 1.0, "h": 60.0, "day": 1440.0, "d": 1440.0}


def reference_shown(value: str, unit: str, labels: list[str]) -> str:
    """The official value as the card shows it: in its unit, and for a time also in the
    unit the claims state most ("claimed 55 h · official 19.944 min (0.3324 h)").

    >>> reference_shown("19.944", "min", ["55 h", "55 h"])
    '19.944 min (0.3324 h)'
    >>> reference_shown("5.879", "min", ["5.78 min"]), reference_shown("", "min", [])
    ('5.879 min', '')
    """
    if not value:
        return ""
    shown = f"{value} {unit}".strip()
    units = Counter(label.rpartition(" ")[2] for label in labels if " " in label)
    claimed = units.most_common(1)[0][0] if units else ""
    if unit == "min" and claimed in _MINUTES and claimed != "min":
        try:
            shown += f" ({float(value) / _MINUTES[claimed]:.4g} {claimed})"
        except ValueError:
            pass
    return shown


def collapse_list(items: list[str], counted: bool = True) -> str:
    """A long `;`-list said shortly: distinct items (with counts), the first few named.

    >>> collapse_list(["zh-Hant", "en", "zh-Hant"])
    'zh-Hant ×2, en'
    >>> collapse_list([f"p{i}" for i in range(8)] + ["p1"], counted=False)
    'p0, p1, p2, p3, p4 and 3 more'
    """
    counts = Counter(items)
    order = counts.most_common() if counted else list(counts.items())  # pages: in order
    shown = [f"{v} ×{n}" if counted and n > 1 else v for v, n in order[:PAGES_LISTED]]
    rest = len(counts) - PAGES_LISTED
    return ", ".join(shown) + (f" and {rest} more" if rest > 0 else "")


#: review order: mismatches with the official record, then conflicts between pages
_REFERENCE_ORDER = {"mismatch": 0, "match": 1}
_VERDICT_ORDER = {"conflict": 0, "within_page": 1, "agree": 2, "single": 3}


def group_views(groups: pd.DataFrame, claim_views: dict[str, list[ClaimView]]
                ) -> list[GroupView]:
    """Every group, the ones to review first (mismatch, then conflict), then groups many
    pages speak of or the reference covers."""
    cols = ["group_id", "system", "workload", "metric", "context", "n_docs", "langs", "values",
            "verdict", "reference_value", "reference_verdict", "reference_note",
            "reference_round", "reference_division", "reference_system", "reference_reading",
            "doc_ids", "shared", "spread", "furthest", "verdict_note"]
    out = []
    for row in records(groups, cols):
        gid = text(row["group_id"])
        values, docs = split_list(row["values"]), split_list(row["doc_ids"])
        buckets = collapse(values, docs)
        n_values, buckets = len(buckets), buckets[:VALUES_LISTED]  # the most stated first
        members = claim_views.get(gid, [])
        examples: dict[str, list[ClaimView]] = {}  # one pass, however many values
        for c in members:
            listed = examples.setdefault(f"{c.value} {c.unit}".strip(), [])
            if len(listed) < EXAMPLES_PER_VALUE:
                listed.append(c)
        for bucket in buckets:
            bucket.examples = examples.get(bucket.label, [])
        verdict, ref = text(row["verdict"]), text(row["reference_verdict"])
        title = " · ".join(p for p in (text(row["system"]), text(row["workload"]),
                                       text(row["metric"])) if p)
        if members and not any(b.examples for b in buckets) and buckets:
            buckets[0].examples = members[:EXAMPLES_PER_VALUE]  # labels formatted apart
        cells = {c: text(row[c]) for c in cols}
        cells["reference_unit"] = REFERENCE_UNITS.get(cells["metric"], "")
        cells["reference_shown"] = reference_shown(cells["reference_value"],
                                                   cells["reference_unit"], values)
        review = _needs_review(verdict, ref)
        out.append(GroupView(gid, ("g-" if review else "gr-") + gid, title or gid, cells,
                             buckets, verdict, ref, review, len(values) or len(members),
                             collapse_list(split_list(row["langs"])),
                             collapse_list(docs, counted=False), n_values))
    out.sort(key=lambda g: _group_order(g.verdict, g.reference_verdict, g.cells["n_docs"],
                                        g.group_id))
    return out


def _needs_review(verdict: str, reference_verdict: str) -> bool:
    return verdict == "conflict" or reference_verdict == "mismatch"


def _group_order(verdict: str, reference_verdict: str, n_docs: str, group_id: str) -> tuple:
    """Where a group comes in the report (`group_views`)."""
    return (not _needs_review(verdict, reference_verdict),
            _REFERENCE_ORDER.get(reference_verdict, 2), _VERDICT_ORDER.get(verdict, 3),
            -int(n_docs or 0), group_id)


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


@dataclass
class GroupOrder:
    """Every group's place in the report, read from four of its columns (no view built):
    `ranked` holds (`_group_order` key, row position) pairs in the report's order,
    `verdicts` each row's (verdict, reference_verdict)."""

    ranked: list[tuple[tuple, int]]
    verdicts: list[tuple[str, str]]

    @property
    def n_review(self) -> int:
        return sum(1 for key, _ in self.ranked if not key[0])

    def anchors(self, shown: int) -> dict[str, str]:
        """Each group's anchor: its card for the first `shown` groups to review (they
        come first), else its row in all groups."""
        return {key[-1]: ("g-" if not key[0] and rank < shown else "gr-") + key[-1]
                for rank, (key, _) in enumerate(self.ranked)}


def group_order(groups: pd.DataFrame) -> GroupOrder:
    rows = records(groups, ["group_id", "verdict", "reference_verdict", "n_docs"])
    verdicts = [(text(r["verdict"]), text(r["reference_verdict"])) for r in rows]
    keys = [_group_order(verdict, ref, text(r["n_docs"]), text(r["group_id"]))
            for (verdict, ref), r in zip(verdicts, rows)]
    return GroupOrder(sorted(zip(keys, range(len(keys)))), verdicts)


def review_group_ids(groups: pd.DataFrame, limit: int | None = None) -> list[str]:
    """Groups to review (pages in conflict, or a mismatch with the official record), in
    the report's order; the first `limit` of them when given."""
    if "group_id" not in groups.columns:
        return []
    return [key[-1] for key, _ in group_order(groups).ranked if not key[0]][:limit]


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
