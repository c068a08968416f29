"""The claims the report reads, gathered while the claims table streams past in chunks:
the report never needs the whole table, only its size and columns, its first MAX_ROWS
rows (the claims list), the first few claims of each value of each group to review (the
cards quote them) and each group's time-to-train values (the charts). So writing the
report of a run costs memory for what it shows, not for the claims it counts.
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd

from extractor.report.group_cards import collapse, review_group_ids
from extractor.report.view import (EXAMPLES_PER_VALUE, MAX_ROWS, VALUES_LISTED, records,
                                   split_list, text)
from extractor.table_files import finite


class ReportClaims:
    """What the report reads of a claims table (module docstring); `add` the table's
    chunks in order."""

    def __init__(self, review_groups=(), shown_values: dict[str, set[str]] | None = None):
        self.review_groups = set(review_groups)
        #: the values a review group's card lists (VALUES_LISTED at most), when known:
        #: examples of the others are never shown
        self.shown_values = shown_values
        self.n_claims = 0
        self.columns: list[str] | None = None
        #: minutes of each group's time-to-train claims, in table order
        self.claimed_minutes: dict[str, list[float]] = {}
        self._parts: list[pd.DataFrame] = []
        self._per_value: Counter = Counter()
        self._per_group: Counter = Counter()

    @classmethod
    def for_groups(cls, groups: pd.DataFrame) -> ReportClaims:
        """A collector for the claims of a run whose consistency table is `groups`: the
        claims of the first MAX_ROWS groups to review are the ones cards quote."""
        review = review_group_ids(groups, MAX_ROWS)
        cards = groups[groups["group_id"].isin(review)] if review else groups.iloc[:0]
        shown = {text(row["group_id"]): {b.label for b in
                                         collapse(split_list(row["values"]),
                                                  split_list(row["doc_ids"]))[:VALUES_LISTED]}
                 for row in records(cards, ["group_id", "values", "doc_ids"])}
        return cls(review, shown)

    @classmethod
    def of(cls, claims: pd.DataFrame, groups: pd.DataFrame) -> ReportClaims:
        """The whole claims table at once."""
        collected = cls.for_groups(groups)
        collected.add(claims)
        return collected

    def add(self, chunk: pd.DataFrame) -> None:
        """The next rows of the table."""
        if self.columns is None:
            self.columns = list(chunk.columns)
        positions = np.arange(self.n_claims, self.n_claims + len(chunk))
        keep = positions < MAX_ROWS
        if self.review_groups and "group_id" in chunk.columns:
            keep |= self._examples(chunk)
        if keep.any():
            part = chunk[keep]
            self._parts.append(part.set_axis(positions[keep], axis=0))
        self._add_minutes(chunk)
        self.n_claims += len(chunk)

    @property
    def rows(self) -> pd.DataFrame:
        """The rows the report shows, indexed by their row number in the table."""
        if not self._parts:
            return pd.DataFrame(columns=self.columns or [])
        return pd.concat(self._parts) if len(self._parts) > 1 else self._parts[0]

    @property
    def doc_ids(self) -> set[str]:
        """The pages of the claims the report shows."""
        rows = self.rows
        return {text(d) for d in rows["doc_id"]} if "doc_id" in rows.columns else set()

    def _examples(self, chunk: pd.DataFrame) -> np.ndarray:
        """Rows of groups to review that a card may quote: the first EXAMPLES_PER_VALUE
        of each value the card lists, and of the group (`group_cards.group_views`)."""
        keep = np.zeros(len(chunk), dtype=bool)
        reviewed = np.flatnonzero(chunk["group_id"].isin(self.review_groups).to_numpy())
        rows = records(chunk.iloc[reviewed], ["group_id", "value", "unit"])
        for i, row in zip(reviewed.tolist(), rows):
            gid = text(row["group_id"])
            label = f"{text(row['value'])} {text(row['unit'])}".strip()
            value = (gid, label)
            listed = self.shown_values is None or label in self.shown_values.get(gid, ())
            keep[i] = ((listed and self._per_value[value] < EXAMPLES_PER_VALUE)
                       or self._per_group[gid] < EXAMPLES_PER_VALUE)
            self._per_value[value] += 1
            self._per_group[gid] += 1
        return keep

    def _add_minutes(self, chunk: pd.DataFrame) -> None:
        if "metric" in chunk.columns:
            chunk = chunk[chunk["metric"].astype(str).eq("time_to_train")]
        for row in records(chunk, ["group_id", "metric", "value_norm"]):
            seconds = finite(row["value_norm"])
            if text(row["metric"]) == "time_to_train" and seconds and seconds > 0:
                self.claimed_minutes.setdefault(text(row["group_id"]), []).append(seconds / 60)
