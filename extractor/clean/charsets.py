"""Which characters are *common* in text of a language, derived from the codecs' own tables.

Everyday Chinese, Korean and Japanese text is written almost entirely with the characters
that their national standards put in their "frequent" levels: GB2312 level 1 (3755 Han,
simplified), Big5 frequent characters (5401 Han, traditional), JIS X 0208 level 1 (2965
kanji), the 2350 Hangul syllables of KS X 1001, plus kana and punctuation. Mojibake, in
contrast, is made of whatever characters the wrong codec maps byte pairs to, mostly rare
ones. The sets are computed from Python's codecs at first use, so no word lists are needed.
"""
from __future__ import annotations

import re
from functools import lru_cache


def _decode_range(codec: str, leads: range, trails: range) -> set[str]:
    chars = set()
    for lead in leads:
        for trail in trails:
            try:
                ch = bytes((lead, trail)).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(ch) == 1:
                chars.add(ch)
    return chars


@lru_cache(maxsize=1)
def common_chinese_chars() -> frozenset[str]:
    """The frequent characters of Chinese text alone (GB2312 level 1, Big5 frequent).

    >>> "尾" in common_chinese_chars(), "脳" in common_chinese_chars()
    (True, False)
    """
    return frozenset(_decode_range("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF))
                     | _decode_range("big5", range(0xA4, 0xC7), range(0x40, 0xFF)))


@lru_cache(maxsize=None)
def common_cjk_chars() -> frozenset[str]:
    """Frequent Han characters (simplified and traditional), kanji, Hangul syllables and kana.

    >>> {"的", "們", "한", "の"} <= common_cjk_chars()
    True
    >>> "鈥" in common_cjk_chars() or "檚" in common_cjk_chars()
    False
    """
    chars = _decode_range("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF))
    chars |= _decode_range("big5", range(0xA4, 0xC7), range(0x40, 0xFF))
    chars |= _decode_range("shift_jis", range(0x88, 0xA0), range(0x40, 0xFD))
    chars |= _decode_range("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))
    chars |= {chr(c) for c in range(0x3041, 0x3097)} | {chr(c) for c in range(0x30A1, 0x30FB)}
    return frozenset(chars)


#: punctuation and symbols that ordinary text of any of our languages uses (no Latin
#: letters: "为什ô" is not a better reading than "为什" + a real character)
COMMON_SYMBOLS = (
    "\u00a0\u00a9\u00ae\u00b0\u00b1\u00b2\u00b3\u00b7\u00bd\u00bc\u00d7\u00f7"
    "\u2010-\u2027\u2030\u2032\u2033\u2039\u203a\u20ac\u2103\u2116\u2122\u2190-\u2193"
    "\u2192\u2194\u2212\u2264\u2265\u223c\u2248\u2260\u203b\u25a0-\u25ff\u2605\u2606"
    "\u3000-\u303f\uff01-\uff5e\u30fb\u30fc"
)


def char_class(chars: frozenset[str]) -> str:
    """A regex character class body for `chars`, written as code-point ranges."""
    points = sorted(ord(c) for c in chars)
    parts, start = [], None
    prev = None
    for p in points:
        if start is None:
            start = prev = p
        elif p == prev + 1:
            prev = p
        else:
            parts.append((start, prev))
            start = prev = p
    if start is not None:
        parts.append((start, prev))
    return "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
                   for a, b in parts)


@lru_cache(maxsize=None)
def common_char_re() -> re.Pattern:
    """Matches one common non-ASCII character (CJK frequent set or common symbol)."""
    return re.compile(f"[{char_class(common_cjk_chars())}{COMMON_SYMBOLS}]")


NON_ASCII_RE = re.compile(r"[^\x00-\x7f]")


def common_share(text: str) -> float:
    """Share of the non-ASCII characters of `text` that are common ones (1.0 when none).

    >>> common_share("MLPerf™ 的結果")
    1.0
    >>> common_share("鈥檚") < 0.5
    True
    """
    n = len(NON_ASCII_RE.findall(text))
    if not n:
        return 1.0
    return len(common_char_re().findall(text)) / n
