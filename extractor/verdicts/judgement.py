"""Whether a group's values agree, and why (consistency.csv `verdict`, `verdict_note`).

- `judge(key, items, config) -> Judgement`: the verdict of one group and the sentence
  that says why.
- `verdict(items)`: the verdict from the values alone (their tolerance intervals).

The verdicts: `agree` (two or more pages, every two values consistent), `conflict` (two
pages state values that cannot both hold), `within_page` (values differ, but each
difference is already on one page: a page quoting two results under one key; copies of
that page add members, never a conflict), `single` (one page, one value).

Two values are consistent when their tolerance intervals (`members.tolerance_interval`)
share a point, with one exception: a best case ("up to 30x", "최대 30배", "高達4倍":
qualifier `at_most`) is an upper bound, not a spread of values. A value at or below it
on another page is consistent with it, a value above it is a conflict, and two best
cases are consistent only when their stated numbers agree ("up to 4x" and "up to 5x"
are two different bounds). A page that restates its own best case without the "up to"
(a headline "30배" over the body's "최대 30배") states the bound once (`_best_cases`).
`verdict_note` names the best case an agreement or a conflict rests on.

A value a damaged page states right after a lost letter, where a qualifier may have
stood ("快约?1.8 倍"; `lost_qualifier`), has an unknown exactness: it is compared as
"about" that value (`ConsistencyConfig.approx_tolerance`), and `verdict_note` says so.

One exception turns a conflict of the values into `within_page`: a group whose key
lacks a field that varies its metric's figure (`ConsistencyConfig.varying_fields`: the
workload of a speed-up, the number format of a compute figure) and in which a page
states several values under that key. Such a page shows that the key holds figures of
several workloads (formats): "1.5x to 2.5x on most benchmarks" on one page and "1.7x to
6x" on another are per-workload factors, not two readings of one figure, and no value of
one page is compared with another's. A best case alone is one figure, no such sign.
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from extractor.verdicts.config import ConsistencyConfig
from extractor.verdicts.keys import GroupKey
from extractor.verdicts.members import Member

__all__ = ["Judgement", "judge", "verdict"]

#: how a key field is named in a note
_FIELD_WORDS = {"benchmark": "workload", "precision": "number format",
                "sparsity": "sparsity"}


@dataclass(frozen=True)
class Judgement:
    verdict: str
    #: why, in one sentence naming the pages it rests on
    note: str


class Reading(NamedTuple):
    """A member as the verdict compares it (compared and hashed as the tuple it is)."""

    #: what its value covers: its tolerance interval (a best case: anything up to it)
    lo: float
    hi: float
    #: whether it is a best case ("up to 30x")
    bound: bool
    #: the stated number alone: its tolerance interval without the "up to"
    exact_lo: float
    exact_hi: float


def _best_cases(items: list[Member]) -> set[int]:
    """The rows whose value is a best case ("up to 30x", qualifier `at_most`), and the
    rows of a page that restate one of its best cases without the "up to" (set3/ko_01's
    headline "30배" over its body's "최대 30배"): one figure of a page, stated twice with
    different qualifiers, is one claim (CLAIMS.md), and the page says it is a bound."""
    bounds = {(m.doc_id, m.value, m.unit) for m in items if m.qualifier == "at_most"}
    return {m.row for m in items if (m.doc_id, m.value, m.unit) in bounds
            and m.qualifier in ("at_most", "exact")} if bounds else set()


def _readings(items: list[Member]) -> list[Reading]:
    normalised = all(m.scale is not None for m in items)
    bounds = _best_cases(items)
    out = []
    for m in items:
        lo, hi = m.interval(normalised)
        elo, ehi = m.exact_interval(normalised)
        if m.row in bounds and m.qualifier != "at_most":
            lo = 0.0 if m.value >= 0 else -math.inf
        out.append(Reading(lo, hi, m.row in bounds, elo, ehi))
    return out


def _consistent(a: Reading, b: Reading) -> bool:
    """Two values can both hold: their intervals share a point, a value at or below a
    best case is consistent with it (and one above it is not), and two best cases are
    one when their stated numbers agree ("up to 4x" and "up to 5x" differ).

    >>> up_to_4, up_to_5 = Reading(0.0, 4.02, True, 3.98, 4.02), Reading(0.0, 5.03, True, 4.97, 5.03)
    >>> _consistent(up_to_4, Reading(1.79, 1.81, False, 1.79, 1.81)), _consistent(up_to_4, up_to_5)
    (True, False)
    >>> _consistent(up_to_4, Reading(5.97, 6.03, False, 5.97, 6.03))
    False
    """
    if a.bound and b.bound:
        return a.exact_lo <= b.exact_hi and b.exact_lo <= a.exact_hi
    return a.lo <= b.hi and b.lo <= a.hi


def _overlap(readings: list[Reading]) -> bool:
    """Every two readings are consistent (`_consistent`), in one pass: the values other
    than best cases share a point, the best cases' stated numbers share one, and every
    value lies at or below every best case."""
    plain = [r for r in readings if not r.bound]
    bounds = [r for r in readings if r.bound]
    if plain and max(r.lo for r in plain) > min(r.hi for r in plain):
        return False
    if bounds and max(r.exact_lo for r in bounds) > min(r.exact_hi for r in bounds):
        return False
    if plain and bounds:
        return max(r.lo for r in plain) <= min(r.hi for r in bounds) \
            and max(r.lo for r in bounds) <= min(r.hi for r in plain)
    return True


def _covered(values, others) -> bool:
    """Every reading of `values` is consistent with some reading of `others`."""
    return all(any(_consistent(v, o) for o in others) for v in values)


def _pages(items: list[Member]) -> dict[str, list[tuple[Member, Reading]]]:
    docs: dict[str, list] = defaultdict(list)
    for m, reading in zip(items, _readings(items)):
        docs[m.doc_id].append((m, reading))
    return docs


def _interval_judgement(items: list[Member]) -> Judgement:
    """The verdict from the values' tolerance intervals alone (module docstring)."""
    docs = _pages(items)
    if _overlap([r for page in docs.values() for _, r in page]):
        if len(docs) > 1:
            return Judgement("agree", f"the values of {len(docs)} pages agree within "
                                      "their tolerances" + _below_note(docs))
        return Judgement("single", "one page")
    if len(docs) == 1:
        return Judgement("within_page", f"the values differ on one page ({next(iter(docs))})")
    # pages with the same values are one voice (copies of a page add no conflict)
    voices: dict[tuple, tuple[str, list]] = {}
    for doc, page in docs.items():
        readings = [r for _, r in page]
        voices.setdefault(tuple(sorted(set(readings))), (doc, readings))
    voices_list = list(voices.values())
    if not any(not _overlap(rs) for _, rs in voices_list):
        return Judgement("conflict", "each page states one value, and they differ"
                         + _above_note(docs))
    # some page states differing values itself: a conflict only when two pages each
    # state a value the other does not cover
    for i, (doc_a, a) in enumerate(voices_list):
        for doc_b, b in voices_list[i + 1:]:
            if not _covered(a, b) and not _covered(b, a):
                return Judgement("conflict", f"{doc_a} and {doc_b} each state a value "
                                             "the other does not" + _above_note(docs))
    return Judgement("within_page", "the values differ within pages; each page's values "
                                    "are among another page's")


def _first_best_case(docs) -> tuple[str, Member, Reading] | None:
    for doc, page in sorted(docs.items()):
        for m, r in page:
            if r.bound:
                return doc, m, r
    return None


def _below_note(docs) -> str:
    """What an agreement with a best case rests on: '' when no page states one."""
    best = _first_best_case(docs)
    if best is None:
        return ""
    doc, m, r = best
    below = [(d, o) for d, page in sorted(docs.items()) if d != doc
             for o, other in page if not other.bound and other.lo < r.exact_lo]
    if not below:
        return f"; up to {m.label()} ({doc}) is a best case, an upper bound, and the " \
               "others state the same bound"
    d, o = below[0]
    return f"; up to {m.label()} ({doc}) is a best case, an upper bound: {o.label()} " \
           f"({d}) below it is consistent with it"


def _above_note(docs) -> str:
    """A conflict with a best case said as such: a value of another page above it, or
    two pages' differing best cases; '' when no best case is in conflict. Distinct
    readings are compared once (copies of a page repeat them)."""
    said: dict[Reading, list[tuple[str, Member]]] = {}
    for doc, page in sorted(docs.items()):
        for m, r in page:
            said.setdefault(r, []).append((doc, m))
    for ra, stated_a in said.items():
        if not ra.bound:
            continue
        doc_a, ma = stated_a[0]
        for rb, stated_b in said.items():
            if _consistent(ra, rb):
                continue
            other = next(((d, m) for d, m in stated_b if d != doc_a), None)
            if other is None:
                continue
            doc_b, mb = other
            if rb.bound:
                return f"; the best cases up to {ma.label()} ({doc_a}) and up to " \
                       f"{mb.label()} ({doc_b}) differ"
            return f"; {mb.label()} ({doc_b}) is above the best case up to {ma.label()} " \
                   f"({doc_a}), an upper bound"
    return ""


def verdict(items: list[Member]) -> str:
    """agree / conflict / within_page / single from the values alone (module docstring)."""
    return _interval_judgement(items).verdict


def _missing_fields(key: GroupKey, config: ConsistencyConfig) -> list[str]:
    """The fields that vary the figure of the key's metric and that the key lacks."""
    for metric, names in config.varying_fields:
        if metric == key.metric:
            return [n for n in names if getattr(key, n) in ("", "?")]
    return []


def _size(m: Member) -> float:
    return m.value_norm if m.scale is not None else m.value


def _spread_page(items: list[Member]) -> str:
    """A page of the group that states several values, said as 'PAGE states A to B';
    '' when no page does. A best case ("up to 30x") is one value, a bound: not a spread."""
    for doc, page in sorted(_pages(items).items()):
        if not _overlap([r for _, r in page]):
            stated = sorted((m for m, _ in page), key=_size)
            return f"{doc} states {stated[0].label()} to {stated[-1].label()}"
    return ""


def judge(key: GroupKey, items: list[Member], config: ConsistencyConfig) -> Judgement:
    """The verdict of a group and why (module docstring)."""
    found = _judge_values(key, items, config)
    lost = _lost_qualifier_note(items, config)
    return Judgement(found.verdict, found.note + lost) if lost else found


def _judge_values(key: GroupKey, items: list[Member], config: ConsistencyConfig
                  ) -> Judgement:
    found = _interval_judgement(items)
    if found.verdict != "conflict":
        return found
    missing = _missing_fields(key, config)
    spread = _spread_page(items) if missing else ""
    if not spread:
        return found
    fields = " or ".join(_FIELD_WORDS.get(n, n) for n in missing)
    return Judgement("within_page", f"figures of several kinds, not compared across pages: "
                                    f"the group names no {fields} and {spread}")


def _lost_qualifier_note(items: list[Member], config: ConsistencyConfig) -> str:
    """A value compared as approximate because a lost letter stands where its qualifier
    would be (`lost_qualifier`), said with the first page it is on; '' when none is."""
    lost = sorted((m for m in items if m.qualifier_lost), key=lambda m: (m.doc_id, m.row))
    if not lost:
        return ""
    m = lost[0]
    at = m.sentence.find(m.surface)
    mark = m.sentence[at - 1] if at > 0 else "?"
    more = len({o.doc_id for o in lost}) - 1
    return (f"; {m.label()} ({m.doc_id}{f' and {more} more' if more else ''}) stands right "
            f"after '{mark}', a letter the damaged page lost where a qualifier may have "
            f"stood: its exactness is unknown, compared as about {m.label()} "
            f"(±{config.approx_tolerance:.0%})")
