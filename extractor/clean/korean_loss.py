"""Dropped Korean syllables, found by the grammar of a morphological analyser (Kiwi).

A page that lost its one-syllable words and particles ("사용할 수 있는" -> "사용할 있는",
"2배 빠른" -> "2 빠른", "6일 밝혔다" -> "6 밝혔다") breaks rules that Korean grammar
never breaks, whatever the words: Kiwi (kiwipiepy) tags each morpheme, and a signal is
a place where two neighbouring words are tagged in an order well-formed Korean does not
have (lexicon `clean_ko_loss.json` holds the tags):

- `adnominal_then_predicate`: a future adnominal ending (-ㄹ/-을) right before a verb or
  adjective: the dependent noun between them (수, 것, 줄) is missing;
- `number_then_word`: a free-standing number right before a verb, an adjective or a
  common noun: its counter or unit (배, 년, 일, 억) is missing. A number that belongs to
  a name (H100, 가우디 3, ResNet-50) is not one.

Single signals occur in sound text (0.05 per 1000 Hangul syllables on 1000 well-formed
news sentences, none on the development set's 16 sound Korean pages), so a page is
marked only when they are several and dense (`CleanConfig.ko_min_drop_signals`,
`ko_min_drop_density`).

Cost: Kiwi loads once per process (1-2.5 s and 234 MB), on the first page with
enough Hangul; worker processes load their own. Only the few words around candidate
places (a syllable with final ㄹ other than the particle 를, or a free-standing number,
then a space and Hangul) are analysed, not the whole page.
"""
from __future__ import annotations

import logging
import re
import warnings
from functools import lru_cache

from extractor.clean.lexicon import load_lexicon
from extractor.clean.records import LossySpan

logger = logging.getLogger(__name__)

# (syllables are counted by runs: a list of every syllable of a page costs twice as much)
_HANGUL_RUN_RE = re.compile("[\uac00-\ud7a3]+")
_HANGUL_WORD_END_RE = re.compile("[\uac00-\ud7a3]*$")


def _final_rieul_class() -> str:
    """Hangul syllables with final consonant ㄹ (할, 될, 볼, 을): where -ㄹ/-을 ends a word."""
    return "".join(chr(0xAC00 + 28 * i + 8) for i in range(19 * 21))


# candidate places, found without the analyser: a syllable with final ㄹ, or a
# free-standing number, then spaces and a Hangul syllable
_ADNOMINAL_CANDIDATE_RE = re.compile(f"[{_final_rieul_class()}](?<!를) +(?=[\uac00-\ud7a3])")
# (the digit first, what stands before it looked behind at from there: a pattern that
# starts with a look-behind is tried at every character, 2.4x slower on Korean pages)
_NUMBER_CANDIDATE_RE = re.compile(
    "\\d(?<![\\w.\\-/:~'\"\u2018\u201c]\\d)[\\d,]*(?:\\.\\d+)? +(?=[\uac00-\ud7a3])")


@lru_cache(maxsize=1)
def kiwi():
    """The process's Kiwi analyser, loaded on first use (1-2.5 s, 234 MB).

    Each process (a `-j` worker, a Dask worker) loads its own; a parent that loaded it
    before forking shares it with its children."""
    from kiwipiepy import Kiwi  # imported here: pages without Hangul never pay for it

    logger.debug("loading the Kiwi Korean analyser")
    with warnings.catch_warnings():
        # num_workers=0: one thread (a -j worker must not start a pool of its own);
        # kiwipiepy warns that 0 meant "all cores" before 0.21. Without its dictionaries
        # of proper nouns, multi-word names and typos Kiwi takes 234 MB instead of 491,
        # and the signals are the same (dev set, 1000 sentences, seed 003): the rules
        # treat proper and common nouns alike
        warnings.simplefilter("ignore", DeprecationWarning)
        analyser = Kiwi(num_workers=0, load_default_dict=False, load_multi_dict=False, load_typo_dict=False)
    analyser.tokenize("가")  # Kiwi finishes loading on its first call
    return analyser


@lru_cache(maxsize=None)
def _tags() -> dict:
    lex = load_lexicon("clean_ko_loss")
    return {
        "future_adnominal": frozenset(lex.get("future_adnominal_forms", ["ᆯ", "을"])),
        "adnominal": frozenset(lex.get("adnominal_tags", ["ETM"])),
        "predicate": frozenset(lex.get("predicate_tags", ["VV", "VA", "VX", "VCN"])),
        "nominaliser": frozenset(lex.get("nominaliser_tags", ["ETN"])),
        "number": frozenset(lex.get("number_tags", ["SN"])),
        "after_number": frozenset(lex.get("missing_counter_before_tags", ["VV", "VA", "NNG"])),
        "name": frozenset(lex.get("name_tags", ["SL", "SH", "NNP", "SW"])),
        "noun": frozenset(lex.get("noun_tags", ["NNG"])),
        "verb_suffix": frozenset(lex.get("verb_suffix_tags", ["XSV", "XSA"])),
        "opening": frozenset(lex.get("opening_tags", ["SSO", "SS"])),
    }


def _word_start(text: str, pos: int) -> int:
    return max(text.rfind(" ", 0, pos), text.rfind("\n", 0, pos)) + 1


def _windows(text: str) -> list[tuple[int, int]]:
    """(start, end) of the words around each candidate place, merged where they overlap:
    the word of a final ㄹ and the word after it; the word before a number, the number
    and the word after it. (Kiwi then tags a few words out of their sentence, which is
    enough for these rules and 3-4 times faster than the whole page.)"""
    found = []
    for m in _ADNOMINAL_CANDIDATE_RE.finditer(text):
        found.append((_word_start(text, m.start()), m.end()))
    for m in _NUMBER_CANDIDATE_RE.finditer(text):
        word_start = _word_start(text, m.start())
        found.append((_word_start(text, max(0, word_start - 1)) if word_start else 0, m.end()))
    spans: list[tuple[int, int]] = []
    for start, after in sorted(found):
        ends = [e for e in (text.find(" ", after), text.find("\n", after)) if e >= 0]
        end = min(ends) if ends else len(text)
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
        else:
            spans.append((start, end))
    return spans


def _signals(tokens: list, text: str) -> list[tuple[int, int]]:
    """(start, end) in `text` of each place where the tagged words break the grammar."""
    tags = _tags()
    out = []
    for i in range(1, len(tokens)):
        a, b = tokens[i - 1], tokens[i]
        gap = text[a.start + a.len:b.start]
        if not gap or not gap.isspace() or "\n" in gap:
            continue  # one word, or words on different lines
        after = tokens[i + 1].tag if i + 1 < len(tokens) else ""
        if a.tag in tags["adnominal"] and a.form in tags["future_adnominal"] \
                and b.tag in tags["predicate"] and after not in tags["nominaliser"]:
            start = a.start + a.len - len(_HANGUL_WORD_END_RE.search(text, 0, a.start + a.len).group())
            out.append((start, b.start + b.len))
        elif a.tag in tags["number"] and b.tag in tags["after_number"]:
            before = tokens[i - 2] if i >= 2 else None
            if before is not None:
                glued = before.start + before.len == a.start and before.tag not in tags["opening"]
                if glued or before.tag in tags["name"]:
                    continue  # part of a name or version: H100, ResNet-50, 가우디 3, ver 4
                if before.tag in tags["noun"] and not (b.tag in tags["noun"] and after in tags["verb_suffix"]):
                    # "프로 9000 프로세서", "제미나이 2.5 같은": a model number after a noun;
                    # "최대 2.6 단축하여" (a verb made of a noun) is not one
                    continue
            out.append((a.start, b.start + b.len))
    return out


def find_dropped_syllables(text: str, min_signals: int, min_density: float) -> list[LossySpan]:
    """Spans where Korean syllables were dropped, when the page shows that damage: at
    least `min_signals` signals and `min_density` per 1000 Hangul syllables.

    >>> damaged = ("성적을 받았다” 6 밝혔다. 다양한 분야에 사용할 있는 장치다. "
    ...            "엔비디아보다 최고 2 빨라. 퀄컴 제품보다는 1.8 빠른 속도로 처리했다.")
    >>> [damaged[s.start:s.end] for s in find_dropped_syllables(damaged, 2, 1.5)]
    ['6 밝혔', '사용할 있', '1.8 빠른']
    >>> find_dropped_syllables("이 모델은 2.6배 빨라졌고 1,750억 개의 매개변수를 학습할 수 있습니다. "
    ...                        "엔비디아 H100 칩과 가우디 3 프로세서 8개를 비교했다.", 2, 1.5)
    []
    """
    n_hangul = sum(map(len, _HANGUL_RUN_RE.findall(text)))
    if n_hangul < 20:
        return []
    windows = _windows(text)
    if len(windows) < min_signals:
        return []
    analyser = kiwi()
    spans = []
    for a, b in windows:
        window = text[a:b]
        spans += [LossySpan(a + s, a + e, "dropped_syllables") for s, e in _signals(analyser.tokenize(window), window)]
    if len(spans) < min_signals or 1000 * len(spans) / n_hangul < min_density:
        return []
    return spans
