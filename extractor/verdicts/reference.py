"""The check of a group of claims against the reference table.

`check_reference(members, ctx, system_key, benchmark_key, metric, reference, config)
-> ReferenceCheck`: match/mismatch/none for one group of claims. The candidate rows are
those of the group's system (any claim name the row answers to: "DGX A100", "A100") and
benchmark; of them, the rows of the scale the claims state (accelerator count, else
nodes: `none` when the reference has no result of that scale), else all, with the
candidates' scales in the note. Then a time-to-train against their times
(`reference_check.check_time`), a relative claim against the two results it implies
(`reference_relative.check_relative`).
"""
from __future__ import annotations

import logging

import pandas as pd

from extractor.extract.context.context import PageContext
from extractor.extract.context.rounds import round_sort_key
from extractor.verdicts.config import ConsistencyConfig
from extractor.verdicts.members import Member
from extractor.verdicts.reference_check import ReferenceCheck, check_time, system_hint
from extractor.verdicts.reference_relative import check_relative
from extractor.verdicts.reference_table import reference_rows

logger = logging.getLogger(__name__)


def check_reference(items: list[Member], ctx: PageContext, sys_key: str, bench_key: str,
                    metric: str, reference: pd.DataFrame | list,
                    config: ConsistencyConfig | None = None) -> ReferenceCheck:
    """The reference verdict of one group (`reference` as `prepare_reference` gives it).

    `none` when the metric is not one the reference records, or the reference has no row
    for the system and benchmark (and round); `match` when one row (or, for relative
    claims, one pair of rows in two rounds, read as time reduction or speed-up) fits
    every value; `mismatch` otherwise, with the closest reference value."""
    config = config or ConsistencyConfig()
    if ctx.suite and ctx.suite != "training":
        return ReferenceCheck(note=f"reference holds training results, not {ctx.suite}")
    is_time = metric in config.time_metrics
    if not (is_time or metric in config.relative_metrics):
        return ReferenceCheck()
    if not bench_key:
        return ReferenceCheck(note="no benchmark named: the reference holds results of "
                                   "benchmarks")
    if isinstance(reference, pd.DataFrame):
        reference = reference_rows(reference)
    newest = reference.latest_round()
    if ctx.round and newest and round_sort_key(ctx.round) > round_sort_key(newest):
        return ReferenceCheck(note=f"round {ctx.round} is newer than the reference "
                                   f"(latest {newest})")
    if not sys_key:
        return ReferenceCheck(note=system_hint(items, ctx, reference, bench_key, config)
                              if is_time else "no system named")
    rows = reference.of(sys_key, bench_key)
    if not rows:
        return ReferenceCheck(note="reference has no result of this system on this "
                                   "benchmark")
    rows, scale_note = _at_scale(rows, ctx)
    if not rows:
        return ReferenceCheck(note=scale_note)
    if is_time:
        # a per cent or a count the extractor called a time is not checked as one
        times = [m for m in items if not m.unit or m.quantity == "duration"]
        if not times:
            return ReferenceCheck(note="no value is a duration")
        check = check_time(times, ctx, rows, config)
    else:
        check = check_relative(items, ctx, rows, reference, config)
    if scale_note and check.verdict != "none":
        check.note = "; ".join(x for x in (check.note, scale_note) if x)
    return check


def _scale_label(r) -> str:
    parts = []
    if r.nodes:
        parts.append(f"{r.nodes} node{'s' if r.nodes != 1 else ''}")
    if r.accelerators:
        parts.append(f"{r.accelerators} accelerators")
    return ", ".join(parts) or "scale unknown"


def _at_scale(rows: list, ctx: PageContext) -> tuple[list, str]:
    """The rows of the scale the claims state (accelerator count, else nodes), and a note:
    which scale was stated and matched, or, when none was stated and the rows have
    several, which were candidates; no rows when the reference has no result of the
    stated scale."""
    accelerators, nodes = _int(ctx.accelerators), _int(ctx.nodes)
    if accelerators or nodes:
        stated = f"{accelerators} accelerators" if accelerators else f"{nodes} nodes"
        kept = [r for r in rows if (r.accelerators == accelerators if accelerators
                                    else r.nodes == nodes)]
        if not kept:
            have = sorted({_scale_label(r) for r in rows if _within(r, ctx)})
            return [], (f"reference has no result on {stated}"
                        + (f" (has {'; '.join(have[:6])})" if have else ""))
        return kept, f"scale {stated}"
    times: dict[int, list[float]] = {}
    for r in rows:
        if _within(r, ctx):
            times.setdefault(r.accelerators or 0, []).append(r.time_to_train_minutes)
    if len(times) < 2:
        return rows, ""

    def shown(n: int) -> str:
        lo, hi = min(times[n]), max(times[n])
        span = f"{lo:.4g} min" if lo == hi else f"{lo:.4g}-{hi:.4g} min"
        return f"{n or '?'}: {span}"

    scales = sorted(times)
    more = f" and {len(scales) - 8} more" if len(scales) > 8 else ""
    return rows, ("scale not stated; candidates by accelerators "
                  + ", ".join(shown(n) for n in scales[:8]) + more)


def _within(r, ctx: PageContext) -> bool:
    return (not ctx.round or r.round == ctx.round) and \
        (not ctx.division or r.division == ctx.division)


def _int(x) -> int | None:
    try:
        n = int(x)
    except (TypeError, ValueError):
        return None
    return n if n > 0 else None
