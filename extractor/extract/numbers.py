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

Which characters and words mean what is data: extractor/lexicons/numbers_<lang>.json.
Any str input gives a float or None (hypothesis-tested); errors are not swallowed. Finding numbers in running text (and deciding
which numbers are quantities at all) is `extractor.extract.quantities`' job.
"""
from __future__ import annotations

import logging
import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons

log = logging.getLogger(__name__)

#: languages that have numbers_/units_/qualifiers_ lexicons; 'und' and others use all
LEXICON_LANGS = ("en", "ko", "zh")
#: expressions longer than this are not numerals (keeps the parser linear and cheap)
MAX_NUMERAL_CHARS = 200

# Full-width forms map one character to one character, so offsets survive the mapping.
_FULLWIDTH = str.maketrans({**{chr(0xFF10 + i): str(i) for i in range(10)},
                            "．": ".", "％": "%", "＋": "+", "－": "-", "：": ":", "＄": "$"})

_HAS_FULLWIDTH = re.compile("[\uff10-\uff19．％＋－：＄]")

ARABIC_PATTERN = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+"
_ARABIC = re.compile(ARABIC_PATTERN)


def lexicon_langs(lang: str | None) -> tuple[str, ...]:
    """The lexicon languages to use for a BCP-47 tag; English units and words always apply,
    because Korean and Chinese tech pages write GB, TFLOPS and 1.6x in ASCII.

    >>> lexicon_langs("zh-Hant")
    ('en', 'zh')
    >>> lexicon_langs("und")
    ('en', 'ko', 'zh')
    """
    base = (lang or "und").split("-")[0].lower()
    if base == "en":
        return ("en",)
    if base in LEXICON_LANGS:
        return ("en", base)
    return LEXICON_LANGS


def to_ascii_digits(text: str) -> str:
    """Full-width digits, point, percent, signs and colon made ASCII, one character for one.
    The full-width comma stays: in Chinese it separates items (20，300 is two numbers).

    >>> to_ascii_digits("２８．３％")
    '28.3%'
    """
    if not _HAS_FULLWIDTH.search(text):
        return text
    return text.translate(_FULLWIDTH)


def round_sig(value: float, digits: int = 12) -> float:
    """`value` rounded to `digits` significant digits, to drop float noise.

    >>> round_sig(0.41000000000000003)
    0.41
    >>> round_sig(28.3 * 60)
    1698.0
    """
    if not value or not math.isfinite(value):
        return value
    return round(value, digits - 1 - int(math.floor(math.log10(abs(value)))))


@dataclass(frozen=True)
class NumeralTables:
    """Every language's numeral characters and words, merged (their scripts do not overlap)."""
    cjk_digits: dict
    cjk_small: dict
    cjk_big: dict
    cjk_points: tuple
    fraction_infixes: tuple
    negatives: tuple
    native_units: dict
    native_tens: dict
    en_units: dict
    en_tens: dict
    en_scales: dict
    en_abbrev: dict
    en_denominators: dict
    en_joiners: tuple
    cjk_approx: tuple
    cjk_joiners: tuple


@lru_cache(maxsize=1)
def numeral_tables() -> NumeralTables:
    zh, ko, en = (lexicons.load(f"numbers_{x}.json") for x in ("zh", "ko", "en"))
    return NumeralTables(
        cjk_digits={**zh.get("digits", {}), **ko.get("digits", {})},
        cjk_small={**zh.get("small_units", {}), **ko.get("small_units", {})},
        cjk_big={**zh.get("big_units", {}), **ko.get("big_units", {})},
        cjk_points=tuple(zh.get("point_words", []) + ko.get("point_words", [])),
        fraction_infixes=tuple(zh.get("fraction_infix", []) + ko.get("fraction_infix", [])),
        negatives=tuple(sorted(zh.get("negative_words", []) + ko.get("negative_words", [])
                               + en.get("negative_words", []) + ["-", "−"], key=len, reverse=True)),
        native_units=ko.get("native_units", {}),
        native_tens=ko.get("native_tens", {}),
        en_units=en.get("units", {}),
        en_tens=en.get("tens", {}),
        en_scales=en.get("scales", {}),
        en_abbrev=en.get("scale_abbreviations", {}),
        en_denominators=en.get("fraction_denominators", {}),
        en_joiners=tuple(en.get("fraction_joiners", [])),
        cjk_approx=tuple(zh.get("approx_infixes", [])),
        cjk_joiners=tuple(zh.get("whole_fraction_joiners", []) + ko.get("whole_fraction_joiners", [])),
    )


def parse_arabic(text: str) -> float | None:
    """An Arabic-digit number with optional thousands separators, decimals, exponent.

    >>> parse_arabic("1,750")
    1750.0
    >>> parse_arabic("65,536")
    65536.0
    >>> parse_arabic(".08")
    0.08
    >>> parse_arabic("1,75") is None
    True
    """
    text = to_ascii_digits(text).strip()
    if not _ARABIC.fullmatch(text):
        return None
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def parse_english_words(text: str) -> float | None:
    """English number words; 'and' and hyphens allowed, 'point' starts decimals.

    >>> parse_english_words("one hundred and six")
    106.0
    >>> parse_english_words("twenty-five thousand")
    25000.0
    >>> parse_english_words("four")
    4.0
    >>> parse_english_words("two point five")
    2.5
    >>> parse_english_words("banana") is None
    True
    >>> parse_english_words("one and a half"), parse_english_words("five eighths")
    (1.5, 0.625)
    """
    t = numeral_tables()
    words = [w for w in re.split(r"[\s\-]+", text.strip().lower()) if w]
    if words and words[-1] in t.en_denominators:
        return _english_fraction(words, t)
    words = [w for w in words if w != "and"]
    if not words:
        return None
    total, current, seen = 0.0, 0.0, False
    for i, word in enumerate(words):
        if word == "point":
            digits = [t.en_units.get(w) for w in words[i + 1:]]
            if not digits or any(d is None or d > 9 for d in digits):
                return None
            return total + current + float("0." + "".join(str(int(d)) for d in digits))
        if word in t.en_units:
            current += t.en_units[word]
        elif re.fullmatch(r"\d+", word) and not _next_is_digit_word(words, i):
            current += float(word)
        elif word in t.en_tens:
            current += t.en_tens[word]
        elif word in ("a", "an") and not seen:
            current = 1.0
        elif word == "hundred":
            current = (current or 1.0) * 100
        elif word in t.en_scales:
            total += (current or 1.0) * t.en_scales[word]
            current = 0.0
        else:
            return None
        seen = True
    return total + current


def _next_is_digit_word(words: list[str], i: int) -> bool:
    """True when a digit word is directly followed by another digit word (not a numeral)."""
    return i + 1 < len(words) and words[i + 1].isdigit()


def _english_fraction(words: list[str], t: NumeralTables) -> float | None:
    """'five eighths', 'a half', 'one and a half', 'twenty and three fifths'."""
    denominator = t.en_denominators[words[-1]]
    body = words[:-1]
    whole = 0.0
    joins = [i for i, w in enumerate(body) if w in t.en_joiners]
    if joins:
        k = joins[-1]
        whole_value = parse_english_words(" ".join(body[:k]))
        if whole_value is None:
            return None
        whole, body = whole_value, body[k + 1:]
    if not body or body in (["a"], ["an"]):
        numerator = 1.0
    else:
        numerator = parse_english_words(" ".join(body))
        if numerator is None:
            return None
    return whole + numerator / denominator


def _cjk_tokens(text: str, t: NumeralTables):
    """(kind, value, is_cjk_char) tokens of a CJK numeral, or None if a character is foreign."""
    tokens, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch == ",":
            i += 1
            continue
        m = _ARABIC.match(text, i)
        if m and m.end() > i:
            tokens.append(("num", float(m.group().replace(",", "")), False))
            i = m.end()
            continue
        point = next((p for p in t.cjk_points if text.startswith(p, i)), None)
        if point:
            tokens.append(("point", 0, True))
            i += len(point)
        elif ch in t.cjk_digits:
            tokens.append(("num", float(t.cjk_digits[ch]), True))
            i += 1
        elif ch in t.cjk_small:
            tokens.append(("small", float(t.cjk_small[ch]), "\u4e00" <= ch <= "\u9fff"))
            i += 1
        elif ch in t.cjk_big:
            tokens.append(("big", float(t.cjk_big[ch]), "\u4e00" <= ch <= "\u9fff"))
            i += 1
        else:
            return None
    return tokens


def parse_cjk(text: str) -> float | None:
    """A Chinese or Sino-Korean numeral, possibly mixed with Arabic digits.

    >>> parse_cjk("十二"), parse_cjk("一百"), parse_cjk("兩")
    (12.0, 100.0, 2.0)
    >>> parse_cjk("1,750억"), parse_cjk("3만"), parse_cjk("1.2億")
    (175000000000.0, 30000.0, 120000000.0)
    >>> parse_cjk("1억 2천 5백만"), parse_cjk("3백21"), parse_cjk("일백육십일")
    (125000000.0, 321.0, 161.0)
    >>> parse_cjk("四十五亿零四百零四万"), parse_cjk("九萬四"), parse_cjk("八点五")
    (4504040000.0, 94000.0, 8.5)
    """
    t = numeral_tables()
    tokens = _cjk_tokens(text, t)
    if not tokens:
        return None
    total, section, current = 0.0, 0.0, None
    last_big = 0.0
    prev = None  # the last unit token seen
    unit_before_current = None  # for the abbreviation 九萬四 = 94000
    digits_run = 0
    for idx, (kind, value, is_han) in enumerate(tokens):
        if kind == "point":
            rest = tokens[idx + 1:]
            if not rest or any(k != "num" or v > 9 for k, v, _ in rest):
                return None
            frac = float("0." + "".join(str(int(v)) for _, v, _ in rest))
            return total + section + _last_digit(current, unit_before_current, tokens[idx - 1]) + frac
        if kind == "num":
            if is_han and value == 0 and current is None and prev is not None:
                # 零 after a unit only connects: 一百零二 = 102, 四十五亿零四百 ...
                prev = None
                continue
            if current is not None:
                # consecutive digit characters read positionally: 二〇二一 = 2021
                if not (is_han and digits_run):
                    return None
                current = current * 10 + value
                digits_run += 1
            else:
                current, digits_run = value, (1 if is_han else 0)
                unit_before_current = prev
            prev = None
            continue
        digits_run = 0
        if kind == "small":
            section += (1.0 if current is None else current) * value
            current, prev = None, ("small", value, is_han)
        elif section == 0 and current is None and prev and prev[0] == "big":
            total *= value  # 万万 = 亿
            last_big = max(last_big, total)
        else:  # big
            section += current or 0.0
            if section == 0 and total == 0:
                section = 1.0
            if value > last_big:
                total = (total + section) * value
                last_big = value
            else:
                total += section * value
            section, current, prev = 0.0, None, ("big", value, is_han)
    return total + section + _last_digit(current, unit_before_current, tokens[-1])


def _last_digit(current, unit_before, last_token) -> float:
    """The value of the trailing digit. Chinese drops the last unit: 九萬四 = 94000,
    三千五 = 3500, 两千三点一 = 2300.1; Korean does not (이천이 = 2002)."""
    if current is None:
        return 0.0
    if unit_before and unit_before[2] and current < 10 and unit_before[1] >= 100 and last_token[2] \
            and last_token[0] == "num":
        return current * unit_before[1] / 10
    return current


def parse_korean_native(text: str) -> float | None:
    """Native Korean numerals: 하나..아홉 (한 두 세 네 before counters), 열..아흔.

    >>> parse_korean_native("두"), parse_korean_native("열두"), parse_korean_native("스물 다섯")
    (2.0, 12.0, 25.0)
    """
    t = numeral_tables()
    s = re.sub(r"\s+", "", text)
    if not s:
        return None
    total = 0.0
    for table in (t.native_tens, t.native_units):
        for word in sorted(table, key=len, reverse=True):
            if s.startswith(word):
                total += table[word]
                s = s[len(word):]
                break
    return total if not s and total else None


def _split_negative(text: str) -> tuple[bool, str]:
    for word in numeral_tables().negatives:
        if text.lower().startswith(word):
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
