"""The run's report: one self-contained HTML page that a person reads in a browser.

`render_report(documents, claims, groups) -> str` renders `templates/report.html.j2`
with Jinja2 (`write_report(path, ...)` streams it into a file), autoescaping on: every
string that comes from a page (sentences, titles, doc_ids, URLs) is escaped, and no page
string is ever put in an attribute that a browser would follow or run (URLs are shown as
text; links are relative `clean/...` files or `#` anchors).

The page loads nothing: a Content-Security-Policy meta tag allows only the report's own
style sheet and its one small script (sorting, filtering, paging), each by its SHA-256
hash. Without the script every row is shown; with it long tables show 100 rows at a time.

Order of the page: the run in figures (each linking to its list) and a chart of the
groups per verdict (`verdict_counts`: every verdict the stage writes, apart); what needs review
(mismatches with the official record, then conflicts between pages), each with the
explanation beside the verdict, the collapsed values ("5.78 min ×600, 5 pages") and the
sentences behind them, the number marked; a chart per benchmark of claimed time-to-train
against the official value; every group; the pages; the claims; what each column means
(from `extractor.report.columns`, the same text as `docs/columns.md`).
"""
from __future__ import annotations

import base64
import hashlib
from functools import lru_cache
from importlib import resources

import jinja2
import pandas as pd
from markupsafe import Markup, escape

from extractor.report import columns as column_docs
from extractor.report.chart import time_to_train_charts
from extractor.report.claim_rows import ReportClaims
from extractor.report.page_rows import ReportPages
from extractor.report.group_cards import group_order, group_views
from extractor.report.verdict_counts import verdict_chart, verdict_counts
from extractor.report.view import (CLAIM_NUMERIC, CLAIM_TABLE_COLUMNS, MAX_ROWS, PAGE_NUMERIC,
                                   PAGE_TABLE_COLUMNS, claim_views, headers, page_views,
                                   summary)

__all__ = ["render_report", "write_report", "MAX_ROWS", "ReportClaims", "ReportPages",
           "content_security_policy"]

GROUP_TABLE_COLUMNS = ("group_id", "system", "workload", "metric", "context", "values",
                       "verdict", "reference_verdict", "reference_note", "reference_value",
                       "reference_round", "reference_division", "reference_system",
                       "reference_reading", "n_docs", "langs", "doc_ids")


def _asset(name: str) -> str:
    return resources.files("extractor.report").joinpath("templates", name).read_text(
        encoding="utf-8")


def _sha256(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()
                                         ).decode("ascii") + "'"


def content_security_policy(style: str, script: str) -> str:
    """Nothing may load or run but the report's own style and script (by hash).

    >>> content_security_policy("", "").split("; ")[0]
    "default-src 'none'"
    """
    return (f"default-src 'none'; style-src {_sha256(style)}; script-src {_sha256(script)}; "
            "img-src 'none'; base-uri 'none'; form-action 'none'")


def inline_code(source: str) -> Markup:
    """Our own docs' `code` spans as <code>, everything escaped.

    >>> str(inline_code("`ok` or <b>"))
    '<code>ok</code> or &lt;b&gt;'
    """
    parts = str(source).split("`")
    return Markup("").join(Markup("<code>%s</code>") % p if i % 2 else escape(p)
                           for i, p in enumerate(parts))


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("extractor.report", "templates"),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True,
        lstrip_blocks=True)
    env.filters["code"] = inline_code
    return env


def _present(table_columns, columns) -> tuple:
    """The columns the table has (an optional column another stage adds may be missing);
    the first, the row's name, always."""
    return tuple(c for i, c in enumerate(columns) if i == 0 or c in table_columns)


def render_report(documents: pd.DataFrame | ReportPages, claims: pd.DataFrame | ReportClaims,
                  groups: pd.DataFrame) -> str:
    """The report of one run, from its three tables (columns read by name; missing
    optional columns read as empty); `documents` and `claims` may be what `ReportPages`
    and `ReportClaims` gathered of those tables as they streamed past."""
    return "".join(report_pieces(documents, claims, groups))


def write_report(path, documents: pd.DataFrame | ReportPages,
                 claims: pd.DataFrame | ReportClaims, groups: pd.DataFrame) -> None:
    """`render_report` written to `path` as it is rendered: the page of a large run is
    millions of small pieces, never held as one list."""
    with open(path, "w", encoding="utf-8") as f:
        for piece in report_pieces(documents, claims, groups):
            f.write(piece)


def report_pieces(documents: pd.DataFrame | ReportPages, claims: pd.DataFrame | ReportClaims,
                  groups: pd.DataFrame):
    """The report's text, piece by piece (`render_report`)."""
    if not isinstance(claims, ReportClaims):
        claims = ReportClaims.of(claims, groups)
    if not isinstance(documents, ReportPages):
        documents = ReportPages.of(documents, MAX_ROWS)
    pages = page_views(documents)
    # the review shows the first MAX_ROWS groups to review, like every other list; the
    # claims read are those of the cards shown (the rest are in consistency.csv)
    claim_rows = claim_views(claims, documents.hrefs)
    by_group: dict[str, list] = {}
    for c in claim_rows:
        if c.cells.get("group_id"):
            by_group.setdefault(c.cells["group_id"], []).append(c)
    # views of the groups listed only (groups to review come first: the cards are the
    # first of them); every group's place and anchor from four columns
    order = group_order(groups)
    group_rows = group_views(groups.iloc[[i for _, i in order.ranked[:MAX_ROWS]]], by_group)
    review = [g for g in group_rows if g.needs_review]
    anchors = order.anchors(MAX_ROWS)
    figures, languages = summary(documents, claims.n_claims, order.verdicts)
    style, script = _asset("report.css"), _asset("report.js")
    return _environment().get_template("report.html.j2").generate(
        csp=content_security_policy(style, script),
        style=Markup(style),     # our own files, not page text
        script=Markup(script),
        figures=figures, languages=languages,
        verdicts=verdict_chart(verdict_counts(order.verdicts)),
        review=review, n_review=order.n_review,
        groups=group_rows, n_groups=len(order.ranked),
        group_headers=headers("consistency.csv", _present(groups.columns, GROUP_TABLE_COLUMNS),
                              ("n_docs", "reference_value")),
        charts=time_to_train_charts(claims.claimed_minutes, groups, anchors),
        pages=pages, n_pages=documents.n_pages,
        page_headers=headers("documents.csv",
                             _present(documents.columns or [], PAGE_TABLE_COLUMNS),
                             PAGE_NUMERIC),
        claims=[c for c in claim_rows if c.row_id], n_claims=claims.n_claims,
        group_anchors=anchors,
        claim_headers=headers("claims.csv", _present(claims.columns or [], CLAIM_TABLE_COLUMNS),
                              CLAIM_NUMERIC),
        glossary=column_docs.TABLES, value_lists=column_docs.VALUE_LISTS,
        anchor=column_docs.anchor, meaning=column_docs.meaning)
