"""Why a group's values differ, said in its row: what the members share, how far apart
their values lie, and the two members furthest apart (consistency.csv `shared`,
`spread`, `furthest`; the report's conflict card shows them).

- `explain(key, items) -> Why`.
"""
from __future__ import annotations

from dataclasses import dataclass

from extractor.verdicts.keys import KEY_FIELDS, GroupKey
from extractor.verdicts.members import Member

__all__ = ["Why", "explain", "shared_fields"]

#: fields of a key that are always said, '?' when unknown, for the metrics they key
_SAID_UNKNOWN = {"part": ("memory", "bandwidth"),
                 "scale": ("compute", "memory", "power", "price", "bandwidth")}
#: fields that are machinery, not what the members share
_NOT_SHOWN = ("system", "benchmark", "metric", "statement")


@dataclass(frozen=True)
class Why:
    shared: str = ""
    spread: str = ""
    furthest: str = ""


def shared_fields(key: GroupKey) -> str:
    """The fields the members share, `key=value;...`; a field that keys the metric but
    that no member states is said as `?` (never taken to match a known value).

    >>> shared_fields(GroupKey("h100", "", "memory", part="hbm"))
    'part=hbm;scale=?'
    >>> shared_fields(GroupKey("h100", "", "compute", precision="FP8", dimension="compute"))
    'precision=FP8;scale=?;dimension=compute'
    """
    out = []
    for name in KEY_FIELDS:
        value = getattr(key, name)
        if name in _NOT_SHOWN:
            continue
        if not value and key.metric in _SAID_UNKNOWN.get(name, ()) and not key.kind:
            value = "?"
        if value:
            out.append(f"{name}={value}")
    return ";".join(out)


def _norm(m: Member) -> float | None:
    return m.value_norm if m.scale is not None else None


def explain(key: GroupKey, items: list[Member]) -> Why:
    """`Why` of one group: the spread is the largest value over the smallest (in base
    units when every member has one), the furthest pair the members that give them,
    each with its page."""
    shared = shared_fields(key)
    normalised = all(_norm(m) is not None for m in items)
    values = [(_norm(m) if normalised else m.value, m) for m in items]
    lo, lo_m = min(values, key=lambda v: (v[0], v[1].doc_id))
    hi, hi_m = max(values, key=lambda v: (v[0], v[1].doc_id))
    if hi == lo:
        return Why(shared)
    spread = f"x{hi / lo:.3g}" if lo > 0 else f"{lo:g} to {hi:g}"
    furthest = f"{lo_m.label()} ({lo_m.doc_id}) vs {hi_m.label()} ({hi_m.doc_id})"
    return Why(shared, spread, furthest)
