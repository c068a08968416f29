"""Confidence of a claim, from the evidence behind it.

A stated unit, a name found for the number and a metric cue raise it; a lost unit, lost
letters next to the number and a quantity of unknown kind lower it most. On the
development set these are what tell right rows from wrong ones; where a name came from
(its clause, the page's topic) matters little. The weights are set so that the figure means
what it says on the development set: claims at 0.9 are right more often than claims at
0.6 (`benchmarks/bench_confidence.py` prints precision per confidence band).
"""
from __future__ import annotations

#: what a name's source adds. Measured on the development set (bench_confidence.py): a
#: name of the number's own sentence is right more often than one inherited from the
#: sentence before or the page (0.84 against 0.69 on numbers with a unit and no cue), and
#: a heading's least; a lost unit or lost letters weigh more than any of these
NAME_WEIGHTS = {"clause": 0.12, "table_column": 0.12, "sentence": 0.1, "caption": 0.06,
                "previous_sentence": 0.0, "page_topic": 0.0, "vendor_product": 0.0, "counted": 0.0,
                "heading": -0.1, "baseline_only": -0.1}
WORKLOAD_NAMED = 0.03
BASE = 0.45
UNIT = 0.3
METRIC_CUE = 0.05
#: what each kind of doubt takes away: a lost unit or lost letters next to the number
#: are the strongest signs of a wrong row
PENALTIES = {"no_name": 0.05, "lossy_source": 0.2, "unit_missing": 0.2,
             "magnitude_suspect": 0.2, "unknown_quantity": 0.3}


def claim_confidence(*, unit: str, system_from: str, workload_from: str, metric_cue: bool,
                     flags: list[str], quantity: str, metric: str) -> float:
    """A number from 0.05 to 0.99 that grows with the evidence for the claim.

    >>> claim_confidence(unit="min", system_from="clause", workload_from="clause",
    ...                  metric_cue=True, flags=[], quantity="duration", metric="time_to_train")
    0.95
    >>> claim_confidence(unit="", system_from="", workload_from="", metric_cue=False,
    ...                  flags=["unit_missing"], quantity="unknown", metric="other")
    0.05
    """
    score = BASE + (UNIT if unit else 0.0)
    score += NAME_WEIGHTS.get(system_from, 0.0) + (WORKLOAD_NAMED if workload_from else 0.0)
    score += METRIC_CUE if metric_cue else 0.0
    if not system_from and not workload_from:
        score -= PENALTIES["no_name"]
    for flag in ("lossy_source", "unit_missing", "magnitude_suspect"):
        if flag in flags:
            score -= PENALTIES[flag]
    if quantity == "unknown":
        score -= PENALTIES["unknown_quantity"]
    # (bounded by comparisons, not min and max: two calls for every claim)
    score = 0.99 if score > 0.99 else 0.05 if score < 0.05 else score
    return round(score, 3)
