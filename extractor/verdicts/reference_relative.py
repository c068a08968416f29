"""The check of a relative claim (a per cent improvement, a speed-up) against the two
reference results it implies: the same system's earlier round ("24% since our first
submission", "10% faster than last round": the like-for-like pair at one scale and
submitter, then the fastest result of each round), or another system its sentence names
("31% faster than the DGX A100"), each read both as time reduction and as speed-up.

The words that say a claim compares rounds are data: `lexicons/reference_relative.json`.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons
from extractor.extract.context.context import PageContext
from extractor.extract.names.names import canonical_system, name_key
from extractor.extract.context.rounds import round_sort_key
from extractor.verdicts.config import ConsistencyConfig
from extractor.verdicts.members import Member
from extractor.verdicts.reference_check import ReferenceCheck, divisions_to_try, significant, where

@lru_cache(maxsize=None)
def _between_round_cues() -> re.Pattern:
    words = lexicons.load("reference_relative.json").get("between_rounds_cues", [])
    alternation = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(alternation or r"(?!x)x", re.IGNORECASE)

_READINGS = {
    # per cent: the claim's fraction against the two times
    "percent": (("time_reduction", lambda old, new: (old - new) / old),
                ("speedup", lambda old, new: old / new - 1.0)),
    # factor: how many times faster
    "factor": (("speedup", lambda old, new: old / new),),
}


@dataclass(frozen=True)
class _Reading:
    """One way to read a relative claim against two reference rows."""

    preference: tuple
    name: str
    value: float
    n_fit: int
    old: tuple
    new: tuple


def _readings(pairs, readings, intervals) -> list[_Reading]:
    out = []
    for preference, old, new in pairs:
        for name, reading in readings:
            r = reading(old.time_to_train_minutes, new.time_to_train_minutes)
            out.append(_Reading(preference, name, r, sum(lo <= r <= hi for lo, hi in intervals),
                                old, new))
    return out


def _best(candidates: list[_Reading]) -> _Reading | None:
    if not candidates:
        return None
    return max(candidates, key=lambda c: (c.n_fit, [-i for i in c.preference]))


def _between_rounds(rows: list, ctx: PageContext, divisions: list[str]):
    """(preference, earlier row, later row) of one system: the page's round (else every
    round) against the previous round first, then earlier ones, each division alike."""
    rounds_present = sorted({r.round for r in rows}, key=round_sort_key)
    later_rounds = [ctx.round] if ctx.round else list(reversed(rounds_present))
    for li, later in enumerate(later_rounds):
        earlier = [r for r in rounds_present if round_sort_key(r) < round_sort_key(later)]
        for ei, before in enumerate(reversed(earlier)):
            for di, div in enumerate(divisions):
                olds, news = where(rows, round=before, division=div), \
                    where(rows, round=later, division=div)
                for old in olds:
                    for new in news:
                        if _same_setup(old, new):
                            yield (li, ei, di, 0), old, new
                if olds and news:
                    # "2.7x the previous round's best": the fastest result of each round,
                    # whatever its scale, read last (after the like-for-like pairs)
                    old = min(olds, key=lambda r: r.time_to_train_minutes)
                    new = min(news, key=lambda r: r.time_to_train_minutes)
                    if not _same_setup(old, new):
                        yield (li, ei, di, 1), old, new


def _same_setup(old, new) -> bool:
    """Two rounds' results of one system compare only at one scale and by one submitter:
    a round-over-round gain is not a move from 8 to 64 accelerators, nor another
    vendor's server."""
    if old.accelerators and new.accelerators and old.accelerators != new.accelerators:
        return False
    a, b = getattr(old, "submitter", ""), getattr(new, "submitter", "")
    return not a or not b or a == b


def _systems_named(items: list[Member]) -> list[str]:
    """The systems the members are compared with (claims.csv `baseline`, which the claim
    stage read from the sentence): "31% faster than the DGX A100"."""
    return list(dict.fromkeys(m.baseline for m in items if m.baseline))


def _against_other_systems(rows: list, reference: list, others: list[str],
                           ctx: PageContext, divisions: list[str]):
    """(preference, other system's row, own row): the own system's result in the page's
    round (else every round) against another system's in the same round, or in the
    latest earlier round it has (a new generation against the old)."""
    rounds_present = sorted({r.round for r in rows}, key=round_sort_key, reverse=True)
    own_rounds = [ctx.round] if ctx.round else rounds_present
    for oi, other in enumerate(others):
        benchmarks = {r.benchmark_key for r in rows}
        other_rows = [r for b in sorted(benchmarks) for r in reference.of(other, b)]
        for ri, rnd in enumerate(own_rounds):
            usable = [r for r in {o.round for o in other_rows}
                      if round_sort_key(r) <= round_sort_key(rnd)]
            if not usable:
                continue
            base_round = max(usable, key=round_sort_key)
            for di, div in enumerate(divisions):
                for old in where(other_rows, round=base_round, division=div):
                    for new in where(rows, round=rnd, division=div):
                        yield (oi, ri, di), old, new


def _relative_check(verdict: str, c: _Reading, out_scale: float, names: str,
                    across: bool) -> ReferenceCheck:
    old, new = c.old, c.new
    if across:
        rnd = new.round if old.round == new.round else f"{old.round}->{new.round}"
        system = f"{new.system_name} vs {old.system_name}"
    else:
        rnd, system = f"{old.round}->{new.round}", new.system_name
    note = (f"{old.system + ' ' if across else ''}{old.time_to_train_minutes:g} -> "
            f"{new.system + ' ' if across else ''}{new.time_to_train_minutes:g} min")
    return ReferenceCheck(verdict, significant(c.value / out_scale), rnd, new.division,
                          system, names, note)


def check_relative(items: list[Member], ctx: PageContext, rows: list,
                    reference: list, config: ConsistencyConfig) -> ReferenceCheck:
    """A per cent or factor against two reference times, read both ways: the system's own
    earlier round ("24% since our first submission"), else another system the sentence
    names ("31% faster than the DGX A100")."""
    kind = Counter("factor" if m.unit == "x" or m.quantity == "factor"
                   or (not m.unit and m.metric == "speedup") else "percent"
                   for m in items).most_common(1)[0][0]
    readings = _READINGS[kind]
    out_scale = 0.01 if kind == "percent" else 1.0
    intervals = [m.interval(True) if m.scale is not None
                 else (m.lo * out_scale, m.hi * out_scale)  # unit lost: the value as stated
                 for m in items]
    divisions = divisions_to_try(ctx, rows, config)
    own_key = rows[0].system_key
    cued = any(_between_round_cues().search(m.sentence) for m in items)
    # "double the performance of the Tesla V100": a claim that names another system as
    # its baseline compares with that system, not with its own earlier round, unless its
    # sentence says so ("since our first submission")
    named_other = any(name_key(canonical_system(s) or s) != own_key for s in _systems_named(items))
    between = _readings(_between_rounds(rows, ctx, divisions), readings, intervals)
    found = _full_match(between, len(items), out_scale, False)
    if found and (cued or not named_other):
        return found
    others = _other_systems(items, rows, reference, own_key)
    across = _readings(_against_other_systems(rows, reference, others, ctx, divisions),
                       readings, intervals)
    found = _full_match(across, len(items), out_scale, True)
    if found:
        return found
    if between and cued:
        return _closest(between, intervals, out_scale, False)
    if across and len(others) == 1 and ctx.round:
        return _closest(across, intervals, out_scale, True)
    if across and len(others) == 1:
        # "nearly double the performance of the Tesla V100" with no MLPerf round on the
        # page: a launch claim, not a pair of results the table holds
        return ReferenceCheck(note="the page states no MLPerf round: a comparison the "
                                   "table does not hold; left unchecked")
    if not between and not across:
        return ReferenceCheck(note="reference has no pair of results to compare")
    return ReferenceCheck(note="no reading fits and the sentence does not say what it "
                               "compares with; left unchecked")


def _other_systems(items: list[Member], rows: list, reference, own_key: str) -> list[str]:
    """The reference systems the claims' sentences name besides their own system. Another
    name of the same hardware ("GB300 NVL72" beside "Blackwell Ultra") shares result rows
    with the own system: comparing them would compare it with itself."""
    own_rows = {id(r) for r in rows}
    benchmarks = sorted({r.benchmark_key for r in rows})
    return [k for k in dict.fromkeys(name_key(canonical_system(s) or s)
                                     for s in _systems_named(items))
            if k and k != own_key and k in reference.name_keys
            and not any(id(r) in own_rows for b in benchmarks for r in reference.of(k, b))]


def _full_match(candidates: list[_Reading], n: int, out_scale: float,
                across: bool) -> ReferenceCheck | None:
    """A match when the best reading fits all `n` claims, naming every equal reading."""
    best = _best(candidates)
    if best is None or best.n_fit < n:
        return None
    names = ";".join(dict.fromkeys(
        c.name for c in candidates if c.preference == best.preference
        and c.old is best.old and c.new is best.new and c.n_fit == n))
    return _relative_check("match", best, out_scale, names, across)


def _closest(candidates: list[_Reading], intervals: list, out_scale: float,
             across: bool) -> ReferenceCheck:
    """A mismatch against the most preferred reading nearest the claims' median."""
    first = min(c.preference[:2] for c in candidates)
    own = [c for c in candidates if c.preference[:2] == first]
    median = sorted((lo + hi) / 2 for lo, hi in intervals)[len(intervals) // 2]
    c = min(own, key=lambda c: (abs(c.value - median), c.preference))
    return _relative_check("mismatch", c, out_scale, c.name, across)
