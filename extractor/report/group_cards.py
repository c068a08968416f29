"""The report's groups: each group as a card or a row (its distinct values, with a few
sentences that state each), and the order a reviewer meets them in: mismatches with the
official record, then conflicts between pages, then the groups most pages speak of.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pandas as pd

from extractor.report.view import (EXAMPLES_PER_VALUE, PAGES_LISTED, VALUES_LISTED, ClaimView,
                                   records, split_list, text)


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
