"""The cue words of metrics (`lexicons/metrics_<lang>.json`, `metrics_defaults.json`) and
where they stand in a sentence: which metrics a kind of quantity may take and in which
order (`cue_rule`), every cue word of a sentence with the words a longer one or a
compound's head overrides (`cue_matches`), and the lexicons' lists of markers. The
decision which cue is a number's is `metrics.metric_for`'s.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.text.cues import LANGS, cues

Span = tuple[int, int]


@lru_cache(maxsize=1)
def noun_first_kinds() -> frozenset[str]:
    """Kinds of quantity whose number multiplies what a noun of its clause names (a
    factor): that noun comes before a word of change."""
    return frozenset(lexicons.load("metrics_defaults.json").get("noun_first", ()))


@lru_cache(maxsize=1)
def weak_metrics() -> frozenset[str]:
    """Cue classes naming performance in general (performance, 성능, 性能): in a clause
    they yield to a word of what is measured."""
    return frozenset(lexicons.load("metrics_defaults.json").get("weak_nouns", ()))


# the numbers of a sentence ask for its cue words one after another: remember the last
# sentences' (the patterns of a kind and language are one object, built once by `cue_rule`)
@lru_cache(maxsize=64)
def cue_matches(cue_patterns, low: str) -> tuple[tuple[int, str, Span, bool], ...]:
    """Every cue word of `cue_patterns` in the lowered sentence: (rank, metric, span,
    noun); a word inside a longer cue word is not read ("power" of "computing power"),
    nor the first word of a compound whose head names another metric ("memory" of
    "memory bandwidth").

    >>> pats, _ = cue_rule("factor", "en")
    >>> [(m, s) for _, m, s, _n in cue_matches(pats, "2.66x more memory bandwidth")]
    [('bandwidth', (18, 27))]
    >>> [(m, s) for _, m, s, _n in cue_matches(pats, "double the computing power")]
    [('speedup', (11, 26))]
    """
    found = [(rank, metric, m.span(), noun)
             for rank, (metric, rx, spans, noun, _cls) in enumerate(cue_patterns)
             if rx.search(low) for m in spans.finditer(low)]
    if len(found) < 2:  # one word is inside no other and modifies none
        return tuple(found)
    weak = weak_metrics()
    heads = [g for g in found if g[3] and cue_patterns[g[0]][4] not in weak]
    kept = []
    # (plain loops: a generator's step is a call, and this is asked of every sentence)
    for f in found:
        span, overridden = f[2], False
        for g in found:  # a word inside a longer one: "power" of "computing power"
            if g[2][0] <= span[0] and span[1] <= g[2][1] and g[2] != span:
                overridden = True
                break
        if f[3] and not overridden:  # a compound's first word, or a gloss, of another metric
            for g in heads:
                if g[1] != f[1] and (_modifies(low, span, g[2]) or _glosses(low, g[2], span)):
                    overridden = True
                    break
        if not overridden:
            kept.append(f)
    return tuple(kept)


def _glosses(low: str, word: Span, gloss: Span) -> bool:
    """`gloss` stands alone in parentheses right after `word` ("전력효율성(TDP)"): the word
    it glosses names what is measured.

    >>> _glosses("전력효율성(tdp)도", (0, 4), (6, 9)), _glosses("대역폭 (tdp와 전력)", (0, 3), (5, 8))
    (True, False)
    """
    return word[1] <= gloss[0] and _GLOSS_OPEN.fullmatch(low, word[1], gloss[0]) is not None \
        and _GLOSS_CLOSE.match(low, gloss[1]) is not None


_GLOSS_OPEN = re.compile(r"[^\s()（）]{0,2}[(（]\s*")  # "성(": a suffix, then the parenthesis
_GLOSS_CLOSE = re.compile(r"\s*[)）]")


def _modifies(low: str, word: Span, head: Span) -> bool:
    """A word of what is measured stands right before another ("memory bandwidth",
    "메모리 대역폭", "内存带宽", "high-bandwidth memory"): the compound measures its head,
    the last word.

    >>> _modifies("memory bandwidth", (0, 6), (7, 16)), _modifies("memory and bandwidth", (0, 6), (11, 20))
    (True, False)
    """
    return word[1] <= head[0] and not low[word[1]:head[0]].strip(" -")


@lru_cache(maxsize=1)
def _noun_metrics() -> frozenset[str]:
    """Metrics whose cue words name what is measured ("대역폭", "功耗", "price"): such a
    word belongs to the number it stands nearest to. The words of a change ("향상",
    "提升", "faster") say what the sentence's numbers do, each of them ("IPU-POD16은 5%,
    IPU-POD64는 12%가 각각 향상됐다")."""
    return frozenset(lexicons.load("metrics_defaults.json").get("noun_metrics", ()))


@lru_cache(maxsize=None)
def level_markers(lk: str) -> frozenset[str]:
    langs = [lk] if lk in LANGS else list(LANGS)
    return frozenset(w for lg in langs for w in lexicons.load(f"metrics_{lg}.json").get("level_markers", ()))


@lru_cache(maxsize=None)
def comparison_markers(lk: str) -> tuple[str, ...]:
    langs = [lk] if lk in LANGS else list(LANGS)
    return tuple(w for lg in langs for w in lexicons.load(f"metrics_{lg}.json").get("comparison_markers", ()))


@lru_cache(maxsize=None)
def from_markers(lk: str) -> frozenset[str]:
    langs = [lk] if lk in LANGS else list(LANGS)
    return frozenset(w for lg in langs for w in lexicons.load(f"metrics_{lg}.json").get("from_markers", ()))


class CuePatterns(tuple):
    """The cue patterns of one kind of quantity and language (`cue_rule`), built once and
    compared by identity: `cue_matches` is cached on them, and a plain tuple's hash would
    hash every compiled pattern in it, its whole program, on every call (profiled: 8,000
    pattern hashes, about 1% of the claim stage's instructions on the dev set)."""

    __slots__ = ()
    __hash__ = object.__hash__

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other


@lru_cache(maxsize=None)
def cue_rule(quantity: str | None, lk: str) -> tuple[CuePatterns, str]:
    """((metric, cue pattern, cue span pattern, whether its cues are nouns, cue class) in the order they are tried, the default
    metric) for a kind of quantity and a cue language: worked out once, not for every
    claim (profiled: a third of `metric_for`). A candidate "cue>metric" reads the cues of
    one metric as another."""
    c = cues()
    rule = c.by_quantity.get(quantity) or c.by_quantity["unknown"]
    langs = [lk] if lk in LANGS else list(LANGS)
    patterns = []
    for cand in rule["candidates"]:
        cue_metric, _, metric = cand.partition(">")
        for lg in langs:
            rx = c.metric_cues[lg].get(cue_metric)
            if rx is not None:
                patterns.append((metric or cue_metric, rx, span_regex(lg, cue_metric),
                                 cue_metric in _noun_metrics(), cue_metric))
    return CuePatterns(patterns), rule["default"]


@lru_cache(maxsize=None)
def span_regex(lang: str, metric: str) -> re.Pattern:
    """The cue words of a metric as one pattern whose matches are the whole words (the
    presence pattern of `cues` matches their first character only): Latin words start a
    word, others match anywhere; longest first."""
    words = lexicons.load(f"metrics_{lang}.json")["cues"].get(metric, ())
    words = sorted({w.lower() for w in words if w}, key=len, reverse=True)
    alts = [(r"(?<![a-z])" if w[:1].isascii() and w[:1].isalpha() else "") + re.escape(w)
            for w in words]
    return re.compile("|".join(alts) or r"(?!)")


def reads_cues(quantity: str) -> bool:
    """A number of this kind takes its metric from the words around it: its unit does
    not say what it measures (a per cent, a factor, a ratio, a bare number).

    >>> reads_cues("factor"), reads_cues("bandwidth")
    (True, False)
    """
    return quantity in cue_reading_kinds()


@lru_cache(maxsize=1)
def cue_reading_kinds() -> frozenset[str]:
    """The kinds of quantity that read cues (`reads_cues`), for a test of many numbers."""
    return frozenset(lexicons.load("metrics_defaults.json").get("cue_readers", ()))
