"""Number parsing: the numeral half of a quantity, in Korean, Chinese and English.

`parse_number(text)` turns one numeral expression into a float, or None when the text is
not a numeral it understands. It reads:

- Arabic digits with thousands separators and decimals (``1,750``, ``28.3``, ``.08``,
  ``12.32e+14``), full-width digits (``２８.３``);
- Arabic digits with magnitude words or abbreviations (``1.5 million``, ``175B``,
  ``1,750억``, ``3만``, ``1.2億``, ``1억 2천 5백만``, ``3백21``);
- Chinese numerals (``十二``, ``一百``, ``兩``, ``四十五亿零四百零四万``, ``九萬四``) and
  Sino-Korean ones (``일백육십일``, ``이십이``), fractions (``三分之一``, ``사분의 일``);
- native Korean numerals (``두``, ``열두``, ``스물다섯``);
- English number words (``four``, ``twelve``, ``one hundred and six``, ``twenty-five``).

Which characters and words mean what is data: extractor/lexicons/numbers_<lang>.json
(`numeral_tables`); the spelled numerals are read in `number_words`.
Any str input gives a float or None (hypothesis-tested); errors are not swallowed. Finding numbers in running text (and deciding
which numbers are quantities at all) is `extractor.extract.quantities.quantities`' job.
"""
from __future__ import annotations

import math
import re
import unicodedata
from functools import lru_cache

from extractor.extract.numbers.number_words import parse_cjk, parse_english_words, parse_korean_native
from extractor.extract.numbers.numeral_tables import (ARABIC_PATTERN, LEXICON_LANGS, MAX_NUMERAL_CHARS, NumeralTables,
                                                      lexicon_langs, numeral_tables, parse_arabic, round_sig,
                                                      to_ascii_digits)

__all__ = ["ARABIC_PATTERN", "LEXICON_LANGS", "MAX_NUMERAL_CHARS", "NumeralTables", "lexicon_langs",
           "numeral_tables", "parse_arabic", "parse_cjk", "parse_english_words", "parse_korean_native",
           "parse_number", "round_sig", "to_ascii_digits"]


def _split_negative(text: str) -> tuple[bool, str]:
    negatives = numeral_tables().negatives
    low = text.lower()
    if not low.startswith(negatives):  # (one test for most numerals: no sign or word)
        return False, text
    for word in negatives:
        if low.startswith(word):
            return True, text[len(word):].strip()
    return False, text


def parse_number(text: str) -> float | None:
    """The value of one numeral expression, or None when it is not a numeral. Cached: a
    corpus writes the same numerals over and over ("1", "8", "2.5"); on one pass over the
    development set, 79% of the calls read a numeral read before (61% on the samples).

    >>> parse_number("２８.３"), parse_number("1,750억"), parse_number("four")
    (28.3, 175000000000.0, 4.0)
    >>> parse_number("1.5 million"), parse_number("175B"), parse_number("三分之一")
    (1500000.0, 175000000000.0, 0.333333333333)
    >>> parse_number("-12"), parse_number("负三"), parse_number("ResNet") is None
    (-12.0, -3.0, True)
    """
    return _parse_cached(text) if isinstance(text, str) else None


@lru_cache(maxsize=65536)
def _parse_cached(text: str) -> float | None:
    return _parse_number(text)


def _parse_number(text: str) -> float | None:
    if not isinstance(text, str) or len(text) > MAX_NUMERAL_CHARS:
        return None
    s = to_ascii_digits(text).strip()
    if not s:
        return None
    if s.startswith("+"):
        s = s[1:].strip()
    negative, s = _split_negative(s)
    value = _parse_unsigned(s)
    if value is None or not math.isfinite(value):
        return None
    return round_sig(-value if negative else value)


_SPECIAL_ARABIC = re.compile(
    r"(?P<grouped>\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:\.\d+)?)"       # 1 234 567.89
    r"|(?:(?P<whole>\d+)\s+)?(?P<num>\d+)\s*/\s*(?P<den>\d+)"             # 3/4, 2 1/4
    r"|(?P<base>\d+(?:\.\d+)?)\s*(?:[x×]\s*10\s*)?\^\s*(?P<exp>[+-]*\d+)"  # 2.5^-1, 1.3x10^6
)


def _special_arabic(m) -> float | None:
    if m.group("grouped"):
        return float(re.sub(r"\s", "", m.group("grouped")))
    if m.group("den"):
        den = float(m.group("den"))
        if not den:
            return None
        return float(m.group("whole") or 0) + float(m.group("num")) / den
    exp_text = m.group("exp")
    exp = int(exp_text.lstrip("+-")) * (-1 if exp_text.count("-") % 2 else 1)
    if abs(exp) > 300:
        return None
    base = float(m.group("base"))
    if "10" in m.group(0)[len(m.group("base")):].split("^")[0]:
        return base * 10.0 ** exp
    if base == 0 and exp < 0:
        return None  # 0^-1 has no value
    try:
        return base ** exp
    except OverflowError:  # 99^300: too large to be a number a page states
        return None


def _parse_unsigned(s: str) -> float | None:
    t = numeral_tables()
    if not s:
        return None
    value = parse_arabic(s)
    if value is not None:
        return value
    if len(s) == 1:
        try:  # vulgar fractions and other single numeric characters: ½ ¾
            return float(unicodedata.numeric(s))
        except (TypeError, ValueError):
            pass
    m = _SPECIAL_ARABIC.fullmatch(s)
    if m:
        return _special_arabic(m)
    # Arabic with an English magnitude: 1.5 million, 175B, 10k
    m = re.fullmatch(rf"({ARABIC_PATTERN})\s*([A-Za-z]+)", s)
    if m:
        base = parse_arabic(m.group(1))
        word = m.group(2)
        scale = t.en_abbrev.get(word) or t.en_scales.get(word.lower())
        return base * scale if base is not None and scale else None
    for approx in t.cjk_approx:  # 十余万, 一千多万: the value without the vagueness
        if approx in s and any(c in t.cjk_big or c in t.cjk_small for c in s):
            s = s.replace(approx, "")
    for joiner in t.cjk_joiners:  # 三百五又三分之一, 일과 이분의 일: whole plus fraction
        head, sep, tail = s.partition(joiner)
        if sep and head and any(infix in tail for infix in t.fraction_infixes):
            whole, frac = _parse_number(head), _parse_number(tail.strip())
            return whole + frac if whole is not None and frac is not None else None
    for infix in t.fraction_infixes:
        if infix in s:
            denominator, _, numerator = s.partition(infix)
            den, num = _parse_number(denominator), _parse_number(numerator)
            if den and num is not None:
                return num / den
            return None
    if re.fullmatch(r"[A-Za-z][A-Za-z\s\-]*", s):
        return parse_english_words(s)
    value = parse_cjk(s)
    if value is not None:
        return value
    return parse_korean_native(s)
