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
number, the one its clause is about; `unknown_baseline` names the baseline of a comparison
when the lexicons do not know it yet ("than GB300", "比Trillium").
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple

from extractor import lexicons
from extractor.extract.cues import clause_spans, cues, lang_key, words_regex
from extractor.extract.entities import Entity
from extractor.extract.name_kinds import is_family, is_part
from extractor.extract.quantities import Quantity


@dataclass(frozen=True)
class Mention:
    """An entity seen from one sentence: offsets relative to the sentence. What the
    sentence makes of it (counted, compared against) is its `Role` in the sentence's
    `SentenceRoles`, not a flag on the mention."""

    entity: Entity
    start: int
    end: int

    @property
    def component(self) -> bool:
        """The name is of a part (HBM3E, NVLink), not of a product (`name_kinds`)."""
        return is_part(self.entity.canonical)

    @property
    def family(self) -> bool:
        """The name is of a family or architecture (Hopper), not of a product."""
        return is_family(self.entity.canonical)


@dataclass(frozen=True)
class Role:
    """What one sentence makes of one of its names."""

    counted: bool = False   # "four IPU-M2000s": what a number counts, not the subject
    baseline: bool = False  # "than DGX A100", "DGX A100에 비해": the reference compared to
    # a baseline that still owns the numbers of its own clause ("..., compared to 18.6
    # minutes for 8 A100 GPUs") or those between it and its marker ("H100의 700W보다")
    own_clause: bool = False
    #: spans of the sentence whose numbers are this baseline's own figures
    owned: tuple[tuple[int, int], ...] = ()

    def owns(self, q: Quantity) -> bool:
        """Whether `q` is one of this baseline's own figures."""
        return any(a <= q.start and q.end <= b for a, b in self.owned)


NO_ROLE = Role()


@dataclass(frozen=True)
class SentenceRoles:
    """The roles of a sentence's names, read once from its words and numbers
    (`mark_roles`): an immutable record the linking of its numbers, and of later
    sentences that inherit from it, reads.

    >>> from extractor.extract.entities import Entity
    >>> h100 = Mention(Entity(0, 4, "H100", "SYSTEM", "H100"), 10, 14)
    >>> roles = SentenceRoles({(10, 14): Role(baseline=True)})
    >>> roles.of(h100).baseline, NO_ROLES.of(h100).baseline, roles.read, NO_ROLES.read
    (True, False, True, False)
    """

    by_span: Mapping[tuple[int, int], Role] = field(default_factory=dict)
    #: whether the sentence's numbers were read (a sentence without one has no roles)
    read: bool = True

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

    def subjects(self) -> list[Mention]:
        """The systems the sentence is about: neither counted nor a comparison baseline;
        products before parts (`name_kinds.is_part`)."""
        compared = {m.start for m in self.compared()}
        found = [m for m in self.systems if not self.roles.of(m).counted and m.start not in compared]
        return [m for m in found if not m.component] + [m for m in found if m.component]

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
                self._compared = frozenset(m.start for m, mark in zip(self.systems + self.workloads, marks)
                                           if mark.baseline)
        return [m for m in self.systems if self.roles.of(m).baseline or m.start in self._compared]

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


# What may stand between "than"/"比" and the name compared with: articles, a possessive
# or a vendor ("than the DGX A100", "than NVIDIA's A100", "比英偉達的A100"); not a number,
# since "over 4x faster Llama 3.1 405B" is a qualifier of the number, not a comparison
BETWEEN_COMPARISON_AND_NAME = re.compile(r"\s*(?:(?!\d)[\w'’]+\s+){0,2}|[^\s\d]{0,4}")


@dataclass(frozen=True)
class RoleCues:
    """The comparison cues of `claims_links.json` that only roles read, compiled once."""

    before_patterns: dict  # lang -> regex ending right before a baseline ("2X the power of")
    openers: dict  # lang -> regex of words opening a clause about the baseline ("up from")
    after_words: dict  # lang -> regex of the markers that follow a baseline ("X相比")
    value_vs: re.Pattern | None  # between two figures: the second is the baseline's ("vs")
    possessive: re.Pattern | None  # between a baseline and its own figure ("'s", 的, 의)
    unknown_name: dict  # lang -> regex naming a baseline the lexicons do not know
    unknown_not: dict  # lang -> words that such a regex takes but that name no product
    phrase_gap_not: dict  # lang -> regex: what may not stand between a name and "보다"


@lru_cache(maxsize=None)
def role_cues() -> RoleCues:
    """The compiled `RoleCues` (built once)."""
    links = lexicons.load("claims_links.json")
    base = links["baselines"]
    patterns = {lang: re.compile("|".join(f"(?:{rx})" for rx in d["before_pattern"]), re.IGNORECASE)
                for lang, d in base.items() if d.get("before_pattern")}
    openers = {lang: re.compile(r"\s*(?:" + "|".join(re.escape(w) for w in sorted(
        d["clause_opener"], key=len, reverse=True)) + r")(?![A-Za-z])", re.IGNORECASE)
        for lang, d in base.items() if d.get("clause_opener")}
    after = {lang: words_regex(list(d.get("after", ())) + list(d.get("after_phrase", ())))
             for lang, d in base.items()}
    vs = links.get("value_vs", ())
    value_vs = re.compile(r"\s*(?:" + "|".join(re.escape(w) for w in vs) + r")\s*", re.IGNORECASE) \
        if vs else None
    pos = links.get("baseline_possessive", ())
    # "H100的700W", "H100's 700 W", and "H100's FP8 performance of 1.98 PetaFLOPS"
    alts = ([r"\s*(?:" + "|".join(re.escape(w) for w in pos) + r")\s*"] if pos else []) \
        + list(links.get("baseline_possessive_phrase", ()))
    possessive = re.compile("|".join(f"(?:{a})" for a in alts), re.IGNORECASE) if alts else None
    unknown = {lang: re.compile(d["unknown_name"]) for lang, d in base.items() if d.get("unknown_name")}
    unknown_not = {lang: frozenset(d.get("unknown_name_not", ())) for lang, d in base.items()}
    gap_not = {lang: re.compile("|".join(d["after_phrase_gap_not"])) for lang, d in base.items()
               if d.get("after_phrase_gap_not")}
    return RoleCues(patterns, openers, after, value_vs, possessive, unknown, unknown_not, gap_not)


# between a comparison marker and the next name when the marker compares with that name
# (Chinese, where 相比/相较 may stand before or after what is compared): "H200相较于H100",
# "A相比B" (a preposition 于/於 at most). Korean markers are postpositions: never so.
_OPENS_NEXT_NAME = re.compile(r"\s*[于於]?\s*")


# a quoted name right after a name, in apposition: "TPU '트릴리움'", "GPU「Trillium」"
QUOTED_APPOSITIVE = re.compile(
    r"\s*(?:'[^']{1,24}'|‘[^’]{1,24}’|\"[^\"]{1,24}\"|“[^”]{1,24}”|「[^」]{1,24}」)")


class ComparisonMark(NamedTuple):
    """What a comparison makes of one name, whatever the numbers (`comparison_marks`)."""

    baseline: bool
    own_clause: bool
    #: the spans between the name and its comparison marker ("H100의 700W보다")
    owned: tuple[tuple[int, int], ...]


def comparison_marks(sentence: str, mentions: list[Mention], lang: str,
                     clauses: list[tuple[int, int]]) -> tuple[ComparisonMark, ...]:
    """For each mention, whether a comparison makes it the baseline, and the figures its
    comparison marker gives it: read from the words and the names' places only, not from
    the numbers, so a sentence is read once (`SentenceInfo.comparisons`)."""
    lk = lang_key(lang)
    # "double the computing power of", "从...提升到": one scan of the sentence, not one a name
    before_pattern = role_cues().before_patterns.get(lk)
    pattern_ends = [mm.end() for mm in before_pattern.finditer(sentence)] if before_pattern else []
    marks = []
    for m in mentions:
        # the comparison word must sit in the name's own clause: right before it
        # ("than X", "比X") or closing its noun phrase ("X 기반 시스템에 비해", "與X相比")
        clause = _past_brackets(sentence, next(((a, b) for a, b in clauses if a <= m.start < b),
                                               (0, len(sentence))), clauses)
        before = compared_before(sentence, m, mentions, clause, lk, pattern_ends)
        after, owned = compared_after(sentence, m, mentions, clause, lk)
        own_clause = opens_comparison(sentence, m, mentions, clause, lk)
        marks.append(ComparisonMark(before or after or own_clause, own_clause, owned))
    return tuple(marks)


def _past_brackets(sentence: str, clause: tuple[int, int],
                   clauses: list[tuple[int, int]]) -> tuple[int, int]:
    """A clause that is only a bracketed aside ("전 세대 제품(가우디2)보다") continues the
    phrase it stands in: it reaches to the end of the clause after the closing bracket,
    where the comparison marker that closes the phrase stands.

    >>> s = "전 세대 제품(가우디2)보다 4배"
    >>> _past_brackets(s, (8, 12), [(0, 7), (8, 12), (13, 19)])
    (8, 19)
    """
    c0, c1 = clause
    if c0 == 0 or c1 >= len(sentence) or sentence[c0 - 1] not in _OPENING_BRACKETS \
            or sentence[c1] not in _CLOSING_BRACKETS:
        return clause
    after = next((b for a, b in clauses if a > c1), len(sentence))
    return c0, after


_OPENING_BRACKETS = "(（［[「『"
_CLOSING_BRACKETS = ")）］]」』"


def mark_roles(sentence: str, mentions: list[Mention], quantities: list[Quantity],
               lang: str, clauses: list[tuple[int, int]],
               comparisons: tuple[ComparisonMark, ...] | None = None) -> SentenceRoles:
    """The roles of a sentence's names: what a number counts, what a comparison is made
    against, and the figures a baseline owns; `comparisons`: the mentions'
    `comparison_marks` when the caller has them."""
    if comparisons is None:
        comparisons = comparison_marks(sentence, mentions, lang, clauses)
    roles: dict[tuple[int, int], Role] = {}
    for m, mark in zip(mentions, comparisons, strict=True):
        owned = mark.owned + (tuple(own_figures(sentence, m, quantities)) if mark.baseline else ())
        roles[(m.start, m.end)] = Role(is_counted(sentence, m, quantities), mark.baseline,
                                       mark.own_clause, owned)
    for m, span in own_vs_figures(sentence, [m for m in mentions if roles[(m.start, m.end)].baseline],
                                  quantities):
        role = roles[(m.start, m.end)]
        roles[(m.start, m.end)] = replace(role, owned=role.owned + (span,))
    return SentenceRoles(MappingProxyType(roles))


def compared_before(sentence: str, m: Mention, mentions: list[Mention], clause: tuple[int, int],
                    lk: str, pattern_ends: list[int]) -> bool:
    """Whether a comparison cue stands before the name in its clause: "than X", "比X",
    "2X the compute power of X"; up to two words between ("than the previous IPU-POD 16")."""
    before_rx = cues().baseline.get(lk, (None, None, None))[0]
    c0 = clause[0]
    head = sentence[max(c0, m.start - 28):m.start]
    # the cue compares with the first name after it: "1.7x the throughput of A100 on
    # BERT" makes A100 the baseline, not BERT
    prev = max((o.end for o in mentions if o.end <= m.start), default=0)
    ends = [m.start - len(head) + mm.end() for mm in before_rx.finditer(head)] \
        if before_rx is not None else []
    return any(max(c0, prev) <= e <= m.start and BETWEEN_COMPARISON_AND_NAME.fullmatch(sentence, e, m.start)
               for e in ends + pattern_ends)


def compared_after(sentence: str, m: Mention, mentions: list[Mention], clause: tuple[int, int],
                   lk: str) -> tuple[bool, tuple[tuple[int, int], ...]]:
    """Whether a comparison marker closes the name's phrase: "A100 대비", "A100 기반 시스템에
    비해", "H100的4倍"; and the span between the name and "보다", whose figure is the
    name's own ("H100의 700W보다 50W 높다": 700W is H100's)."""
    _, after_rx, phrase_rx = cues().baseline.get(lk, (None, None, None))
    c1 = clause[1]
    # the marker closes the noun phrase of the nearest name only
    nxt = min((o.start for o in mentions if o.start >= m.end), default=len(sentence))
    # "6세대 TPU '트릴리움' 대비": a quoted name in apposition belongs to the name's phrase
    appos = QUOTED_APPOSITIVE.match(sentence, m.end, min(c1, nxt))
    t0 = appos.end() if appos else m.end
    tail = sentence[t0:min(c1, t0 + 16, nxt)]
    # "H200相较于H100": a marker that runs straight into the next name compares with that
    # name; the name before it is the subject, not the baseline
    found = after_rx is not None and any(
        mm.start() <= 2 and not (lk == "zh" and _OPENS_NEXT_NAME.fullmatch(sentence, t0 + mm.end(), nxt))
        for mm in after_rx.finditer(tail))
    owned: tuple[tuple[int, int], ...] = ()
    if phrase_rx is not None:
        # "H200의 연산 성능은 H20보다": a topic or another name between the name and the
        # marker makes that other one the baseline
        gap_not = role_cues().phrase_gap_not.get(lk)
        marks = [mm for mm in phrase_rx.finditer(tail) if mm.start() <= 12
                 and not (gap_not is not None and gap_not.search(tail, 0, mm.start()))]
        if marks:
            found = True
            owned = ((m.end, t0 + marks[0].start()),)
    pattern_rx = cues().baseline_patterns.get(lk)
    # "A100의 3.4배", "H100的4倍": N times the name's
    return found or (pattern_rx is not None and pattern_rx.match(sentence, m.end, c1) is not None), owned


def is_counted(sentence: str, m: Mention, quantities: list[Quantity]) -> bool:
    """Whether a number right before the name counts it ("four IPU-M2000s", "8x H100")."""
    # the number may be one the quantity layer skipped (a bare "four"), so a numeral
    # right before the name counts as well as a quantity there
    head = sentence[max(0, m.start - 24):m.start]
    gaps = [sentence[q.end:m.start] for q in quantities if 0 <= m.start - q.end <= 12]
    gaps += [head[mm.end():] for mm in NUMERAL_BEFORE.finditer(head)]
    inside = any(q.start < m.start < q.end for q in quantities)  # "1,024 H100 GPUs"
    return inside or any(cues().counted_gap.fullmatch(g) for g in gaps)


def opens_comparison(sentence: str, m: Mention, mentions: list[Mention], clause: tuple[int, int],
                     lk: str) -> bool:
    """Whether `m` is the first name of a clause a comparison opens ("..., compared to
    18.6 minutes for 8 A100 GPUs", "..., up from 3.35 TB/s on the H100"): the clause
    names the reference, and its figures are the reference's."""
    c0, c1 = clause
    if any(o is not m and c0 <= o.start < m.start for o in mentions):
        return False
    before_rx = cues().baseline.get(lk, (None, None, None))[0]
    opener = role_cues().openers.get(lk)
    if opener is not None and opener.match(sentence, c0, m.start):
        return True
    if before_rx is None or c0 == 0:
        return False
    lead = sentence[max(0, c0 - 16):c0].rstrip()
    if sentence[c0:m.start].lstrip()[:1].isdigit() and _qualifier_ends(lead, lk):
        return False  # "using more than 5,000 Blackwell GPUs": "than" qualifies the count
    cue = next((mm for mm in before_rx.finditer(lead) if mm.end() == len(lead)), None)
    if cue is None:
        return False
    # "与A100相比H100快3倍": 相比 there closes the name before it, it opens nothing
    after = role_cues().after_words.get(lk)
    cue_at = c0 - len(sentence[max(0, c0 - 16):c0]) + cue.start()
    return not (after is not None and after.fullmatch(cue.group())
                and any(0 <= cue_at - o.end <= 3 for o in mentions))


@lru_cache(maxsize=None)
def _qualifier_end_regex(lk: str) -> re.Pattern | None:
    """The qualifiers that stand before a number (`qualifiers_<lang>.json`: "more than",
    "less than"), anchored at the end of a text."""
    try:
        words = [w for w, v in lexicons.load(f"qualifiers_{lk}.json").get("before", {}).items() if v]
    except (FileNotFoundError, OSError):
        return None
    if not words:
        return None
    alt = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(r"(?<![A-Za-z])(?:" + alt + r")$", re.IGNORECASE)


def _qualifier_ends(text: str, lk: str) -> bool:
    """Whether `text` ends with a qualifier of a number ("... using more than")."""
    rx = _qualifier_end_regex(lk)
    return rx is not None and rx.search(text) is not None


def own_figures(sentence: str, m: Mention, quantities: list[Quantity]) -> list[tuple[int, int]]:
    """A figure right after a baseline and its possessive is the baseline's own ("than
    H100's 700 W", "比H100的700W"); not a factor or a share ("H100的1.9倍" is N times it)."""
    rx = role_cues().possessive
    if rx is None:
        return []
    return [(q.start, q.end) for q in quantities
            if q.start >= m.end and q.unit not in ("x", "%") and rx.fullmatch(sentence, m.end, q.start)]


def is_vs_figure(sentence: str, q: Quantity, quantities: list[Quantity]) -> bool:
    """Whether `q` is the second figure of "192GB vs 80GB": the compared system's."""
    rx = role_cues().value_vs
    return rx is not None and any(
        o.end <= q.start and rx.fullmatch(sentence, o.end, q.start) for o in quantities)


def own_vs_figures(sentence: str, baselines: list[Mention],
                   quantities: list[Quantity]) -> list[tuple[Mention, tuple[int, int]]]:
    """"MI300X vs H100: 192GB vs 80GB": the figure after "vs" is the baseline's, as the
    name after "vs" is: (baseline nearest before it, the figure's span) pairs."""
    rx = role_cues().value_vs
    if rx is None:
        return []
    found = []
    for q1, q2 in zip(quantities, quantities[1:]):
        if rx.fullmatch(sentence, q1.end, q2.start):
            owners = [m for m in baselines if m.end <= q1.start]
            if owners:
                found.append((max(owners, key=lambda m: m.end), (q2.start, q2.end)))
    return found


def unknown_baseline(sentence: str, lang: str, near: int, not_names: set[str]) -> str:
    """The baseline of a comparison whose name the lexicons do not know ("faster than
    GB300", "比Trillium快", "트릴리움 대비"): the name a comparison cue stands by, nearest
    to offset `near`; `claims_links.json` baselines unknown_name."""
    found = [(abs(at - near), name) for at, name in _unknown_names(sentence, lang_key(lang))
             if name not in not_names]
    return min(found)[1] if found else ""


@lru_cache(maxsize=256)
def _unknown_names(sentence: str, lk: str) -> tuple[tuple[int, str], ...]:
    """(offset, name) of every name a comparison cue of the sentence stands by; cached: each
    number of the sentence asks (profiled: the regex ran once a number before)."""
    rx = role_cues().unknown_name.get(lk)
    # the cue words first: they are guarded for a quick scan, the name patterns are not
    if rx is None or not any(cue is not None and cue.search(sentence)
                             for cue in cues().baseline.get(lk, ())):
        return ()
    skip = role_cues().unknown_not.get(lk, frozenset())
    # a sentence's full stop or a dash may close the name's run of letters: not the name's
    named = ((mm.start(), next((g for g in mm.groups() if g), "").rstrip(".-"))
             for mm in rx.finditer(sentence))
    return tuple((at, name) for at, name in named if name and name not in skip)


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
