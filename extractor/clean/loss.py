"""Loss detection: which spans of the cleaned text lost characters, and how much.

Kinds of loss:
- `question_marks`: letters replaced by "?" (a non-ASCII page saved through a Latin-1
  channel). Runs of "?" and "?" glued to letters are lost letters; on a page where such
  damage is common every "?" is taken as lost.
- `replacement_char`: U+FFFD runs (undecodable bytes).
- `dropped_syllables`: Korean text whose one-syllable words and particles were dropped
  ("최대 2.6 단축" lost 배). Each signal (lexicon `clean_ko_loss.json`) is a place where
  Korean grammar needs a syllable that is not there; single signals occur in sound text,
  so a page is marked only when they are many and dense.
- `guessed_bytes`, `replaced_name`: recorded by the repairs themselves (see `mojibake`,
  `annotations`); they lose no letters of the page's text.

`lossy_ratio` = lost letters / (letters + lost letters).
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor.clean.lexicon import load_lexicon
from extractor.clean.records import CleanConfig, LossySpan

_LETTER_RE = re.compile(r"[^\W\d_]")
_QUESTION_RUN_RE = re.compile(r"\?+")
# runs of "?", "?" glued to a following letter, "?" between letters, "?" after a number
# followed by another number ("2007? 11? 13?" for "2007년 11월 13일")
_DAMAGED_Q_RE = re.compile(r"\?{2,}|\?(?=[^\W_])|(?<=[^\W\d_])\?(?=[^\s.,!?\"')\]])|(?<=\d)\?(?= \d)")
_FFFD_RE = re.compile("\ufffd+")
_HANGUL_RE = re.compile("[\uac00-\ud7a3]")
# a Latin-script name (BERT, IPU-POD, ResNet-50, "(Google)") ending right before a position
_LATIN_NAME_BEFORE_RE = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9\-]*[A-Za-z0-9]\)?$")
#: share of "?" in damaged shapes above which every "?" of the page is a lost letter
PAGE_QUESTION_DAMAGE = 0.5
#: minimum damaged "?" for the page-wide rule (a few "??" are style, not damage)
MIN_DAMAGED_QUESTIONS = 5


# a number standing alone: not part of a name (ResNet-50), version, date, range or title
_NUMBER_START = r"(?<![\w.\-/:~\u00b7`'\"\u2018\u201c])(?<![A-Za-z] )"


def _rieul_final_class() -> str:
    """Character class of the Hangul syllables with final consonant ㄹ (할, 될, 줄, ...)."""
    return "".join(chr(0xAC00 + 28 * i + 8) for i in range(19 * 21))


@lru_cache(maxsize=None)
def _ko_patterns() -> dict:
    lex = load_lexicon("clean_ko_loss")
    exist = "|".join(map(re.escape, lex.get("exist_words", ["있", "없"])))
    counters = "|".join(map(re.escape, lex.get("ordinal_counter", ["번째"])))
    endings = "|".join(map(re.escape, sorted(lex.get("predicate_endings", []), key=len, reverse=True)))
    allowed = "|".join(map(re.escape, lex.get("number_words_allowed", [])))
    return {
        # the syllable before the gap; its word is found by walking back (a leading
        # [가-힣]* would make the search quadratic on long Korean words)
        "adnominal_then_exist": re.compile(rf"[{_rieul_final_class()}]\s+(?=(?:{exist}))"),
        "not_adnominal": frozenset(lex.get("not_adnominal", [])),
        "bare_number_then_hangul": re.compile(
            _NUMBER_START + r"\d[\d,]*(?:\.\d+)?\s+" + (rf"(?!(?:{allowed})\b)" if allowed else "")
            + r"(?=[\uac00-\ud7a3])"),
        "ordinal_counter": re.compile(counters),
        "numerals": tuple(lex.get("numerals", [])),
        # the ending is searched first (it is rare); the Latin name before it is checked after
        "latin_then_predicate": re.compile(rf"(?<=[A-Za-z0-9)])\s+(?:{endings})(?![\uac00-\ud7a3])"
                                           if endings else r"(?!x)x"),
    }


def _numeral_lookbehind_ok(text: str, start: int, numerals: tuple[str, ...]) -> bool:
    """True when the word before `start` is a numeral (첫, 두, 다섯, ...)."""
    before = text[max(0, start - 6):start].rstrip()
    return any(before.endswith(n) for n in numerals)


def find_dropped_syllables(text: str, config: CleanConfig) -> list[LossySpan]:
    """Spans where Korean syllables were dropped, when the page shows that damage.

    >>> page = ("최대 2.6 단축됩니다. 학습할 있습니다. 실행할 있는 모델. "
    ...         "1,750 개의 매개변수. 번째 포스팅입니다. 사용할 있습니다.")
    >>> len(find_dropped_syllables(page, CleanConfig())) >= 3
    True
    >>> find_dropped_syllables("이 모델은 2.6배 빨라졌고 1,750억 개의 매개변수를 학습할 수 있습니다.", CleanConfig())
    []
    """
    n_hangul = len(_HANGUL_RE.findall(text))
    if n_hangul < 20:
        return []
    pats = _ko_patterns()
    spans: list[LossySpan] = []
    for m in pats["adnominal_then_exist"].finditer(text):
        start = m.start()
        while start > 0 and "\uac00" <= text[start - 1] <= "\ud7a3":
            start -= 1
        if text[start:m.start() + 1] in pats["not_adnominal"]:
            continue
        spans.append(LossySpan(start, m.end() + 1, "dropped_syllables"))
    for m in pats["bare_number_then_hangul"].finditer(text):
        spans.append(LossySpan(m.start(), m.end() + 1, "dropped_syllables"))
    for m in pats["ordinal_counter"].finditer(text):
        before = text[m.start() - 1:m.start()]
        if before and ("\uac00" <= before <= "\ud7a3" or before.isdigit()):
            continue  # glued to a word or number: 두번째, 2번째
        if not _numeral_lookbehind_ok(text, m.start(), pats["numerals"]):
            spans.append(LossySpan(m.start(), m.end(), "dropped_syllables"))
    for m in pats["latin_then_predicate"].finditer(text):
        name = _LATIN_NAME_BEFORE_RE.search(text, max(0, m.start() - 40), m.start())
        if name:
            spans.append(LossySpan(name.start(), m.end(), "dropped_syllables"))
    if len(spans) < config.ko_min_drop_signals or \
            1000 * len(spans) / n_hangul < config.ko_min_drop_density:
        return []
    spans.sort(key=lambda s: s.start)
    return spans


def find_question_mark_loss(text: str) -> list[LossySpan]:
    """Runs of "?" that stand for lost letters.

    >>> [(s.start, s.end) for s in find_question_mark_loss("IPU-POD16?? 28.3?? ?? ?? ??? ?")]
    [(9, 11), (16, 18), (19, 21), (22, 24), (25, 28), (29, 30)]
    >>> find_question_mark_loss("Is it faster? Yes.")
    []
    """
    if text.count("?") < MIN_DAMAGED_QUESTIONS:
        return []
    damaged = _DAMAGED_Q_RE.findall(text)
    n_damaged = sum(len(d) for d in damaged)
    if n_damaged < MIN_DAMAGED_QUESTIONS:
        # a few "??" or "그래?라며" are writing style, not damage
        return []
    everything = n_damaged >= PAGE_QUESTION_DAMAGE * text.count("?")
    pattern = _QUESTION_RUN_RE if everything else _DAMAGED_Q_RE
    return [LossySpan(m.start(), m.end(), "question_marks") for m in pattern.finditer(text)]


def measure_loss(text: str, config: CleanConfig) -> tuple[list[LossySpan], float, dict[str, int]]:
    """(lossy spans, lossy_ratio, lost characters per kind) for a cleaned text."""
    spans = find_question_mark_loss(text)
    spans += [LossySpan(m.start(), m.end(), "replacement_char") for m in _FFFD_RE.finditer(text)]
    dropped = find_dropped_syllables(text, config)
    lost = {"question_marks": 0, "replacement_char": 0, "dropped_syllables": len(dropped)}
    for s in spans:
        lost[s.kind] += s.end - s.start
    spans += dropped
    n_lost = sum(lost.values())
    ratio = 0.0
    if n_lost:
        letters = len(_LETTER_RE.findall(text))
        ratio = n_lost / (letters + n_lost)
    spans.sort(key=lambda s: (s.start, s.end))
    return spans, round(ratio, 4), lost
