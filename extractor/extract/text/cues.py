"""The cue words of each language that claim extraction reads, compiled once.

`claims_links.json` (clause breaks, back references, comparison baselines, coordination,
"respectively", topic markers), `metrics_<lang>.json` (metric cue words) and
`claims_not.json` (not-a-claim patterns) become one frozen `Cues` value (`cues()`), so
every stage asks the same compiled patterns. `clause_spans` cuts a sentence at its
language's clause breaks.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons
from extractor.extract.text.literal_gates import GatedPattern
from extractor.extract.text.regex_tools import first_char_buckets, with_first_char_guard
from extractor.extract.text.skipping import SkippingPattern, skipping_pattern

LANGS = ("en", "zh", "ko")


@dataclass(frozen=True)
class Cues:
    metric_cues: dict  # lang -> metric -> tuple of lowercased cue words
    bare_cues: dict  # lang -> tuple
    by_quantity: dict
    clause_break: dict  # lang -> skipping.SkippingPattern (found with finditer)
    back_refs: dict  # lang -> skipping.SkippingPattern or None (searched only)
    baseline: dict  # lang -> (before regex, after regex)
    baseline_patterns: dict  # lang -> compiled regex matched right after a name
    topic_markers: re.Pattern | None  # right after a name: the topic of its clause (은, 는)
    modifiers_after: re.Pattern | None  # right after a name: it modifies another (기반, based)
    relative: dict  # lang -> regex of relative pronouns that open a clause ("which")
    not_always: tuple  # of literal_gates.GatedPattern
    not_unitless: tuple
    counted_gap: re.Pattern
    coordination: re.Pattern
    respectively: SkippingPattern  # searched only
    #: lang -> regex of the words that open the other side of a contrast ("——", "whereas")
    contrast_break: dict = None  # type: ignore[assignment]
    #: lang -> regex of what stands between a name and a part of it ("GB300 NVL72 with Blackwell Ultra")
    attached: dict = None  # type: ignore[assignment]


def words_regex(words, latin_word_bounds=True, folded=False) -> re.Pattern | None:
    """One case-insensitive pattern for a list of words, Latin words bounded by non-letters.
    With `folded`, case-sensitive, for texts folded by `literal_gates.fold_ascii_case`: the
    same matches at the same offsets when every word is in lower case and its letters are
    ASCII or without case (`folds_exactly`), and twice as fast on a long text
    (`_literal_words`)."""
    words = sorted({w for w in words if w}, key=len, reverse=True)
    if folded:
        return _literal_words(words, latin_word_bounds)
    pattern = _words_pattern(words, latin_word_bounds)
    # the guard lets a search skip positions no word starts at (see with_first_char_guard)
    return re.compile(with_first_char_guard(pattern), re.IGNORECASE) if pattern else None


def words_searcher(words) -> SkippingPattern | None:
    """`words_regex` for texts only searched (`search`, `finditer`): the same matches,
    found by skipping ahead in C to the words' first characters (`skipping`) where the
    lookahead guard makes an attempt at every position of the text (profiled: the
    "respectively" and back-reference words are searched for every number's sentence)."""
    pattern = _words_pattern(sorted({w for w in words if w}, key=len, reverse=True), True)
    return SkippingPattern(pattern, re.IGNORECASE) if pattern else None


def _words_pattern(words: list[str], latin_word_bounds: bool) -> str:
    """The words (longest first) as one alternation, Latin words bounded by non-letters;
    '' for no words."""
    bodies, lefts, rights = [], [], []
    for w in words:
        bodies.append(re.escape(w))
        lefts.append(r"(?<![A-Za-z])" if latin_word_bounds and w[:1].isascii() and w[:1].isalpha() else "")
        rights.append(r"(?![A-Za-z])" if latin_word_bounds and w[-1:].isascii() and w[-1:].isalpha() else "")
    # the words grouped by first character make a position try one group, not every
    # word (first_char_buckets); neighbours share one copy of their bounds
    return first_char_buckets(bodies, rights, lefts) if bodies else ""


def _literal_words(words: list[str], latin_word_bounds: bool) -> re.Pattern | None:
    """Case-sensitive words (longest first) as one alternation per first character, each
    opening with that character as a literal and checking the left bound after it
    ("s(?<![A-Za-z].)(?:peech|ingle stage)"): Python's engine then skips ahead to possible
    first characters and tries one alternative per position. Same matches as
    `(?<![A-Za-z])speech|(?<![A-Za-z])single stage` (words that start alike keep their
    order; two starting differently never match at one position)."""
    by_first: dict[str, list[str]] = {}
    for w in words:
        by_first.setdefault(w[0], []).append(w)
    alts = []
    for first, group in by_first.items():
        left = r"(?<![A-Za-z].)" if latin_word_bounds and first.isascii() and first.isalpha() else ""
        rests = [re.escape(w[1:]) + (r"(?![A-Za-z])" if latin_word_bounds and w[-1].isascii()
                                     and w[-1].isalpha() else "") for w in group]
        alts.append(f"{re.escape(first)}{left}(?:{'|'.join(rests)})")
    return re.compile("|".join(alts)) if alts else None


def folds_exactly(words) -> bool:
    """Every word is in lower case, its letters ASCII or without case: searched in a text
    folded by `fold_ascii_case`, it matches where it matches the text case-insensitively.

    >>> folds_exactly(["speech recognition", "语音识别"]), folds_exactly(["Speech"]), folds_exactly(["café"])
    (True, False, False)
    """
    return all(ch.isascii() and not ch.isupper() or ch.lower() == ch.upper() for w in words for ch in w)


@lru_cache(maxsize=None)
def cues() -> Cues:
    """The compiled cue words of every language (built once)."""
    metric_cues, bare = {}, {}
    for lang in LANGS:
        lex = lexicons.load(f"metrics_{lang}.json")
        metric_cues[lang] = {m: cue_regex(ws) for m, ws in lex["cues"].items()}
        bare[lang] = tuple(lex.get("bare_number_cues", ()))
    links = lexicons.load("claims_links.json")
    breaks, backs, baseline = {}, {}, {}
    for lang, words in links["clause_breaks"].items():
        # a comma between digits is a thousands separator, not a clause break
        alts = [r"(?<!\d),|,(?!\d)" if w == "," else re.escape(w) for w in words]
        alts += links.get("clause_break_patterns", {}).get(lang, [])
        # (skipping ahead to the breaks' first characters: a pattern opening with a
        # look-behind was tried at every position of every sentence; 2.5 times slower)
        breaks[lang] = SkippingPattern("|".join(alts), re.IGNORECASE)
    for lang, words in links["back_references"].items():
        backs[lang] = words_searcher(words)
    for lang, d in links["baselines"].items():
        baseline[lang] = (words_regex(d.get("before", ())), words_regex(d.get("after", ())),
                          words_regex(d.get("after_phrase", ())))
    patterns = {lang: re.compile("|".join(f"(?:{rx})" for rx in d["after_pattern"]), re.IGNORECASE)
                for lang, d in links["baselines"].items() if d.get("after_pattern")}
    nots = lexicons.load("claims_not.json")
    # every sentence with a number is searched with all of them: each behind a lookahead
    # on its first characters (profiled: an eighth of the stage before the guard) and a
    # gate on the literals its matches hold (a third less again: most sentences hold no
    # ':', '=', month name, '年' ...)
    always = tuple(GatedPattern(rx, re.MULTILINE)
                   for k, rx in nots["always"].items() if not k.startswith("_"))
    unitless = tuple(GatedPattern(rx, re.MULTILINE)
                     for k, rx in nots["when_unitless"].items() if not k.startswith("_"))
    counted = re.compile("|".join(f"(?:{rx})" for rx in links["counted_gap"]), re.IGNORECASE)
    coordination = re.compile(r"\s*(?:" + "|".join(re.escape(w) for w in links["coordination"])
                              + r")\s*", re.IGNORECASE)
    respectively = words_searcher(links["respectively"]) or SkippingPattern(r"(?!x)x")
    return Cues(metric_cues, bare, lexicons.load("metrics_defaults.json")["by_quantity"],
                 breaks, backs, baseline, patterns, after_name_regex(links.get("topic_markers", ())),
                 after_name_regex(links.get("modifiers_after", ())),
                 {lang: words_regex(ws) for lang, ws in links.get("relative_pronouns", {}).items()},
                 always, unitless, counted,
                 coordination, respectively,
                 {lang: re.compile("|".join(re.escape(w) for w in ws))
                  for lang, ws in links.get("contrast_breaks", {}).items() if ws},
                 {lang: re.compile(r"[\s,]*(?:" + "|".join(re.escape(w) for w in ws)
                                   + r")\s*(?:(?:the|its|a|an)\s+)?", re.IGNORECASE)
                  for lang, ws in links.get("attached_after_name", {}).items() if ws})


def after_name_regex(words) -> re.Pattern | None:
    """Words that must follow a name directly (a space or hyphen may stand between) and end
    there: '은' in 'Bow Pod16은 ', 'based' in 'Bow-2000-based'."""
    words = sorted({w for w in words if w}, key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"[\s\-]?(?:" + "|".join(re.escape(w) for w in words) + r")(?![\w])", re.IGNORECASE)


@lru_cache(maxsize=256)
def lang_key(lang: str) -> str:
    """The cue language of a BCP-47 tag: en, zh, ko or und (remembered: asked a hundred
    times per page of the few tags there are).

    >>> lang_key("zh-Hant"), lang_key("en"), lang_key("ja"), lang_key("")
    ('zh', 'en', 'und', 'und')
    """
    base = (lang or "").split("-")[0].lower()
    return base if base in LANGS else "und"


def clause_spans(sentence: str, lang: str) -> list[tuple[int, int]]:
    """(start, end) of the clauses of a sentence, split at the language's clause breaks.

    >>> s = "在IPU-POD128上為5.67分鐘,在IPU-POD256上為3.79分鐘"
    >>> [s[a:b] for a, b in clause_spans(s, "zh")]
    ['在IPU-POD128上為5.67分鐘', '在IPU-POD256上為3.79分鐘']
    >>> s = "1,750 GB and 3 TB"
    >>> [s[a:b] for a, b in clause_spans(s, "en")]
    ['1,750 GB', '3 TB']
    """
    return list(_clause_spans(sentence or "", lang_key(lang)))


@lru_cache(maxsize=32)
def _clause_spans(sentence: str, lk: str) -> tuple[tuple[int, int], ...]:
    """`clause_spans`, remembered for the last sentences (the claim stage and the roles
    of a sentence's names ask for the same sentence's clauses)."""
    c = cues()
    rx = c.clause_break.get(lk) or c.clause_break["und"]
    spans, pos, n = [], 0, len(sentence)
    for start, end in rx.spans(sentence):
        if start > pos:
            spans.append((pos, start))
        pos = end
    if pos < n:
        spans.append((pos, n))
    return tuple(spans) or ((0, n),)


def across_contrast(sentence: str, lang: str, start: int, end: int) -> bool:
    """Whether a contrast break ("——", "whereas", "而", "반면") stands between `start` and
    `end` of the sentence: the two sides of "A: 311.9 minutes —— B: 64.3 minutes" each
    keep their own name.

    >>> s = "384个加速器上的训练时间仅为311.9分钟——512个NVIDIA H100加速器需要64.3分钟"
    >>> across_contrast(s, "zh", 20, s.index("H100")), across_contrast(s, "zh", 0, 10)
    (True, False)
    """
    rx = (cues().contrast_break or {}).get(lang_key(lang))
    return rx is not None and start < end and rx.search(sentence, start, end) is not None


def cue_regex(words) -> re.Pattern | None:
    """One pattern for a list of cue words, for presence tests (`search` finds a match
    exactly where one of the words stands, but the match is only its first character):
    Latin words must start a word ("train" matches "training" but not "restrain"); others
    match anywhere (Chinese, Korean). Up to 13 are searched per claim (`metric_for`): a
    pattern that skips ahead to the words' first characters (`skipping_pattern`) instead
    of a lookahead guard tried at every position (a third faster on sentences).

    >>> rx = cue_regex(["train", "학습"])
    >>> bool(rx.search("training took 5 min")), bool(rx.search("restrain")), bool(rx.search("학습 시간"))
    (True, False, True)
    """
    words = sorted({w.lower() for w in words if w}, key=len, reverse=True)
    if not words:
        return None
    lefts = [r"(?<![a-z])" if w[:1].isascii() and w[:1].isalpha() else "" for w in words]
    pattern = first_char_buckets([re.escape(w) for w in words], prefixes=lefts)
    return skipping_pattern(pattern) or re.compile(with_first_char_guard(pattern))
