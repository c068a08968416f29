"""Loss detection: which spans of the cleaned text lost characters, and how much.

Kinds of loss:
- `question_marks`: letters replaced by "?" (a non-ASCII page saved through a Latin-1
  channel). Runs of "?" and "?" glued to letters are lost letters; on a page where such
  damage is common every "?" is taken as lost.
- `replacement_char`: U+FFFD runs (undecodable bytes).
- `dropped_syllables`: Korean text whose one-syllable words and particles were dropped
  ("최대 2.6 빠른" lost 배). Each signal (`korean_loss`, from a morphological analyser's
  tags) is a place where Korean grammar needs a syllable that is not there; single
  signals occur in sound text, so a page is marked only when they are several and dense.
- `guessed_bytes`, `replaced_name`: recorded by the repairs themselves (see `mojibake`,
  `annotations`); they lose no letters of the page's text.

`lossy_ratio` = lost letters / (letters + lost letters).
"""
from __future__ import annotations

import re

from extractor.clean import korean_loss
from extractor.clean.records import CleanConfig, LossySpan

# runs of letters: counting their lengths is twice as fast as a list of every letter
_LETTER_RUN_RE = re.compile(r"[^\W\d_]+")
_QUESTION_RUN_RE = re.compile(r"\?+")
# runs of "?", "?" glued to a following letter, "?" between letters, "?" after a number
# followed by another number ("2007? 11? 13?" for "2007년 11월 13일")
# (every branch starts at the "?", which the engine then finds by a fast scan; branches
# that started with a look-behind made it try every character of the page, 20x slower)
_DAMAGED_Q_RE = re.compile(r"\?(?:\?+|(?=[^\W_])|(?<=[^\W\d_]\?)(?=[^\s.,!?\"')\]])|(?<=\d\?)(?= \d))")
_FFFD_RE = re.compile("\ufffd+")
#: share of "?" in damaged shapes above which every "?" of the page is a lost letter
PAGE_QUESTION_DAMAGE = 0.5
#: minimum damaged "?" for the page-wide rule (a few "??" are style, not damage)
MIN_DAMAGED_QUESTIONS = 5


def find_dropped_syllables(text: str, config: CleanConfig) -> list[LossySpan]:
    """Spans where Korean syllables were dropped, when the page shows that damage
    (`korean_loss`: the grammar of Kiwi's tags, loaded only for pages with Hangul).

    >>> find_dropped_syllables("No Korean here, 2.6 times faster.", CleanConfig())
    []
    """
    return korean_loss.find_dropped_syllables(text, config.ko_min_drop_signals, config.ko_min_drop_density)


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
        letters = sum(map(len, _LETTER_RUN_RE.findall(text)))
        ratio = n_lost / (letters + n_lost)
    spans.sort(key=lambda s: (s.start, s.end))
    return spans, round(ratio, 4), lost
