"""Checks of a group of claims against reference rows: the result record
(`ReferenceCheck`), the time-to-train check, and the helpers the relative check shares.

- `check_time(items, ctx, rows, config) -> ReferenceCheck`: a time-to-train against the
  candidate rows (division and round tried when unknown, a value whose unit was lost read
  in min or h); `match` when one row fits every value, `mismatch` with the closest row of
  the stated round otherwise, `none` when no round is stated and nothing fits.
- `system_hint(items, ctx, reference, bench, config)`: for a time without a system, the
  rows it would fit, as a note.

Rows are the named tuples of `reference_table.ReferenceIndex`; members are the
consistency stage's, read here by their fields.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from extractor.extract.context.context import PageContext
from extractor.extract.context.rounds import round_for_date, round_sort_key
from extractor.verdicts.config import ConsistencyConfig
from extractor.verdicts.members import Member


@dataclass
class ReferenceCheck:
    """What the reference says about a group: `verdict` match/mismatch/none, the
    reference value (minutes for a time, whatever unit the claims state it in; a per
    cent or a factor for a relative claim), and which rows gave it."""

    verdict: str = "none"
    value: float | None = None
    round: str = ""
    division: str = ""
    system: str = ""
    reading: str = ""
    note: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


def significant(x: float) -> float:
    return float(f"{x:.10g}")

def where(rows: list, **equal) -> list:
    """The rows whose fields equal the given values."""
    return [r for r in rows if all(getattr(r, k) == v for k, v in equal.items())]


def divisions_to_try(ctx: PageContext, rows: list, config: ConsistencyConfig) -> list[str]:
    if ctx.division:
        return [ctx.division]
    present = sorted({r.division for r in rows})
    return [d for d in config.divisions if d in present] + \
        [d for d in present if d not in config.divisions]



def _round_may_come_from_date(items: list[Member], rnd: str) -> bool:
    return any(m.context.date and round_for_date(m.context.date, m.context.suite) == rnd
               for m in items)


def fits_time(m: Member, seconds: float, config: ConsistencyConfig) -> tuple[bool, str]:
    """(fits, unit assumed): a value whose unit is unknown fits when it fits read in any
    of `config.assumed_time_units`, and says which."""
    if m.scale is not None:
        return (m.quantity in ("duration", "", "unknown") and m.covers(seconds, True)), ""
    for unit, scale in config.assumed_time_units:
        if m.covers(seconds / scale, False):
            return True, unit
    return False, ""


def check_time(items: list[Member], ctx: PageContext, rows: list,
                config: ConsistencyConfig) -> ReferenceCheck:
    rounds_present = sorted({r.round for r in rows}, key=round_sort_key, reverse=True)
    if ctx.round:
        rounds = [ctx.round]
        if config.try_earlier_rounds and _round_may_come_from_date(items, ctx.round):
            rounds += [r for r in rounds_present if round_sort_key(r) < round_sort_key(ctx.round)]
    else:
        rounds = rounds_present
    divisions = divisions_to_try(ctx, rows, config)
    candidates = []
    for ri, rnd in enumerate(rounds):
        for di, div in enumerate(divisions):
            for row in where(rows, round=rnd, division=div):
                seconds = row.time_to_train_minutes * 60.0
                fits = [fits_time(m, seconds, config) for m in items]
                n_fit = sum(f for f, _ in fits)
                assumed = sorted({a for f, a in fits if f and a})
                candidates.append(((ri, di), row, seconds, n_fit, assumed))
    if not candidates:
        wanted = ctx.round or "any round"
        return ReferenceCheck(note=f"reference has no {wanted} "
                                   f"{ctx.division + ' ' if ctx.division else ''}result")
    median = sorted(_member_seconds(m) for m in items)[len(items) // 2]
    # most values fitted, then the preferred round and division, then the closest result
    # (a round may list one system twice: 6.769 and 6.703 min for "6.7 minutes")
    best = max(candidates, key=lambda c: (c[3], [-i for i in c[0]], -abs(c[2] - median)))
    pref, row, seconds, n_fit, assumed = best
    if n_fit == len(items):
        note = []
        if not ctx.division or not ctx.round:
            note.append("matched " + " ".join(x for x in (row.division, row.round) if x))
        elif row.round != ctx.round:
            note.append(f"matched the earlier round {row.round}, not the page's {ctx.round}")
        if assumed:
            note.append(f"unit assumed {'/'.join(assumed)}")
        return ReferenceCheck("match", significant(seconds / 60.0), row.round, row.division,
                              row.system_name, "", "; ".join(note))
    if not ctx.round:
        # no round stated and no result fits every value: the closest of every round's
        # results is no evidence of a wrong value, rather of a number that is no result
        return ReferenceCheck(note="round not stated and no result of any round fits")
    own = [c for c in candidates if c[0][0] == 0]
    if not own:  # only earlier rounds, tried because the round came from a date
        return ReferenceCheck(note=f"reference has no {ctx.round} result; "
                                   "no earlier round fits")
    closest = min(own, key=lambda c: (abs(c[2] - median), c[0]))
    _, row, seconds, n_fit, _ = closest
    note = [f"stated {median / seconds - 1:+.1%} from the reference"] if seconds else []
    if n_fit:
        note.append(f"{n_fit} of {len(items)} values fit")
    elif not ctx.division:
        note.append("no division fits")
    explained = _each_value_fits(items, candidates, config)
    if explained:
        note.append(explained)
    return ReferenceCheck("mismatch", significant(seconds / 60.0), row.round, row.division,
                          row.system_name, "", "; ".join(note))


def _each_value_fits(items: list[Member], candidates: list, config: ConsistencyConfig) -> str:
    """When no one result fits every value but each value fits one (the pages quote the
    closed and the open result, say), which fits which."""
    ordered = sorted(candidates, key=lambda c: c[0])
    fits = {}
    for m in items:
        label = m.label()
        if label in fits:
            continue
        row = next((c[1] for c in ordered if fits_time(m, c[2], config)[0]), None)
        if row is None:
            return ""
        fits[label] = row
    if len({(r.round, r.division, r.system_name) for r in fits.values()}) < 2:
        return ""
    return "each value fits another result: " + "; ".join(
        f"{label} = {r.division} {r.round} ({r.time_to_train_minutes:g} min)"
        for label, r in fits.items())


def _member_seconds(m: Member) -> float:
    return m.value_norm if m.scale is not None else m.value * 60.0

def system_hint(items: list[Member], ctx: PageContext, reference: list,
                 bench: str, config: ConsistencyConfig) -> str:
    """For a time without a system: the reference rows it would fit, as a note."""
    rows = [r for r in reference.by_benchmark.get(bench, [])
            if (not ctx.round or r.round == ctx.round)
            and (not ctx.division or r.division == ctx.division)]
    fitting = [r for r in rows
               if all(fits_time(m, r.time_to_train_minutes * 60.0, config)[0] for m in items)]
    if not fitting or len(fitting) > 3:
        return "no system named"
    return "no system named; fits " + ", ".join(
        f"{r.system} {r.division} {r.round} ({r.time_to_train_minutes:g} min)" for r in fitting)
