"""One metric per claim key: a page's mentions of one factor or share of one system and
workload ("带宽直接翻倍" and "…从5TF/s来到10.7TF/s,翻了一番还多": 2 x of Blackwell Ultra)
are one claim (devset README: "one row per distinct (value, unit, system, workload) in a
page"; CLAIMS.md: one figure stated twice is one claim), so they state one metric: the
performance one when any mention states it (a speed-up over a capacity's or a bandwidth's
factor: set2/zh_01, set3/ko_02, set3/ko_05; an improvement over a capacity's share:
set2/en_04), else the first mention's. Only factors and shares (units `x`, `%`): what
their metric is depends on the wording around each mention, not on the figure.
The mentions given another metric carry the flag `metric_of_key` (why: `explain`)."""
from __future__ import annotations

from dataclasses import replace

__all__ = ["with_one_metric_per_key"]

#: the units whose mentions of one key share their metric
SHARED_UNITS = frozenset({"x", "%"})

#: metrics in the order a key takes them: performance first, then the rest as stated
PREFERRED = ("speedup", "improvement", "perf_per_watt", "perf_per_price", "throughput", "latency")

#: the flag a mention whose metric was made its key's gets
FLAG = "metric_of_key"


def with_one_metric_per_key(claims: list) -> list:
    """The claims of one page with one metric per key among factors and shares (claims
    are `extract.claims.Claim`s; changed ones are copies).

    >>> from extractor.extract.claim_rows import Claim
    >>> def mention(metric, system):
    ...     return Claim("ko_02.txt", "ko", "", 0, 0, "2배", 2, "x", metric=metric, system=system)
    >>> page = [mention("memory", "Trillium"), mention("speedup", "Trillium"), mention("memory", "TPU v5e")]
    >>> [(c.metric, c.flags) for c in with_one_metric_per_key(page)]
    [('speedup', 'metric_of_key'), ('speedup', ''), ('memory', '')]
    """
    # one pass that only notes the metrics of a key stated twice with two (most pages: none)
    first: dict[tuple, str] = {}
    clashing: dict[tuple, list[str]] = {}
    for c in claims:
        if c.unit in SHARED_UNITS:
            key = (c.value, c.unit, c.system, c.workload)
            metric = first.setdefault(key, c.metric)
            if metric != c.metric:
                clashing.setdefault(key, [metric]).append(c.metric)
    if not clashing:
        return claims
    chosen = {key: _chosen(metrics) for key, metrics in clashing.items()}
    out = []
    for c in claims:
        metric = chosen.get((c.value, c.unit, c.system, c.workload)) if c.unit in SHARED_UNITS else None
        if metric is not None and metric != c.metric:
            c = replace(c, metric=metric, flags=";".join(filter(None, (c.flags, FLAG))))
        out.append(c)
    return out


def _chosen(metrics: list[str]) -> str:
    """The metric of a key stated with `metrics` (in page order)."""
    for m in PREFERRED:
        if m in metrics:
            return m
    return metrics[0]
