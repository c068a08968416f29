"""Claims: quantities linked to the metric, system and workload they are about.

`extract_claims(tagged_page) -> list[Claim]` reads a page sentence by sentence:

1. every quantity of the sentence (`quantities.find_quantities`) that is not a name
   digit, version, ID, date, year, URL, file name or list number (`lexicons/claims_not.json`,
   the entity spans and digits glued to letters: the 16 of IPU-POD16, the 80 of
   A100-80GB are no claims), nor a count below two ("one CPU");
2. numbers without a unit are kept only where the page lost it (a lossy span next to
   the number, or a word right after it that implies one: "최대 2.6 단축"), flagged
   `unit_missing`;
3. each number is linked, within its sentence, to a system and a workload: first those
   of its own clause (split at commas, 、, ；, "and", "while", ... per language), nearest
   first, baselines of a comparison ("than DGX A100", "DGX A100에 비해") last; else those
   of the other clauses of the sentence ("在X上訓練Y..., 在Z上為N分鐘" carries Y); when k
   names and k numbers stand in order in one clause ("BERT-Base에서 BERT-Large ...
   84.4%에서 86.6%"), they pair up in order; a sentence that names no workload carries
   the one of the sentence before it in the paragraph, and one that names no system
   takes the subject of the sentence before when it refers back ("it", "이는", "其") or
   its words were lost;
4. tables flattened to text ("| model | chips | minutes |" rows) take unit and metric
   from the column header and names from the row or the caption line above;
5. a number linked to neither a system nor a workload is no claim (`require_subject`);
6. the metric comes from the quantity kind and cue words near the number
   (`lexicons/metrics_*.json`); `context` from `extractor.extract.context`.

Flags: `lossy_source` (letters lost in the sentence or next to the number),
`unit_missing`, `unit_shared` ("28.3 and 14.5 minutes"), `magnitude_suspect` (digits, a
space, then a Korean counter on a page that lost syllables: "1,750 개의 매개변수" where
"1,750억" was meant), `range`, and the quantity layer's own flags.

`confidence` is built from the evidence: a stated unit, names found in the number's own
clause, a metric cue, and no damage near the number raise it; names carried from
elsewhere, lost units and lossy text lower it.
"""
from __future__ import annotations

import bisect
import logging
import re
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache

from extractor import lexicons
from extractor.extract.entities import SYSTEM, WORKLOAD, Entity, find_entities
from extractor.extract.quantities import (Quantity, QuantityConfig, find_quantities,
                                          with_first_char_guard)

from extractor.extract.context import page_context, sentence_context

logger = logging.getLogger(__name__)

LANGS = ("en", "zh", "ko")


@dataclass
class Claim:
    """One row of claims.csv (OUTPUTS.md, CLAIMS.md); `start`/`end` index into the
    cleaned page text."""

    doc_id: str
    lang: str
    sentence: str
    start: int
    end: int
    surface: str
    value: float
    unit: str = ""
    quantity: str = "unknown"
    value_norm: float | None = None
    metric: str = "other"
    system: str = ""
    workload: str = ""
    vendor: str = ""
    qualifier: str = "exact"
    context: str = ""
    confidence: float = 0.5
    flags: str = ""

    def as_dict(self) -> dict:
        # every field is a plain value: a shallow dict (dataclasses.asdict deep-copies,
        # which showed up in profiles of large runs)
        return {name: getattr(self, name) for name in CLAIM_COLUMNS}


# The claims.csv columns, in order: the fields of Claim (the contract's come first).
CLAIM_COLUMNS = tuple(f.name for f in fields(Claim))


@dataclass
class ClaimConfig:
    """Options of claim extraction."""

    #: a lossy span this many characters or fewer from a number may have eaten its unit
    lossy_window: int = 3
    #: sentences back (same paragraph) a sentence without a workload may take one from
    carry_workload_sentences: int = 3
    #: kinds of lossy span (extractor.clean LossySpan.kind) that may have eaten a unit
    #: right next to a number: letters lost to '?' or U+FFFD. Dropped Korean syllables
    #: are mostly particles, so they alone do not make a bare number a claim.
    unit_loss_kinds: tuple[str, ...] = ("question_marks", "replacement_char")
    #: kinds of lossy span that make a claim `lossy_source` (a replaced spam name is not
    #: a loss of the claim's text)
    lossy_kinds: tuple[str, ...] = ("question_marks", "replacement_char",
                                    "dropped_syllables", "guessed_bytes")
    #: counts below this are no claims: "one CPU", "a single server", "One such model"
    min_count: float = 2
    #: spans of these units are the time frame of a story ("in the six months from
    #: December 2020"), not a benchmark figure (CLAIMS.md lists no such unit)
    period_units: tuple[str, ...] = ("month", "year")
    #: a claim is about a system or a workload (CLAIMS.md): numbers linked to neither
    #: ("the market grew 30%", "more than 50 members") are not reported
    require_subject: bool = False
    #: claims below this confidence are not reported
    min_confidence: float = 0.0
    #: table rows: at most this many rows between a row and its header
    max_table_rows: int = 60
    #: options of the quantity layer beneath the claims
    quantities: QuantityConfig = field(default_factory=QuantityConfig)


# ---------------------------------------------------------------------------------------
# Lexicons


@dataclass(frozen=True)
class _Cues:
    metric_cues: dict  # lang -> metric -> tuple of lowercased cue words
    bare_cues: dict  # lang -> tuple
    by_quantity: dict
    clause_break: dict  # lang -> compiled regex
    back_refs: dict  # lang -> compiled regex or None
    baseline: dict  # lang -> (before regex, after regex)
    baseline_patterns: dict  # lang -> compiled regex matched right after a name
    topic_markers: re.Pattern | None  # right after a name: the topic of its clause (은, 는)
    modifiers_after: re.Pattern | None  # right after a name: it modifies another (기반, based)
    relative: dict  # lang -> regex of relative pronouns that open a clause ("which")
    not_always: tuple
    not_unitless: tuple
    counted_gap: re.Pattern
    coordination: re.Pattern
    respectively: re.Pattern


def _words_regex(words, latin_word_bounds=True) -> re.Pattern | None:
    alts = []
    for w in sorted({w for w in words if w}, key=len, reverse=True):
        e = re.escape(w)
        if latin_word_bounds and w[:1].isascii() and w[:1].isalpha():
            e = r"(?<![A-Za-z])" + e
        if latin_word_bounds and w[-1:].isascii() and w[-1:].isalpha():
            e = e + r"(?![A-Za-z])"
        alts.append(e)
    # the guard lets a search skip positions no word starts at (see with_first_char_guard)
    return re.compile(with_first_char_guard("|".join(alts)), re.IGNORECASE) if alts else None


@lru_cache(maxsize=None)
def _cues() -> _Cues:
    metric_cues, bare = {}, {}
    for lang in LANGS:
        lex = lexicons.load(f"metrics_{lang}.json")
        metric_cues[lang] = {m: _cue_regex(ws) for m, ws in lex["cues"].items()}
        bare[lang] = tuple(lex.get("bare_number_cues", ()))
    links = lexicons.load("claims_links.json")
    breaks, backs, baseline = {}, {}, {}
    for lang, words in links["clause_breaks"].items():
        # a comma between digits is a thousands separator, not a clause break
        alts = [r"(?<!\d),|,(?!\d)" if w == "," else re.escape(w) for w in words]
        alts += links.get("clause_break_patterns", {}).get(lang, [])
        breaks[lang] = re.compile("|".join(alts), re.IGNORECASE)
    for lang, words in links["back_references"].items():
        backs[lang] = _words_regex(words)
    for lang, d in links["baselines"].items():
        baseline[lang] = (_words_regex(d.get("before", ())), _words_regex(d.get("after", ())),
                          _words_regex(d.get("after_phrase", ())))
    patterns = {lang: re.compile("|".join(f"(?:{rx})" for rx in d["after_pattern"]), re.IGNORECASE)
                for lang, d in links["baselines"].items() if d.get("after_pattern")}
    nots = lexicons.load("claims_not.json")
    # each behind a lookahead on its first characters: every sentence with a number is
    # searched with all of them (profiled: an eighth of the stage before the guard)
    always = tuple(re.compile(with_first_char_guard(rx), re.MULTILINE)
                   for k, rx in nots["always"].items() if not k.startswith("_"))
    unitless = tuple(re.compile(with_first_char_guard(rx), re.MULTILINE)
                     for k, rx in nots["when_unitless"].items() if not k.startswith("_"))
    counted = re.compile("|".join(f"(?:{rx})" for rx in links["counted_gap"]), re.IGNORECASE)
    coordination = re.compile(r"\s*(?:" + "|".join(re.escape(w) for w in links["coordination"])
                              + r")\s*", re.IGNORECASE)
    respectively = _words_regex(links["respectively"]) or re.compile(r"(?!)")
    return _Cues(metric_cues, bare, lexicons.load("metrics_defaults.json")["by_quantity"],
                 breaks, backs, baseline, patterns, _after_name_regex(links.get("topic_markers", ())),
                 _after_name_regex(links.get("modifiers_after", ())),
                 {lang: _words_regex(ws) for lang, ws in links.get("relative_pronouns", {}).items()},
                 always, unitless, counted,
                 coordination, respectively)


def _after_name_regex(words) -> re.Pattern | None:
    """Words that must follow a name directly (a space or hyphen may stand between) and end
    there: '은' in 'Bow Pod16은 ', 'based' in 'Bow-2000-based'."""
    words = sorted({w for w in words if w}, key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"[\s\-]?(?:" + "|".join(re.escape(w) for w in words) + r")(?![\w])", re.IGNORECASE)


def _lang_key(lang: str) -> str:
    base = (lang or "").split("-")[0].lower()
    return base if base in LANGS else "und"


# ---------------------------------------------------------------------------------------
# Small pure helpers


def clause_spans(sentence: str, lang: str) -> list[tuple[int, int]]:
    """(start, end) of the clauses of a sentence, split at the language's clause breaks.

    >>> s = "在IPU-POD128上為5.67分鐘,在IPU-POD256上為3.79分鐘"
    >>> [s[a:b] for a, b in clause_spans(s, "zh")]
    ['在IPU-POD128上為5.67分鐘', '在IPU-POD256上為3.79分鐘']
    >>> s = "1,750 GB and 3 TB"
    >>> [s[a:b] for a, b in clause_spans(s, "en")]
    ['1,750 GB', '3 TB']
    """
    cues = _cues()
    rx = cues.clause_break.get(_lang_key(lang)) or cues.clause_break["und"]
    spans, pos = [], 0
    for m in rx.finditer(sentence or ""):
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end()
    if pos < len(sentence or ""):
        spans.append((pos, len(sentence)))
    return spans or [(0, len(sentence or ""))]


def not_claim_spans(sentence: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Spans of a sentence whose numbers are no claims: (always, when the number has no
    unit). See `lexicons/claims_not.json`.

    >>> s = "MLPerf 1.1 on 2021-12-02, see 1638413962408997.png"
    >>> always, _ = not_claim_spans(s)
    >>> sorted(s[a:b] for a, b in always)
    ['1638413962408997.png', '2021-12-02', 'MLPerf 1.1']
    """
    cues = _cues()
    text = sentence or ""
    always = [m.span() for rx in cues.not_always for m in rx.finditer(text) if m.end() > m.start()]
    unitless = [m.span() for rx in cues.not_unitless for m in rx.finditer(text) if m.end() > m.start()]
    return always, unitless


def metric_for(quantity: str, near: str, wide: str, lang: str) -> tuple[str, bool]:
    """The metric of a quantity of kind `quantity`, from cue words in `near` (its
    clause) or else `wide` (its sentence); returns (metric, whether a cue decided).

    >>> metric_for("percent", "在IPU-POD16上實現了24%的性能提升", "", "zh")
    ('improvement', True)
    >>> metric_for("factor", "a factor of 1.6x", "better performance-per-$ than NVIDIA", "en")
    ('perf_per_price', True)
    >>> metric_for("duration", "IPU-POD16에서 28.3분", "", "ko")
    ('time_to_train', False)
    """
    cues = _cues()
    rule = cues.by_quantity.get(quantity) or cues.by_quantity["unknown"]
    langs = [_lang_key(lang)] if _lang_key(lang) in LANGS else list(LANGS)
    for text in (near, wide):
        low = (text or "").lower()
        if not low:
            continue
        for metric in rule["candidates"]:
            for lg in langs:
                rx = cues.metric_cues[lg].get(metric)
                if rx is not None and rx.search(low):
                    return metric, True
    return rule["default"], False


def _cue_regex(words) -> re.Pattern | None:
    """One pattern for a list of cue words: Latin words must start a word ("train"
    matches "training" but not "restrain"); others match anywhere (Chinese, Korean)."""
    alts = []
    for w in sorted({w.lower() for w in words if w}, key=len, reverse=True):
        e = re.escape(w)
        alts.append(r"(?<![a-z])" + e if w[:1].isascii() and w[:1].isalpha() else e)
    return re.compile(with_first_char_guard("|".join(alts))) if alts else None


def _overlaps(a0: int, a1: int, spans) -> bool:
    return any(s < a1 and a0 < e for s, e in spans)


# ---------------------------------------------------------------------------------------
# Linking


@dataclass
class _Mention:
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


@dataclass
class _SentenceInfo:
    start: int
    end: int
    text: str
    lang: str
    paragraph: int
    systems: list[_Mention] = field(default_factory=list)
    workloads: list[_Mention] = field(default_factory=list)
    vendors: list[_Mention] = field(default_factory=list)
    lossy: bool = False


# A numeral (digits, or a number word of any of our languages) ending right before a name.
_NUMERAL_BEFORE = re.compile(
    r"(?:\d+(?:[.,]\d+)*|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"sixteen|dozens?|hundreds?|thousands?)\b|[一二兩两三四五六七八九十百千])")


# What may stand between "than"/"比" and the name compared with: articles, a possessive
# or a vendor ("than the DGX A100", "than NVIDIA's A100", "比英偉達的A100").
_BETWEEN_COMPARISON_AND_NAME = re.compile(r"\s*(?:[\w'’]+\s+){0,2}|[^\s\d]{0,4}")


def _mark_roles(sentence: str, mentions: list[_Mention], quantities: list[Quantity],
                lang: str, clauses: list[tuple[int, int]]) -> None:
    """Mark entities that a number counts and entities that are a comparison baseline."""
    counted_rx = _cues().counted_gap
    before_rx, after_rx, phrase_rx = _cues().baseline.get(_lang_key(lang), (None, None, None))
    for m in mentions:
        # the number may be one the quantity layer skipped (a bare "four"), so a numeral
        # right before the name counts as well as a quantity there
        head = sentence[max(0, m.start - 24):m.start]
        gaps = [sentence[q.end:m.start] for q in quantities if 0 <= m.start - q.end <= 12]
        gaps += [head[mm.end():] for mm in _NUMERAL_BEFORE.finditer(head)]
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
        if before_rx is not None and any(_BETWEEN_COMPARISON_AND_NAME.fullmatch(head[mm.end():])
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
        pattern_rx = _cues().baseline_patterns.get(_lang_key(lang))
        if pattern_rx is not None and pattern_rx.match(sentence, m.end, c1):
            m.baseline = True  # "A100의 3.4배", "H100的4倍": N times the name's
        # a clause opened by a comparison ("..., compared to 18.6 minutes for 8 A100 GPUs")
        # names the reference; the first name in it is the baseline
        if before_rx is not None and c0 > 0 and not any(
                o is not m and c0 <= o.start < m.start for o in mentions):
            lead = sentence[max(0, c0 - 16):c0].rstrip()
            if any(mm.end() == len(lead) for mm in before_rx.finditer(lead)):
                m.baseline = m.own_clause = True


def _topic(names: list[_Mention], sentence: str) -> _Mention:
    """Of several names before a number, the one the clause is about: one marked as the
    topic ("Bow Pod16은"), else the first that no modifier word follows ("Bow-2000
    기반 Bow Pod16": based on); `claims_links.json` topic_markers, modifiers_after."""
    markers, modifiers = _cues().topic_markers, _cues().modifiers_after
    for m in names:
        if markers is not None and markers.match(sentence, m.end):
            return m
    for m in names:
        if modifiers is None or not modifiers.match(sentence, m.end):
            return m
    return names[0]


def _pick(mentions: list[_Mention], q: Quantity, clause: tuple[int, int],
          prefer_before: bool, late: bool = False,
          topic_first: tuple[Quantity, ...] | None = None,
          sentence: str = "") -> tuple[_Mention | None, str]:
    """The mention a quantity is about, as (mention, where): where is `clause` or
    `sentence`. Tried in order: names of the number's own clause, then what its clause
    counts ("10.9 minutes on 3,584 H100 GPUs"), then names of the other clauses (the
    nearest clause before the number first). With `late` (after carrying from the
    sentence before failed): counted names elsewhere, then comparison baselines."""

    def dist(m: _Mention) -> float:
        if m.end <= q.start:
            return (q.start - m.end) * (1.0 if prefer_before else 1.3)
        return max(0, m.start - q.end) * (1.3 if prefer_before else 1.0)

    c0, c1 = clause
    if not late:
        for m in mentions:
            if m.owned and m.owned[0] <= q.start and q.end <= m.owned[1]:
                return m, "clause"
    own = [m for m in mentions if m.start >= c0 and m.end <= c1]
    other = [m for m in mentions if not (m.start >= c0 and m.end <= c1)]
    plain = lambda ms: [m for m in ms if not m.counted and not m.baseline]  # noqa: E731
    subject = lambda m: not m.baseline or m.own_clause  # noqa: E731 - within its own clause
    stages = [([m for m in own if not m.counted and subject(m)], "clause"),
              ([m for m in own if m.counted and subject(m)], "clause"),
              ([m for m in plain(other) if m.end <= q.start] or plain(other), "sentence")]
    if late:
        stages = [([m for m in mentions if m.counted and not m.baseline], "sentence"),
                  ([m for m in own if m.baseline] or [m for m in mentions if m.baseline],
                   "sentence")]
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
                    return _topic(before, sentence), where
            return best, where
    return None, ""


def _share_units(sentence: str, quantities: list[Quantity]) -> list[Quantity]:
    """A bare number coordinated with a quantity takes its unit: "28.3 and 14.5 minutes",
    "34.5和11.7分鐘", "28.3과 14.5분" (coordinating words: claims_links.json)."""
    rx = _cues().coordination
    out = list(quantities)
    for i, q in enumerate(out[:-1]):
        nxt = out[i + 1]
        if q.unit or not nxt.unit or nxt.value in (None, 0) or q.value is None:
            continue
        if not rx.fullmatch(sentence[q.end:nxt.start]):
            continue
        scale = nxt.value_norm / nxt.value if nxt.value_norm is not None else None
        out[i] = replace(q, unit=nxt.unit, quantity=nxt.quantity,
                         value_norm=q.value * scale if scale is not None else None,
                         flags=list(q.flags or []) + ["unit_shared"])
    return out


def _parallel_pairs(quantities: list[Quantity], mentions: list[_Mention],
                    clause: tuple[int, int], respectively: bool = False) -> dict[int, _Mention]:
    """k names followed by k numbers in one clause pair up in order ("BERT-Base에서
    BERT-Large ... 84.4%에서 86.6%"); with a "respectively" word in the sentence, across
    clauses ("X and Y took 5 and 6 minutes, respectively")."""
    c0, c1 = clause
    if respectively:
        c0, c1 = 0, max([q.end for q in quantities] + [m.end for m in mentions] + [0])
    qs = [q for q in quantities if q.start >= c0 and q.end <= c1]
    ms = [m for m in mentions if m.start >= c0 and m.end <= c1 and not m.counted]
    names = {m.entity.canonical for m in ms}
    if len(qs) < 2 or len(ms) != len(qs) or len(names) != len(ms):
        return {}
    if max(m.end for m in ms) > min(q.start for q in qs):
        return {}
    return {id(q): m for q, m in zip(sorted(qs, key=lambda q: q.start),
                                     sorted(ms, key=lambda m: m.start))}


# ---------------------------------------------------------------------------------------
# Extraction


def _is_hangul(ch: str) -> bool:
    return "\uac00" <= ch <= "\ud7a3"


@lru_cache(maxsize=1)
def _off_topic_nouns() -> frozenset[str]:
    return frozenset(w.lower() for w in lexicons.load("claims_not.json").get("off_topic_counts", ()))


def _counts_off_topic(surface: str) -> bool:
    """A count of people, companies or software updates is no benchmark claim
    (`claims_not.json` off_topic_counts).

    >>> _counts_off_topic("three updates"), _counts_off_topic("50 other members"), _counts_off_topic("12명")
    (True, True, True)
    >>> _counts_off_topic("4 servers"), _counts_off_topic("2,048颗")
    (False, False)
    """
    text = (surface or "").strip().lower()
    words = _off_topic_nouns()
    last = re.split(r"[\s\d.,]+", text)[-1] if text else ""
    return bool(last) and (last in words or last.rstrip("s") in words or
                           (not last.isascii() and any(last.startswith(w) for w in words
                                                       if not w.isascii())))


def _inside_korean_word(sentence: str, q: Quantity) -> bool:
    """A Korean numeral read from the middle of a word: Korean glues particles after a
    word, never before, so "반" in "기반으로" (based on) is no "half".

    >>> _inside_korean_word("기반으로", Quantity("반으로", 1, 4, 0.5))
    True
    >>> _inside_korean_word("반으로 줄었다", Quantity("반으로", 0, 3, 0.5))
    False
    """
    return bool(q.surface) and _is_hangul(q.surface[0]) and q.start > 0 and \
        _is_hangul(sentence[q.start - 1])


def _glued_to_name(sentence: str, q: Quantity) -> bool:
    """Digits glued to Latin letters or a hyphen before them belong to a name, even one
    the lexicons do not know: A100-80GB, BF16, Model-3, CIFAR-100 (not "$300").

    >>> _glued_to_name("the A100-80GB", Quantity("80GB", 9, 13, 80)), _glued_to_name("x 80GB", Quantity("80GB", 2, 6, 80))
    (True, False)
    >>> _glued_to_name("gains of 5-10%", Quantity("10%", 11, 14, 10))
    False
    """
    if q.start <= 0 or not q.surface[:1].isdigit():
        return False
    ch = sentence[q.start - 1]
    if ch == "-":  # "A100-80GB" is a name, "5-10%" a range
        word = re.search(r"[A-Za-z0-9]*$", sentence[:q.start - 1]).group()
        return any(c.isalpha() for c in word)
    return ch.isascii() and ch.isalpha()


def _glued_to_lost_word(sentence: str, q: Quantity) -> bool:
    """Digits right after letters lost to '?' in text that spaces its words (Korean) end
    a word, as in "???2" for 가우디2 (Gaudi2); Chinese, unspaced, glues every number.

    >>> _glued_to_lost_word("?? ???2, MLPerf ??? H100 ??", Quantity("2", 6, 7, 2))
    True
    >>> _glued_to_lost_word("IPU-POD16?? 28.3?? ?? ??", Quantity("28.3", 12, 16, 28.3))
    False
    >>> _glued_to_lost_word("????????28.3??", Quantity("28.3", 8, 12, 28.3))
    False
    """
    if q.start <= 0 or sentence[q.start - 1] != "?" or not q.surface[:1].isdigit():
        return False
    return len(re.findall(r"(?:^|\s)\?+(?=[\s\d,.]|$)", sentence)) >= 2


def _bare_cue_follows(sentence: str, q: Quantity, lang: str) -> bool:
    tail = sentence[q.end:q.end + 8].lstrip().lower()
    langs = [_lang_key(lang)] if _lang_key(lang) in LANGS else list(LANGS)
    return any(tail.startswith(w.lower()) for lg in langs for w in _cues().bare_cues[lg])


def _safe_quantities(text: str, lang: str, config: QuantityConfig | None = None) -> list[Quantity]:
    try:
        return list(find_quantities(text, lang, config))
    except Exception:  # the quantity layer must not take the page down
        logger.exception("find_quantities failed on %d chars", len(text))
        return []


def _dropped_syllables(cleaned) -> bool:
    return any(getattr(s, "kind", "") == "dropped_syllables"
               for s in getattr(cleaned, "lossy_spans", ()) or ())


class _LossIndex:
    """The lossy spans of a page of some kinds, merged and sorted, for overlap queries
    in O(log n) (a page lost to '?' has hundreds of spans)."""

    def __init__(self, cleaned, kinds: tuple[str, ...]):
        spans = sorted((sp.start, sp.end) for sp in getattr(cleaned, "lossy_spans", None) or ()
                       if getattr(sp, "kind", "") in kinds and sp.end > sp.start)
        merged: list[list[int]] = []
        for a, b in spans:
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        self.starts = [a for a, _ in merged]
        self.ends = [b for _, b in merged]

    def overlaps(self, start: int, end: int) -> bool:
        """True when [start, end) overlaps a span.

        >>> from extractor.clean import CleanedPage, LossySpan
        >>> page = CleanedPage("d", "ab??cd??", lossy_spans=[LossySpan(2, 4, "question_marks")])
        >>> idx = _LossIndex(page, ("question_marks",))
        >>> idx.overlaps(0, 2), idx.overlaps(0, 3), idx.overlaps(4, 8)
        (False, True, False)
        """
        i = bisect.bisect_left(self.starts, end) - 1
        return i >= 0 and self.ends[i] > start


def _is_table_row(text: str) -> bool:
    """A row of a table flattened to text: cells between '|', or separated by tabs."""
    return text.count("|") >= 2 or "\t" in text.strip()


def extract_claims(page, config: ClaimConfig | None = None) -> list[Claim]:
    """The claims of a tagged page (`extractor.langid.TaggedPage`); never raises on a
    page whose text is any str."""
    config = config or ClaimConfig()
    try:
        return _extract(page, config)
    except Exception:  # noqa: BLE001 - one page's oddity must not cost the run
        logger.exception("claim extraction failed on %s", getattr(page, "doc_id", "?"))
        return []


def _extract(page, config: ClaimConfig) -> list[Claim]:
    cleaned = page.cleaned
    text = cleaned.text or ""
    page_lang = getattr(page.lang, "base", "") or "und"
    entities = find_entities(text, page_lang) if text else []
    page_ctx = page_context(text)  # never raises
    dropped = _dropped_syllables(cleaned)

    unit_loss = _LossIndex(cleaned, config.unit_loss_kinds)
    any_loss = _LossIndex(cleaned, config.lossy_kinds)
    infos = _sentence_infos(page, text, entities, unit_loss)
    claims: list[Claim] = []
    seen: set[tuple[int, int]] = set()
    header: list[str] | None = None
    header_info: _SentenceInfo | None = None
    header_row_age = 0
    upper_header: list[str] | None = None
    caption: _SentenceInfo | None = None
    for idx, info in enumerate(infos):
        sent = info.text
        ts_lang = info.lang
        if _is_table_row(sent):
            cells = _cells(sent)
            if _is_header(cells):
                # a header right under a header: the one above spans groups of columns
                # ("| | Time to train (min) | |" over "| Model | H100 | Gaudi2 |")
                upper_header = header if header is not None and header_row_age == 0 else None
                header, header_info, header_row_age = cells, info, 0
                continue
            header_row_age += 1
            if header_row_age > config.max_table_rows:
                header = None
        else:
            header = None
            caption = info
        quantities = _safe_quantities(sent, ts_lang, config.quantities)
        if not quantities:
            continue
        # a number that starts inside a name is part of it (ResNet-50, IPU-POD16, Llama 2
        # 70B); a name inside a quantity is what it counts ("1,024 H100 GPUs")
        name_spans = [(m.start, m.end) for m in info.systems + info.workloads + info.vendors]
        quantities = _share_units(sent, quantities)
        kept: list[tuple[Quantity, list[str]]] = []
        # the not-a-claim spans cost a score of regex scans of the sentence (profiled:
        # an eighth of the stage): the cheap tests come first, and the spans are read
        # once, for the first number that passes them
        not_spans: tuple[list, list] | None = None
        for q in quantities:
            if q.end <= q.start or any(a <= q.start < b for a, b in name_spans):
                continue
            unit = q.unit or ""
            if unit == "count" and q.value is not None and abs(q.value) < config.min_count:
                continue
            if unit in config.period_units or (unit == "count" and _counts_off_topic(q.surface)):
                continue
            if _inside_korean_word(sent, q) or _glued_to_name(sent, q) or \
                    (info.lossy and _glued_to_lost_word(sent, q)):
                continue
            if not_spans is None:
                not_spans = not_claim_spans(sent)
            always, unitless = not_spans
            if _overlaps(q.start, q.end, always):
                continue
            if not unit and _overlaps(q.start, q.end, unitless):  # "2048 GPUs" is a count
                continue
            flags = [f for f in (q.flags or []) if f]
            abs0, abs1 = info.start + q.start, info.start + q.end
            window = (abs0 - config.lossy_window, abs1 + config.lossy_window)
            unit_lost = unit_loss.overlaps(*window)
            near_lossy = any_loss.overlaps(*window)
            if not unit:
                if header is not None and _is_table_row(sent):
                    pass  # the unit comes from the column header below
                elif unit_lost or _bare_cue_follows(sent, q, ts_lang):
                    flags.append("unit_missing")
                else:
                    continue
            if near_lossy or info.lossy:
                flags.append("lossy_source")
            kept.append((q, flags))
        if not kept:
            continue
        clauses = clause_spans(sent, ts_lang)
        qs = [q for q, _ in kept]
        _mark_roles(sent, info.systems + info.workloads, qs, ts_lang, clauses)
        for q, flags in kept:
            clause = next(((a, b) for a, b in clauses if a <= q.start < b), (0, len(sent)))
            table = _Table(header, header_info, caption, upper_header) if header is not None else None
            claim = _link(page, infos, idx, q, flags, clause, config, qs, table, page_ctx,
                          dropped)
            if claim is None or (claim.start, claim.end) in seen:
                continue
            if claim.confidence < config.min_confidence:
                continue
            seen.add((claim.start, claim.end))
            claims.append(claim)
    return claims


def _sentence_infos(page, text: str, entities: list[Entity],
                    unit_loss: _LossIndex) -> list[_SentenceInfo]:
    infos: list[_SentenceInfo] = []
    paragraph, prev_end = 0, 0
    starts = [e.start for e in entities]
    for ts in page.sentences:
        s = ts.sentence
        if "\n\n" in text[prev_end:s.start] or ("\n" in text[prev_end:s.start] and _is_heading(infos)):
            paragraph += 1
        prev_end = s.end
        info = _SentenceInfo(s.start, s.end, s.text, ts.lang.lang, paragraph)
        # entities are in text order: find this sentence's by bisection, not by scanning
        for e in entities[bisect.bisect_left(starts, s.start):bisect.bisect_left(starts, s.end)]:
            if e.end <= s.end:
                m = _Mention(e, e.start - s.start, e.end - s.start)
                {SYSTEM: info.systems, WORKLOAD: info.workloads}.get(e.label, info.vendors).append(m)
        info.lossy = unit_loss.overlaps(s.start, s.end)
        infos.append(info)
    return infos


def _is_heading(infos: list[_SentenceInfo]) -> bool:
    """A short line without final punctuation before a line break starts a new topic."""
    if not infos:
        return False
    t = infos[-1].text
    return len(t) < 60 and not t.endswith((".", "。", "!", "?", "！", "？", ":", "："))


def _cells(row: str) -> list[str]:
    sep = "|" if row.count("|") >= 2 else "\t"
    row = row.strip() if sep == "|" else row.strip("\n ")
    cells = [c.strip() for c in row.split(sep)]
    if cells and not cells[0]:
        cells = cells[1:]
    if cells and not cells[-1]:
        cells = cells[:-1]
    return cells


def _is_header(cells: list[str]) -> bool:
    filled = [c for c in cells if c]
    numeric = [c for c in filled if re.fullmatch(r"[\d.,\s%x×~\-]+", c)]
    # one filled cell over empty ones is a header spanning columns ("| | Time (min) | |")
    spanning = len(filled) == 1 and len(cells) >= 3 and not cells[0]
    return (len(filled) >= 2 or spanning) and not numeric and \
        not all(set(c) <= set("-:= ") for c in filled)


def _column_of(row: str, pos: int) -> int:
    sep = "|" if row.count("|") >= 2 else "\t"
    col = row[:pos].count(sep)
    return col - 1 if row.lstrip().startswith(sep) else col


@dataclass
class _Table:
    """The table a row belongs to: its header row (cells and the sentence, whose names
    tell which system or workload each column is) and the caption line above it."""

    header: list[str]
    header_info: _SentenceInfo | None
    caption: _SentenceInfo | None
    upper: list[str] | None = None  # a header row above the header (multi-row headers)

    def unit_lost(self, row: str, col: int) -> bool:
        """The cell's unit was written but lost: its header or the row's label holds
        letters lost to '?' or U+FFFD ("Llama 2 70B (??/?)")."""
        head = self.header[col] if 0 <= col < len(self.header) else ""
        cells = _cells(row)
        label = cells[0] if col > 0 and cells else ""
        return any(_LOST_LETTERS.search(t) for t in (head, label, self.upper_cell(col)))

    def upper_cell(self, col: int) -> str:
        """The cell of the upper header over column `col`: a cell spanning several
        columns is flattened into its first one, so the nearest filled cell to the left."""
        if not self.upper:
            return ""
        for c in range(min(col, len(self.upper) - 1), -1, -1):
            if self.upper[c]:
                return self.upper[c]
        return ""

    def column_name(self, col: int, label: str) -> _Mention | None:
        """The system (label SYSTEM) or workload a header cell names: "| 模型 | H100 | Gaudi 3 |"."""
        info = self.header_info
        if info is None:
            return None
        pool = info.systems if label == SYSTEM else info.workloads
        named = [m for m in pool if _column_of(info.text, m.start) == col]
        return named[0] if len(named) == 1 else None

    def unit_for(self, row: str, col: int, lang: str) -> Quantity | None:
        """A cell's unit: from its column header ("Time (min)"), else the row's label
        cell ("| 메모리(GB) | 48 | 48 |"), else a unit in brackets on the caption line
        ("推理吞吐量比較(tokens/s):")."""
        head = self.header[col] if 0 <= col < len(self.header) else ""
        head_lang = self.header_info.lang if self.header_info is not None else lang
        cells = _cells(row)
        probes = [(head, head_lang, False)]
        if col > 0 and self.upper_cell(col):
            probes.append((self.upper_cell(col), head_lang, False))
        if col > 0 and cells and not re.fullmatch(r"[\d.,\s%x×~\-]*", cells[0]):
            probes.append((cells[0], lang, False))
        if self.caption is not None:
            probes.append((self.caption.text, self.caption.lang, True))
        names_system = self.column_name(col, SYSTEM) is not None
        for i, (text, probe_lang, brackets_only) in enumerate(probes):
            for lg in dict.fromkeys((probe_lang, lang)):
                hq = _header_unit(text, lg, brackets_only)
                if hq is not None and i == 0 and names_system and hq.unit == "count":
                    break  # "| SN40L node |", "| 8x H100 |" name the column's system, no unit
                if hq is not None:
                    return hq
        return None


_LOST_LETTERS = re.compile(r"\?\?|\ufffd|[(\[]\?+[/)\]]")


def _strip_brackets(text: str) -> str:
    return re.sub(r"[(\[（][^)\]）]*[)\]）]", "", text)


# Every row of a table asks again for the unit of the same header cells: remember the
# answers (a pure function of its arguments; callers only read the Quantity returned).
@lru_cache(maxsize=4096)
def _header_unit(header_cell: str, lang: str, brackets_only: bool = False) -> Quantity | None:
    """The unit a column header gives its cells: "Throughput (tokens/s)", "Time (min)".

    >>> _header_unit("처리량(토큰/초)", "ko").unit, _header_unit("Minutes", "en").unit
    ('tokens/s', 'min')
    >>> _header_unit("Gaudi2 time to train, MLPerf 3.0", "en", brackets_only=True) is None
    True
    """
    inner = re.findall(r"[(\[（]([^)\]）]+)[)\]）]", header_cell)
    for probe in inner + ([] if brackets_only else [header_cell]):
        for q in _safe_quantities("1 " + probe.strip(), lang):
            if q.start == 0 and q.unit and q.value == 1:
                return q
    return None


# A Korean counter right after digits ("1,750 개"): on a page that lost syllables, a
# magnitude word (억, 만) may have stood between them.
_KOREAN_COUNTER = re.compile(r"\d\s+(?:개|대|명|건|장|종)")


def _previous(infos: list[_SentenceInfo], idx: int, crossing: bool = False) -> _SentenceInfo | None:
    """The sentence before `idx` in its paragraph; with `crossing`, also the last sentence
    of the paragraph before (a paragraph that opens with "this" continues the last one),
    unless that is a heading."""
    if idx <= 0:
        return None
    prev = infos[idx - 1]
    if prev.paragraph == infos[idx].paragraph:
        return prev
    if crossing and not _is_heading([prev]):
        return prev
    return None


def _refers_back(text: str, lang_key: str) -> bool:
    rx = _cues().back_refs.get(lang_key)
    return rx is not None and rx.search(text or "") is not None


def _link(page, infos: list[_SentenceInfo], idx: int, q: Quantity, flags: list[str],
          clause: tuple[int, int], config: ClaimConfig, sentence_qs: list[Quantity],
          table: _Table | None, page_ctx, dropped: bool) -> Claim | None:
    info = infos[idx]
    sent, lang = info.text, info.lang
    lk = _lang_key(lang)
    prefer_before = lk in ("zh", "ko")
    unit, quantity, value_norm = q.unit or "", q.quantity or "unknown", q.value_norm
    metric_text = sent[clause[0]:clause[1]]
    evidence = 0.0

    in_table = table is not None and _is_table_row(sent)
    caption = table.caption if table is not None else None
    col = -1
    if in_table:
        col = _column_of(sent, q.start)
        head = table.header[col] if 0 <= col < len(table.header) else ""
        metric_text = f"{table.upper_cell(col)} {head}".strip()
        if not unit:
            hq = table.unit_for(sent, col, lang)
            if hq is not None:
                unit, quantity = hq.unit, hq.quantity
                value_norm = q.value * hq.value_norm if hq.value_norm is not None else None
                flags = [f for f in flags if f != "unit_missing"]
        if not unit and not table.unit_lost(sent, col):
            return None

    # systems and workloads
    # "X and Y took 28.3 and 14.5 minutes": coordinated numbers pair with coordinated names
    resp = _cues().respectively.search(sent) is not None or \
        any("unit_shared" in (o.flags or ()) for o in sentence_qs)
    pairs_sys = _parallel_pairs(sentence_qs, info.systems, clause, resp)
    pairs_wl = _parallel_pairs(sentence_qs, info.workloads, clause, resp)
    system_m, sys_where = (pairs_sys[id(q)], "clause") if id(q) in pairs_sys else \
        _pick(info.systems, q, clause, prefer_before, topic_first=tuple(sentence_qs), sentence=sent)
    workload_m, wl_where = (pairs_wl[id(q)], "clause") if id(q) in pairs_wl else \
        _pick(info.workloads, q, clause, prefer_before)
    rel = _cues().relative.get(lk)
    if rel is not None and not any(clause[0] <= m.start < clause[1] for m in info.systems):
        head = sent[clause[0]:clause[1]].lstrip()
        opener = rel.match(head)
        earlier = [m for m in info.systems if m.end <= clause[0]]
        if opener is not None and earlier:
            # "..., than the A100 80GB, which needed 3.7 seconds": the name closing the
            # clause before is what the relative clause is about, baseline or not
            system_m, sys_where = max(earlier, key=lambda m: m.end), "clause"
    if in_table:  # a table whose columns are systems or workloads: "| 模型 | H100 | Gaudi 3 |"
        col_sys, col_wl = table.column_name(col, SYSTEM), table.column_name(col, WORKLOAD)
        if col_sys is not None:
            system_m, sys_where = col_sys, "clause"
        if col_wl is not None:
            workload_m, wl_where = col_wl, "clause"
    system = system_m.entity.canonical if system_m else ""
    workload = workload_m.entity.canonical if workload_m else ""
    vendor = system_m.entity.vendor if system_m else ""

    if in_table and caption is not None:
        if not system and caption.systems:
            system, vendor, sys_where = caption.systems[0].entity.canonical, caption.systems[0].entity.vendor, "carried"
        if not workload and caption.workloads:
            workload, wl_where = caption.workloads[-1].entity.canonical, "carried"

    if not workload:
        for back in range(1, config.carry_workload_sentences + 1):
            j = idx - back
            if j < 0:
                break
            crossed = infos[j].paragraph != info.paragraph
            if crossed and not _is_heading([infos[j]]):
                break
            if infos[j].workloads:
                workload, wl_where = infos[j].workloads[-1].entity.canonical, "carried"
                break
            if crossed:  # a heading names the topic of the paragraph under it
                break
    before = _previous(infos, idx, crossing=_refers_back(sent[:clause[1]], lk))
    if not system and before is not None:
        refers_back = info.lossy or _refers_back(sent[:clause[1]], lk)
        prev = [m for m in before.systems if not m.counted and not m.baseline]
        if refers_back and prev:
            system, vendor, sys_where = prev[0].entity.canonical, prev[0].entity.vendor, "carried"
    if not system:
        # only counted names are left: "four servers for ResNet-50 ... IPU-M2000s"
        late_m, where = _pick([m for m in info.systems if not m.baseline], q, clause,
                              prefer_before, late=True)
        if late_m is not None:
            system, vendor, sys_where = late_m.entity.canonical, late_m.entity.vendor, where
    if not workload:
        late_m, where = _pick(info.workloads, q, clause, prefer_before, late=True)
        if late_m is not None:
            workload, wl_where = late_m.entity.canonical, where

    if not vendor:  # "Graphcore通過軟件優化, ...": the company named in the clause, else sentence
        named = [m for m in info.vendors if clause[0] <= m.start < clause[1]] or info.vendors
        vendor = named[0].entity.canonical if named else ""
    if config.require_subject and not system and not workload:
        return None
    if not unit and sys_where not in ("clause", "sentence") and wl_where not in ("clause", "sentence"):
        # a bare number is a claim only when its own sentence says what it is about
        return None

    metric, cue = metric_for(quantity, metric_text, sent, lang)
    by_unit = lexicons.load("metrics_defaults.json").get("by_unit", {})
    if not cue and _previous(infos, idx, crossing=True) is not None and _refers_back(sent, lk):
        # "this is a factor of 1.6x" after "... better performance-per-$ than ...": the
        # sentence that is referred back to names the metric
        metric, cue = metric_for(quantity, "", _previous(infos, idx, crossing=True).text, lang)
    if unit in by_unit:  # "in the six months": a period, not a time-to-train
        metric, cue = by_unit[unit], False

    if "unit_missing" not in flags and not unit:
        flags.append("unit_missing")
    if q.qualifier == "range":  # one end of "512~2560": two claims, each flagged
        flags.append("range")
    if unit == "count" and dropped and _KOREAN_COUNTER.search(q.surface or ""):
        flags.append("magnitude_suspect")

    # confidence from the evidence
    evidence = 0.45
    evidence += 0.2 if unit else 0.0
    evidence += {"clause": 0.15, "sentence": 0.08, "carried": 0.03}.get(sys_where, 0.0)
    evidence += {"clause": 0.15, "sentence": 0.08, "carried": 0.03}.get(wl_where, 0.0)
    evidence += 0.08 if cue else 0.0
    if not system and not workload:
        evidence -= 0.15
    if "lossy_source" in flags:
        evidence -= 0.15
    if "unit_missing" in flags:
        evidence -= 0.1
    if "magnitude_suspect" in flags:
        evidence -= 0.2
    if quantity in ("count", "unknown") or metric == "other":
        evidence -= 0.1
    confidence = round(min(0.99, max(0.05, evidence)), 3)

    # `at` picks the division named nearest the number, where a sentence names several
    context = sentence_context(sent, page_ctx, at=q.start).as_string()
    qualifier = q.qualifier or "exact"
    return Claim(page.doc_id, lang, sent, info.start + q.start, info.start + q.end,
                 q.surface, q.value, unit, quantity, value_norm, metric, system, workload,
                 vendor, qualifier, context, confidence, ";".join(dict.fromkeys(flags)))
