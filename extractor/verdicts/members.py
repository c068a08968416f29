"""The claims as the consistency stage sees them: tolerance intervals and `Member`s.

- `tolerance_interval(value, surface, qualifier, config)`, `half_unit(value, surface)`:
  what a stated value covers.
- `MemberFactory(columns, config)`: over a `columns.ClaimColumns`, the
  `partitions()` of the table by system and benchmark key, and the `members(rows)` of
  one partition at a time (see `stage`), with their contexts and
  intervals (a value whose qualifier a damaged page may have lost, `lost_qualifier`,
  gets an `approx` one); what they share (parsed contexts, keys, flags; intervals and counted
  things within a partition) is worked out once.
"""
from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass

import numpy as np

from extractor.extract.context.context import PageContext
from extractor.table_files import format_cell
from extractor.verdicts.columns import NUMBER_COLUMNS, TEXT_COLUMNS, ClaimColumns, finite, text
from extractor.verdicts.config import ConsistencyConfig
from extractor.verdicts.keys import counted_thing
from extractor.verdicts.lost_qualifier import qualifier_lost
from extractor.verdicts.names import benchmark_key, system_key

__all__ = ["ClaimColumns", "Member", "MemberFactory", "finite", "half_unit", "text",
           "tolerance_interval"]


# --- tolerance ----------------------------------------------------------------------

_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def half_unit(value: float, surface: str = "") -> float:
    """Half a unit in the last place the page stated `value` with.

    The digits come from the surface when it holds the number (`28.30 min` -> 0.005), or a
    number scaled by a magnitude word (`1,750억` -> half of 1e8); else from the value.

    >>> half_unit(28.3, "28.3分鐘"), half_unit(9, "just over 9 minutes"), half_unit(14.5, "")
    (0.05, 0.5, 0.05)
    >>> half_unit(175000000000.0, "1,750억")
    50000000.0
    """
    surface = surface if isinstance(surface, str) else ""
    for token in _NUMBER.findall(surface):
        try:
            n = float(token.replace(",", ""))
        except ValueError:
            continue
        decimals = len(token.split(".")[1]) if "." in token else 0
        half = 0.5 * 10.0 ** -decimals
        if math.isclose(n, value, rel_tol=1e-9):
            return half
        ratio = abs(value / n) if n else 0.0
        if ratio >= 10 and math.isfinite(ratio):  # a magnitude word scaled the number
            power = math.log10(ratio)
            if abs(power - round(power)) < 1e-9:
                return half * abs(value / n)
    text = f"{value:.12g}"
    if "e" in text:
        return abs(value) * 5e-13
    decimals = len(text.split(".")[1]) if "." in text else 0
    return 0.5 * 10.0 ** -decimals


def tolerance_interval(value: float, surface: str = "", qualifier: str = "exact",
                       config: ConsistencyConfig | None = None) -> tuple[float, float]:
    """The values a stated value covers: ±half a unit in the last stated place, widened by
    the qualifier (`approx` ±approx_tolerance, `at_least` up to +at_least_span, `at_most`
    anything below), plus rel_tolerance either side.

    >>> lo, hi = tolerance_interval(28.3, "28.3 min"); lo <= 28.335 <= hi
    True
    >>> lo, hi = tolerance_interval(9, "just over 9 minutes", "at_least"); lo <= 9.392 <= hi
    True
    >>> lo, hi = tolerance_interval(5.78, "5.78分鐘"); lo <= 5.879 <= hi
    False
    """
    config = config or ConsistencyConfig()
    half = half_unit(value, surface)
    size = abs(value)
    if qualifier == "approx":
        width = max(half, config.approx_tolerance * size)
        lo, hi = value - width, value + width
    elif qualifier == "at_least":
        lo, hi = value, max(value + config.at_least_span * size, value + half)
    elif qualifier == "at_most":
        lo, hi = (0.0 if value >= 0 else -math.inf), value + half
    else:
        lo, hi = value - half, value + half
    slack = config.rel_tolerance * size
    return lo - slack, hi + slack


# --- members ------------------------------------------------------------------------

@dataclass(slots=True)  # one per claim of a partition: slots keep them small
class Member:
    """A claim as the stage sees it."""

    row: int
    doc_id: str
    lang: str
    value: float
    unit: str
    quantity: str
    value_norm: float | None
    metric: str
    system: str
    workload: str
    qualifier: str
    surface: str
    sentence: str
    start: int
    confidence: float
    flags: list[str]
    context: PageContext
    system_key: str
    benchmark_key: str
    #: the compared system of a comparison (claims.csv `baseline`), as a key
    baseline: str = ""
    baseline_key: str = ""
    #: what a count counts ("ipu", "server"), '' for other values
    counted: str = ""
    lo: float = 0.0
    hi: float = 0.0
    #: the interval of the stated number alone, its qualifier ignored
    exact_lo: float = 0.0
    exact_hi: float = 0.0
    #: the key of the group it joined (`grouping.group_claims`)
    bucket: object = None
    #: a lost letter stands where its qualifier would be: its exactness is unknown and
    #: its interval is an `approx` one (`lost_qualifier.qualifier_lost`)
    qualifier_lost: bool = False

    @property
    def scale(self) -> float | None:
        """Base units per stated unit (60 for min, 0.01 for %), when known."""
        if self.value_norm is None or not self.value or not self.unit:
            return None
        s = self.value_norm / self.value
        return s if s > 0 and math.isfinite(s) else None

    def interval(self, normalised: bool) -> tuple[float, float]:
        scale = self.scale if normalised else None
        if scale is None:
            return self.lo, self.hi
        return self.lo * scale, self.hi * scale

    def exact_interval(self, normalised: bool) -> tuple[float, float]:
        """The interval of the stated number alone, its qualifier ignored."""
        scale = self.scale if normalised else None
        if scale is None:
            return self.exact_lo, self.exact_hi
        return self.exact_lo * scale, self.exact_hi * scale

    def covers(self, x: float, normalised: bool) -> bool:
        lo, hi = self.interval(normalised)
        return lo <= x <= hi

    def label(self) -> str:
        return f"{format_cell(float(self.value))} {self.unit}".strip()


def _key_codes(keys: list[str]) -> np.ndarray:
    """Codes of the distinct keys, 0 for the empty key.

    >>> _key_codes(["", "a", "b", "a"]).tolist()
    [0, 1, 2, 1]
    """
    index = {"": 0}
    return np.array([index.setdefault(k, len(index)) for k in keys], dtype=np.int64)


class MemberFactory:
    """Builds the members of any rows of one `ClaimColumns`, sharing what copies of a page
    repeat: parsed contexts, intervals, name keys, counted things."""

    def __init__(self, columns: ClaimColumns, config: ConsistencyConfig):
        self.columns, self.config = columns, config
        self.system_keys = [system_key(s) for s in columns.values["system"]]
        self.baseline_keys = [system_key(s) for s in columns.values["baseline"]]
        self.benchmark_keys = [benchmark_key(w) for w in columns.values["workload"]]
        self._contexts = [PageContext.parse(c) if c else None
                          for c in columns.values["context"]]
        # each member gets its own list (recovery adds to it) of shared strings
        self._flags = [tuple(f for f in flags.split(";") if f)
                       for flags in columns.values["flags"]]
        self._fallback = self._fallback_contexts() if "context" not in columns.present else {}

    def partitions(self) -> list[np.ndarray]:
        """The rows by (system key, benchmark key), each partition in table order, in the
        order of their first rows. Rows that name neither a system nor a workload are left
        out: they are never grouped, and never give or take a unit."""
        cols = self.columns
        systems = _key_codes(self.system_keys)[cols.codes["system"]]
        benchmarks = _key_codes(self.benchmark_keys)[cols.codes["workload"]]
        keyed = np.flatnonzero((systems != 0) | (benchmarks != 0))
        combined = systems[keyed].astype(np.int64) * (int(benchmarks.max(initial=0)) + 1) \
            + benchmarks[keyed]
        order = np.argsort(combined, kind="stable")
        rows, keys = keyed[order], combined[order]
        starts = np.flatnonzero(np.diff(keys, prepend=-1)) if len(keys) else keys
        parts = np.split(rows, starts[1:])
        return sorted((p for p in parts if len(p)), key=lambda p: p[0])

    def _fallback_contexts(self) -> dict[str, PageContext]:
        """A table written without contexts (an older run, another extractor) gets each
        page's from its claims' sentences; an empty context the extractor wrote is its
        finding."""
        sentences: dict[int, dict[int, None]] = defaultdict(dict)
        codes = self.columns.codes
        for doc, sentence in zip(codes["doc_id"].tolist(), codes["sentence"].tolist()):
            sentences[doc][sentence] = None
        # only for a table without contexts: reading them is the claim stage's work
        from extractor.extract.context.page_context import page_context  # noqa: PLC0415
        docs, texts = self.columns.values["doc_id"], self.columns.values["sentence"]
        return {docs[d]: page_context("\n".join(texts[s] for s in ss))
                for d, ss in sentences.items()}

    def members(self, rows: np.ndarray) -> list[Member]:
        """The members of `rows` (in that order); rows without a finite value are left
        out."""
        cols, config = self.columns, self.config
        text_of = {c: cols.texts(c, rows) for c in TEXT_COLUMNS if c not in (
            "system", "workload", "baseline", "context", "flags")}
        code = {c: cols.codes[c][rows].tolist() for c in ("system", "workload", "baseline",
                                                          "context", "flags")}
        numbers = {c: cols.floats(c, rows) for c in NUMBER_COLUMNS}
        systems, workloads = cols.values["system"], cols.values["workload"]
        baselines = cols.values["baseline"]
        # copies of a page (in one partition) state the same values and counts: worked
        # out once per partition, let go with it
        intervals: dict[tuple, tuple[float, float, float, float]] = {}
        counted: dict[tuple[str, str], str] = {}
        out = []
        for i, row in enumerate(rows.tolist()):
            value = numbers["value"][i]
            if value is None:
                continue
            doc = text_of["doc_id"][i]
            ctx = self._contexts[code["context"][i]]
            if ctx is None:
                ctx = self._fallback.get(doc, PageContext())
            s, w, b = code["system"][i], code["workload"][i], code["baseline"][i]
            surface, qualifier = text_of["surface"][i], text_of["qualifier"][i] or "exact"
            confidence = numbers["confidence"][i]
            m = Member(
                row=row, doc_id=doc, lang=text_of["lang"][i], value=value,
                unit=text_of["unit"][i], quantity=text_of["quantity"][i],
                value_norm=numbers["value_norm"][i], metric=text_of["metric"][i],
                system=systems[s], workload=workloads[w], qualifier=qualifier,
                surface=surface, sentence=text_of["sentence"][i],
                start=int(numbers["start"][i] or 0),
                confidence=0.0 if confidence is None else confidence,
                flags=list(self._flags[code["flags"][i]]), context=ctx,
                system_key=self.system_keys[s], benchmark_key=self.benchmark_keys[w],
                baseline=baselines[b], baseline_key=self.baseline_keys[b])
            if m.metric in config.counted_metrics or m.quantity == "count":
                said = (m.surface, m.sentence)
                if said not in counted:
                    counted[said] = counted_thing(m.surface, m.sentence)
                m.counted = counted[said]
            flags = self._flags[code["flags"][i]]
            m.qualifier_lost = "lossy_source" in flags and qualifier_lost(
                m.lang, qualifier, surface, m.sentence, flags)
            read = "approx" if m.qualifier_lost else qualifier
            stated = (value, surface, read)
            if stated not in intervals:
                intervals[stated] = (
                    tolerance_interval(value, surface, read, config)
                    + tolerance_interval(value, surface, "exact", config))
            m.lo, m.hi, m.exact_lo, m.exact_hi = intervals[stated]
            out.append(m)
        return out
