"""The metric of a claim: what its number measures.

A quantity's kind (duration, percent, factor, ...) allows some metrics, in order of
preference (`lexicons/metrics_defaults.json`); the first whose cue words
(`lexicons/metrics_<lang>.json`) occur in the number's clause, else its sentence, wins,
else the kind's default.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.cues import LANGS, cues, lang_key


def metric_for(quantity: str, near: str, wide: str, lang: str) -> tuple[str, bool]:
    """The metric of a quantity of kind `quantity`, from cue words in `near` (its
    clause) or else `wide` (its sentence); returns (metric, whether a cue decided).

    >>> metric_for("percent", "在IPU-POD16上實現了24%的性能提升", "", "zh")
    ('improvement', True)
    >>> metric_for("factor", "a factor of 1.6x", "better performance-per-$ than NVIDIA", "en")
    ('perf_per_price', True)
    >>> metric_for("duration", "IPU-POD16에서 28.3분", "", "ko")
    ('time_to_train', False)
    """
    cue_patterns, default = _rule(quantity, lang_key(lang))
    for text in (near, wide):
        if not text:
            continue
        low = text.lower()
        for metric, rx in cue_patterns:
            if rx.search(low):
                return metric, True
    return default, False


@lru_cache(maxsize=None)
def _rule(quantity: str | None, lk: str) -> tuple[tuple[tuple[str, re.Pattern], ...], str]:
    """((metric, cue pattern) in the order they are tried, the default metric) for a kind
    of quantity and a cue language: worked out once, not for every claim (profiled: a
    third of `metric_for`)."""
    c = cues()
    rule = c.by_quantity.get(quantity) or c.by_quantity["unknown"]
    langs = [lk] if lk in LANGS else list(LANGS)
    patterns = tuple((metric, rx) for metric in rule["candidates"] for lg in langs
                     if (rx := c.metric_cues[lg].get(metric)) is not None)
    return patterns, rule["default"]


def metric_by_unit(unit: str) -> str | None:
    """The metric a unit imposes whatever the cues ("in the six months": a period, not a
    time-to-train), from `metrics_defaults.json` by_unit."""
    return lexicons.load("metrics_defaults.json").get("by_unit", {}).get(unit)
