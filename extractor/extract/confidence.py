"""Confidence of a claim, from the evidence behind it.

A stated unit, names found in the number's own clause, and a metric cue raise it; names
inherited from elsewhere (previous sentence, heading, page topic), lost units, lossy text
and a count or unknown quantity lower it. The weights are set so that the figure means
what it says on the development set: claims at 0.9 are right more often than claims at
0.6 (`benchmarks/bench_confidence.py` prints precision per confidence band).
"""
from __future__ import annotations

#: what a name's source adds: found beside the number weighs most, the page's topic least
NAME_WEIGHTS = {"clause": 0.15, "table_column": 0.15, "sentence": 0.08, "caption": 0.08,
                "previous_sentence": 0.04, "heading": 0.04, "counted": 0.04,
                "page_topic": 0.02, "baseline_only": 0.0}
BASE = 0.45
UNIT = 0.2
METRIC_CUE = 0.08
#: what each kind of doubt takes away
PENALTIES = {"no_name": 0.15, "lossy_source": 0.15, "unit_missing": 0.1,
             "magnitude_suspect": 0.2, "vague_quantity": 0.1}


def claim_confidence(*, unit: str, system_from: str, workload_from: str, metric_cue: bool,
                     flags: list[str], quantity: str, metric: str) -> float:
    """A number from 0.05 to 0.99 that grows with the evidence for the claim.

    >>> claim_confidence(unit="min", system_from="clause", workload_from="clause",
    ...                  metric_cue=True, flags=[], quantity="duration", metric="time_to_train")
    0.99
    >>> claim_confidence(unit="", system_from="", workload_from="", metric_cue=False,
    ...                  flags=["unit_missing"], quantity="unknown", metric="other")
    0.1
    """
    score = BASE + (UNIT if unit else 0.0)
    score += NAME_WEIGHTS.get(system_from, 0.0) + NAME_WEIGHTS.get(workload_from, 0.0)
    score += METRIC_CUE if metric_cue else 0.0
    if not system_from and not workload_from:
        score -= PENALTIES["no_name"]
    for flag in ("lossy_source", "unit_missing", "magnitude_suspect"):
        if flag in flags:
            score -= PENALTIES[flag]
    if quantity in ("count", "unknown") or metric == "other":
        score -= PENALTIES["vague_quantity"]
    return round(min(0.99, max(0.05, score)), 3)
