"""Resolvers: one linking decision per number, by named resolvers tried in order.

Each resolver looks at one place a number's system or workload may be named and returns a
`Candidate` (the name and the `link` column's word for where it was found) or nothing.
`choose` tries them in order and keeps the first the claim's kind allows
(`link_kinds.ClaimKind`); a name the kind refused is recorded as the reason none attached
("workload=none:kind=memory"). A sentence is asked only the resolvers that may find a name
there (`sentence_links`: one that needs vendors is not asked of a sentence naming none),
worked out once for all its numbers. The order is the evidence's weight:

systems (`SYSTEM_RESOLVERS`): the table column over the cell (`table_column`); a
standards body whose standard sets the figure ("JEDEC 표준 동작 속도인 8Gbps": `standard`); a
class reference before the number ("These instances feature ... 20.8 PetaFLOPS", "a single
chip could deliver": the product of that class named before, `linking.class_reference`); the
number's own sentence (`clause`, `sentence`: `candidates.system_in_sentence`); the
table's caption (`caption`); for the second figure of "192GB vs 80GB", the system compared
with a sentence or two before (`vs_figure`); the page's product of a vendor named before
the number in its clause ("Intel promising 48TOPS": `vendor_product`); the sentence before or the heading
(`carried`); what the sentence counts ("on 3,584 H100 GPUs": `counted`); the page's
subject unless it is the baseline compared with (`page_topic`); the performer a sentence
or two before when this one names only the baseline (`earlier_subject`); last, the
sentence's baseline itself (`baseline_only`, a page that lost its comparison word). Each
name found is refined before the kind is asked (`refinements.system_refined`): a part's
figure goes to its product ("The H200 ... with 141GB of HBM3e"), "the new TPU" to the
page's product of that vendor, a family named as the performer to the one product the page
ties to it; a name from outside the sentence does not attach to a figure that describes
software (the `link` column says "system=none:software").

workloads (`WORKLOAD_RESOLVERS`): the table column, the sentence, the caption; the
sentence before or the heading; a counted or compared workload of the sentence; the page's.
A model of a clause after the number is refused where the claim's kind takes none from
there (`ClaimKind.later_models`: a hardware figure, a Chinese or Korean comparison).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, NamedTuple

from extractor import lexicons
from extractor.extract.linking import refinements, topics
from extractor.extract.linking.refinements import Refused
from extractor.extract.linking.class_reference import class_reference_system
from extractor.extract.linking.candidates import nearest, pick_late, system_in_sentence, workload_in_sentence
from extractor.extract.linking.link_kinds import ClaimKind
from extractor.extract.linking.link_query import Candidate, LinkQuery, Resolver, SentenceLinks
from extractor.extract.names.entities import SYSTEM, WORKLOAD, Entity
from extractor.extract.quantities.quantities import Quantity
from extractor.extract.sentences.comparisons import is_vs_figure, vs_words
from extractor.extract.sentences.roles import Mention, SentenceInfo
from extractor.extract.text.cues import lang_key, words_searcher
from extractor.extract.text.skipping import SkippingPattern


# systems ---------------------------------------------------------------------------

def table_column_system(lq: LinkQuery) -> Candidate | None:
    """"| 模型 | H100 | Gaudi 3 |": the system over the cell's column."""
    m = lq.table.column_name(lq.col, SYSTEM) if lq.table is not None else None
    return Candidate(m, "table_column") if m is not None else None


def sentence_system(lq: LinkQuery) -> Candidate | None:
    """The system of the number's clause, else of another clause of its sentence."""
    m, where = system_in_sentence(lq.info, lq.q, lq.clause, lq.sentence_qs, lq.links)
    return Candidate(m, where) if m is not None else None


def standard_system(lq: LinkQuery) -> Candidate | None:
    """"JEDEC 표준 동작 속도인 8Gbps", "the JEDEC standard calls for 6.4 Gbps": a figure
    a standards body's standard sets, written right after it in its clause, is the body's
    (`claims_links.json` standards); the body is no product, so nothing else is. (Asked
    only of a sentence that names a body: `sentence_links`.)"""
    standard = _standards()[1]
    if standard is None:
        return None
    text = lq.info.text
    m = standard.search(text, max(0, lq.q.start - _STANDARD_SPAN), lq.q.start)
    if m is None:
        return None
    a, b = m.span("body")
    canonical = _standard_canonical()[m.group("body").lower()]
    entity = Entity(lq.info.start + a, lq.info.start + b, m.group("body"), SYSTEM, canonical)
    return Candidate(Mention(entity, a, b), "clause")


#: the standard's name and the words between the body and the figure ("JEDEC 표준 동작 속도인 ")
_STANDARD_SPAN = 48


@lru_cache(maxsize=None)
def _standard_canonical() -> dict[str, str]:
    bodies = lexicons.load("claims_links.json").get("standards", {}).get("bodies", {})
    return {form.lower(): canonical for canonical, forms in bodies.items() for form in forms}


@lru_cache(maxsize=None)
def _standards() -> tuple[SkippingPattern | None, re.Pattern | None]:
    """(any body's name, a body's standard right before a figure: the body, a possessive
    and the standard's name, a standard word, then a few words and no clause break)."""
    d = lexicons.load("claims_links.json").get("standards", {})
    forms, words = list(_standard_canonical()), d.get("standard_words", [])
    if not forms or not words:
        return None, None
    alt = lambda ws: "|".join(re.escape(w) for w in sorted(ws, key=len, reverse=True))  # noqa: E731
    body = words_searcher(forms)  # searched in every sentence with a number: skips ahead in C
    # "JEDEC's HBM3 standard", "JEDEC이 정한 HBM4 표준", "JEDEC制定的标准": what the body set
    setting = d.get("setting_words", [])
    set_by = r"(?:(?:" + alt(setting) + r")\s*)?" if setting else ""
    # "미국전자산업표준협의회(JEDEC) 표준": the body's abbreviation in brackets after its full name
    standard = re.compile(r"(?P<body>" + alt(forms) + r")[)）]?(?:'s|’s|의|的|이|가|에서)?\s*" + set_by
                          + r"(?:[A-Za-z0-9.\-]+\s*){0,2}?(?:" + alt(words)
                          + r")[^,.;:!?，。；：、()（）\n]{0,16}$",
                          re.IGNORECASE)
    return body, standard


def caption_system(lq: LinkQuery) -> Candidate | None:
    subjects = lq.caption.subjects() if lq.caption is not None else []
    return Candidate(subjects[0], "caption") if subjects else None


def vs_figure_system(lq: LinkQuery) -> Candidate | None:
    """"twice the VRAM (192GB vs 80GB)": the figure after "vs" is the system the page
    compares with, named by an earlier sentence."""
    if not is_vs_figure(lq.info.text, lq.q, lq.sentence_qs):
        return None
    m, where = _earlier_baseline(lq.infos, lq.idx)
    return Candidate(m, where) if m is not None else None


def vendor_product_system(lq: LinkQuery) -> Candidate | None:
    """"with Intel promising 48TOPS and AMD going up to 50TOPS": a vendor named before the
    number in its clause states it of its product, the page's product of that vendor (named
    elsewhere on the page), not the page's subject of another vendor."""
    if not lq.info.vendors:
        return None
    c0, _ = lq.clause
    # a vendor right before a name qualifies that name ("exceeding NVIDIA's A100 by 20%")
    named = [m for m in lq.info.vendors if c0 <= m.start and m.end <= lq.q.start
             and not any(0 <= o.start - m.end <= 3 for o in lq.info.systems)]
    if not named:
        return None
    vendor = named[-1].entity.canonical
    topic = lq.page_topic.system
    if topic is not None and topic.entity.vendor == vendor:
        return None
    product = lq.page_topic.product_of_vendor(vendor, lq.infos)
    return Candidate(product, "vendor_product") if product is not None else None


def carried_system(lq: LinkQuery) -> Candidate | None:
    """The subject of the sentence before (referred back to, or its only one), else the
    heading's (`topics.carried_system`). It depends on the clause only through whether the
    text up to the clause's end refers back: that answer is kept per clause end (the last
    clause's is the whole sentence's, which `claims._metric` asked and keeps in the
    sentence's memo), and the subject under the answer, in the sentence's `SentenceLinks`
    (profiled: most calls were a clause not seen before)."""
    info, c1, links, memo = lq.info, lq.clause[1], lq.links, lq.memo
    if c1 in links.refers_back_to:
        back = links.refers_back_to[c1]
    elif c1 < len(info.text):
        back = links.refers_back_to[c1] = topics.refers_back(info.text[:c1], links.lk)
    else:
        if "refers_back" not in memo:
            memo["refers_back"] = topics.refers_back(info.text, links.lk)
        back = links.refers_back_to[c1] = memo["refers_back"]
    if back not in links.carried_systems:
        links.carried_systems[back] = topics.carried_system_given(lq.infos, lq.idx, back)
    m, where = links.carried_systems[back]
    return Candidate(m, where) if m is not None else None


def counted_system(lq: LinkQuery) -> Candidate | None:
    """"10.9 minutes on 3,584 H100 GPUs": what the sentence counts (no baseline), the
    nearest."""
    counted = lq.info.roles.counted
    return Candidate(nearest(counted, lq.q, lq.prefer_before), "counted") if counted else None


def page_topic_system(lq: LinkQuery) -> Candidate | None:
    """The page's subject, unless it is what this number is compared against, by its name
    or its maker's ("up to 10% more than what Qualcomm is offering" on a Snapdragon page)."""
    topic = lq.page_topic.system
    if topic is None or lq.unowned_baseline in (topic.entity.canonical, topic.entity.vendor or None):
        return None
    return Candidate(topic, "page_topic")


def earlier_subject_system(lq: LinkQuery) -> Candidate | None:
    """"기존 H100보다 2배": who was compared with the baseline, a sentence or two before."""
    if not lq.unowned_baseline or (lq.page_topic.system is not None
                                   and lq.page_topic.system.entity.canonical != lq.unowned_baseline):
        return None
    m = topics.earlier_subject(lq.infos, lq.idx, lq.unowned_baseline)
    return Candidate(m, "previous_sentence") if m is not None else None


def baseline_only_system(lq: LinkQuery) -> Candidate | None:
    """The sentence's only name is a baseline: a page that lost its comparison word. The
    nearest baseline of the number's clause, else of the sentence."""
    baselines = lq.info.roles.baselines
    if not baselines:
        return None
    c0, c1 = lq.clause
    pool = [m for m in baselines if m.start >= c0 and m.end <= c1] or baselines
    return Candidate(nearest(pool, lq.q, lq.prefer_before), "baseline_only")


SYSTEM_RESOLVERS: tuple[Resolver, ...] = (
    table_column_system, standard_system, class_reference_system, sentence_system, caption_system, vs_figure_system, vendor_product_system,
    carried_system,
    counted_system, page_topic_system, earlier_subject_system, baseline_only_system)


# workloads -------------------------------------------------------------------------

def table_column_workload(lq: LinkQuery) -> Candidate | None:
    m = lq.table.column_name(lq.col, WORKLOAD) if lq.table is not None else None
    return Candidate(m, "table_column") if m is not None else None


def sentence_workload(lq: LinkQuery) -> Candidate | None:
    m, where = workload_in_sentence(lq.info, lq.q, lq.clause, lq.sentence_qs, lq.links)
    return Candidate(m, where) if m is not None else None


def caption_workload(lq: LinkQuery) -> Candidate | None:
    workloads = lq.caption.workloads if lq.caption is not None else []
    return Candidate(workloads[-1], "caption") if workloads else None


def carried_workload(lq: LinkQuery) -> Candidate | None:
    """The last workload of the few sentences before in the paragraph, or the heading's."""
    links = lq.links
    if links.carried_workload is None:  # (the same for each number of the sentence)
        links.carried_workload = topics.carried_workload(lq.infos, lq.idx, lq.carry_workload_sentences)
    m, where = links.carried_workload
    if m is None or lq.clause_sizes_its_model:  # (a model sized: asked of a workload found only)
        return None
    return Candidate(m, where)


def late_workload(lq: LinkQuery) -> Candidate | None:
    """A workload the sentence counts or compares with."""
    m, where = pick_late(lq.info.roles.workloads, lq.q, lq.clause, lq.prefer_before)
    return Candidate(m, where) if m is not None else None


def page_topic_workload(lq: LinkQuery) -> Candidate | None:
    """The page's model, unless the number's clause sizes a model of its own."""
    if lq.page_topic.workload is None or lq.clause_sizes_its_model:
        return None
    return Candidate(lq.page_topic.workload, "page_topic")


WORKLOAD_RESOLVERS: tuple[Resolver, ...] = (
    table_column_workload, sentence_workload, caption_workload, carried_workload,
    late_workload, page_topic_workload)


# the decision ----------------------------------------------------------------------

class Decision(NamedTuple):
    """The one name chosen for a number (None: none) and its evidence: where it was
    found, or why what was found did not attach (immutable; a named tuple: made cheaply)."""

    chosen: Candidate | None
    refused: str = ""
    #: where the first name refused was found (a business figure is still named there)
    refused_from: str = ""
    #: the resolver that found the name chosen, else the first name refused, by its
    #: function's name: `explain` and the claims table's `resolvers` column show it
    resolver: str = ""
    #: where the name chosen was found, else `refused_from`
    source: str = ""


def choose(resolvers: tuple[Resolver, ...], lq: LinkQuery, sources: frozenset[str] | None,
           refine: Callable[[LinkQuery, Candidate], Candidate | Refused | None] | None = None,
           kind: ClaimKind | None = None) -> Decision:
    """The first candidate of `resolvers` (refined by `refine`) found at one of `sources`
    (the `link` sources the claim's kind allows: `ClaimKind.system_sources`,
    `.workload_sources`; None: any); where one was found and refused, the `kind`'s
    reason (or the refinement's `Refused`) says why none attached."""
    refused_from, why, refused_by = "", "", ""
    for resolver in resolvers:  # a plain loop: this runs for every number (profiled)
        found = resolver(lq)
        if found is None:
            continue
        if refine is not None:
            found = refine(lq, found)
            if found is None:  # the refinement ruled it out: the next resolver's turn
                continue
            if type(found) is Refused:
                why, refused_by = why or found, refused_by or resolver.__name__
                continue
        if sources is None or found.source in sources:
            return Decision(found, "", "", resolver.__name__, found.source)
        if not refused_from:
            refused_from, refused_by = found.source, refused_by or resolver.__name__
    if refused_from:
        why = kind.reason if kind is not None else "refused"
    elif not why:
        return NO_DECISION  # (nothing found: most workloads)
    return Decision(None, why, refused_from, refused_by, refused_from)


#: no name found, none refused
NO_DECISION = Decision(None)


def decide(lq: LinkQuery, kind: ClaimKind) -> tuple[Decision, Decision]:
    """(system, workload) decisions of one number, each made once, by the resolvers that
    may find a name for its sentence (`sentence_links`)."""
    links = lq.links
    return (choose(links.system_resolvers, lq, kind.system_sources, refinements.system_refined, kind),
            choose(links.workload_resolvers, lq, kind.workload_sources,
                   None if kind.later_models is None or links.lk in kind.later_models
                   else refinements.not_later_clause, kind))


#: what a resolver needs the number's table, sentence or page to hold to find a name; one
#: whose need is not met would find none there, and is not asked
_NEEDS: dict[Resolver, str] = {
    table_column_system: "table", caption_system: "table", standard_system: "standards_body",
    sentence_system: "systems", vs_figure_system: "vs", vendor_product_system: "vendors",
    counted_system: "counted_systems", page_topic_system: "page_system",
    baseline_only_system: "baselines",
    table_column_workload: "table", caption_workload: "table", sentence_workload: "workloads",
    late_workload: "counted_or_compared_workloads", page_topic_workload: "page_workload"}
_HELD = ("table", "standards_body", "systems", "vs", "vendors", "counted_systems", "page_system",
         "baselines", "workloads", "counted_or_compared_workloads", "page_workload")
#: the resolvers asked, by which of `_HELD` are held (at most 2 ** 11 keys; a few dozen seen)
_PLANS: dict[tuple[bool, ...], tuple[tuple[Resolver, ...], tuple[Resolver, ...]]] = {}


def sentence_links(info: SentenceInfo, table, page_topic: topics.PageTopic,
                   sentence_qs: list[Quantity]) -> SentenceLinks:
    """The `SentenceLinks` of a sentence whose roles are read: the resolvers that may find
    a name for its numbers, in order (each whose need, `_NEEDS`, the sentence, its table
    or the page does not meet would find none)."""
    roles, text = info.roles, info.text
    bodies = _standards()[0]
    vs = vs_words()
    late = False
    for _, r in roles.workloads:
        if r.counted or r.baseline:
            late = True
            break
    held = (table is not None, bodies is not None and bodies.search(text) is not None, bool(info.systems),
            vs is not None and vs.search(text) is not None, bool(info.vendors),
            bool(roles.counted), page_topic.system is not None, bool(roles.baselines),
            bool(info.workloads), late, page_topic.workload is not None)
    plan = _PLANS.get(held)
    if plan is None:
        names = {name for name, h in zip(_HELD, held) if h}
        plan = _PLANS[held] = tuple(tuple(r for r in resolvers if r not in _NEEDS or _NEEDS[r] in names)
                                    for resolvers in (SYSTEM_RESOLVERS, WORKLOAD_RESOLVERS))
    pairable = ()  # k >= 2 numbers, and k names of a kind
    if sentence_qs[1:]:
        pairable = ((SYSTEM,) if info.systems[1:] else ()) + ((WORKLOAD,) if info.workloads[1:] else ())
    return SentenceLinks(plan[0], plan[1], lang_key(info.lang), pairable)


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
