"""Which claims speak of the same thing, and whether their values agree.

- `group_claims(members, config) -> {bucket: [members]}`: claims grouped by system,
  benchmark and metric; then suite, round, division (the sentence's context), the scale
  the sentence states (for the metrics of `config.scale_metrics`: a time on one node
  and on eight nodes are different results), the compared system of a relative
  claim (claims.csv `baseline`: "2x over the H100" and "4x over the A100" are different
  claims; 141 GB is 141 GB whatever it is compared with), for counts what is counted
  ("2 systems" vs "5U"), whether a value of an absolute metric is relative ("2x
  the memory" is no value to compare with "141 GB"), the number format of a compute
  or throughput figure (989 TFLOPS at TF32 and 3,958 at FP8 sparse are both right), and
  what a price is per ($2.69 an hour and $25,000 to buy are both H100 prices), and the
  currency of an amount of money (no exchange rate is assumed: 3,900만원 and $27,000 are
  compared each with its own currency). A claim for which one of the
  others is unknown joins the only value the others of its key know (a page dated
  before a round cannot speak of it); with several, it stays in a group of its own.
- `verdict(items)`: `agree` (two or more pages, every tolerance interval shares a
  point), `conflict` (two pages state values that cannot both hold), `within_page`
  (values differ, but each difference is already on one page: a page quoting two
  results under one key; copies of that page add members, never a conflict), `single`
  (one page, one value).
- `counted_thing(surface, sentence)`: what a count counts.
- `group_id(bucket)`: a stable id from what the group is about.

The members are `extractor.members.Member`s, read here by their fields.
"""
from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from functools import lru_cache
from typing import TYPE_CHECKING

from extractor import lexicons
from extractor.extract.context import PageContext
from extractor.extract.rounds import round_for_date, round_sort_key

if TYPE_CHECKING:
    from extractor.consistency import ConsistencyConfig
    from extractor.members import Member

#: the fields of a bucket after (system key, benchmark key, metric), in fill order
SLOTS = ("suite", "round", "division", "scale", "baseline", "counted", "kind", "precision",
         "sparsity", "per", "currency")
#: slots whose empty value is a value, not an unknown to fill: "absolute" for kind; for
#: the number format "not stated", since a compute figure given without its format is
#: no more likely to be the one other pages state (989 and 1,979 TFLOPS are both H100);
#: for a price's basis "paid once": a price without one is a purchase price
_NOT_FILLED = ("kind", "precision", "sparsity", "per")
#: how many leading fields a bucket always has (ids of groups without the later
#: fields are those of the buckets before scale, baseline and counted were added)
_BASE_FIELDS = 6


def possible_round(ctx: PageContext, rnd: str) -> bool:
    """Whether a page of this context can speak of round `rnd`: not if it is dated before
    the round was published.

    >>> possible_round(PageContext(date="2021-05-06"), "v1.0")
    False
    >>> possible_round(PageContext(date="2021-07-01"), "v1.0"), possible_round(PageContext(), "v9.9")
    (True, True)
    """
    if not ctx.date or not rnd:
        return True
    latest = round_for_date(ctx.date, ctx.suite)
    return bool(latest) and round_sort_key(rnd) <= round_sort_key(latest)


# --- what a count counts ------------------------------------------------------------

@lru_cache(maxsize=None)
def _count_words() -> tuple[frozenset, frozenset]:
    """(generic counters such as 개/個/count, number words) that say nothing of what is
    counted."""
    scale = lexicons.load("context_scale.json")
    counters = set(scale["counters"]) | set(scale["node_counters"]) | {"count", "개의"}
    numbers = lexicons.load("numbers_en.json")
    words = set(numbers["units"]) | set(numbers["tens"]) | set(numbers["scales"])
    words |= {w.lower() for w in scale["number_words"]}
    return frozenset(counters), frozenset(words)


_WORD = re.compile(r"[^\W\d_][\w-]*")
_PARTICLES = frozenset({"의", "of", "the"})
#: metrics that say nothing of what a value measures (a page that lost its unit often
#: lost its metric too)
UNSPECIFIC_METRICS = ("", "other")


def counted_thing(surface: str, sentence: str = "") -> str:
    """What a count counts: the last word of its surface that is no number word or
    generic counter, else the word after it in the sentence; singular, lower case.

    >>> counted_thing("four servers"), counted_thing("eight DGX A100 chips"), counted_thing("5U")
    ('server', 'chip', 'u')
    >>> counted_thing("4개", "IPU 4개의 프로세서를"), counted_thing("16 IPU"), counted_thing("4")
    ('프로세서를', 'ipu', '')
    """
    counters, numbers = _count_words()
    surface = surface if isinstance(surface, str) else ""
    words = [w for w in _WORD.findall(surface)
             if w.lower() not in numbers and w not in counters]
    if not words and isinstance(sentence, str) and surface and surface in sentence:
        after = sentence[sentence.index(surface) + len(surface):][:16]
        # the first word after it, past a particle ("4개의 프로세서", "4 of the chips")
        words = [w for w in _WORD.findall(after) if w not in counters
                 and w.lower() not in _PARTICLES][:1]
    if not words:
        return ""
    word = words[-1].lower()
    if len(word) > 3 and word.endswith("s") and word.isascii():
        word = word[:-1]
    return word


# --- grouping -----------------------------------------------------------------------

def _fill_unknown(items: list[Member], level: int, slots: dict[int, list[str]]) -> None:
    """Members whose field `level` is unknown take the one value the others know, if
    only one is possible for them: a page dated before a round cannot speak of it."""
    # a scale stated but not attributable ('a?') is no value another claim can join
    known = {slots[m.row][level] for m in items
             if slots[m.row][level] and not slots[m.row][level].endswith("?")}
    if not known:
        return
    for m in items:
        if slots[m.row][level]:
            continue
        possible = known if level != 1 else {r for r in known if possible_round(m.context, r)}
        if len(possible) == 1:
            slots[m.row][level] = next(iter(possible))


def _slots(m: Member, config: ConsistencyConfig) -> list[str]:
    ctx = m.context
    scale = ctx.scale() if m.metric in config.scale_metrics else ""
    # the compared system tells relative values apart ("2x the H100", "4x the A100"); an
    # absolute figure (141 GB) is the same figure whatever the page compares it with
    relative = m.quantity in ("percent", "factor") or m.metric in config.relative_metrics
    currency = m.unit if m.quantity == "money" else ""
    return [ctx.suite, ctx.round, ctx.division, scale, m.baseline_key if relative else "",
            m.counted, _kind(m, config), ctx.precision, ctx.sparsity, ctx.per, currency]


def _kind(m: Member, config: ConsistencyConfig) -> str:
    """'' for a value; 'relative' for a factor and 'change' for a per cent of a metric
    whose values are no factors or per cents. "2x the memory" and "141 GB" are both
    memory claims, but no value of one can agree or conflict with the other. A per cent
    counts only where the metric's values carry a unit (an accuracy of 84.4 % is a value,
    "prices cut by 44%" a change), and apart from factors: "43% more" and "1.4x" may be
    one change, but their values are not on one scale."""
    if m.quantity == "factor" and m.metric not in UNSPECIFIC_METRICS \
            and m.metric not in config.relative_value_metrics:
        return "relative"
    if m.quantity == "percent" and m.metric in config.unit_metrics:
        return "change"
    return ""


def group_claims(members: list[Member], config: ConsistencyConfig) -> dict[tuple, list[Member]]:
    """Members grouped by (system key, benchmark key, metric) and `SLOTS` (module
    docstring). Only claims naming a system or a workload are grouped."""
    by_key: dict[tuple, list[Member]] = defaultdict(list)
    for m in members:
        if m.system_key or m.benchmark_key:
            by_key[(m.system_key, m.benchmark_key, m.metric)].append(m)
    groups: dict[tuple, list[Member]] = {}
    for key, items in by_key.items():
        slots = {m.row: _slots(m, config) for m in items}
        for level in range(len(SLOTS)):
            if SLOTS[level] in _NOT_FILLED:
                continue
            parents: dict[tuple, list[Member]] = defaultdict(list)
            for m in items:
                parents[tuple(slots[m.row][:level])].append(m)
            for sub in parents.values():
                _fill_unknown(sub, level, slots)
        for m in items:
            bucket = key + tuple(slots[m.row])
            members = groups.setdefault(bucket, [])
            m.bucket = members[0].bucket if members else bucket  # one tuple per group
            members.append(m)
    return groups


def group_id(bucket: tuple) -> str:
    """A stable id from what the group is about (not from its position in a run); the
    fields after division count only when set, so earlier ids are kept.

    >>> group_id(("ipupod16", "resnet50", "time_to_train", "training", "v1.1", ""))
    'g9b106ded87'
    >>> group_id(("ipupod16", "resnet50", "time_to_train", "training", "v1.1", "", "", "", ""))
    'g9b106ded87'
    """
    fields = list(bucket)
    while len(fields) > _BASE_FIELDS and not fields[-1]:
        fields.pop()
    digest = hashlib.blake2b("|".join(fields).encode("utf-8"), digest_size=5).hexdigest()
    return f"g{digest}"


# --- verdicts -----------------------------------------------------------------------

def _intervals(items: list[Member]) -> list[tuple[float, float]]:
    normalised = all(m.scale is not None for m in items)
    return [m.interval(normalised) for m in items]


def _overlap(intervals) -> bool:
    return max(lo for lo, _ in intervals) <= min(hi for _, hi in intervals)


def _covered(values, others) -> bool:
    """Every interval of `values` shares a point with some interval of `others`."""
    return all(any(lo <= ohi and olo <= hi for olo, ohi in others) for lo, hi in values)


def verdict(items: list[Member]) -> str:
    """agree / conflict / within_page / single (module docstring)."""
    intervals = _intervals(items)
    docs: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for m, iv in zip(items, intervals):
        docs[m.doc_id].append(iv)
    if _overlap(intervals):
        return "agree" if len(docs) > 1 else "single"
    if len(docs) == 1:
        return "within_page"
    # pages with the same values are one voice (copies of a page add no conflict)
    voices = list({tuple(sorted(set(ivs))): ivs for ivs in docs.values()}.values())
    if not any(not _overlap(ivs) for ivs in voices):
        return "conflict"  # each page states one value, and they differ
    # some page states differing values itself: a conflict only when two pages each
    # state a value the other does not cover
    for i, a in enumerate(voices):
        for b in voices[i + 1:]:
            if not _covered(a, b) and not _covered(b, a):
                return "conflict"
    return "within_page"
