"""Names paired with numbers in order: k names and k numbers of one clause, or of a
sentence that says "respectively", pair up one to one ("X and Y took 5 and 6 minutes,
respectively"), kept once a sentence for all its numbers (`sentence_pairs`); and
`memoised`, a sentence's memo of what its claims share.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from extractor.extract.quantities.quantities import Quantity
from extractor.extract.sentences.roles import Mention, SentenceInfo, SentenceRoles
from extractor.extract.text.cues import cues


def parallel_pairs(quantities: list[Quantity], mentions: list[Mention], roles: SentenceRoles,
                   clause: tuple[int, int], respectively: bool = False,
                   sentence: str = "") -> dict[int, Mention]:
    """k names followed by k numbers in one clause pair up in order ("BERT-Base에서
    BERT-Large ... 84.4%에서 86.6%"); with a "respectively" word in the sentence, across
    clauses ("X and Y took 5 and 6 minutes, respectively")."""
    c0, c1 = clause
    if respectively:
        c0, c1 = 0, max([q.end for q in quantities] + [m.end for m in mentions] + [0])
    qs = [q for q in quantities if q.start >= c0 and q.end <= c1]
    ms = [m for m in mentions if m.start >= c0 and m.end <= c1
          and not ((role := roles.of(m)).counted or role.owned)]
    # "目标物体检测(MASKR-CNN)": a name restated right after itself is one name
    ms = [m for i, m in enumerate(ms) if i == 0 or m.entity.canonical != ms[i - 1].entity.canonical]
    if respectively and ms:
        # "8项任务中 ... 将A、B、C和D任务分别提升18%、14%、11%和8%": the numbers paired are
        # the run after the names, not a count that stands before them
        qs = [q for q in qs if q.start >= max(m.end for m in ms)]
        if sentence and len(ms) > len(qs) >= 2:
            # "GeForce RTX 30系列GPU,其中包括A、B、C等3款,價格分別為...": the figures pair with
            # the coordinated list of names right before them, not with a name before the list
            ms = _coordinated_run(ms, sentence)
        if len(qs) == len(ms) + 1 and qs[0].unit == "count" and all(q.unit != "count" for q in qs[1:]):
            # "A、B、C等3款,價格分別為499、699、1499美元": the count right after the names counts
            # the list; the figures after it pair up
            qs = qs[1:]
    names = {m.entity.canonical for m in ms}
    if len(qs) < 2 or len(ms) != len(qs) or len(names) != len(ms):
        return {}
    if len({q.quantity for q in qs}) > 1:
        # "MI350 시리즈는 기존 MI300X에서는 ... 4배 높은 최대 20PF": a factor and the figure it
        # multiplies are one statement, not one figure for each name
        return {}
    if max(m.end for m in ms) > min(q.start for q in qs):
        return {}
    return {id(q): m for q, m in zip(sorted(qs, key=lambda q: q.start),
                                     sorted(ms, key=lambda m: m.start))}


def _coordinated_run(ms: list[Mention], sentence: str) -> list[Mention]:
    """The last names of `ms` joined by coordination ("A、B和C", "A, B and C")."""
    rx = cues().coordination
    run = ms[-1:]
    for a in reversed(ms[:-1]):
        if not rx.fullmatch(sentence, a.end, run[0].start):
            break
        run.insert(0, a)
    return run


#: no pairs (read only)
_NO_PAIRS: Mapping[int, Mention] = MappingProxyType({})


def sentence_pairs(links, kind: str, quantities: list[Quantity], info: SentenceInfo,
                   mentions: list[Mention], clause: tuple[int, int]) -> Mapping[int, Mention]:
    """`parallel_pairs` of sentence `info`'s `mentions` of one kind, kept in the
    sentence's `links` (`link_query.SentenceLinks`) per kind of name and clause; whether
    the sentence says "respectively" is read only where pairs may be (k >= 2 names and
    numbers)."""
    if len(quantities) < 2 or len(mentions) < 2:
        return _NO_PAIRS  # k names and k numbers, k >= 2: none (read without a key built)
    resp = links.respectively
    if resp is None:
        resp = links.respectively = respectively(info, quantities)
    key = (kind, clause, resp)
    try:
        return links.pairs[key]
    except KeyError:
        pairs = links.pairs[key] = parallel_pairs(quantities, mentions, info.roles, clause, resp, info.text)
        return pairs


def memoised(memo: dict, key, fn, *args):
    """`fn(*args)`, kept in a sentence's `memo` under `key` for its other claims."""
    if key not in memo:
        memo[key] = fn(*args)
    return memo[key]


def respectively(info: SentenceInfo, sentence_qs: list[Quantity]) -> bool:
    """"X and Y took 28.3 and 14.5 minutes (respectively)": numbers pair with names."""
    return cues().respectively.search(info.text) is not None or \
        any("unit_shared" in (o.flags or ()) for o in sentence_qs)
