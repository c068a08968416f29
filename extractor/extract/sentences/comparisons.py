"""Comparisons: which names of a sentence a comparison is made against, and the figures
that stay theirs.

In "B200 is 4x faster than H100" H100 is the baseline: a comparison word before it
("than X", "比X", "compared with X", "2X the compute power of X"), or closing its phrase
("X 대비", "X보다", "X相比", "X 기반 시스템에 비해": `claims_links.json` baselines), or a
clause it opens ("..., compared to 18.6 minutes for 8 A100 GPUs"). `comparison_marks`
reads that from the words and the names' places only, once a sentence; `own_figures`
and `own_vs_figures` name the figures stated as the baseline's own ("H100의 700W보다",
"than H100's 700 W", "192GB vs 80GB"); `unknown_baseline` names a baseline the lexicons
do not know yet ("than GB300", "比Trillium"). `roles.mark_roles` turns these into the
sentence's immutable roles.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from extractor import lexicons
from extractor.extract.sentences.clauses import clause_at
from extractor.extract.text.cues import cues, lang_key, words_regex, words_searcher
from extractor.extract.text.skipping import SkippingPattern
from extractor.extract.sentences.mentions import Mention
from extractor.extract.quantities.quantities import Quantity


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
    #: lang -> every comparison word (`cues().baseline`'s three lists) in one pattern that
    #: skips ahead to their first characters: whether a sentence holds one at all
    any_cue: dict


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
    any_cue = {lang: words_searcher([w for k in ("before", "after", "after_phrase") for w in d.get(k, ())])
               for lang, d in base.items()}
    return RoleCues(patterns, openers, after, value_vs, possessive, unknown, unknown_not, gap_not, any_cue)


# between a comparison marker and the next name when the marker compares with that name
# (Chinese, where 相比/相较 may stand before or after what is compared): "H200相较于H100",
# "A相比B" (a preposition 于/於 at most). Korean markers are postpositions: never so.
_OPENS_NEXT_NAME = re.compile(r"\s*[于於]?\s*")


# a quoted name right after a name, in apposition: "TPU '트릴리움'", "GPU「Trillium」"
QUOTED_APPOSITIVE = re.compile(
    r"\s*(?:'[^']{1,24}'|‘[^’]{1,24}’|\"[^\"]{1,24}\"|“[^”]{1,24}”|「[^」]{1,24}」)")
#: the marks that open such a quote
_QUOTES = "'‘\"“「"


class ComparisonMark(NamedTuple):
    """What a comparison makes of one name, whatever the numbers (`comparison_marks`)."""

    baseline: bool
    own_clause: bool
    #: the spans between the name and its comparison marker ("H100의 700W보다")
    owned: tuple[tuple[int, int], ...]


#: a name no comparison marks (most names: one shared record)
NO_MARK = ComparisonMark(False, False, ())


class LangCues(NamedTuple):
    """The comparison cues of one language (`cues().baseline`, `role_cues`), looked up
    once a sentence, not once for each of its names."""

    lk: str
    before: re.Pattern | None  # right before the name: "than", "比"
    after: re.Pattern | None  # closing the name's phrase: "대비", "相比"
    phrase: re.Pattern | None  # closing the phrase, with the name's own figure: "보다"
    phrase_gap_not: re.Pattern | None  # what may not stand between a name and "보다"
    times: re.Pattern | None  # N times the name's, right after it: "의 3.4배", "的4倍"
    before_pattern: re.Pattern | None  # ending right before a baseline: "2X the power of"
    opener: re.Pattern | None  # opening a clause about the baseline: "up from"
    after_words: re.Pattern | None  # the markers that follow a baseline, as words
    #: any word of `before`, `after` and `phrase` anywhere, bounds or not: a sentence
    #: without one is read with the `LangCues` that lack those three (they cannot match)
    words: SkippingPattern | None


@lru_cache(maxsize=None)
def lang_cues(lk: str, worded: bool = True) -> LangCues:
    """The `LangCues` of cue language `lk` (one per language); without `worded`, for a
    sentence that holds none of its comparison words."""
    before, after, phrase = cues().baseline.get(lk, (None, None, None)) if worded else (None, None, None)
    rc = role_cues()
    d = lexicons.load("claims_links.json")["baselines"].get(lk, {})
    words = sorted({w for k in ("before", "after", "after_phrase") for w in d.get(k, ()) if w}, key=len, reverse=True)
    return LangCues(lk, before, after, phrase, rc.phrase_gap_not.get(lk), cues().baseline_patterns.get(lk),
                    rc.before_patterns.get(lk), rc.openers.get(lk), rc.after_words.get(lk),
                    # (searched once a sentence: it skips ahead to the words' first characters)
                    SkippingPattern("|".join(re.escape(w) for w in words), re.IGNORECASE)
                    if words and worded else None)


def comparison_marks(sentence: str, mentions: list[Mention], lang: str,
                     clauses: list[tuple[int, int]]) -> tuple[ComparisonMark, ...]:
    """For each mention, whether a comparison makes it the baseline, and the figures its
    comparison marker gives it: read from the words and the names' places only, not from
    the numbers, so a sentence is read once (`SentenceInfo.comparisons`)."""
    if not mentions:  # (a number's sentence that names nothing: no scan for nothing)
        return ()
    lk = lang_key(lang)
    lc = lang_cues(lk)
    if lc.words is not None and lc.words.search(sentence) is None:
        lc = lang_cues(lk, False)  # no comparison word in the sentence: one search, not one a name
    # "double the computing power of", "从...提升到": one scan of the sentence, not one a name
    pattern_ends = [mm.end() for mm in lc.before_pattern.finditer(sentence)] if lc.before_pattern else []
    marks = [NO_MARK] * len(mentions)
    starts, whole = [a for a, _ in clauses], (0, len(sentence))
    bracketed = False  # whether an aside may stand in brackets (`_past_brackets`)
    for ch in _OPENING_BRACKETS:
        if ch in sentence:
            bracketed = True
            break
    quoted = False  # whether a name may stand in apposition in quotes (`QUOTED_APPOSITIVE`)
    for ch in _QUOTES:
        if ch in sentence:
            quoted = True
            break
    for k, m in enumerate(mentions):
        # the comparison word must sit in the name's own clause: right before it
        # ("than X", "比X") or closing its noun phrase ("X 기반 시스템에 비해", "與X相比")
        clause = clause_at(clauses, starts, m.start, whole)
        if bracketed:
            clause = _past_brackets(sentence, clause, clauses)
        # the names around it: where the last before it ends, where the first after it
        # starts, and whether it is the first of its clause (a loop: a sentence names few)
        prev_end, next_start, first = 0, whole[1], True
        for o in mentions:
            if prev_end < o.end <= m.start:
                prev_end = o.end
            if m.end <= o.start < next_start:
                next_start = o.start
            if clause[0] <= o.start < m.start and o is not m:
                first = False
        before = False
        if lc.before is not None or pattern_ends:  # (else no cue can stand before it)
            before = compared_before(sentence, m, clause, lc, prev_end, pattern_ends)
        after, owned = compared_after(sentence, m, clause, lc, next_start, quoted)
        own_clause = first and opens_comparison(sentence, m, mentions, clause, lc)
        if before or after or own_clause or owned:
            marks[k] = ComparisonMark(before or after or own_clause, own_clause, owned)
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
    # (the characters first: most clauses open with no bracket)
    if c0 == 0 or sentence[c0 - 1] not in _OPENING_BRACKETS or c1 >= len(sentence) \
            or sentence[c1] not in _CLOSING_BRACKETS:
        return clause
    after = next((b for a, b in clauses if a > c1), len(sentence))
    return c0, after


_OPENING_BRACKETS = "(（［[「『"
_CLOSING_BRACKETS = ")）］]」』"


def compared_before(sentence: str, m: Mention, clause: tuple[int, int], lc: LangCues,
                    prev_end: int, pattern_ends: list[int]) -> bool:
    """Whether a comparison cue stands before the name in its clause: "than X", "比X",
    "2X the compute power of X"; up to two words between ("than the previous IPU-POD 16").
    The cue compares with the first name after it: "1.7x the throughput of A100 on BERT"
    makes A100 the baseline, not BERT (`prev_end`: where the name before this one ends)."""
    start, c0 = m.start, clause[0]
    lo = c0 if c0 > prev_end else prev_end
    if lc.before is not None:
        h0 = c0 if c0 > start - 28 else start - 28  # the words just before the name
        for mm in lc.before.finditer(sentence[h0:start]):
            e = h0 + mm.end()
            if lo <= e and BETWEEN_COMPARISON_AND_NAME.fullmatch(sentence, e, start):
                return True
    for e in pattern_ends:
        if lo <= e <= start and BETWEEN_COMPARISON_AND_NAME.fullmatch(sentence, e, start):
            return True
    return False


def compared_after(sentence: str, m: Mention, clause: tuple[int, int], lc: LangCues,
                   next_start: int, quoted: bool = True) -> tuple[bool, tuple[tuple[int, int], ...]]:
    """Whether a comparison marker closes the name's phrase: "A100 대비", "A100 기반 시스템에
    비해", "H100的4倍"; and the span between the name and "보다", whose figure is the
    name's own ("H100의 700W보다 50W 높다": 700W is H100's). The marker closes the noun
    phrase of the nearest name only (`next_start`: where the name after this one starts;
    `quoted`: whether the sentence holds a quote mark at all)."""
    c1, end = clause[1], m.end
    stop = c1 if c1 < next_start else next_start
    # "6세대 TPU '트릴리움' 대비": a quoted name in apposition belongs to the name's phrase
    appos = QUOTED_APPOSITIVE.match(sentence, end, stop) if quoted else None
    t0 = appos.end() if appos else end
    tail = sentence[t0:stop if stop < t0 + 16 else t0 + 16]
    found = False
    if lc.after is not None:
        for mm in lc.after.finditer(tail):
            if mm.start() > 2:
                break  # (matches come in order: the rest start later)
            # "H200相较于H100": a marker that runs straight into the next name compares
            # with that name; the name before it is the subject, not the baseline
            if not (lc.lk == "zh" and _OPENS_NEXT_NAME.fullmatch(sentence, t0 + mm.end(), next_start)):
                found = True
                break
    owned: tuple[tuple[int, int], ...] = ()
    if lc.phrase is not None:
        # "H200의 연산 성능은 H20보다": a topic or another name between the name and the
        # marker makes that other one the baseline
        gap_not = lc.phrase_gap_not
        for mm in lc.phrase.finditer(tail):
            at = mm.start()
            if at > 12:
                break
            if gap_not is None or not gap_not.search(tail, 0, at):
                found, owned = True, ((end, t0 + at),)
                break
    # "A100의 3.4배", "H100的4倍": N times the name's
    return found or (lc.times is not None and lc.times.match(sentence, end, c1) is not None), owned


def opens_comparison(sentence: str, m: Mention, mentions: list[Mention], clause: tuple[int, int],
                     lc: LangCues) -> bool:
    """Whether `m`, the first name of its clause (the caller knows), opens a clause a
    comparison opens ("..., compared to 18.6 minutes for 8 A100 GPUs", "..., up from 3.35
    TB/s on the H100"): the clause names the reference, and its figures are the reference's."""
    c0 = clause[0]
    if lc.opener is not None and lc.opener.match(sentence, c0, m.start):
        return True
    if lc.before is None or c0 == 0:
        return False
    l0 = c0 - 16 if c0 > 16 else 0
    lead = sentence[l0:c0].rstrip()
    if sentence[c0:m.start].lstrip()[:1].isdigit() and _qualifier_ends(lead, lc.lk):
        return False  # "using more than 5,000 Blackwell GPUs": "than" qualifies the count
    n = len(lead)
    cue = None
    for mm in lc.before.finditer(lead):
        if mm.end() == n:
            cue = mm
            break
    if cue is None:
        return False
    # "与A100相比H100快3倍": 相比 there closes the name before it, it opens nothing
    cue_at = l0 + cue.start()
    return not (lc.after_words is not None and lc.after_words.fullmatch(cue.group())
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


@lru_cache(maxsize=None)
def vs_words() -> SkippingPattern | None:
    """The words of `value_vs` ("vs", "对比") anywhere, bounds or not: a sentence without
    one holds no "192GB vs 80GB" (`is_vs_figure`); searched once a sentence, skipping ahead."""
    words = lexicons.load("claims_links.json").get("value_vs", ())
    return SkippingPattern("|".join(re.escape(w) for w in words), re.IGNORECASE) if words else None


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
    if rx is None or not baselines:  # (most sentences compare with nothing: no figure to read)
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
    best = None
    for at, name in _unknown_names(sentence, lang_key(lang)):  # (most sentences: none)
        if name not in not_names:
            found = (at - near if at >= near else near - at, name)
            if best is None or found < best:
                best = found
    return best[1] if best is not None else ""


@lru_cache(maxsize=256)
def _unknown_names(sentence: str, lk: str) -> tuple[tuple[int, str], ...]:
    """(offset, name) of every name a comparison cue of the sentence stands by; cached: each
    number of the sentence asks (profiled: the regex ran once a number before)."""
    rx = role_cues().unknown_name.get(lk)
    # the cue words first, all in one pattern that skips ahead: the name patterns do not
    cue = role_cues().any_cue.get(lk)
    if rx is None or cue is None or cue.search(sentence) is None:
        return ()
    skip = role_cues().unknown_not.get(lk, frozenset())
    # a sentence's full stop or a dash may close the name's run of letters: not the name's
    named = ((mm.start(), next((g for g in mm.groups() if g), "").rstrip(".-"))
             for mm in rx.finditer(sentence))
    return tuple((at, name) for at, name in named if name and name not in skip)
