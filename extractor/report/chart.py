"""Charts of claimed time-to-train against the official value, one per benchmark.

`time_to_train_charts` lays each chart out (coordinates in SVG user units); the template
draws it as inline SVG, escaping every label. A row is one consistency group (system and
round): a dot per distinct claimed value, sized by how often it is stated, and a bar at
the official value when the reference has one.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

import pandas as pd

from extractor.report.view import records, text
from extractor.table_files import finite

WIDTH = 720          # SVG user units; the chart scales to the page's width
LABEL_WIDTH = 200    # left column: system and round
ROW_HEIGHT = 26
TOP = 8
AXIS_HEIGHT = 34
RIGHT_PAD = 24


@dataclass
class Dot:
    x: float
    r: float
    tip: str


@dataclass
class Row:
    label: str
    y: float
    dots: list[Dot]
    official_x: float | None
    tip: str
    mismatch: bool
    href: str


@dataclass
class Tick:
    x: float
    label: str


@dataclass
class Chart:
    benchmark: str
    anchor: str
    height: float
    rows: list[Row] = field(default_factory=list)
    ticks: list[Tick] = field(default_factory=list)
    log: bool = False
    plot_left: float = LABEL_WIDTH
    plot_right: float = WIDTH - RIGHT_PAD
    width: float = WIDTH


def fmt(x: float) -> str:
    """A value with at most four significant figures.

    >>> fmt(5.879), fmt(28.33499), fmt(120.0)
    ('5.879', '28.33', '120')
    """
    return f"{x:.4g}"


def _ticks(lo: float, hi: float, log: bool) -> list[float]:
    """Round values spanning [lo, hi].

    >>> _ticks(0, 30, False)
    [0.0, 10.0, 20.0, 30.0]
    >>> _ticks(0, 29.1, False), _ticks(0, 108, False)
    ([0.0, 10.0, 20.0, 30.0], [0.0, 50.0, 100.0, 150.0])
    >>> _ticks(1, 1000, True)
    [1.0, 10.0, 100.0, 1000.0]
    """
    if log:
        return [10.0 ** e for e in range(math.floor(math.log10(lo)),
                                         math.ceil(math.log10(hi)) + 1)]
    span = hi - lo or 1.0
    raw = span / 4
    step = 10 ** math.floor(math.log10(raw))
    step *= next(m for m in (1, 2, 2.5, 5, 10) if raw <= step * m)
    start = math.floor(lo / step) * step
    out = [float(round(start, 10))]
    while out[-1] < hi - step * 1e-9:
        out.append(round(out[-1] + step, 10))
    return out


def time_to_train_charts(claimed: dict[str, list[float]], groups: pd.DataFrame,
                         group_anchor: dict[str, str]) -> list[Chart]:
    """One chart per benchmark of the time-to-train groups that passed the reference
    check (an official row of their system, benchmark, round and scale was found: match
    or mismatch), in minutes; `claimed`: each group's claimed minutes
    (`ReportClaims.claimed_minutes`). A latency or "a one-minute read" that the claim
    stage called a time finds no official row and is not plotted; times that are not
    positive numbers are left out (a log axis has no place for 0)."""
    by_benchmark: dict[str, list[tuple[str, str, list[float], float | None, str, str]]] = {}
    for row in records(groups, ["group_id", "system", "workload", "metric", "context",
                                "reference_value", "reference_verdict", "reference_round",
                                "reference_division", "verdict"]):
        gid = text(row["group_id"])
        minutes = [v for v in claimed.get(gid, ()) if _plottable(v)]
        if text(row["metric"]) != "time_to_train" or not minutes \
                or text(row["reference_verdict"]) not in ("match", "mismatch"):
            continue
        rnd = text(row["reference_round"]) or _round_of(text(row["context"]))
        label = " ".join(p for p in (text(row["system"]) or "(no system)", rnd) if p)
        official = finite(row["reference_value"])
        official = official if official is not None and _plottable(official) else None
        by_benchmark.setdefault(text(row["workload"]) or "(no benchmark)", []).append(
            (gid, label, minutes, official, text(row["reference_verdict"]),
             text(row["verdict"])))
    return [_layout(name, rows, group_anchor) for name, rows in sorted(by_benchmark.items())]


#: the shortest time a chart plots (minutes): a training time of a second or less is
#: no training time a page reports, and a log axis needs a positive least value
MIN_MINUTES = 1 / 60


def _plottable(minutes) -> bool:
    """A time the chart can place: a finite number of at least MIN_MINUTES.

    >>> _plottable(5.78), _plottable(0.0), _plottable(1.5e-05), _plottable(float("nan"))
    (True, False, False, False)
    """
    return isinstance(minutes, (int, float)) and math.isfinite(minutes) \
        and minutes >= MIN_MINUTES


def _round_of(context: str) -> str:
    for part in context.split(";"):
        if part.startswith("round="):
            return part[len("round="):]
    return ""


def _layout(benchmark, rows, group_anchor) -> Chart:
    values = [v for _, _, vs, off, _, _ in rows for v in vs + ([off] if off else [])]
    lo, hi = min(values), max(values)
    log = hi / lo > 20
    ticks = _ticks(lo, hi, True) if log else _ticks(0.0, hi, False)
    t_lo, t_hi = ticks[0], ticks[-1]
    chart = Chart(benchmark, "chart-" + "".join(ch if ch.isalnum() else "-" for ch in benchmark),
                  TOP + ROW_HEIGHT * len(rows) + AXIS_HEIGHT, log=log)
    span = chart.plot_right - chart.plot_left

    def x_of(v: float) -> float:
        if log:
            f = (math.log10(v) - math.log10(t_lo)) / (math.log10(t_hi) - math.log10(t_lo))
        else:
            f = (v - t_lo) / ((t_hi - t_lo) or 1.0)
        return round(chart.plot_left + f * span, 1)

    chart.ticks = [Tick(x_of(t), fmt(t)) for t in ticks]
    rows = sorted(rows, key=lambda r: (r[3] is None, r[3] or min(r[2]), r[1]))
    for i, (gid, label, vs, official, verdict, pages_verdict) in enumerate(rows):
        y = TOP + ROW_HEIGHT * i + ROW_HEIGHT / 2
        counts = Counter(round(v, 4) for v in vs)
        dots = [Dot(x_of(v), round(min(9.0, 3.5 + 1.5 * math.log2(n)), 1),
                    f"claimed {fmt(v)} min" + (f" ×{n}" if n > 1 else ""))
                for v, n in sorted(counts.items())]
        tip = f"{label}: claimed " + ", ".join(fmt(v) for v in sorted(counts)) + " min"
        if official is not None:
            tip += f"; official {fmt(official)} min ({verdict})"
        if pages_verdict:
            tip += f"; pages: {pages_verdict}"
        chart.rows.append(Row(label, y, dots, x_of(official) if official else None, tip,
                              verdict == "mismatch", "#" + group_anchor.get(gid, "groups")))
    return chart
