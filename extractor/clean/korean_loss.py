"""Dropped Korean syllables, found by the grammar of a morphological analyser (Kiwi).

A page that lost its one-syllable words and particles ("사용할 수 있는" -> "사용할 있는",
"2배 빠른" -> "2 빠른", "6일 밝혔다" -> "6 밝혔다") breaks rules that Korean grammar
never breaks, whatever the words: Kiwi (kiwipiepy) tags each morpheme, and a signal is
a place where two neighbouring words are tagged in an order well-formed Korean does not
have (lexicon `clean_ko_loss.json` holds the tags):

- `adnominal_then_predicate`: a future adnominal ending (-ㄹ/-을) right before a verb or
  adjective: the dependent noun between them (수, 것, 줄) is missing;
- `adnominal_then_existential`: any adnominal ending (-ㄴ/-은/-는/-던 too) right before
  있다, 없다 or 같다: the dependent noun between them (바, 것, 적) is missing
  ("공시한 바 있다" -> "공시한 있다", "하는 것 같다" -> "하는 같다");
- `number_then_word`: a free-standing number right before a verb, an adjective or a
  common noun: its counter or unit (배, 년, 일, 억) is missing; or glued to a bracket
  that opens Korean words: a date's 일 is missing ("19일(현지시간)" -> "19(현지시간)").
  A number that belongs to a name (H100, 가우디 3, ResNet-50) is not one.

Single signals occur in sound text (0.05 per 1000 Hangul syllables on 1000 well-formed
news sentences, none on the development set's 22 sound Korean pages), so a page is
marked only when they are several and dense (`CleanConfig.ko_min_drop_signals`,
`ko_min_drop_density`).

Cost: Kiwi loads once per process (1-2.5 s and 234 MB), on the first page with
enough Hangul; worker processes load their own. Only the few words around candidate
places (a syllable with final ㄹ other than the particle 를, or with final ㄴ before
있/없/같, or a free-standing number, then a space or a bracket and Hangul) are analysed, not the whole page.
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


def _final_class(final: int) -> str:
    """Hangul syllables with one final consonant (8: ㄹ as in 할, 될, 을; 4: ㄴ as in
    한, 된, 는): where an adnominal ending -ㄹ/-을 or -ㄴ/-은/-는 ends a word."""
    return "".join(chr(0xAC00 + 28 * i + final) for i in range(19 * 21))


# candidate places, found without the analyser: a syllable with final ㄹ, or a
# free-standing number, then spaces (or, for the number, a bracket) and a Hangul syllable
_ADNOMINAL_CANDIDATE_RE = re.compile(f"[{_final_class(8)}](?<!를) +(?=[\uac00-\ud7a3])")
# ... or a syllable with final ㄴ before 있/없/같 (where -ㄴ/-는 may lack its 바, 것, 적)
_PAST_ADNOMINAL_CANDIDATE_RE = re.compile(f"[{_final_class(4)}] +(?=[있없같])")
# (the digit first, what stands before it looked behind at from there: a pattern that
# starts with a look-behind is tried at every character, 2.4x slower on Korean pages)
_NUMBER_CANDIDATE_RE = re.compile(
    "\\d(?<![\\w.\\-/:~'\"\u2018\u201c]\\d)[\\d,]*(?:\\.\\d+)?(?: +|\\()(?=[\uac00-\ud7a3])")


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
        "needs_dependent_noun": frozenset(lex.get("dependent_noun_predicates", ["있", "없", "같"])),
    }


def _word_start(text: str, pos: int) -> int:
    return max(text.rfind(" ", 0, pos), text.rfind("\n", 0, pos)) + 1


def _windows(text: str) -> list[tuple[int, int]]:
    """(start, end) of the words around each candidate place, merged where they overlap:
    the word of a final ㄹ and the word after it; the word before a number, the number
    and the word after it. (Kiwi then tags a few words out of their sentence, which is
    enough for these rules and 3-4 times faster than the whole page.)"""
    found = []
    for pattern in (_ADNOMINAL_CANDIDATE_RE, _PAST_ADNOMINAL_CANDIDATE_RE):
        found += [(_word_start(text, m.start()), m.end()) for m in pattern.finditer(text)]
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


def _number_is_a_name(tokens: list, i: int, after: str) -> bool:
    """Whether the number `tokens[i]` belongs to a name or version (H100, ResNet-50,
    가우디 3, ver 4, 프로 9000) rather than standing for a quantity."""
    tags = _tags()
    if i == 0:
        return False
    before, a = tokens[i - 1], tokens[i]
    glued = before.start + before.len == a.start and before.tag not in tags["opening"]
    if glued or before.tag in tags["name"]:
        return True
    # "프로 9000 프로세서", "제미나이 2.5 같은": a model number after a noun; "최대 2.6
    # 단축하여" (a verb made of a noun) is not one
    return before.tag in tags["noun"] and not (tokens[i + 1].tag in tags["noun"] and after in tags["verb_suffix"])


def _signal_at(tokens: list, i: int, text: str) -> tuple[int, int] | None:
    """(start, end) in `text` of the signal between `tokens[i]` and `tokens[i + 1]`."""
    tags = _tags()
    a, b = tokens[i], tokens[i + 1]
    gap = text[a.start + a.len:b.start]
    after = tokens[i + 2].tag if i + 2 < len(tokens) else ""
    if not gap:
        # "19(현지시간)", "7(미국 현지시간)": a date's 일 (or another counter) lost
        # before a bracketed note
        if a.tag in tags["number"] and b.tag in tags["opening"] and text[b.start] in "([" \
                and _HANGUL_RUN_RE.match(text, b.start + b.len) and not _number_is_a_name(tokens, i, ""):
            return a.start, b.start + b.len
        return None
    if not gap.isspace() or "\n" in gap:
        return None  # words on different lines
    if a.tag in tags["adnominal"] and b.tag in tags["predicate"]:
        word_start = a.start + a.len - len(_HANGUL_WORD_END_RE.search(text, 0, a.start + a.len).group())
        if a.form in tags["future_adnominal"] and after not in tags["nominaliser"]:
            return word_start, b.start + b.len
        if b.form in tags["needs_dependent_noun"]:
            # "공시한 있다", "하는 같다": 바, 것, 적 lost between -ㄴ/-는 and 있다/같다
            return word_start, b.start + b.len
    elif a.tag in tags["number"] and b.tag in tags["after_number"] and not _number_is_a_name(tokens, i, after):
        return a.start, b.start + b.len
    return None


def _signals(tokens: list, text: str) -> list[tuple[int, int]]:
    """(start, end) in `text` of each place where the tagged words break the grammar."""
    tags = _tags()
    first = tags["adnominal"] | tags["number"]  # every signal starts with one of these
    return [span for i in range(len(tokens) - 1) if tokens[i].tag in first and (span := _signal_at(tokens, i, text))]


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
