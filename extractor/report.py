"""The run's report: one self-contained HTML page (no scripts or styles from elsewhere)
that a person reads in a browser: the run in figures, then the pages, the consistency
groups (conflicts and reference mismatches first) and the claims."""
from __future__ import annotations

import html
from urllib.parse import quote

import pandas as pd

MAX_ROWS = 2000  # per table; the CSV and Parquet files hold everything

_STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1400px}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;font-size:.85em;margin:.5em 0}
th,td{border:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f3f3f3;position:sticky;top:0}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.agree,.match{background:#e3f6e3}.conflict,.mismatch{background:#fbe0e0}
.error{background:#fbe0e0}.lossy{background:#fff4d6}
.figures span{display:inline-block;margin-right:2em}.figures b{font-size:1.4em}
.note{color:#666;font-size:.85em}
details summary{cursor:pointer;margin:.5em 0;color:#444}
mark{background:#ffe27a;padding:0 1px}
.nw,td.num{white-space:nowrap}
"""


def _cell_text(value) -> str:
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _marked_sentence(row) -> str:
    """The claim's sentence with its surface marked (first occurrence)."""
    sentence, surface = _cell_text(row.get("sentence")), _cell_text(row.get("surface"))
    i = sentence.find(surface) if surface else -1
    if i < 0:
        return html.escape(sentence)
    return (html.escape(sentence[:i]) + "<mark>" + html.escape(surface) + "</mark>"
            + html.escape(sentence[i + len(surface):]))


def _lines(value) -> str:
    """A `;`-joined cell shown one item per line."""
    return "<br>".join(f'<span class="nw">{html.escape(part)}</span>'
                       for part in _cell_text(value).split(";"))


def _doc_link(doc_id: str) -> str:
    """A link to the page's cleaned text (clean/ lies beside report.html)."""
    href = html.escape("clean/" + quote(doc_id) + ".txt", quote=True)
    return f'<a href="{href}">{html.escape(doc_id)}</a>'


def _table(df: pd.DataFrame, row_class=None, numeric=(), rich=None) -> str:
    if df.empty:
        return '<p class="note">none</p>'
    shown = df.head(MAX_ROWS)
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in shown.columns)
    rows = []
    for _, row in shown.iterrows():
        cls = row_class(row) if row_class else ""
        cells = []
        for col in shown.columns:
            td = ' class="num"' if col in numeric else ""
            if rich and col in rich:
                content = rich[col](row)
            else:
                content = html.escape(_cell_text(row[col]))
            cells.append(f"<td{td}>{content}</td>")
        rows.append(f'<tr class="{cls}">' + "".join(cells) + "</tr>")
    more = (f'<p class="note">{len(df) - MAX_ROWS} more rows in the CSV/Parquet table.</p>'
            if len(df) > MAX_ROWS else "")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>{more}"


def _figure(label: str, value) -> str:
    return f"<span><b>{html.escape(str(value))}</b> {html.escape(label)}</span>"


def render_report(documents: pd.DataFrame, claims: pd.DataFrame, groups: pd.DataFrame) -> str:
    n_err = int((documents.get("status", pd.Series(dtype=str)) == "error").sum())
    n_lossy = int(documents.get("lossy", pd.Series(dtype=bool)).sum())
    verdicts = groups["verdict"].value_counts() if len(groups) else pd.Series(dtype=int)
    refs = groups["reference_verdict"].value_counts() if len(groups) else pd.Series(dtype=int)
    figures = "".join([
        _figure("pages", len(documents)), _figure("failed", n_err), _figure("lossy", n_lossy),
        _figure("claims", len(claims)), _figure("groups", len(groups)),
        _figure("agree", int(verdicts.get("agree", 0))),
        _figure("conflict", int(verdicts.get("conflict", 0))),
        _figure("reference match", int(refs.get("match", 0))),
        _figure("reference mismatch", int(refs.get("mismatch", 0))),
    ])
    if len(groups):
        order = {"conflict": 0, "agree": 1, "single": 2}
        rorder = {"mismatch": 0, "match": 1, "none": 2}
        groups = groups.assign(_o=groups["verdict"].map(order).fillna(3),
                               _r=groups["reference_verdict"].map(rorder).fillna(3))
        groups = groups.sort_values(["_r", "_o", "group_id"]).drop(columns=["_o", "_r"])
    # what a reader must see: groups that more than one page speaks of, or that the
    # reference covers; the rest (one page, nothing to check against) is folded away
    checked = (groups["n_docs"] > 1) | (groups["reference_verdict"] != "none") if len(groups) \
        else pd.Series(dtype=bool)
    group_rich = {c: (lambda row, c=c: _lines(row[c])) for c in ("values", "doc_ids", "langs")
                  if c in groups.columns}
    doc_cols = [c for c in ("doc_id", "status", "error", "lang", "zh_variant", "lossy",
                            "lossy_ratio", "repairs", "n_sentences", "n_claims")
                if c in documents.columns]
    claim_cols = [c for c in ("doc_id", "lang", "surface", "value", "unit", "metric", "system",
                              "workload", "qualifier", "confidence", "flags", "sentence")
                  if c in claims.columns]

    def doc_class(row):
        return "error" if row.get("status") == "error" else ("lossy" if row.get("lossy") else "")

    def group_class(row):
        return f"{row.get('verdict', '')} {row.get('reference_verdict', '')}"

    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Claims report</title>
<style>{_STYLE}</style></head><body>
<h1>Numeric claims report</h1>
<p class="figures">{figures}</p>
<h2>Consistency across sources and against the reference</h2>
<p class="note">Conflicts and reference mismatches first. Green: agree / match; red: conflict / mismatch.</p>
{_table(groups[checked], group_class, numeric=("n_docs", "reference_value"), rich=group_rich)}
<details><summary>{int((~checked).sum())} groups with one page and no reference result</summary>
{_table(groups[~checked], group_class, numeric=("n_docs", "reference_value"), rich=group_rich)}
</details>
<h2>Pages</h2>
<p class="note">Red: the page failed (its error says why); yellow: text was lost in the source.</p>
{_table(documents[doc_cols], doc_class, numeric=("lossy_ratio", "n_sentences", "n_claims"),
        rich={"doc_id": lambda row: _doc_link(str(row["doc_id"]))})}
<h2>Claims</h2>
<p class="note">The claimed number is marked in its sentence; page names link to the cleaned text.</p>
{_table(claims[claim_cols], numeric=("value", "confidence"),
        rich={"sentence": _marked_sentence, "doc_id": lambda row: _doc_link(str(row["doc_id"]))})}
</body></html>
"""
