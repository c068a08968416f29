"""Roles of the names in a sentence: the system that performs, what a number counts, and
the baseline of a comparison.

In "B200 is 4x faster than H100" the claim is B200's and H100 is the baseline; in
"10.9 minutes on 3,584 H100 GPUs" H100 is what is counted. `mark_roles` marks each
`Mention` of a sentence: `counted` (a number right before it counts it), `baseline` (a
comparison word before it, "than X", "比X", "compared with X", or after it, "X 대비",
"X보다", "X相比": `claims_links.json` baselines), `own_clause` and `owned` (a baseline
that still owns the numbers of its own clause). `topic_of` picks, of several names
before a number, the one its clause is about.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from extractor.extract.cues import cues, lang_key
from extractor.extract.entities import Entity
from extractor.extract.name_kinds import is_family, is_part
from extractor.extract.quantities import Quantity


@dataclass
class Mention:
    """An entity seen from one sentence: offsets relative to the sentence."""

    entity: Entity
    start: int
    end: int
    counted: bool = False   # "four IPU-M2000s": what a number counts, not the subject
    baseline: bool = False  # "than DGX A100", "DGX A100에 비해": the reference compared to
    # a baseline that still owns the numbers of its own clause ("..., compared to 18.6
    # minutes for 8 A100 GPUs") or those between it and its marker ("H100의 700W보다")
    own_clause: bool = False
    owned: tuple[int, int] | None = None

    @property
    def component(self) -> bool:
        """The name is of a part (HBM3E, NVLink), not of a product (`name_kinds`)."""
        return is_part(self.entity.canonical)

    @property
    def family(self) -> bool:
        """The name is of a family or architecture (Hopper), not of a product."""
        return is_family(self.entity.canonical)



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

    def subjects(self) -> list[Mention]:
        """The systems the sentence is about: neither counted nor a comparison baseline;
        products before parts (`name_kinds.is_part`)."""
        found = [m for m in self.systems if not m.counted and not m.baseline]
        return [m for m in found if not m.component] + [m for m in found if m.component]


# A numeral (digits, or a number word of any of our languages) ending right before a name.
NUMERAL_BEFORE = re.compile(
    r"(?:\d+(?:[.,]\d+)*|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"sixteen|dozens?|hundreds?|thousands?)\b|[一二兩两三四五六七八九十百千])")


# What may stand between "than"/"比" and the name compared with: articles, a possessive
# or a vendor ("than the DGX A100", "than NVIDIA's A100", "比英偉達的A100").
BETWEEN_COMPARISON_AND_NAME = re.compile(r"\s*(?:[\w'’]+\s+){0,2}|[^\s\d]{0,4}")


def mark_roles(sentence: str, mentions: list[Mention], quantities: list[Quantity],
                lang: str, clauses: list[tuple[int, int]]) -> None:
    """Mark entities that a number counts and entities that are a comparison baseline."""
    counted_rx = cues().counted_gap
    before_rx, after_rx, phrase_rx = cues().baseline.get(lang_key(lang), (None, None, None))
    for m in mentions:
        # the number may be one the quantity layer skipped (a bare "four"), so a numeral
        # right before the name counts as well as a quantity there
        head = sentence[max(0, m.start - 24):m.start]
        gaps = [sentence[q.end:m.start] for q in quantities if 0 <= m.start - q.end <= 12]
        gaps += [head[mm.end():] for mm in NUMERAL_BEFORE.finditer(head)]
        inside = any(q.start < m.start < q.end for q in quantities)  # "1,024 H100 GPUs"
        if inside or any(counted_rx.fullmatch(g) for g in gaps):
            m.counted = True
        # the comparison word must sit in the name's own clause: right before it
        # ("than X", "比X") or closing its noun phrase ("X 기반 시스템에 비해", "與X相比")
        c0, c1 = next(((a, b) for a, b in clauses if a <= m.start < b), (0, len(sentence)))
        # "than the previous IPU-POD 16": up to two words may stand between
        head = sentence[max(c0, m.start - 28):m.start]
        # the marker closes the noun phrase of the nearest name only
        nxt = min((o.start for o in mentions if o.start >= m.end), default=len(sentence))
        tail = sentence[m.end:min(c1, m.end + 16, nxt)]
        if before_rx is not None and any(BETWEEN_COMPARISON_AND_NAME.fullmatch(head[mm.end():])
                                         for mm in before_rx.finditer(head)):
            m.baseline = True
        # "A100 대비" right after the name; "A100 기반 시스템에 비해" may close a longer phrase
        if after_rx is not None and any(mm.start() <= 2 for mm in after_rx.finditer(tail)):
            m.baseline = True
        if phrase_rx is not None:
            marks = [mm for mm in phrase_rx.finditer(tail) if mm.start() <= 12]
            if marks:
                m.baseline = True
                # "H100의 700W보다 50W 높다": 700W is the baseline's own figure
                m.owned = (m.end, m.end + marks[0].start())
        pattern_rx = cues().baseline_patterns.get(lang_key(lang))
        if pattern_rx is not None and pattern_rx.match(sentence, m.end, c1):
            m.baseline = True  # "A100의 3.4배", "H100的4倍": N times the name's
        # a clause opened by a comparison ("..., compared to 18.6 minutes for 8 A100 GPUs")
        # names the reference; the first name in it is the baseline
        if before_rx is not None and c0 > 0 and not any(
                o is not m and c0 <= o.start < m.start for o in mentions):
            lead = sentence[max(0, c0 - 16):c0].rstrip()
            if any(mm.end() == len(lead) for mm in before_rx.finditer(lead)):
                m.baseline = m.own_clause = True


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
