"""Refinements of a name a resolver found, before the claim's kind is asked (`resolvers.choose`).

A system: a part's figure goes to its product (`product_of_part`: "The H200 ... with 141GB
of HBM3e"), "the new TPU" to the page's product of that vendor (`_new_of_line`), a family
named as the performer to the one product the page ties to it (`_topic_of_family`); a name
from outside the sentence does not attach to a figure that describes software
(`Refused("software")`) nor to the other side of a contrast. A workload: a model of a clause
after the number is marked `later_clause` (`not_later_clause`), for the kinds that take none
from there.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.linking import topics
from extractor.extract.linking.link_query import Candidate, LinkQuery
from extractor.extract.quantities.quantities import Quantity
from extractor.extract.sentences.roles import Mention, SentenceInfo
from extractor.extract.text.cues import words_searcher
from extractor.extract.text.skipping import SkippingPattern


class Refused(str):
    """What a refinement returns for a name it rules out, with why ("software"): the next
    resolver's turn, and the `link` column's reason where none attaches."""


#: where a name outside the number's sentence comes from
_OUTSIDE = frozenset({"previous_sentence", "heading", "page_topic", "vendor_product"})


def system_refined(lq: LinkQuery, found: Candidate) -> Candidate | Refused | None:
    """`product_of_part`; None for a name from outside the sentence that the sentence puts
    on the other side of a contrast break after the number (each side keeps its own);
    `Refused("software")` for one given to a figure that describes software
    (`_describes_software`)."""
    if found.source in _OUTSIDE:
        # (the other side is read only where the sentence names a system)
        if lq.info.systems and found.mention.entity.canonical in lq.other_side:
            return None
        if _describes_software(lq):
            return Refused("software")
    return product_of_part(lq, found)


@lru_cache(maxsize=None)
def _software_nouns(lk: str) -> SkippingPattern | None:
    words = lexicons.load("claims_links.json").get("software_nouns", {}).get(lk)
    return words_searcher(words) if words else None  # (searched only: skips ahead)


def _describes_software(lq: LinkQuery) -> bool:
    """Whether the number's clause describes a piece of software its sentence names no
    hardware beside: "성능을 두 배 향상할 수 있는 소프트웨어 '텐서RT-LLM'을 출시했다" (set1/ko_04):
    the software noun after the figure in Korean and Chinese (a relative clause stands
    before its noun), before it in English ("software that doubles performance"). Software
    used for a figure ("measured using the SynapseAI software stack") stands on the other
    side and is no subject."""
    info, (c0, c1), q = lq.info, lq.clause, lq.q
    if info.systems:
        return False
    lk = lq.links.lk
    rx = _software_nouns(lk)
    if rx is None:
        return False
    return (rx.search(info.text, c0, q.start) if lk == "en" else rx.search(info.text, q.end, c1)) is not None


def not_later_clause(lq: LinkQuery, found: Candidate) -> Candidate:
    """A model found in another clause after the number, marked as such (`later_clause`)
    for a kind that takes none from there in the sentence's language (`ClaimKind.later_models`)."""
    if found.source in ("sentence", "counted", "baseline_only") and found.mention.start >= lq.clause[1]:
        return Candidate(found.mention, "later_clause")
    return found


def product_of_part(lq: LinkQuery, found: Candidate) -> Candidate:
    """"The H200 ... with 141GB of HBM3e": the figures of a part are its product's (not in
    a table whose column names the part); "the new TPU": the page's product (`_new_of_line`)."""
    newest = _new_of_line(lq, found) or _topic_of_family(lq, found)
    if newest is not None:
        return newest
    if not found.mention.component or found.source == "table_column" or _capacity_of_counted_part(lq, found):
        return found
    product, where = _product_for_part(lq.infos, lq.idx, lq.q, lq.clause, lq.page_topic)
    return Candidate(product, where) if product is not None else found


def _capacity_of_counted_part(lq: LinkQuery, found: Candidate) -> bool:
    """"36GB HBM3E 메모리를 8개": a capacity right before a part the sentence counts is each
    unit's, the part's own (the name finder keeps a memory named after a capacity only
    when it is counted: `memory_parts.counted_memory`)."""
    m = found.mention
    return found.source in ("clause", "sentence") and lq.q.unit in ("GB", "TB", "MB") \
        and 0 <= m.start - lq.q.end <= 1 and not lq.info.text[lq.q.end:m.start].strip()


@lru_cache(maxsize=None)
def _new_words() -> dict:
    """lang -> regex of the words before a line's bare name that refer to a new product of
    it ("새로운 TPU"), anchored at the name: `claims_links.json` new_of_line."""
    words = lexicons.load("claims_links.json").get("new_of_line", {})
    return {lang: re.compile(r"(?:" + "|".join(re.escape(w) for w in sorted(ws, key=len, reverse=True))
                             + r")\s*$", re.IGNORECASE) for lang, ws in words.items() if ws}


def _new_of_line(lq: LinkQuery, found: Candidate) -> Candidate | None:
    """"새로운 TPU가 BF16에서 926teraFLOPS" on a page about Trillium: a line's bare name (no
    digit) after a word for new is the page's product when that is another name of the same
    vendor; None otherwise."""
    m, topic = found.mention, lq.page_topic.system
    if topic is None or found.source not in ("clause", "sentence", "previous_sentence"):
        return None
    # (the names' own tests first: most names are another vendor's, or the topic itself,
    # or hold a digit)
    if topic.entity.canonical == m.entity.canonical or not m.entity.vendor \
            or topic.entity.vendor != m.entity.vendor or _DIGIT.search(m.entity.canonical) \
            or topic.component or topic.family:
        return None
    # "이는 ... TPU v5p 가속기보다 약 2배 빠른": the new TPU carried from the sentence before
    said = lq.info if found.source != "previous_sentence" else topics.previous(lq.infos, lq.idx, crossing=True)
    rx = _new_words().get(lq.links.lk)
    if said is None or said.text[m.start:m.end] != m.entity.text:
        return None
    before = (said.text, max(0, m.start - 12), m.start)
    # a page that lost its letters to '?' may have lost the word for new ("??? TPU?"), and
    # with it the letters its language is told by
    if not (rx is not None and rx.search(*before)) and not (said.lossy and _LOST_WORD.search(*before)):
        return None
    return Candidate(topic, "page_topic")


def _topic_of_family(lq: LinkQuery, found: Candidate) -> Candidate | None:
    """"The H100 (Hopper-based) GPU ... the Hopper GPU is 1.5x to 2.5x the performance of
    the Ampere A100": a family named as the performer on a page that writes its product as
    one of that family is that product (`PageTopic.product_of_family`); None otherwise
    (a baseline family stays the family)."""
    m = found.mention
    if found.source not in ("clause", "sentence") or not m.family or lq.info.roles.of(m).baseline:
        return None
    product = lq.page_topic.product_of_family(m.entity.canonical, lq.infos)
    return Candidate(product, "page_topic") if product is not None else None


#: a digit of a name ("TPU v5p"): a line's bare name ("TPU") has none
_DIGIT = re.compile(r"\d")
#: a word lost to question marks right before a name
_LOST_WORD = re.compile(r"\?{2,}\s*$")


def _product_for_part(infos: list[SentenceInfo], idx: int, q: Quantity, clause: tuple[int, int],
                      page_topic: topics.PageTopic) -> tuple[Mention | None, str]:
    """A product to give a number whose nearest name is a part (HBM3E, NVLink): a
    product the sentence is about, else, unless the page is about a part itself (a memory
    maker's page on HBM3), the one it inherits (sentence before, heading, page topic);
    (None, "") when there is none."""
    info = infos[idx]
    products = [m for m in info.subjects() if not m.component]
    if products:
        before = [m for m in products if m.end <= q.start] or products
        return min(before, key=lambda m: abs(q.start - m.end)), "sentence"
    if page_topic.system is not None and page_topic.system.component:
        return None, ""  # a page about the memory itself: its figures are the part's
    inherited, where = topics.carried_system(infos, idx, clause)
    if inherited is not None and not inherited.component:
        return inherited, where
    if page_topic.system is not None:
        return page_topic.system, "page_topic"
    return None, ""
