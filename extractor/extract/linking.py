"""Linking: which system and workload a number of a sentence is about, and why.

`link_names` decides, for one quantity, in this order:

1. names of the number's own clause (split at commas, 、, ；, "and", "while", ... per
   language), nearest first; a comparison's baseline ("than DGX A100", "DGX A100에 비해")
   is not the subject but goes to `Link.baseline`; k names and k numbers in order in one
   clause, or with "respectively", pair up in order;
2. names of the other clauses of the sentence (the nearest clause before the number first);
3. in a table, the name over the cell's column, then the table's caption
   (`extractor.extract.tables`);
4. the topic the sentence inherits (`extractor.extract.topics`): the sentence before in the
   paragraph, the section heading above, the page's subject (title, first paragraph);
5. last, a counted name ("on 3,584 H100 GPUs") or a baseline of the same sentence.

The `Link` records where each name came from (`system_from`, `workload_from`): a reviewer
reads in the claims table's `link` column why a claim names the system it names.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass

from extractor.extract.cues import cues, lang_key
from extractor.extract.entities import SYSTEM, WORKLOAD, Entity
from extractor.extract.link_kinds import ANY, ClaimKind
from extractor.extract.quantities import Quantity
from extractor.extract.roles import (Mention, SentenceInfo, SentenceRoles, is_vs_figure, topic_of,
                                     unknown_baseline)
from extractor.extract.tables import Table
from extractor.extract import topics

@dataclass
class Link:
    """The names a claim is about and where each was found."""

    system: str = ""
    workload: str = ""
    vendor: str = ""
    #: the system a comparison is made against ("than H100", "H100 대비", "相较于H100")
    baseline: str = ""
    system_from: str = ""
    workload_from: str = ""
    #: why no system or workload attached although one was found ("kind=memory")
    system_refused: str = ""
    workload_refused: str = ""

    def as_string(self) -> str:
        """The `link` column: "system=clause;workload=page_topic" (empty parts left out);
        a name the claim's kind refused shows as "none:<why>".

        >>> Link("H100", "", system_from="clause").as_string()
        'system=clause'
        >>> Link("H100", "", system_from="clause", workload_refused="kind=memory").as_string()
        'system=clause;workload=none:kind=memory'
        """
        parts = [f"system={self.system_from}" if self.system and self.system_from else
                 (f"system=none:{self.system_refused}" if self.system_refused else ""),
                 f"workload={self.workload_from}" if self.workload else
                 (f"workload=none:{self.workload_refused}" if self.workload_refused else "")]
        return ";".join(p for p in parts if p)


def sentence_infos(page, text: str, entities: list[Entity], lossy_at) -> list[SentenceInfo]:
    """The page's sentences with their names; `lossy_at(start, end)` says whether letters
    were lost there. Paragraphs are counted at blank lines and after headings."""
    infos: list[SentenceInfo] = []
    paragraph, prev_end = 0, 0
    starts = [e.start for e in entities]
    for ts in page.sentences:
        s = ts.sentence
        gap = text[prev_end:s.start]
        if "\n\n" in gap or ("\n" in gap and infos and topics.is_heading(infos[-1])):
            paragraph += 1
        prev_end = s.end
        info = SentenceInfo(s.start, s.end, s.text, ts.lang.lang, paragraph)
        # entities are in text order: find this sentence's by bisection, not by scanning
        for e in entities[bisect.bisect_left(starts, s.start):bisect.bisect_left(starts, s.end)]:
            if e.end <= s.end:
                m = Mention(e, e.start - s.start, e.end - s.start)
                {SYSTEM: info.systems, WORKLOAD: info.workloads}.get(e.label, info.vendors).append(m)
        info.systems = _without_leading_families(info.systems, s.text)
        info.lossy = lossy_at(s.start, s.end)
        infos.append(info)
    return infos


def _without_leading_families(systems: list[Mention], sentence: str) -> list[Mention]:
    """A family name right before a product of it is part of the product's name: "a
    single Hopper H100", "Blackwell B200" name one system, the product.

    >>> from extractor.extract.entities import Entity
    >>> ms = [Mention(Entity(0, 6, "Hopper", "SYSTEM", "Hopper"), 0, 6),
    ...       Mention(Entity(7, 11, "H100", "SYSTEM", "H100"), 7, 11)]
    >>> [m.entity.canonical for m in _without_leading_families(ms, "Hopper H100")]
    ['H100']
    """
    out = []
    for i, m in enumerate(systems):
        nxt = systems[i + 1] if i + 1 < len(systems) else None
        if m.family and nxt is not None and not nxt.family and not nxt.component \
                and not sentence[m.end:nxt.start].strip():
            continue
        out.append(m)
    return out


def pick(mentions: list[Mention], roles: SentenceRoles, q: Quantity, clause: tuple[int, int],
         prefer_before: bool, late: bool = False,
         topic_first: tuple[Quantity, ...] | None = None,
         sentence: str = "") -> tuple[Mention | None, str]:
    """The mention a quantity is about, as (mention, where): where is `clause` or
    `sentence`. Tried in order: names of the number's own clause, then what its clause
    counts ("10.9 minutes on 3,584 H100 GPUs"), then names of the other clauses (the
    nearest clause before the number first). With `late` (after the topic failed):
    counted names elsewhere (`counted`), then comparison baselines (`baseline_only`)."""

    def dist(m: Mention) -> float:
        if m.end <= q.start:
            return (q.start - m.end) * (1.0 if prefer_before else 1.3)
        return max(0, m.start - q.end) * (1.3 if prefer_before else 1.0)

    c0, c1 = clause
    if not late:
        for m in mentions:
            if roles.of(m).owns(q):  # "H100의 700W보다", "192GB vs 80GB": the baseline's own figure
                return m, "clause"
    own = [m for m in mentions if m.start >= c0 and m.end <= c1]
    other = [m for m in mentions if not (m.start >= c0 and m.end <= c1)]
    counted = lambda m: roles.of(m).counted  # noqa: E731
    baseline = lambda m: roles.of(m).baseline  # noqa: E731
    plain = lambda ms: [m for m in ms if not counted(m) and not baseline(m)]  # noqa: E731
    # a baseline owns the figures of its own clause ("compared to 18.6 minutes for 8 A100
    # GPUs") but never a factor or a share: "than H100 by 2.5x", "相比H100快40%"
    subject = lambda m: not baseline(m) or (roles.of(m).own_clause and q.unit not in ("x", "%"))  # noqa: E731
    stages = [([m for m in own if not counted(m) and subject(m)], "clause"),
              ([m for m in own if counted(m) and subject(m)], "clause"),
              ([m for m in plain(other) if m.end <= q.start] or plain(other), "sentence")]
    if late:
        stages = [([m for m in mentions if counted(m) and not baseline(m)], "counted"),
                  ([m for m in own if baseline(m)] or [m for m in mentions if baseline(m)],
                   "baseline_only")]
    for i, (pool, where) in enumerate(stages):
        if pool:
            best = min(pool, key=dist)
            if i == 0 and not late and topic_first is not None:
                # "Gaudi2? BERT-Large ???? A100 ?? 1.7?": two names before the number and
                # no number between them and it: the first is the topic, the other most
                # likely a comparison whose marker was lost
                before = sorted((m for m in pool if m.end <= q.start), key=lambda m: m.start)
                if len(before) >= 2 and len({m.entity.canonical for m in before}) > 1 \
                        and not any(before[0].end <= o.start < q.start for o in topic_first):
                    return topic_of(before, sentence), where
            return best, where
    return None, ""


def parallel_pairs(quantities: list[Quantity], mentions: list[Mention], roles: SentenceRoles,
                   clause: tuple[int, int], respectively: bool = False) -> dict[int, Mention]:
    """k names followed by k numbers in one clause pair up in order ("BERT-Base에서
    BERT-Large ... 84.4%에서 86.6%"); with a "respectively" word in the sentence, across
    clauses ("X and Y took 5 and 6 minutes, respectively")."""
    c0, c1 = clause
    if respectively:
        c0, c1 = 0, max([q.end for q in quantities] + [m.end for m in mentions] + [0])
    qs = [q for q in quantities if q.start >= c0 and q.end <= c1]
    ms = [m for m in mentions if m.start >= c0 and m.end <= c1
          and not roles.of(m).counted and not roles.of(m).owned]
    # "目标物体检测(MASKR-CNN)": a name restated right after itself is one name
    ms = [m for i, m in enumerate(ms) if i == 0 or m.entity.canonical != ms[i - 1].entity.canonical]
    if respectively and ms:
        # "8项任务中 ... 将A、B、C和D任务分别提升18%、14%、11%和8%": the numbers paired are
        # the run after the names, not a count that stands before them
        qs = [q for q in qs if q.start >= max(m.end for m in ms)]
    names = {m.entity.canonical for m in ms}
    if len(qs) < 2 or len(ms) != len(qs) or len(names) != len(ms):
        return {}
    if max(m.end for m in ms) > min(q.start for q in qs):
        return {}
    return {id(q): m for q, m in zip(sorted(qs, key=lambda q: q.start),
                                     sorted(ms, key=lambda m: m.start))}


def _baseline_of(info: SentenceInfo, q: Quantity, clause: tuple[int, int], system: Mention | None) -> str:
    """The baseline a number is compared against: a baseline name of its clause, else the
    nearest of its sentence on the side the language puts it ("2x faster than H100 and 5x
    faster than A100": after; "H100보다 2배, A100보다 5배", "比H100快2倍": before), else a
    name a comparison cue stands by that the lexicons do not know yet; never the system."""
    c0, c1 = clause
    mine = system.entity.canonical if system is not None else ""
    roles = info.roles
    pool = [m for m in info.systems if roles.of(m).baseline and m.entity.canonical != mine]
    own = [m for m in pool if c0 <= m.start < c1]
    if own:
        return min(own, key=lambda m: abs(m.start - q.start)).entity.canonical
    after = [m for m in pool if m.start >= q.end]
    before = [m for m in pool if m.end <= q.start]
    sides = (after, before) if lang_key(info.lang) == "en" else (before, after)
    for side in sides:
        if side:
            return min(side, key=lambda m: abs(m.start - q.start)).entity.canonical
    if system is not None and roles.of(system).baseline:  # the baseline's own figure: no other
        return ""
    # a name the lexicons do not know ("than GB300"), but not one they know as no baseline
    known = {info.text[m.start:m.end] for m in info.systems if not roles.of(m).baseline} | {mine}
    return unknown_baseline(info.text, info.lang, q.start, known)


def _earlier_subject(infos: list[SentenceInfo], idx: int, baseline: str,
                     max_back: int = 3) -> Mention | None:
    """The performer of a comparison whose sentence names only the baseline ("H200은 ...
    출시된다. 141GB가 장착된다. 기존 H100보다 2배 빠르다"): the last subject, other than the
    baseline, of the few sentences before it in its paragraph."""
    para = infos[idx].paragraph
    for j in range(idx - 1, max(-1, idx - 1 - max_back), -1):
        if infos[j].paragraph != para:
            break
        others = [m for m in infos[j].subjects() if m.entity.canonical != baseline]
        if others:
            return others[-1]
    return None


def _earlier_baseline(infos: list[SentenceInfo], idx: int,
                      max_back: int = 12) -> tuple[Mention | None, str]:
    """The baseline the last comparison of the few sentences before `idx` named, else the
    page's opening ("B200 vs H100: Overview")."""
    # the sentences just before, then the page's opening ("B200 vs H100: Overview")
    recent = range(idx - 1, max(-1, idx - 1 - max_back), -1)
    opening = range(min(topics.OPENING_SENTENCES, max(0, idx - max_back)))
    for j, where in [(j, "previous_sentence") for j in recent] + [(j, "page_topic") for j in opening]:
        named = infos[j].compared()
        if named:
            return named[-1], where
    return None, ""


def _product_for_part(infos: list[SentenceInfo], idx: int, q: Quantity, clause: tuple[int, int],
                      page_topic: topics.PageTopic) -> tuple[Mention | None, str]:
    """A product to give a number whose nearest name is a part (HBM3E, NVLink): a
    product the sentence is about, else the one it inherits (sentence before, heading,
    page topic); (None, "") when there is none (a page about the memory itself)."""
    info = infos[idx]
    products = [m for m in info.subjects() if not m.component]
    if products:
        before = [m for m in products if m.end <= q.start] or products
        return min(before, key=lambda m: abs(q.start - m.end)), "sentence"
    inherited, where = topics.carried_system(infos, idx, clause)
    if inherited is not None and not inherited.component:
        return inherited, where
    if page_topic.system is not None and not page_topic.system.component:
        return page_topic.system, "page_topic"
    return None, ""


def link_names(infos: list[SentenceInfo], idx: int, q: Quantity, clause: tuple[int, int],
               sentence_qs: list[Quantity], table: Table | None, col: int,
               page_topic: topics.PageTopic, carry_workload_sentences: int,
               sentence_memo: dict | None = None, kind: ClaimKind = ANY) -> Link:
    """The system, workload, vendor and baseline quantity `q` of sentence `idx` is about;
    `kind` (`link_kinds`) says what a claim of its kind may take.

    `sentence_memo`, one dict per sentence kept by the caller while it links the numbers
    of that sentence (same `sentence_qs`, roles marked), remembers what depends on the
    sentence and the clause only, not on the number: "respectively" and the names paired
    with numbers (profiled: worked out again for every claim before)."""
    info = infos[idx]
    memo = {} if sentence_memo is None else sentence_memo
    prefer_before = lang_key(info.lang) in ("zh", "ko")
    resp = memoised(memo, "respectively", _respectively, info, sentence_qs)
    system_m, sys_from = _system_in_sentence(info, q, clause, sentence_qs, prefer_before, resp, memo)
    workload_m, wl_from = _workload_in_sentence(info, q, clause, sentence_qs, prefer_before, resp, memo)
    if table is not None:  # a table whose columns are systems or workloads: "| 模型 | H100 | Gaudi 3 |"
        col_sys, col_wl = table.column_name(col, SYSTEM), table.column_name(col, WORKLOAD)
        if col_sys is not None:
            system_m, sys_from = col_sys, "table_column"
        if col_wl is not None:
            workload_m, wl_from = col_wl, "table_column"
    caption = table.caption if table is not None else None
    if system_m is None and caption is not None and caption.subjects():
        system_m, sys_from = caption.subjects()[0], "caption"
    if workload_m is None and caption is not None and caption.workloads:
        workload_m, wl_from = caption.workloads[-1], "caption"
    if system_m is None and is_vs_figure(info.text, q, sentence_qs):
        # "twice the VRAM (192GB vs 80GB)": the figure after "vs" is the system the page
        # compares with, named by an earlier sentence
        system_m, sys_from = _earlier_baseline(infos, idx)
    if system_m is None:
        system_m, sys_from = _inherited_system(infos, idx, q, clause, page_topic, prefer_before)
    if system_m is not None and system_m.component and sys_from != "table_column":
        # "The H200 ... with 141GB of HBM3e": the figures of a part are its product's
        product, where = _product_for_part(infos, idx, q, clause, page_topic)
        if product is not None:
            system_m, sys_from = product, where

    workload, wl_source, wl_refused = _choose_workload(
        _workload_candidates(infos, idx, q, clause, workload_m, wl_from, page_topic,
                             carry_workload_sentences, prefer_before), kind)
    sys_refused = ""
    if system_m is not None and not kind.allows_system(sys_from):
        # the source stays: the name was found (a business figure is still named)
        system_m, sys_refused = None, kind.reason

    link = Link(system_m.entity.canonical if system_m else "", workload,
                system_m.entity.vendor if system_m else "",
                _baseline_of(info, q, clause, system_m), sys_from if system_m or sys_refused else "", wl_source,
                sys_refused, wl_refused)
    if not link.vendor:  # "Graphcore通過軟件優化, ...": the company named in the clause, else sentence
        named = [m for m in info.vendors if clause[0] <= m.start < clause[1]] or info.vendors
        link.vendor = named[0].entity.canonical if named else ""
    return link


def _workload_candidates(infos: list[SentenceInfo], idx: int, q: Quantity, clause: tuple[int, int],
                         found: Mention | None, found_from: str, page_topic: topics.PageTopic,
                         carry_workload_sentences: int, prefer_before: bool):
    """The workloads a number may take, best first, as (name, source), lazily: the one of
    its sentence or table (`found`), the one it inherits (sentence before, heading), a
    counted or compared one of its sentence, the page's."""
    if found is not None:
        yield found.entity.canonical, found_from
    yield topics.carried_workload(infos, idx, carry_workload_sentences)
    late_m, where = pick(infos[idx].workloads, infos[idx].roles, q, clause, prefer_before, late=True)
    if late_m is not None:
        yield late_m.entity.canonical, where
    if page_topic.workload is not None:
        yield page_topic.workload.entity.canonical, "page_topic"


def _choose_workload(candidates, kind: ClaimKind) -> tuple[str, str, str]:
    """(workload, source, refused): the first candidate the claim's kind allows; where
    one was found but the kind refused it, why ("kind=memory")."""
    refused = ""
    for name, source in candidates:
        if not name:
            continue
        if kind.allows_workload(source):
            return name, source, ""
        refused = refused or kind.reason
    return "", "", refused


def _system_in_sentence(info: SentenceInfo, q: Quantity, clause: tuple[int, int],
                        sentence_qs: list[Quantity], prefer_before: bool,
                        resp: bool, memo: dict) -> tuple[Mention | None, str]:
    """The system named in the number's own sentence: coordinated names paired in order
    (`resp`: the sentence says "respectively"), the name of its clause, of a relative
    clause's antecedent, else of another clause."""
    c = cues()
    sent = info.text
    pairs = _pairs(memo, SYSTEM, sentence_qs, info.systems, info.roles, clause, resp)
    system_m, sys_from = (pairs[id(q)], "clause") if id(q) in pairs else \
        pick(info.systems, info.roles, q, clause, prefer_before, topic_first=tuple(sentence_qs), sentence=sent)
    rel = c.relative.get(lang_key(info.lang))
    if rel is not None and not any(clause[0] <= m.start < clause[1] for m in info.systems):
        opener = rel.match(sent[clause[0]:clause[1]].lstrip())
        earlier = [m for m in info.systems if m.end <= clause[0]]
        if opener is not None and earlier:
            # "..., than the A100 80GB, which needed 3.7 seconds": the name closing the
            # clause before is what the relative clause is about, baseline or not
            system_m, sys_from = max(earlier, key=lambda m: m.end), "clause"
    if system_m is not None and system_m.family:
        # "The H200 builds on the Hopper architecture, with 141GB": the product, not its family
        products = [m for m in info.subjects() if not m.family and not m.component
                    and m.end <= system_m.start]
        if products:
            system_m, sys_from = max(products, key=lambda m: m.end), "sentence"
    return system_m, sys_from


def _workload_in_sentence(info: SentenceInfo, q: Quantity, clause: tuple[int, int],
                          sentence_qs: list[Quantity], prefer_before: bool,
                          resp: bool, memo: dict) -> tuple[Mention | None, str]:
    pairs = _pairs(memo, WORKLOAD, sentence_qs, info.workloads, info.roles, clause, resp)
    if id(q) in pairs:
        return pairs[id(q)], "clause"
    return pick(info.workloads, info.roles, q, clause, prefer_before)


def _pairs(memo: dict, kind: str, quantities: list[Quantity], mentions: list[Mention],
           roles: SentenceRoles, clause: tuple[int, int], respectively: bool) -> dict[int, Mention]:
    """`parallel_pairs`, remembered in the sentence's `memo` per kind of name and clause."""
    return memoised(memo, ("pairs", kind, clause, respectively), parallel_pairs,
                    quantities, mentions, roles, clause, respectively)


def memoised(memo: dict, key, fn, *args):
    """`fn(*args)`, kept in a sentence's `memo` under `key` for its other claims."""
    if key not in memo:
        memo[key] = fn(*args)
    return memo[key]


def _respectively(info: SentenceInfo, sentence_qs: list[Quantity]) -> bool:
    """"X and Y took 28.3 and 14.5 minutes (respectively)": numbers pair with names."""
    return cues().respectively.search(info.text) is not None or \
        any("unit_shared" in (o.flags or ()) for o in sentence_qs)


def _inherited_system(infos: list[SentenceInfo], idx: int, q: Quantity, clause: tuple[int, int],
                      page_topic: topics.PageTopic, prefer_before: bool) -> tuple[Mention | None, str]:
    """The system of a sentence that names none as a subject: inherited from the sentence
    before or the heading; else what the sentence counts ("on 3,584 H100 GPUs"); else the
    page's topic (unless it is the baseline compared with); else, on a page that lost the
    comparison word, the sentence's only name even if it looks like a baseline."""
    info = infos[idx]
    m, where = topics.carried_system(infos, idx, clause)
    if m is not None:
        return m, where
    roles = info.roles
    counted = [m for m in info.systems if roles.of(m).counted and not roles.of(m).baseline]
    m, where = pick(counted, roles, q, clause, prefer_before, late=True)
    if m is not None:
        return m, where
    baseline = _baseline_of(info, q, clause, None)
    if page_topic.system is not None and page_topic.system.entity.canonical != baseline:
        return page_topic.system, "page_topic"
    if baseline:  # "기존 H100보다 2배": who was compared with it, a sentence or two before
        m = _earlier_subject(infos, idx, baseline)
        if m is not None:
            return m, "previous_sentence"
    return pick([m for m in info.systems if roles.of(m).baseline], roles, q, clause, prefer_before, late=True)
