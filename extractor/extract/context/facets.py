"""What a number of a sentence measures beyond its metric, from the words beside it
(`lexicons/context_facets.json`): the facets the consistency stage keys its groups by.

- `facets_at(sentence, at, metric) -> dict`: for the number at offset `at` (of the
  half-width sentence), the fields of `context.PageContext` its words state:
  `part` (hbm, cache, sram, interconnect, network, io, pin, cooling) for a memory,
  bandwidth or power figure; `scale` (chip, node, rack, pod, cluster, national, market)
  for a figure of an absolute metric; `variant` (china) when the sentence names a
  product variant; `seller` for a price; `period` for a change (`5y`, `since2022`,
  `2025-06`) or `earlier` for the first value of "from 1200 W to 1400 W".

A cue in the number's clause speaks for it (the nearest one), else the nearest within
`WINDOW` characters before it. A seller is named in the clause, or the only one of the
sentence; a sentence naming several speaks for none of them ('?'). No function raises on
any str input.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.text.literal_gates import GatedPattern, fold_ascii_case
from extractor.extract.text.regex_tools import literal_alternation
from extractor.extract.text.skipping import SkippingPattern

__all__ = ["FACET_FIELDS", "WINDOW", "facet_values", "facets_at"]

#: the `PageContext` fields a number's facets fill, in the order `facet_values` gives them
FACET_FIELDS = ("part", "scale", "variant", "period", "seller")

#: how far before a number (characters) a cue outside its clause may stand
WINDOW = 60
_NUMBER = re.compile(r"[\d.,]*\d\s*[A-Za-z%/$°µ]{0,8}")


def _cue_pattern(words) -> str:
    parts = []
    for w in sorted(set(words), key=len, reverse=True):
        e = re.escape(w)
        parts.append(rf"(?<![A-Za-z0-9]){e}s?(?![A-Za-z0-9])" if w.isascii() else e)
    return "|".join(parts) or r"(?!x)x"


@lru_cache(maxsize=None)
def _labelled(section: str) -> tuple[tuple[GatedPattern, str], ...]:
    """The cues of each label of `section`, behind their literal gates (`literal_gates`):
    most sentences hold no cue of most labels, and a cue pattern opening with a
    look-behind is otherwise tried at every position of the sentence (profiled)."""
    table = lexicons.load("context_facets.json")[section]
    return tuple((GatedPattern(_cue_pattern(words), re.IGNORECASE), label)
                 for label, words in table.items())


@lru_cache(maxsize=None)
def _section_gate(section: str) -> re.Pattern | None:
    """One search for any literal of any label of `section`, in `fold_ascii_case` of a
    sentence: a sentence without one holds no cue of the section (most do not), read
    once instead of once per label. None when a label's literals are not known, or one
    read as written would not be found in the folded text."""
    literals = []
    for pattern, _ in _labelled(section):
        if not pattern.literals:
            return None
        if not pattern.folded and any(fold_ascii_case(lit) != lit for lit in pattern.literals):
            return None
        literals.extend(pattern.literals)
    return re.compile(literal_alternation(literals))


@lru_cache(maxsize=64)
def _may_name_variant(text: str) -> bool:
    """Whether `text` holds a literal of the variant cues (a text without one names no
    variant, nor does any part of it): the cues' search, an attempt per cue at every
    position, made once per sentence instead of once per number (profiled)."""
    gate = _section_gate("variants")
    return gate is None or gate.search(_folded(text)) is not None


@lru_cache(maxsize=64)
def _folded(text: str) -> str:
    """`fold_ascii_case` of a sentence, made once for the sections that ask."""
    return fold_ascii_case(text)


@lru_cache(maxsize=None)
def _metrics(section: str) -> frozenset:
    return frozenset(lexicons.load("context_facets.json")[section])


@lru_cache(maxsize=None)
def _parts_of(metric: str) -> frozenset:
    """The parts a figure of this metric may be of (a power figure's HBM is no part of
    its power)."""
    return frozenset(lexicons.load("context_facets.json")["part_metrics"].get(metric, ()))


@lru_cache(maxsize=4096)
def _mentions(text: str, section: str) -> tuple[tuple[int, int, str], ...]:
    """The cues of `section` in `text`, in order (a sentence is read once for all its
    numbers: profiled, this was a sixth of the claim stage)."""
    folded = _folded(text)
    gate = _section_gate(section)
    if gate is not None and gate.search(folded) is None:
        return ()
    return tuple(sorted([(start, end, label) for pattern, label in _labelled(section)
                         for start, end in pattern.spans(text, folded)]))


@lru_cache(maxsize=None)
def _word_patterns(section: str) -> tuple[re.Pattern, ...]:
    """The words of a list of `context_facets.json` as one pattern each, compiled once."""
    return tuple(re.compile(_cue_pattern([w]), re.IGNORECASE)
                 for w in lexicons.load("context_facets.json")[section])


def _clause(text: str, at: int) -> tuple[int, int]:
    from extractor.extract.context.sentence_context import clause_at  # noqa: PLC0415 - one way
    return clause_at(text, at)


def _nearest(text: str, at: int, end: int, section: str, labels=None,
             clause: tuple[int, int] | None = None) -> str:
    """The label (of `labels`, when given) of the cue nearest the number in its clause,
    else the nearest before it within WINDOW; '' when none."""
    found = _mentions(text, section)
    if found and labels is not None:
        found = [m for m in found if m[2] in labels]
    if not found:
        return ""
    start, stop = clause or _clause(text, at)

    def distance(m):
        return at - m[1] if m[1] <= at else (m[0] - end if m[0] >= end else 0)

    inside = [m for m in found if start <= m[0] < stop]
    if inside:
        return min(inside, key=lambda m: (distance(m), m[0] > at))[2]
    before = [m for m in found if m[1] <= at and at - m[1] <= WINDOW]
    return before[-1][2] if before else ""


def _seller(text: str, at: int, clause: tuple[int, int] | None = None) -> str:
    found = _mentions(text, "sellers")
    if not found:
        return ""
    start, stop = clause or _clause(text, at)
    inside = {label for s, _, label in found if start <= s < stop}
    named = inside or {label for _, _, label in found}
    return named.pop() if len(named) == 1 else "?"


_CN_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九十")} | {"两": 2, "兩": 2}
# (skipping ahead to the characters a match can start with, `skipping`: case-insensitive
# words are otherwise tried at every position of the sentence; profiled)
_SPAN = SkippingPattern(r"(?:过去|過去|近|past|last|over the past|지난|최근)\s*"
                        r"(\d+|[一二三四五六七八九十两兩]+)\s*(年|years?|개월|个月|個月|months?|년)",
                        re.IGNORECASE)
_SINCE = SkippingPattern(r"(?:since|自|从|從)\s*((?:19|20)\d\d)|"
                         r"((?:19|20)\d\d)\s*(?:年以来|年以來|년 이후|년부터)", re.IGNORECASE)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
_MONTH = SkippingPattern(r"((?:19|20)\d\d)\s*(?:年|년)\s*(\d{1,2})\s*(?:月|월)|"
                         r"(" + "|".join(_MONTHS) + r")\s+((?:19|20)\d\d)", re.IGNORECASE)


def _period(text: str, at: int, end: int, of_a_change: bool = True,
            clause: tuple[int, int] | None = None) -> str:
    """The period of a change its clause states; 'earlier' for the first value of a
    change stated as from ... to ...; '' when none (a value that is no change has no
    period but 'earlier': `of_a_change` False looks for that only)."""
    if _names_change_from(text):  # (most sentences do not: their slices are not made)
        before, after = text[at - 12 if at > 12 else 0:at], text[end:end + 8]
        if any(p.search(before) for p in _word_patterns("change_from")) \
                and any(p.search(after) for p in _word_patterns("change_to")):
            return "earlier"
    if not of_a_change or not _period_in(text):
        return ""  # a sentence that states no period states none in a part of it
    start, stop = clause or _clause(text, at)
    # the number's clause, else what the sentence says before it ("In June 2025, ...")
    for part in (text[start:stop], text[:at]):
        found = _period_in(part)
        if found:
            return found
    return ""


@lru_cache(maxsize=None)
def _change_from_words() -> SkippingPattern:
    """The words of `change_from` as one pattern without the guards of `_cue_pattern`: a
    sentence it does not match holds no such word in any part of it (skipping ahead to
    their first characters, `skipping`)."""
    words = sorted(lexicons.load("context_facets.json")["change_from"], key=len, reverse=True)
    return SkippingPattern("|".join(re.escape(w) for w in words) or r"(?!x)x", re.IGNORECASE)


@lru_cache(maxsize=256)
def _names_change_from(text: str) -> bool:
    """Whether the sentence holds a word of `change_from` (read once per sentence, not
    once per number)."""
    return _change_from_words().search(text) is not None


@lru_cache(maxsize=4096)
def _period_in(clause: str) -> str:
    m = _SPAN.search(clause)
    if m:
        n = m.group(1)
        n = int(n) if n.isdigit() else sum(_CN_DIGITS.get(c, 0) for c in n) or 1
        unit = "m" if m.group(2).lower().startswith(("m", "개", "个", "個")) else "y"
        return f"{n}{unit}"
    m = _SINCE.search(clause)
    if m:
        return f"since{m.group(1) or m.group(2)}"
    m = _MONTH.search(clause)
    if m:
        if m.group(1):
            return f"{m.group(1)}-{int(m.group(2)):02d}"
        return f"{m.group(4)}-{_MONTHS.index(m.group(3).lower()) + 1:02d}"
    return ""


def facets_at(text, at: int | None, metric: str = "", quantity: str = "",
              clause: tuple[int, int] | None = None) -> dict:
    """The facets of the number at offset `at` of `text` (module docstring), as the
    `PageContext` fields that are stated; `clause`: its `sentence_context.clause_at`, when
    the caller has it.

    >>> s = "HBM3E内存容量也从192GB增加到288GB,不过代价是最大功耗从1200W增加至1400W。"
    >>> facets_at(s, s.index("1200W"), "power"), facets_at(s, s.index("1400W"), "power")
    ({'period': 'earlier'}, {})
    >>> s = "19.2 TB/s의 대역폭을 제공하는 96MB의 on-die SRAM을 탑재하고 있으며 주 메모리는 128GB의 HBM2E입니다."
    >>> facets_at(s, 0, "bandwidth")["part"]
    'sram'
    >>> s = "9천216개 칩 구성 시 파드(Pod)당 42.5 엑사플롭스 성능을 발휘한다."
    >>> facets_at(s, s.index("42.5"), "compute")["scale"]
    'pod'
    >>> s = "인텔에 따르면 가우디 3 프로세서 8개를 탑재한 보드의 가격은 12.5만 달러로 개당 가격은 15,000달러 선으로 보입니다."
    >>> facets_at(s, s.index("12.5"), "price")["scale"], facets_at(s, s.index("15,000"), "price")["scale"]
    ('node', 'chip')
    >>> s = "互联:支持第四代 NVLink,每 GPU 到 GPU 带宽 900 GB/s"
    >>> facets_at(s, s.index("900"), "bandwidth")["part"]
    'interconnect'
    >>> facets_at("In June 2025, AWS cut H100 instance prices by approximately 44%.", 58, "price", "percent")
    {'period': '2025-06', 'seller': 'aws'}
    """
    if not isinstance(text, str) or not isinstance(at, int) or not 0 <= at <= len(text):
        return {}
    return {k: v for k, v in zip(FACET_FIELDS, facet_values(text, at, metric, quantity, clause)) if v}


def facet_values(text: str, at: int, metric: str, quantity: str,
                 clause: tuple[int, int] | None = None) -> tuple[str, str, str, str, str]:
    """`facets_at` of a number known to stand at offset `at` of the str `text`: the
    values of `FACET_FIELDS` in order, '' for those not stated (asked for every claim:
    no checks of its arguments, no dict).

    >>> facet_values("In June 2025, AWS cut H100 instance prices by approximately 44%.", 58, "price", "percent")
    ('', '', '', '2025-06', 'aws')
    """
    change = quantity in ("percent", "factor")
    parts = _parts_of(metric)
    # the cues the sentence holds at all (read once for its numbers): most sentences hold
    # none that a number's metric asks for, and then nothing of the number is read
    part_cues = parts and _mentions(text, "part")
    scale_cues = metric in _metrics("scale_metrics") and not change and _mentions(text, "scale")
    variant_cues = _may_name_variant(text)
    # a span is the period of a change; any value may be the first of "from A to B"
    period_cues = _names_change_from(text) or (change and _period_in(text))
    seller_cues = metric == "price" and _mentions(text, "sellers")
    if not (part_cues or scale_cues or variant_cues or period_cues or seller_cues):
        return _NO_FACETS
    m = _NUMBER.match(text, at)
    end = m.end() if m else at
    part = _nearest(text, at, end, "part", parts, clause) if part_cues else ""
    scale = _nearest(text, at, end, "scale", None, clause) if scale_cues else ""
    variant = "china" if variant_cues and any(
        p.regex.search(text, 0, end + WINDOW) for p, _ in _labelled("variants")) else ""
    period = _period(text, at, end, change, clause) if period_cues else ""
    seller = _seller(text, at, clause) if seller_cues else ""
    return part, scale, variant, period, seller


_NO_FACETS = ("", "", "", "", "")
