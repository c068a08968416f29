"""Spelled numerals: English number words (``one hundred and six``, ``five eighths``),
Chinese and Sino-Korean numerals with magnitudes (``四十五亿零四百零四万``, ``1억 2천 5백만``,
``일백육십일``) and native Korean ones (``두``, ``스물다섯``). Each parser takes one
expression and gives a float or None; `numbers.parse_number` chooses among them.
"""
from __future__ import annotations

import re

from extractor.extract.numbers.numeral_tables import ARABIC_RE, NumeralTables, numeral_tables


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
        m = ARABIC_RE.match(text, i)
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
    tokens = _cjk_tokens(text, numeral_tables())
    if not tokens:
        return None
    reader = _CjkReader()
    for idx, (kind, value, is_han) in enumerate(tokens):
        if kind == "point":
            return reader.with_fraction(tokens, idx)
        ok = reader.digit(value, is_han) if kind == "num" else reader.unit(kind, value, is_han)
        if not ok:
            return None
    return reader.value(tokens[-1])


class _CjkReader:
    """The running sum of a CJK numeral read token by token: `total` (the big units read:
    万, 亿, 억), `section` (the part below the last big unit), `current` (digits not yet
    multiplied by a unit)."""

    def __init__(self):
        self.total, self.section, self.current = 0.0, 0.0, None
        self.last_big = 0.0
        self.prev = None  # the last unit token seen
        self.unit_before_current = None  # for the abbreviation 九萬四 = 94000
        self.digits_run = 0

    def digit(self, value: float, is_han: bool) -> bool:
        """Read a digit; False when it cannot follow what was read."""
        if is_han and value == 0 and self.current is None and self.prev is not None:
            # 零 after a unit only connects: 一百零二 = 102, 四十五亿零四百 ...
            self.prev = None
            return True
        if self.current is not None:
            # consecutive digit characters read positionally: 二〇二一 = 2021
            if not (is_han and self.digits_run):
                return False
            self.current = self.current * 10 + value
            self.digits_run += 1
        else:
            self.current, self.digits_run = value, (1 if is_han else 0)
            self.unit_before_current = self.prev
        self.prev = None
        return True

    def unit(self, kind: str, value: float, is_han: bool) -> bool:
        """Read a small (十, 百, 千) or big (万, 亿) unit."""
        self.digits_run = 0
        if kind == "small":
            self.section += (1.0 if self.current is None else self.current) * value
            self.current, self.prev = None, ("small", value, is_han)
        elif self.section == 0 and self.current is None and self.prev and self.prev[0] == "big":
            self.total *= value  # 万万 = 亿
            self.last_big = max(self.last_big, self.total)
        else:  # big
            self.section += self.current or 0.0
            if self.section == 0 and self.total == 0:
                self.section = 1.0
            if value > self.last_big:
                self.total = (self.total + self.section) * value
                self.last_big = value
            else:
                self.total += self.section * value
            self.section, self.current, self.prev = 0.0, None, ("big", value, is_han)
        return True

    def value(self, last_token) -> float:
        return self.total + self.section + _last_digit(self.current, self.unit_before_current,
                                                       last_token)

    def with_fraction(self, tokens: list, idx: int) -> float | None:
        """The value with the digits after the point at `idx` (八点五 = 8.5)."""
        rest = tokens[idx + 1:]
        if not rest or any(k != "num" or v > 9 for k, v, _ in rest):
            return None
        frac = float("0." + "".join(str(int(v)) for _, v, _ in rest))
        return self.value(tokens[idx - 1]) + frac


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
