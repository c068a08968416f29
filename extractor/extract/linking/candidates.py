"""Candidates: the names of a number's own sentence, and which of them it is about.

`pick` chooses among a sentence's mentions by position and role: the number's own clause
first (a baseline's own figure: "H100의 700W보다"), then what its clause counts, then the
other clauses, the nearest clause before the number first; k names and k numbers pair up in
order first (`pairs.parallel_pairs`: "X and Y took 5 and 6 minutes, respectively");
`system_in_sentence` and `workload_in_sentence` apply them to a sentence (with a relative
clause's antecedent, a family's product, a figure in brackets right after a name, a name
beyond a contrast break left to its own side, a part tied by "with" to its product). What
a number is compared against is `baselines.baseline_of`'s. The roles read here are the
sentence's immutable `SentenceRoles`.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter

from extractor import lexicons
from extractor.extract.text.cues import across_contrast, cues, lang_key, words_regex
from extractor.extract.text.regex_tools import literal_alternation
from extractor.extract.names.entities import SYSTEM, WORKLOAD
from extractor.extract.names.name_kinds import is_family
from extractor.extract.quantities.quantities import Quantity
from extractor.extract.sentences.roles import Mention, Role, SentenceInfo, topic_of
from extractor.extract.linking.pairs import sentence_pairs
from extractor.extract.linking.topics import topic_particles


def pick(roled: Sequence[tuple[Mention, Role]], q: Quantity, clause: tuple[int, int],
         prefer_before: bool, topic_first: Sequence[Quantity] | None = None,
         sentence: str = "", lang: str = "") -> tuple[Mention | None, str]:
    """The mention a quantity is about, of a sentence's mentions with their roles
    (`SentenceRoles.systems`, `.workloads`), as (mention, where): where is `clause` or
    `sentence`. Tried in order: names of the number's own clause, then what its clause
    counts ("10.9 minutes on 3,584 H100 GPUs"), then names of the other clauses (the
    nearest clause before the number first). Given the `sentence` and its `lang`, a name
    on the far side of a contrast break after the number ("311.9分钟——512个H100加速器需要
    64.3分钟") is the other side's, not its."""
    if not roled:
        return None, ""
    for m, r in roled:
        if r.owned and r.owns(q):  # "H100의 700W보다", "192GB vs 80GB": the baseline's own figure
            return m, "clause"
    c0, c1 = clause
    # a baseline owns the figures of its own clause ("compared to 18.6 minutes for 8 A100
    # GPUs") but never a factor or a share: "than H100 by 2.5x", "相比H100快40%"
    share = q.unit in ("x", "%")
    # each stage's pool is read only when the stages before it found none
    pool = [m for m, r in roled if m.start >= c0 and m.end <= c1 and not r.counted
            and (not r.baseline or (r.own_clause and not share))]
    if pool:
        best = nearest(pool, q, prefer_before)
        if topic_first is not None:
            best = _clause_topic(best, pool, q, topic_first, sentence, lang)
        return best, "clause"
    pool = [m for m, r in roled if m.start >= c0 and m.end <= c1 and r.counted
            and (not r.baseline or (r.own_clause and not share))]
    if pool:
        return nearest(pool, q, prefer_before), "clause"
    pool = _elsewhere([m for m, r in roled if not (m.start >= c0 and m.end <= c1)
                       and not r.counted and not r.baseline], q, sentence, lang)
    if pool:
        best = nearest(pool, q, prefer_before)
        if best.end <= q.start:
            best = _head_of_part(best, roled, sentence, lang)
        return best, "sentence"
    return None, ""


def pick_late(roled: Sequence[tuple[Mention, Role]], q: Quantity, clause: tuple[int, int],
              prefer_before: bool) -> tuple[Mention | None, str]:
    """After the topic failed: the nearest counted name that is no baseline (`counted`),
    else the nearest baseline, of the number's clause first (`baseline_only`)."""
    pool = [m for m, r in roled if r.counted and not r.baseline]
    if pool:
        return nearest(pool, q, prefer_before), "counted"
    c0, c1 = clause
    pool = [m for m, r in roled if r.baseline and m.start >= c0 and m.end <= c1] or \
        [m for m, r in roled if r.baseline]
    return (nearest(pool, q, prefer_before), "baseline_only") if pool else (None, "")


def nearest(pool: Sequence[Mention], q: Quantity, prefer_before: bool) -> Mention:
    """The mention of `pool` nearest `q` (the first on a tie), the side the language names
    a subject on (before the number in Chinese and Korean) counting less.

    >>> from extractor.extract.names.entities import Entity
    >>> s = "H100 5x B200"
    >>> h100, b200 = (Mention(Entity(0, 0, n, "SYSTEM", n), s.index(n), s.index(n) + 4) for n in ("H100", "B200"))
    >>> q = Quantity("5x", 5, 7, 5, unit="x")
    >>> nearest([h100, b200], q, True).entity.text, nearest([h100, b200], q, False).entity.text
    ('H100', 'B200')
    """
    before, after = (1.0, 1.3) if prefer_before else (1.3, 1.0)
    best, best_d = pool[0], None
    for m in pool:  # (a loop: `min` with a key function made a call per name)
        if m.end <= q.start:
            d = (q.start - m.end) * before
        else:
            d = (m.start - q.end) * after if m.start > q.end else 0.0
        if best_d is None or d < best_d:
            best, best_d = m, d
    return best


def _elsewhere(plain: list[Mention], q: Quantity, sentence: str, lang: str) -> list[Mention]:
    """Of the names of other clauses, neither counted nor a baseline (`plain`), those the
    number is about: before it on its own side of a contrast break, else after it on its
    side (a name after the number, beyond a contrast break, speaks for the other side
    only), else before it."""
    if not plain:
        return plain
    before = [m for m in plain if m.end <= q.start]
    return _this_side_first(before, q, sentence, lang) or \
        [m for m in plain if m.end <= q.start or not across_contrast(sentence, lang, q.end, m.start)] \
        or before


def _clause_topic(best: Mention, pool: list[Mention], q: Quantity,
                  topic_first: Sequence[Quantity], sentence: str, lang: str) -> Mention:
    """The mention of the number's own clause it is about, where the nearest one may not
    be: "Gaudi2? BERT-Large ???? A100 ?? 1.7?": two names before the number and no number
    between them and it: the first is the topic, the other most likely a comparison whose
    marker was lost; else a Korean topic over a nearer name in another case."""
    if len(pool) < 2:  # (one name of its clause: no other to be its topic)
        return _topic_over_oblique(best, pool, q, sentence, lang)
    before = sorted([m for m in pool if m.end <= q.start], key=_START)
    if len(before) >= 2 and len({m.entity.canonical for m in before}) > 1 \
            and not any(before[0].end <= o.start < q.start for o in topic_first):
        if _system_used(before[-1], sentence, lang):
            return before[-1]  # "V100 GPU는 DGX SuperPOD를 사용하여 80 초": the SuperPOD's run
        return topic_of(before, sentence)
    return _topic_over_oblique(best, pool, q, sentence, lang)


_START = attrgetter("start")


@lru_cache(maxsize=None)
def _used_words() -> tuple[re.Pattern | None, re.Pattern | None]:
    """(after, before): the words that make a name the system used (`claims_links.json`
    used_system): Korean after the name, English and Chinese before it."""
    d = lexicons.load("claims_links.json").get("used_system", {})
    alt = lambda ws: "|".join(re.escape(w) for w in sorted(ws, key=len, reverse=True))  # noqa: E731
    after = re.compile(r"\s*(?:" + alt(d["ko_after"]) + ")") if d.get("ko_after") else None
    words = d.get("en_before", []) + d.get("zh_before", [])
    before = re.compile(r"(?<![A-Za-z])(?:" + alt(words) + r")\s*(?:(?:an?|the)\s+)?(?:\w+\s+)?$",
                        re.IGNORECASE) if words else None
    return after, before


def _system_used(m: Mention, sentence: str, lang: str) -> bool:
    """Whether the sentence names `m`, a product (not a part, not a family), as the system
    the clause's topic used to reach its figures ("Tesla V100 Tensor Core GPU는 Nvidia DGX
    SuperPOD를 사용하여 80 초 이내에": the run is the SuperPOD's).

    >>> from extractor.extract.names.entities import Entity
    >>> s = "Tesla V100 GPU는 Nvidia DGX SuperPOD를 사용하여 80 초 이내에"
    >>> pod = Mention(Entity(0, 0, "DGX SuperPOD", "SYSTEM", "DGX SuperPOD"), 23, 35)
    >>> _system_used(pod, s, "ko"), _system_used(pod, s.replace("를 사용하여", "와 함께"), "ko")
    (True, False)
    """
    if not sentence or m.component or m.family:
        return False
    after, before = _used_words()
    if lang_key(lang) == "ko":
        return after is not None and after.match(sentence, m.end) is not None
    return before is not None and before.search(sentence, max(0, m.start - 24), m.start) is not None


def _topic_over_oblique(best: Mention, pool: list[Mention], q: Quantity, sentence: str,
                        lang: str) -> Mention:
    """The topic of the clause over a nearer name in another case: "새로운 MI350 시리즈는
    기존 MI300X에서는 지원되지 않던 FP4 ... 최대 20PF": MI350's (`topic_over_oblique`)."""
    if best.end > q.start or not sentence:  # (a name after the number: no case read)
        return best
    rx = topic_particles(lang_key(lang))
    if rx is None or not rx[1].match(sentence, best.end):
        return best
    marked = [m for m in pool if m.end <= best.start and rx[0].match(sentence, m.end)]
    return marked[-1] if marked else best


def _this_side_first(before: list[Mention], q: Quantity, sentence: str, lang: str) -> list[Mention]:
    """The names before the number on its own side of a contrast break ("训练 BERT-base 就会
    爆显存;H200 有 141GB": BERT-base is the other side's); none when only the other side
    names one (then a name after the number on this side comes first)."""
    if not sentence or not before:
        return before
    return [m for m in before if not across_contrast(sentence, lang, m.end, q.start)]


def _head_of_part(m: Mention, roled: Sequence[tuple[Mention, Role]], sentence: str, lang: str) -> Mention:
    """The name `m` is a part of when "with" ties it to the name right before it ("The
    debuting GB300 NVL72 with Blackwell Ultra delivered ... nearly 5x faster"), else `m`.

    >>> from extractor.extract.names.entities import Entity
    >>> from extractor.extract.sentences.roles import NO_ROLE
    >>> s = "The debuting GB300 NVL72 with Blackwell Ultra delivered"
    >>> gb = Mention(Entity(0, 0, "GB300 NVL72", "SYSTEM", "GB300 NVL72"), 13, 24)
    >>> bu = Mention(Entity(0, 0, "Blackwell Ultra", "SYSTEM", "Blackwell Ultra"), 30, 45)
    >>> _head_of_part(bu, [(gb, NO_ROLE), (bu, NO_ROLE)], s, "en").entity.canonical
    'GB300 NVL72'
    """
    head = None
    for o, _ in roled:  # the name ending last before `m` (the first of those on a tie)
        if o.end <= m.start and (head is None or o.end > head.end):
            head = o
    if head is None or not sentence:
        return m
    rx = (cues().attached or {}).get(lang_key(lang))
    return head if rx is not None and rx.fullmatch(sentence, head.end, m.start) else m


def system_in_sentence(info: SentenceInfo, q: Quantity, clause: tuple[int, int],
                       sentence_qs: list[Quantity], links) -> tuple[Mention | None, str]:
    """The system named in the number's own sentence: coordinated names paired in order
    (across clauses where the sentence says "respectively"), the name of its clause, of a
    relative clause's antecedent, else of another clause (`links`: the sentence's
    `link_query.SentenceLinks`)."""
    if not info.systems:  # no pair, name in brackets, name of a clause: none (most sentences)
        return None, ""
    sent, roles = info.text, info.roles
    pairs = sentence_pairs(links, SYSTEM, sentence_qs, info, info.systems, clause) \
        if SYSTEM in links.pairable else None
    if pairs and id(q) in pairs:
        system_m, sys_from = pairs[id(q)], "clause"
    else:
        bracketed = _bracketed_after_name(info.systems, sent, q)
        if bracketed is not None and q.unit in ("x", "%") and roles.of(bracketed).baseline:
            bracketed = None  # a baseline never owns a factor or a share (`pick`)
        if bracketed is not None:
            system_m, sys_from = bracketed, "clause"
        else:
            system_m, sys_from = pick(roles.systems, q, clause, links.prefer_before,
                                      topic_first=sentence_qs, sentence=sent, lang=info.lang)
    c0, c1 = clause
    for m in info.systems:
        if c0 <= m.start < c1:
            break
    else:  # no name of its own clause: a relative clause's antecedent
        rel = cues().relative.get(links.lk)
        earlier = [m for m in info.systems if m.end <= c0]
        if rel is not None and earlier and rel.match(sent[c0:c1].lstrip()) is not None:
            # "..., than the A100 80GB, which needed 3.7 seconds": the name closing the
            # clause before is what the relative clause is about, baseline or not
            system_m, sys_from = max(earlier, key=_END), "clause"
    if system_m is not None and system_m.family:
        # "The H200 builds on the Hopper architecture, with 141GB": the product, not its family
        products = [m for m in info.subjects() if not m.family and not m.component
                    and m.end <= system_m.start and not _of_another_family(sent, m, system_m)]
        if products:
            system_m, sys_from = max(products, key=_END), "sentence"
    return system_m, sys_from


_END = attrgetter("end")


#: the word right before a name ("Hopper" of "a 4-way Hopper H100-based machine")
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z0-9]*)[\s\-]*$")


def _of_another_family(sentence: str, product: Mention, family: Mention) -> bool:
    """Whether the page writes `product` after the name of a family other than `family`
    ("a 4-way Hopper H100-based machine ... a single Blackwell processor is 3.7X faster":
    the H100 is Hopper's, so it does not make "Blackwell" more precise).

    >>> from extractor.extract.names.entities import Entity
    >>> s = "a Hopper H100 machine ... a Blackwell processor"
    >>> h100 = Mention(Entity(0, 0, "H100", "SYSTEM", "H100"), 9, 13)
    >>> bw = Mention(Entity(0, 0, "Blackwell", "SYSTEM", "Blackwell"), s.index("Blackwell"), s.index(" processor"))
    >>> _of_another_family(s, h100, bw), _of_another_family("the H200 on Blackwell", h100, bw)
    (True, False)
    """
    word = _WORD_BEFORE.search(sentence, max(0, product.start - 24), product.start)
    return word is not None and is_family(word.group(1)) \
        and word.group(1).lower() != family.entity.canonical.lower()


@lru_cache(maxsize=1)
def _open_after_name() -> re.Pattern:
    """A bracket opening right after a name, an approximation word at most before the
    figure (`claims_links.json` approximation_in_brackets)."""
    words = lexicons.load("claims_links.json")["approximation_in_brackets"]
    return re.compile(r"\s*[(（]\s*(?:" + literal_alternation(words) + r")?\s*", re.IGNORECASE)


#: the bracket closing right after the figure ("(125 TFLOPS)"; not "(about 21% faster)")
_CLOSE_AFTER_FIGURE = re.compile(r"\s*[)）]")


def _bracketed_after_name(mentions: list[Mention], sentence: str, q: Quantity) -> Mention | None:
    """A figure alone in brackets right after a name is that name's, baseline or not:
    "the computing power of NVIDIA's Tesla V100 (125 TFLOPS)", "H100 (80GB)".

    >>> from extractor.extract.names.entities import Entity
    >>> s = "double the computing power of NVIDIA's Tesla V100 (125 TFLOPS), with"
    >>> v100 = Mention(Entity(0, 0, "Tesla V100", "SYSTEM", "V100"), s.index("Tesla"), s.index(" ("))
    >>> q = Quantity("125 TFLOPS", s.index("125"), s.index(")"), 125, unit="TFLOPS")
    >>> _bracketed_after_name([v100], s, q).entity.canonical
    'V100'
    """
    if ")" not in sentence and "）" not in sentence:  # (most sentences: no bracket to close)
        return None
    m = None
    for o in mentions:  # the name ending last before the figure (the first of those on a tie)
        if o.end <= q.start and (m is None or o.end > m.end):
            m = o
    if m is not None and _open_after_name().fullmatch(sentence, m.end, q.start) \
            and _CLOSE_AFTER_FIGURE.match(sentence, q.end):
        return m
    return None


def workload_in_sentence(info: SentenceInfo, q: Quantity, clause: tuple[int, int],
                         sentence_qs: list[Quantity], links) -> tuple[Mention | None, str]:
    """The workload named in the number's own sentence: paired in order, else `pick`'s;
    not the other side's of a contrast (`_other_sides_model`)."""
    if not info.workloads:
        return None, ""
    pairs = sentence_pairs(links, WORKLOAD, sentence_qs, info, info.workloads, clause) \
        if WORKLOAD in links.pairable else None
    if pairs and id(q) in pairs:
        return pairs[id(q)], "clause"
    m, where = pick(info.roles.workloads, q, clause, links.prefer_before, sentence=info.text, lang=info.lang)
    if m is not None and _other_sides_model(info, m, q):
        return None, ""
    return m, where


@lru_cache(maxsize=None)
def _scope_nouns(lk: str) -> re.Pattern | None:
    words = lexicons.load("claims_links.json").get("scope_nouns", {}).get(lk)
    return words_regex(words) if words else None


def _other_sides_model(info: SentenceInfo, m: Mention, q: Quantity) -> bool:
    """Whether the model `m` before the number is what the other side of a contrast
    measures: it stands after that side's system, a system of the number's own side
    performs, and that side names its own scope (`claims_links.json` scope_nouns:
    "Blackwell在Llama270B模型上实现了高达4倍的性能提升,而在数据中心工作负载上,H200相较于
    H100的性能也提升了1.5倍": not the H200's Llama 2 70B). A side naming no scope shares the
    other side's model ("在DGX A100上訓練ResNet-50需要29.1分鐘,而IPU-POD16僅耗時28.3分鐘"),
    and a model framing both sides ("在Llama 2 70B上,H100快2倍,而H200快3倍") stands before
    either side's system.

    >>> from extractor.extract.names.entities import Entity
    >>> s = "Blackwell在Llama270B模型上提升4倍,而在数据中心工作负载上,H200相较于H100提升了1.5倍"
    >>> sysm = lambda n: Mention(Entity(0, 0, n, "SYSTEM", n), s.index(n), s.index(n) + len(n))
    >>> info = SentenceInfo(0, len(s), s, "zh", 0)
    >>> info.systems = [sysm("Blackwell"), sysm("H200"), sysm("H100")]
    >>> llama = Mention(Entity(0, 0, "Llama270B", "WORKLOAD", "Llama 2 70B"), 10, 19)
    >>> q = Quantity("1.5倍", s.index("1.5"), s.index("1.5") + 4, 1.5, unit="x")
    >>> _other_sides_model(info, llama, q)
    True
    """
    if m.end > q.start or not across_contrast(info.text, info.lang, m.end, q.start):
        return False
    scope = _scope_nouns(lang_key(info.lang))
    if scope is None or scope.search(info.text, m.end, q.start) is None:
        return False
    roles = info.roles
    theirs = any(s.end <= m.start and not across_contrast(info.text, info.lang, s.end, m.start)
                 for s in info.systems)
    ours = any(m.end <= s.start and s.end <= q.start and not roles.of(s).baseline
               and across_contrast(info.text, info.lang, m.end, s.start) for s in info.systems)
    return theirs and ours
