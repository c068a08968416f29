"""The question a number's link answers: `LinkQuery` (the number, its sentence among the
page's, its clause, table cell and the page's topic, with what several resolvers ask worked
out once), what linking reads of its sentence for each of its numbers (`SentenceLinks`),
and the answer of one resolver, `Candidate`."""
from __future__ import annotations

from typing import Callable, NamedTuple

from extractor.extract.linking import topics
from extractor.extract.linking.baselines import baseline_of
from extractor.extract.linking.link_kinds import counts_parameters_near
from extractor.extract.quantities.quantities import Quantity
from extractor.extract.sentences.roles import Mention, SentenceInfo
from extractor.extract.sentences.sentence_facts import once
from extractor.extract.tables.tables import Table
from extractor.extract.text.cues import across_contrast


class Candidate(NamedTuple):
    """A name a number may be about and where it was found (the `link` column's word).
    (An immutable record built by every resolver that finds a name: a named tuple, made
    at a third of a frozen dataclass's cost.)"""

    mention: Mention
    source: str


class SentenceLinks:
    """What linking reads of one sentence for each of its numbers, worked out once a
    sentence (`resolvers.sentence_links`): the resolvers that may find a name there, in
    order (a sentence that names no vendor is not asked for a vendor's product), the
    side its language names a subject on, and the answers that depend on the sentence,
    or on a clause of it, only (its "respectively", its names paired with numbers, what
    it inherits), kept as its numbers ask."""

    __slots__ = ("system_resolvers", "workload_resolvers", "lk", "pairable", "prefer_before", "respectively",
                 "pairs", "refers_back_to", "carried_systems", "carried_workload", "parameter_counts")

    def __init__(self, system_resolvers: tuple, workload_resolvers: tuple, lk: str,
                 pairable: tuple[str, ...] = ()):
        self.system_resolvers, self.workload_resolvers = system_resolvers, workload_resolvers
        self.lk = lk
        #: the kinds of name (SYSTEM, WORKLOAD) it names k >= 2 of beside k >= 2 numbers:
        #: those whose names may pair with its numbers in order (`pairs.sentence_pairs`)
        self.pairable = pairable
        #: Chinese and Korean name a number's subject before it
        self.prefer_before = lk in ("zh", "ko")
        self.respectively: bool | None = None
        #: (kind of name, clause, respectively) -> {id(number): name} (`pairs.sentence_pairs`)
        self.pairs: dict = {}
        #: clause end -> whether the text up to it refers back (`resolvers.carried_system`)
        self.refers_back_to: dict[int, bool] = {}
        #: whether it refers back -> (name, where) carried (`topics.carried_system_given`)
        self.carried_systems: dict[bool, tuple[Mention | None, str]] = {}
        self.carried_workload: tuple[Mention | None, str] | None = None
        self.parameter_counts: tuple[Quantity, ...] | None = None


class LinkQuery:
    """One number to link and what it is read against: its sentence among the page's,
    its clause, the other numbers of its sentence, its table cell, the page's topic.
    What several resolvers ask (the sentence's baseline) is worked out once."""

    def __init__(self, infos: list[SentenceInfo], idx: int, q: Quantity, clause: tuple[int, int],
                 sentence_qs: list[Quantity], table: Table | None, col: int,
                 page_topic: topics.PageTopic, carry_workload_sentences: int, memo: dict,
                 links: SentenceLinks):
        self.infos, self.idx, self.q, self.clause = infos, idx, q, clause
        self.sentence_qs, self.table, self.col = sentence_qs, table, col
        self.page_topic, self.carry_workload_sentences, self.memo = page_topic, carry_workload_sentences, memo
        self.info = infos[idx]
        self.links = links
        self.prefer_before = links.prefer_before

    @once
    def unowned_baseline(self) -> str:
        """The baseline the number is compared against, whoever performs."""
        return baseline_of(self.info, self.q, self.clause, None)

    @once
    def clause_sizes_its_model(self) -> bool:
        """Whether the number's clause names its model by a parameter count ("~55 hours
        for the 480B parameter model"): the model is that one, not the page's."""
        links = self.links
        if links.parameter_counts is None:  # (read once a sentence)
            links.parameter_counts = _parameter_counts(self.info.text, self.sentence_qs)
        c0, c1 = self.clause
        for o in links.parameter_counts:
            if o is not self.q and c0 <= o.start < c1:
                return True
        return False

    @once
    def other_side(self) -> frozenset[str]:
        """The systems named after the number beyond a contrast break: the other side's
        ("租赁价格整体下降了约80%,而H100和4090 ..."), never this side's."""
        q, info = self.q, self.info
        return frozenset([m.entity.canonical for m in info.systems
                          if m.start >= q.end and across_contrast(info.text, info.lang, q.end, m.start)])

    @property
    def caption(self) -> SentenceInfo | None:
        return self.table.caption if self.table is not None else None


def _parameter_counts(sentence: str, quantities: list[Quantity]) -> tuple[Quantity, ...]:
    """The numbers of the sentence that count parameters (read once per sentence)."""
    return tuple([o for o in quantities if o.unit == "count" and counts_parameters_near(sentence, o)])


Resolver = Callable[[LinkQuery], "Candidate | None"]
