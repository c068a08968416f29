"""Which claims speak of the same thing (`group_claims`).

- `group_claims(members, config) -> {GroupKey: [members]}`: claims grouped by their
  `keys.GroupKey` (what a value measures, where, at which size, scale and part; see
  there). For the fields of `keys.FILLED` a claim for which the field is unknown joins
  the only value the others of its key know (a page dated before a round cannot speak
  of it); with several, it stays in a group of its own. The other fields are not
  filled: a figure that does not say which part of the chip it measures is not taken
  to be the HBM's.

Whether a group's values agree is `judgement`'s.

The members are `members.Member`s, read here by their fields.
"""
from __future__ import annotations

import hashlib
import math
import re
from collections import defaultdict
from dataclasses import replace

from extractor.verdicts.config import ConsistencyConfig
from extractor.verdicts.keys import (FILLED, KEY_FIELDS, UNSPECIFIC_METRICS, GroupKey,
                                     is_outlay, possible_round)
from extractor.verdicts.members import Member

__all__ = ["group_claims"]

#: positions of the fields filled when unknown, and of the round
_FILLED_LEVELS = tuple(i for i, name in enumerate(KEY_FIELDS) if name in FILLED)
_ROUND = KEY_FIELDS.index("round")


# --- grouping -----------------------------------------------------------------------

def _fill_unknown(items: list[Member], level: int, keys: dict[int, list[str]]) -> None:
    """Members whose field `level` is unknown take the one value the others know, if
    only one is possible for them: a page dated before a round cannot speak of it."""
    # a size stated but not attributable ('a?') is no value another claim can join
    known = {keys[m.row][level] for m in items
             if keys[m.row][level] and not keys[m.row][level].endswith("?")}
    if not known:
        return
    for m in items:
        if keys[m.row][level]:
            continue
        possible = known if level != _ROUND else {r for r in known
                                                  if possible_round(m.context, r)}
        if len(possible) == 1:
            keys[m.row][level] = next(iter(possible))


def member_key(m: Member, config: ConsistencyConfig) -> GroupKey:
    """The key of one member, before unknown fields are filled."""
    ctx = m.context
    size = ctx.size() if m.metric in config.scale_metrics else ""
    # the compared system tells relative values apart ("2x the H100", "4x the A100"); an
    # absolute figure (141 GB) is the same figure whatever the page compares it with
    relative = m.quantity in ("percent", "factor") or m.metric in config.relative_metrics
    currency = m.unit if m.quantity == "money" else ""
    kind = _kind(m, config)
    spec = m.metric in config.spec_metrics
    return GroupKey(m.system_key, m.benchmark_key, m.metric, ctx.suite, ctx.round,
                    ctx.division, size, m.baseline_key if relative else "", m.counted,
                    kind, ctx.precision, ctx.sparsity, ctx.per, currency,
                    part=ctx.part if spec else "", scale=ctx.scale if spec else "",
                    dimension=dimension(m.quantity, m.unit),
                    period=ctx.period if kind or ctx.period == "earlier" else "",
                    seller=ctx.seller if m.metric == "price" else "", variant=ctx.variant,
                    statement=_own_statement(m, kind, relative, config))


#: scales of a whole (a cluster, a country, a market) that a count or a total is of
_WHOLE_SCALES = ("cluster", "national", "market")
_BITS = re.compile(r"(?:^|[^A-Za-z])[kMGTP]?b(?:ps|/s|it)", re.ASCII)


def dimension(quantity: str, unit: str) -> str:
    """What a unit measures: the claim's quantity, ':bits' added for a rate or size in
    bits (3.2 Tbps and 1.6 TB/s are no two readings of one link); '' when unknown.

    >>> dimension("bandwidth", "Tbps"), dimension("bandwidth", "TB/s"), dimension("unknown", "")
    ('bandwidth:bits', 'bandwidth', '')
    """
    if not quantity or quantity == "unknown":
        return ""
    return f"{quantity}:bits" if _BITS.search(unit or "") else quantity


def _own_statement(m: Member, kind: str, relative: bool, config: ConsistencyConfig) -> str:
    """The digest of the member's sentence when nothing says what else it could be
    compared with: a change without its period ("prices fell 50%": since when?), a
    number whose metric is unknown, a comparison with no baseline and no benchmark, an
    API price (per million tokens) that names no model (the model is the claim's
    workload: "$2.50 per 1M input tokens" of GPT-4o and of GPT-4o mini differ), a count
    of a cluster, a country or a market (how many H100s one company's cluster holds is
    a fact of that cluster, which the key does not name: two clusters' counts differ)."""
    unknown = (kind == "change" and not m.context.period) \
        or (m.quantity == "count" and m.context.scale in _WHOLE_SCALES) \
        or (m.metric == "price" and m.context.per == "Mtokens" and not m.benchmark_key) \
        or m.metric in UNSPECIFIC_METRICS \
        or ((relative or m.metric in config.relative_value_metrics)
            and not m.baseline_key and not m.benchmark_key
            and m.metric not in config.time_metrics)
    if not unknown:
        return ""
    return "s" + hashlib.blake2b(m.sentence.encode("utf-8"), digest_size=4).hexdigest()


def _kind(m: Member, config: ConsistencyConfig) -> str:
    """'' for a value; 'relative' for a factor and 'change' for a per cent of a metric
    whose values are no factors or per cents. "2x the memory" and "141 GB" are both
    memory claims, but no value of one can agree or conflict with the other. A per cent
    counts only where the metric's values carry a unit (an accuracy of 84.4 % is a value,
    "prices cut by 44%" a change), and apart from factors: "43% more" and "1.4x" may be
    one change, but their values are not on one scale. 'outlay' for money the clause
    puts into something ("if you invest $5M in a GB200 NVL72"): what a buyer spends on
    a deployment is no price a seller asks."""
    if m.quantity == "factor" and m.metric not in UNSPECIFIC_METRICS \
            and m.metric not in config.relative_value_metrics:
        return "relative"
    if m.quantity == "percent" and m.metric in config.unit_metrics:
        return "change"
    if m.metric == "price" and m.quantity == "money" and is_outlay(m.surface, m.sentence,
                                                                    m.lang):
        return "outlay"
    return ""


def group_claims(members: list[Member], config: ConsistencyConfig
                 ) -> dict[GroupKey, list[Member]]:
    """Members grouped by their `GroupKey` (module docstring). Only claims naming a
    system or a workload are grouped."""
    by_key: dict[tuple, list[Member]] = defaultdict(list)
    for m in members:
        if m.system_key or m.benchmark_key:
            by_key[(m.system_key, m.benchmark_key, m.metric)].append(m)
    groups: dict[GroupKey, list[Member]] = {}
    made: dict[tuple, GroupKey] = {}  # one key object per distinct key
    for items in by_key.values():
        # the keys as lists of field values while unknown fields are filled
        keys = {m.row: [getattr(k, name) for name in KEY_FIELDS]
                for m in items for k in (member_key(m, config),)}
        for level in _FILLED_LEVELS:
            parents: dict[tuple, list[Member]] = defaultdict(list)
            for m in items:
                parents[tuple(keys[m.row][:level])].append(m)
            for sub in parents.values():
                _fill_unknown(sub, level, keys)
        for m in items:
            values = tuple(keys[m.row])
            key = made.get(values)
            if key is None:
                key = made[values] = GroupKey(*values)
            groups.setdefault(key, []).append(m)
    out: dict[GroupKey, list[Member]] = {}
    for key, items in groups.items():
        for sub_key, sub in _by_magnitude(key, items, config):
            out[sub_key] = sub
            for m in sub:
                m.bucket = sub_key
    return out


def _norm(m: Member) -> float:
    return abs(m.value_norm) if m.scale is not None else abs(m.value)


def _by_magnitude(key: GroupKey, items: list[Member], config: ConsistencyConfig):
    """The group split where its values lie more than `config.magnitude_gap` apart
    (`GroupKey.magnitude`); one part, the key unchanged, when they do not."""
    if key.metric not in config.spec_metrics or key.kind or key.statement or len(items) < 2:
        return [(key, items)]
    ordered = sorted(items, key=_norm)
    clusters = [[ordered[0]]]
    for prev, m in zip(ordered, ordered[1:]):
        a, b = _norm(prev), _norm(m)
        if a > 0 and math.isfinite(b) and b / a > config.magnitude_gap:
            clusters.append([])
        clusters[-1].append(m)
    if len(clusters) == 1:
        return [(key, items)]
    return [(replace(key, magnitude=f"{_norm(c[0]):.2g}"), c) for c in clusters]
