"""Roles of the names in a sentence: the system that performs, what a number counts, and
the baseline of a comparison.

In "B200 is 4x faster than H100" the claim is B200's and H100 is the baseline; in
"10.9 minutes on 3,584 H100 GPUs" H100 is what is counted. `mark_roles` gives each
`Mention` of a sentence its `Role`: `counted` (a number right before it counts it), `baseline` (a
comparison word before it, "than X", "比X", "compared with X", or after it, "X 대비",
"X보다", "X相比": `claims_links.json` baselines), `own_clause` and `owned` (a baseline
that still owns the numbers of its own clause, or figures stated as its own: "H100의
700W보다", "比H100的700W", "192GB vs 80GB"). The roles of a sentence are one immutable
record, `SentenceRoles`, read once; mentions carry no flags. `topic_of` picks, of several names before a
number, the one its clause is about; which names a comparison makes baselines, and the
figures that stay theirs, is read by `comparisons`; a `Mention` is `mentions.Mention`.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from extractor.extract.sentences.comparisons import ComparisonMark, comparison_marks, own_figures, own_vs_figures
from extractor.extract.names.entities import SYSTEM, WORKLOAD
from extractor.extract.text.cues import clause_spans, cues
from extractor.extract.sentences.mentions import Mention
from extractor.extract.quantities.quantities import Quantity

__all__ = ["Mention", "NO_ROLE", "NO_ROLES", "Role", "SentenceInfo", "SentenceRoles", "is_counted",
           "mark_roles", "topic_of"]


class Role(NamedTuple):
    """What one sentence makes of one of its names. (Immutable, one per name of a
    sentence with a number: a named tuple, made at half a frozen dataclass's cost.)"""

    counted: bool = False   # "four IPU-M2000s": what a number counts, not the subject
    baseline: bool = False  # "than DGX A100", "DGX A100에 비해": the reference compared to
    # a baseline that still owns the numbers of its own clause ("..., compared to 18.6
    # minutes for 8 A100 GPUs") or those between it and its marker ("H100의 700W보다")
    own_clause: bool = False
    #: spans of the sentence whose numbers are this baseline's own figures
    owned: tuple[tuple[int, int], ...] = ()

    def owns(self, q: Quantity) -> bool:
        """Whether `q` is one of this baseline's own figures."""
        for a, b in self.owned:
            if a <= q.start and q.end <= b:
                return True
        return False


NO_ROLE = Role()


@dataclass(frozen=True)
class SentenceRoles:
    """The roles of a sentence's names, read once from its words and numbers
    (`mark_roles`): an immutable record the linking of its numbers, and of later
    sentences that inherit from it, reads.

    >>> from extractor.extract.names.entities import Entity
    >>> h100 = Mention(Entity(0, 4, "H100", "SYSTEM", "H100"), 10, 14)
    >>> roles = SentenceRoles({(10, 14): Role(baseline=True)})
    >>> roles.of(h100).baseline, NO_ROLES.of(h100).baseline, roles.read, NO_ROLES.read
    (True, False, True, False)
    """

    by_span: Mapping[tuple[int, int], Role] = field(default_factory=dict)
    #: whether the sentence's numbers were read (a sentence without one has no roles)
    read: bool = True
    #: the sentence's systems and workloads with their roles, in order: what each of its
    #: numbers reads (`mark_roles` pairs them once, not once a number)
    systems: tuple[tuple[Mention, Role], ...] = ()
    workloads: tuple[tuple[Mention, Role], ...] = ()
    #: of its systems, those a comparison is made against, and those counted that are none
    baselines: tuple[Mention, ...] = ()
    counted: tuple[Mention, ...] = ()
    #: whether a comparison makes any of its names (a system or a workload) a baseline
    compares: bool = False

    def of(self, m: Mention) -> Role:
        return self.by_span.get((m.start, m.end), NO_ROLE)


#: the roles of a sentence no number of which has been read
NO_ROLES = SentenceRoles({}, read=False)


@dataclass
class SentenceInfo:
    """A sentence of the page with the names in it (offsets relative to the sentence)."""

    start: int
    end: int
    text: str
    lang: str
    paragraph: int
    systems: list[Mention] = field(default_factory=list)
    workloads: list[Mention] = field(default_factory=list)
    vendors: list[Mention] = field(default_factory=list)
    lossy: bool = False
    #: what the sentence makes of its names, once its numbers are read (`mark_roles`)
    roles: SentenceRoles = NO_ROLES
    #: offsets of the names a comparison of the sentence is made against (`compared`)
    _compared: frozenset[int] | None = field(default=None, repr=False)
    #: `comparison_marks` of systems + workloads, worked out once (`comparisons`)
    _comparisons: tuple | None = field(default=None, repr=False)
    #: (the roles read, `subjects` under them): the sentence's subjects, read once per
    #: reading of its roles (every number of it and of the sentences after asks)
    _subjects: tuple | None = field(default=None, repr=False)
    #: whether the line is a heading (`topics.is_heading`), read once: every sentence
    #: after it in its paragraph and the next asks (profiled)
    _heading: bool | None = field(default=None, repr=False, compare=False)

    def subjects(self) -> list[Mention]:
        """The systems the sentence is about: neither counted nor a comparison baseline;
        products before parts (`name_kinds.is_part`)."""
        roles = self.roles
        if self._subjects is None or self._subjects[0] is not roles:
            compared = self.compared()
            excluded = {m.start for m in compared} if compared else ()
            if roles.systems:  # a sentence whose numbers were read: its systems with their roles
                found = [m for m, r in roles.systems if not r.counted and m.start not in excluded]
            elif not roles.read:  # none read: nothing counted
                found = [m for m in self.systems if m.start not in excluded] if excluded else list(self.systems)
            else:
                found = [m for m in self.systems if not roles.of(m).counted and m.start not in excluded]
            if found[1:]:
                found = [m for m in found if not m.component] + [m for m in found if m.component]
            self._subjects = (roles, found)
        return list(self._subjects[1])

    def compared(self) -> list[Mention]:
        """The systems the sentence compares against. Roles are marked in sentences with a
        number only, so a sentence a later one inherits from ("B200 vs H100: Overview",
        "가우디2는 H100보다 느리다") is read here, once."""
        if self._compared is None:
            self._compared = frozenset()
            # a sentence with a number was marked already (profiled: half the stage's time
            # went to marking sentences twice or sentences without a name)
            if self.systems and not self.roles.read:
                marks = self.comparisons(clause_spans(self.text, self.lang))
                self._compared = frozenset([m.start for m, mark in zip(self.systems + self.workloads, marks)
                                            if mark.baseline])
        roles = self.roles
        if roles.systems and not self._compared:  # its numbers read: the baselines marked then
            return list(roles.baselines)
        if not roles.read:  # none read: the baselines its words mark
            return [m for m in self.systems if m.start in self._compared] if self._compared else []
        return [m for m in self.systems if roles.of(m).baseline or m.start in self._compared]

    def comparisons(self, clauses: list[tuple[int, int]]) -> tuple[ComparisonMark, ...]:
        """`comparison_marks` of the sentence's systems + workloads (`clauses`: its
        `clause_spans`), worked out once: the page's topic reads them for every sentence
        with a name, `mark_roles` again for those with a number (profiled: a tenth of
        the stage went to reading sentences twice)."""
        if self._comparisons is None:
            self._comparisons = comparison_marks(self.text, self.systems + self.workloads, self.lang, clauses)
        return self._comparisons



# A numeral (digits, or a number word of any of our languages) ending right before a name.
NUMERAL_BEFORE = re.compile(
    r"(?:\d+(?:[.,]\d+)*|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"sixteen|dozens?|hundreds?|thousands?)\b|[一二兩两三四五六七八九十百千])")


def mark_roles(sentence: str, mentions: list[Mention], quantities: list[Quantity],
               lang: str, clauses: list[tuple[int, int]],
               comparisons: tuple[ComparisonMark, ...] | None = None) -> SentenceRoles:
    """The roles of a sentence's names: what a number counts, what a comparison is made
    against, and the figures a baseline owns; `comparisons`: the mentions'
    `comparison_marks` when the caller has them."""
    if comparisons is None:
        comparisons = comparison_marks(sentence, mentions, lang, clauses)
    roles: dict[tuple[int, int], Role] = {}
    any_baseline = any_counted = any_workload = False
    gap = cues().counted_gap
    for m, mark in zip(mentions, comparisons, strict=True):
        counted = is_counted(sentence, m, quantities, gap)
        if mark.baseline:
            any_baseline = True
            role = Role(counted, True, mark.own_clause, mark.owned + tuple(own_figures(sentence, m, quantities)))
        elif counted or mark.own_clause or mark.owned:
            role = Role(counted, False, mark.own_clause, mark.owned)
        else:
            role = NO_ROLE  # (most names: no role, one shared record)
        any_counted = any_counted or counted
        any_workload = any_workload or m.entity.label == WORKLOAD
        roles[(m.start, m.end)] = role
    if any_baseline:  # (most sentences compare with nothing: no figure to read)
        for m, span in own_vs_figures(sentence, [m for m in mentions if roles[(m.start, m.end)].baseline],
                                      quantities):
            role = roles[(m.start, m.end)]
            roles[(m.start, m.end)] = role._replace(owned=role.owned + (span,))
    # each name with its final role (a span named twice has one role, as `of` reads it)
    systems = tuple([(m, roles[(m.start, m.end)]) for m in mentions if m.entity.label == SYSTEM])
    workloads = tuple([(m, roles[(m.start, m.end)]) for m in mentions if m.entity.label == WORKLOAD]) \
        if any_workload else ()
    baselines = tuple([m for m, r in systems if r.baseline]) if any_baseline else ()
    counted_systems = tuple([m for m, r in systems if r.counted and not r.baseline]) if any_counted else ()
    return SentenceRoles(MappingProxyType(roles), True, systems, workloads, baselines, counted_systems,
                         any_baseline)


def is_counted(sentence: str, m: Mention, quantities: list[Quantity], gap: re.Pattern | None = None) -> bool:
    """Whether a number right before the name counts it ("four IPU-M2000s", "8x H100");
    `gap`: what may stand between them (`cues().counted_gap`, when the caller has it)."""
    start = m.start
    for q in quantities:  # (plain loops: asked of every name of a sentence with a number)
        if q.start < start < q.end:
            return True  # "1,024 H100 GPUs"
    if gap is None:
        gap = cues().counted_gap
    for q in quantities:
        if 0 <= start - q.end <= 12 and gap.fullmatch(sentence[q.end:start]):
            return True
    # the number may be one the quantity layer skipped (a bare "four"), so a numeral
    # right before the name counts as well as a quantity there
    head = sentence[start - 24 if start > 24 else 0:start]
    for mm in NUMERAL_BEFORE.finditer(head):
        if gap.fullmatch(head[mm.end():]):
            return True
    return False


def topic_of(names: list[Mention], sentence: str) -> Mention:
    """Of several names before a number, the one the clause is about: one marked as the
    topic ("Bow Pod16은"), else the first that no modifier word follows ("Bow-2000
    기반 Bow Pod16": based on); `claims_links.json` topic_markers, modifiers_after."""
    markers, modifiers = cues().topic_markers, cues().modifiers_after
    for m in names:
        if markers is not None and markers.match(sentence, m.end):
            return m
    for m in names:
        if modifiers is None or not modifiers.match(sentence, m.end):
            return m
    return names[0]
