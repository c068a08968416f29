"""Injected annotations: pinyin pasted after Han characters, and brand-name replacements.

Mirror sites paste pinyin readings into Chinese text ("計(jì)算", "業(yè)界"). A bracketed
group right after a Han character is removed only when it is a run of real pinyin
syllables with a tone (lexicon `clean_pinyin.json`), so "(NLP)" and "(Google)" stay.

Spam mirrors also replace a company's name by their own brand in foreign script inside
English sentences ("91视频APP's first MLPerf results"). The true name is gone; the
occurrences are flagged (text unchanged, spans recorded) for extraction to distrust.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from extractor.clean.lexicon import load_lexicon, spam_terms
from extractor.clean.tracking import RepairLog

_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# a bracket opening on pinyin-like letters with a tone (mark or digit): the fast pre-check
_TONED_GROUP_RE = re.compile("[(（]\\s*[a-zü]{0,5}(?:[āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜńňǹḿ]|[a-zü][1-5]\\b)")
# (the bracket first, the Han character before it looked behind at from there: a pattern
# that starts with a look-behind is tried at every character of the page, 3x slower)
_CANDIDATE_RE = re.compile(rf"[(（](?<=[{_HAN}][(（])\s*([^\s()（）]{{1,30}}(?: [^\s()（）]{{1,10}}){{0,3}})\s*[)）]")


@lru_cache(maxsize=None)
def _syllables_re() -> tuple[re.Pattern, dict[str, str]]:
    lex = load_lexicon("clean_pinyin")
    initials = sorted(lex.get("initials", []), key=len, reverse=True)
    finals = sorted(lex.get("finals", []), key=len, reverse=True)
    syllable = f"(?:{'|'.join(initials)})(?:{'|'.join(finals)})[1-5]?"
    return re.compile(f"(?:{syllable})(?: ?(?:{syllable}))*"), lex.get("tone_marks", {})


@lru_cache(maxsize=4096)
def is_pinyin(group: str) -> bool:
    """True for a tone-marked run of pinyin syllables.

    >>> is_pinyin("jì"), is_pinyin("yè"), is_pinyin("NLP"), is_pinyin("Google"), is_pinyin("ma")
    (True, True, False, False, False)
    """
    syllables_re, tone_marks = _syllables_re()
    low = unicodedata.normalize("NFC", group.lower())
    toned = any(ch in tone_marks for ch in low) or bool(re.search(r"[a-zü][1-5]\b", low))
    if not toned or group != group.lower():
        return False
    plain = "".join(tone_marks.get(ch, ch) for ch in low)
    return bool(syllables_re.fullmatch(plain))


#: annotations stacked on one character that are removed
MAX_STACKED = 4


def remove_pinyin(text: str, log: RepairLog) -> str:
    """Drop pinyin groups pasted after Han characters.

    >>> remove_pinyin("智能計(jì)算 > 業(yè)界動態(tài),自然語言處理(NLP)", RepairLog())
    '智能計算 > 業界動態,自然語言處理(NLP)'
    """
    if "(" not in text and "（" not in text or not _TONED_GROUP_RE.search(text):
        return text

    def _sub(m: re.Match) -> str:
        if is_pinyin(m.group(1)):
            log.removed("pinyin_annotations", m.group())
            return ""
        return m.group()

    # further passes take annotations stacked on one character: 計(jì)(jì)
    for _ in range(MAX_STACKED):
        cleaned = _CANDIDATE_RE.sub(_sub, text)
        if cleaned == text:
            break
        text = cleaned
    return text


_FOREIGN = f"{_HAN}\u3040-\u30ff\uac00-\ud7a3"
# (a token starts where no letter or digit stands before it, the only place a leftmost
# match can start: without the look-behind each letter of a Latin word retries the rest)
_INSERTION_RE = re.compile(rf"(?<![A-Za-z0-9])[A-Za-z0-9]*[{_FOREIGN}][{_FOREIGN}A-Za-z0-9]*")
_LATIN_WORD_RE = re.compile(r"[A-Za-z]{2,}")
#: a line is "English" for this check when its letters are at least this share Latin
MIN_LATIN_SHARE = 0.85


def flag_brand_replacements(text: str, log: RepairLog) -> str:
    """Mark foreign-script names inside English lines that look like brand spam.

    A short CJK token inside an otherwise Latin line is suspicious when it is glued to
    Latin letters or digits ("91视频APP") or holds a spam term; it is recorded as
    `brand_replacement_spam` and left in place (the true name cannot be recovered).

    >>> flag_brand_replacements("We are delighted: 91视频APP's first MLPerf results are in.", RepairLog()).count("\U0010fffd")
    1
    """
    if text.isascii():
        return text
    terms = spam_terms()
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.isascii():
            continue
        latin_words = _LATIN_WORD_RE.findall(line)
        if len(latin_words) < 3:
            continue
        tokens = _INSERTION_RE.findall(line)
        if not tokens:
            continue
        foreign = sum(map(len, tokens))
        latin = sum(map(len, latin_words))
        if latin / (latin + foreign) < MIN_LATIN_SHARE:
            continue

        def _flag(m: re.Match) -> str:
            token = m.group()
            glued = not token.isalpha() or bool(re.search(r"[A-Za-z]", token))
            if len(token) <= 12 and (glued or any(t in token for t in terms)):
                return log.replaced("brand_replacement_spam", token, token, "replaced_name")
            return token

        lines[i] = _INSERTION_RE.sub(_flag, line)
    return "\n".join(lines)
