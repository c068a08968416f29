"""Whether a group's values agree, and why (consistency.csv `verdict`, `verdict_note`).

- `judge(key, items, config) -> Judgement`: the verdict of one group and the sentence
  that says why.
- `verdict(items)`: the verdict from the values alone (their tolerance intervals).

The verdicts: `agree` (two or more pages, every tolerance interval shares a point),
`conflict` (two pages state values that cannot both hold), `within_page` (values differ,
but each difference is already on one page: a page quoting two results under one key;
copies of that page add members, never a conflict), `single` (one page, one value).

One exception turns a conflict of the values into `within_page`: a group whose key
lacks a field that varies its metric's figure (`ConsistencyConfig.varying_fields`: the
workload of a speed-up, the number format of a compute figure) and in which a page
states several values, or a best case ("up to 4x"), under that key. Such a page shows
that the key holds figures of several workloads (formats): "1.5x to 2.5x on most
benchmarks" on one page and "1.7x to 6x" on another are per-workload factors, not two
readings of one figure, and no value of one page is compared with another's.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

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


def _intervals(items: list[Member]) -> list[tuple[float, float]]:
    normalised = all(m.scale is not None for m in items)
    return [m.interval(normalised) for m in items]


def _overlap(intervals) -> bool:
    return max(lo for lo, _ in intervals) <= min(hi for _, hi in intervals)


def _covered(values, others) -> bool:
    """Every interval of `values` shares a point with some interval of `others`."""
    return all(any(lo <= ohi and olo <= hi for olo, ohi in others) for lo, hi in values)


def _pages(items: list[Member]) -> dict[str, list[tuple[Member, tuple[float, float]]]]:
    docs: dict[str, list] = defaultdict(list)
    for m, iv in zip(items, _intervals(items)):
        docs[m.doc_id].append((m, iv))
    return docs


def _interval_judgement(items: list[Member]) -> Judgement:
    """The verdict from the values' tolerance intervals alone (module docstring)."""
    docs = _pages(items)
    if _overlap([iv for page in docs.values() for _, iv in page]):
        if len(docs) > 1:
            return Judgement("agree", f"the values of {len(docs)} pages agree within "
                                      "their tolerances")
        return Judgement("single", "one page")
    if len(docs) == 1:
        return Judgement("within_page", f"the values differ on one page ({next(iter(docs))})")
    # pages with the same values are one voice (copies of a page add no conflict)
    voices: dict[tuple, tuple[str, list]] = {}
    for doc, page in docs.items():
        ivs = [iv for _, iv in page]
        voices.setdefault(tuple(sorted(set(ivs))), (doc, ivs))
    voices_list = list(voices.values())
    if not any(not _overlap(ivs) for _, ivs in voices_list):
        return Judgement("conflict", "each page states one value, and they differ")
    # some page states differing values itself: a conflict only when two pages each
    # state a value the other does not cover
    for i, (doc_a, a) in enumerate(voices_list):
        for doc_b, b in voices_list[i + 1:]:
            if not _covered(a, b) and not _covered(b, a):
                return Judgement("conflict", f"{doc_a} and {doc_b} each state a value "
                                             "the other does not")
    return Judgement("within_page", "the values differ within pages; each page's values "
                                    "are among another page's")


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
    """A page of the group that states several values or a best case, said as
    'PAGE states A to B' / 'PAGE states up to A'; '' when no page does."""
    for doc, page in sorted(_pages(items).items()):
        ivs = [iv for _, iv in page]
        if not _overlap(ivs):
            stated = sorted((m for m, _ in page), key=_size)
            return f"{doc} states {stated[0].label()} to {stated[-1].label()}"
        best = [m for m, _ in page if m.qualifier == "at_most"]
        if best:
            return f"{doc} states up to {best[0].label()}"
    return ""


def judge(key: GroupKey, items: list[Member], config: ConsistencyConfig) -> Judgement:
    """The verdict of a group and why (module docstring)."""
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
