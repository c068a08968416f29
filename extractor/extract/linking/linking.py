"""Linking: which system and workload a number of a sentence is about, and why.

The page's sentences and their names (`sentence_infos`) are read once; each sentence's
roles (what is counted, what is compared against) are an immutable record
(`roles.SentenceRoles`). For one number, `link_names` gathers the candidates of each
place a name may come from and decides once, by the named resolvers of
`extractor.extract.linking.resolvers` tried in order (table column, clause and sentence
(`candidates`), caption, the sentence before or the heading, what is counted, the page's
subject, the baseline last), keeping the first the claim's kind allows
(`link_kinds`: a memory size takes no model from the page).

The `Link` records where each name came from (`system_from`, `workload_from`), or why a
name found did not attach: a reviewer reads in the claims table's `link` column why a
claim names the system it names ("system=clause;workload=none:kind=memory").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons
from extractor.extract.linking import topics
from extractor.extract.text.cues import lang_key
from extractor.extract.linking.baselines import baseline_of
from extractor.extract.linking.pairs import memoised
from extractor.extract.names.entities import SYSTEM, WORKLOAD, Entity
from extractor.extract.linking.link_kinds import ANY, ClaimKind
from extractor.extract.quantities.quantities import Quantity
from extractor.extract.linking.resolvers import LinkQuery, decide, sentence_links
from extractor.extract.sentences.roles import Mention, SentenceInfo
from extractor.extract.tables.tables import Table

__all__ = ["Link", "link_names", "memoised", "sentence_infos", "sources_in_sentence"]


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
    #: the named step that decided each: a resolver of `resolvers` ("sentence_system"), or
    #: one of the two table and score steps of `link_names` ("table_row_system",
    #: "score_workload")
    system_by: str = ""
    workload_by: str = ""

    def as_string(self) -> str:
        """The `link` column: "system=clause;workload=page_topic" (empty parts left out);
        a name the claim's kind refused shows as "none:<why>".

        >>> Link("H100", "", system_from="clause").as_string()
        'system=clause'
        >>> Link("H100", "", system_from="clause", workload_refused="kind=memory").as_string()
        'system=clause;workload=none:kind=memory'
        """
        system = ("system=" + self.system_from) if self.system and self.system_from else \
            ("system=none:" + self.system_refused if self.system_refused else "")
        workload = ("workload=" + self.workload_from) if self.workload else \
            ("workload=none:" + self.workload_refused if self.workload_refused else "")
        return system + ";" + workload if system and workload else system or workload

    def deciders(self) -> str:
        """The `resolvers` column: the named step that decided each name, found or refused.

        >>> Link("H100", "", system_from="clause", system_by="sentence_system").deciders()
        'system=sentence_system'
        """
        system = "system=" + self.system_by if self.system_by else ""
        workload = "workload=" + self.workload_by if self.workload_by else ""
        return system + ";" + workload if system and workload else system or workload


def sentence_infos(page, text: str, entities: list[Entity], lossy) -> list[SentenceInfo]:
    """The page's sentences with their names; `lossy` (a `losses.LossIndex`, which this
    layer does not import) says where letters were lost. Paragraphs are counted at blank
    lines and after headings."""
    sentences = [ts.sentence for ts in page.sentences]
    lost = lossy.overlapping_each([(s.start, s.end) for s in sentences])
    infos: list[SentenceInfo] = [None] * len(sentences)  # type: ignore[list-item]
    paragraph, prev_end = 0, 0
    # entities are in text order, as sentences are: one walk over both, not a search a sentence
    e_at, n_entities = 0, len(entities)
    for k, ts in enumerate(page.sentences):
        s = ts.sentence
        gap = text[prev_end:s.start]
        if "\n\n" in gap or ("\n" in gap and k and topics.is_heading(infos[k - 1])):
            paragraph += 1
        prev_end = s.end
        info = infos[k] = SentenceInfo(s.start, s.end, s.text, ts.lang.lang, paragraph)
        info.lossy = lost[k]
        while e_at < n_entities and entities[e_at].start < s.start:
            e_at += 1
        if e_at == n_entities or entities[e_at].start >= s.end:
            continue  # (most sentences name nothing)
        n_systems, j = 0, e_at
        while j < n_entities and entities[j].start < s.end:
            e = entities[j]
            j += 1
            if e.end <= s.end:
                m = Mention(e, e.start - s.start, e.end - s.start)
                if e.label == SYSTEM:
                    info.systems.append(m)
                    n_systems += 1
                elif e.label == WORKLOAD:
                    info.workloads.append(m)
                else:
                    info.vendors.append(m)
        if n_systems > 1:  # (a family before a product: two names at least)
            info.systems = _without_leading_families(info.systems, s.text)
        if info.workloads:
            info.workloads = [m for m in info.workloads if not _named_as_example(m, s.text, ts.lang.lang)]
    return infos


#: a quote opening right after a name: the quoted name is the product the first one classes
_APPOSITION_QUOTES = frozenset("「『“‘\"'《")


@lru_cache(maxsize=None)
def _example_markers(lk: str) -> tuple[re.Pattern | None, re.Pattern | None]:
    """(before, after): the words that make a model named beside them an example:
    `claims_links.json` example_markers."""
    d = lexicons.load("claims_links.json").get("example_markers", {}).get(lk, {})
    alt = lambda ws: "|".join(re.escape(w) for w in sorted(ws, key=len, reverse=True))  # noqa: E731
    before = re.compile(r"(?<![A-Za-z])(?:" + alt(d["before"]) + r")\s*$", re.IGNORECASE) \
        if d.get("before") else None
    after = re.compile(r"[\s'’\"”]*(?:" + alt(d["after"]) + ")") if d.get("after") else None
    return before, after


@lru_cache(maxsize=None)
def _parameter_words() -> re.Pattern:
    words = {w for lg in ("en", "ko", "zh") for w in lexicons.load("claims_counts.json").get(lg, ())}
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)), re.IGNORECASE)


def _sized_before(sentence: str, at: int, window: int = 24) -> bool:
    """A parameter word just before `at`: the model there is described by its size."""
    return _parameter_words().search(sentence, max(0, at - window), at) is not None


def _named_as_example(m: Mention, sentence: str, lang: str) -> bool:
    """Whether the model `m` is named as an example of a class ("large language models like
    LLaMA2-70B", "챗GPT 같은 언어모델"): the sentence speaks of the class.

    >>> from extractor.extract.names.entities import Entity
    >>> s = "Tests with large language models like LLaMA2-70B show a 40% lower latency"
    >>> m = Mention(Entity(0, 0, "LLaMA2-70B", "WORKLOAD", "Llama 2 70B"), 38, 48)
    >>> _named_as_example(m, s, "en")
    True
    """
    before, after = _example_markers(lang_key(lang))
    if _sized_before(sentence, m.start):
        return False  # "1,750 개의 매개변수를 가지고 있는 GPT-3 같은 ...": sized, so named
    return (before is not None and before.search(sentence, max(0, m.start - 16), m.start) is not None) or \
        (after is not None and after.match(sentence, m.end) is not None)


def _without_leading_families(systems: list[Mention], sentence: str) -> list[Mention]:
    """A family name right before a product of it is part of the product's name: "a
    single Hopper H100", "Blackwell B200" name one system, the product.

    >>> from extractor.extract.names.entities import Entity
    >>> ms = [Mention(Entity(0, 6, "Hopper", "SYSTEM", "Hopper"), 0, 6),
    ...       Mention(Entity(7, 11, "H100", "SYSTEM", "H100"), 7, 11)]
    >>> [m.entity.canonical for m in _without_leading_families(ms, "Hopper H100")]
    ['H100']
    """
    out = []
    for m, nxt in zip(systems, systems[1:] + [None]):
        if m.family and nxt is not None and not nxt.family and not nxt.component \
                and not sentence[m.end:nxt.start].strip():
            continue
        if nxt is not None and sentence[m.end:nxt.start].strip() in _APPOSITION_QUOTES:
            continue  # "TPU「Ironwood」", "칩 'Gaudi 3'": the class, then the product's own name
        out.append(m)
    return out


def link_names(infos: list[SentenceInfo], idx: int, q: Quantity, clause: tuple[int, int],
               sentence_qs: list[Quantity], table: Table | None, col: int,
               page_topic: topics.PageTopic, carry_workload_sentences: int,
               sentence_memo: dict | None = None, kind: ClaimKind = ANY, score=None) -> Link:
    """The system, workload, vendor and baseline quantity `q` of sentence `idx` is about,
    each decided once by the named resolvers of `resolvers`; `kind` (`link_kinds`) says
    what a claim of its kind may take. Two steps follow the resolvers: a benchmark score
    (`score`, a `numbers.scores.ScoreName`) takes its benchmark as workload
    (`score_workload`), and a table row's label names the system where no name of the
    number's own sentence or cell did (`table_row_system`).

    `sentence_memo`, one dict per sentence kept by the caller while it links the numbers
    of that sentence (same `sentence_qs`, roles read), keeps what depends on the sentence
    and the clause only, not on the number (its `SentenceLinks`, under "linking": the
    resolvers that may answer there, "respectively" and the names paired with numbers,
    what it inherits; profiled: worked out again for every claim before)."""
    info = infos[idx]
    memo = {} if sentence_memo is None else sentence_memo
    try:
        links = memo["linking"]
    except KeyError:  # the sentence's first number: what linking reads of the sentence, once
        links = memo["linking"] = sentence_links(info, table, page_topic, sentence_qs)
    lq = LinkQuery(infos, idx, q, clause, sentence_qs, table, col, page_topic,
                   carry_workload_sentences, memo, links)
    system_d, workload_d = decide(lq, kind)
    system_m = system_d.chosen.mention if system_d.chosen else None
    workload = workload_d.chosen
    link = Link(system_m.entity.canonical if system_m else "",
                workload.mention.entity.canonical if workload else "",
                system_m.entity.vendor if system_m else "",
                # (no system chosen: the baseline whoever performs, as the resolvers may have read it)
                lq.unowned_baseline if system_m is None else baseline_of(info, q, clause, system_m),
                system_d.source,
                workload.source if workload else "", system_d.refused, workload_d.refused,
                system_d.resolver, workload_d.resolver)
    if not link.vendor:  # "Graphcore通過軟件優化, ...": the company named in the clause, else sentence
        named = [m for m in info.vendors if clause[0] <= m.start < clause[1]] or info.vendors
        link.vendor = named[0].entity.canonical if named else ""
    if score is not None:  # CLAIMS.md: a score's workload is its benchmark, an index has none
        link.workload, link.workload_from = score.workload, "score" if score.workload else ""
        link.workload_by = "score_workload"
    if table is not None and link.system_from not in sources_in_sentence(table):
        # "Provider | Output speed" over "Groq | 544": the row's label names the system
        row_system = table.row_system(info.text)
        if row_system:
            link.system, link.system_from, link.vendor = row_system, "table_row", ""
            link.system_by = "table_row_system"
    return link


#: the `link` sources that name a number's system from its own sentence or cell, and with
#: a spec sheet's caption, which names the sheet's product
_IN_SENTENCE = ("clause", "sentence", "table_column", "table_row", "score")
_IN_SENTENCE_SHEET = _IN_SENTENCE + ("caption",)


def sources_in_sentence(table: Table | None) -> tuple[str, ...]:
    """The `link` sources that name a number's system from its own sentence or cell."""
    return _IN_SENTENCE_SHEET if table is not None and table.spec_sheet else _IN_SENTENCE
