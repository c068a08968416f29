"""Number parsing (extractor.extract.numbers.numbers, with numeral_tables and number_words behind it):
real numeral shapes of ko/zh/en pages,
property tests, and the Microsoft Recognizers-Text number specs in shared/testdata."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.numbers.numbers import (lexicon_langs, parse_cjk, parse_english_words, parse_number,
                                               round_sig, to_ascii_digits)

SPECS = Path(__file__).resolve().parents[2] / "shared" / "testdata" / "numbers"
LANGS = ("Korean", "Chinese", "English")


# --- the shapes CLAIMS.md names ------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("1,750", 1750), ("65,536", 65536), ("28.3", 28.3), ("２８.３", 28.3), ("２８．３", 28.3),
    ("1,750억", 175_000_000_000), ("3만", 30_000), ("1.2億", 120_000_000), ("1억 2천 5백만", 125_000_000),
    ("十二", 12), ("一百", 100), ("兩", 2), ("两", 2), ("四", 4), ("二十五", 25), ("一百零二", 102),
    ("四十五亿零四百零四万", 4_504_040_000), ("九萬四", 94_000), ("三千五", 3500),
    ("일백육십일", 161), ("이십이", 22), ("열두", 12), ("두", 2),
    ("four", 4), ("twelve", 12), ("one hundred and six", 106), ("twenty-five", 25),
    ("1.5 million", 1_500_000), ("175 billion", 175e9), ("175B", 175e9), ("10k", 10_000),
    ("三分之一", 1 / 3), ("사분의 일", 0.25), ("负三", -3), ("-12.5", -12.5), ("12.32e+14", 1.232e15),
])
def test_parse_number_reads_numeral_shapes(text, value):
    assert parse_number(text) == pytest.approx(value, rel=1e-9)


@pytest.mark.parametrize("text", ["", "   ", "ResNet", "1,75", "1..2", "分之", "十分之", "?", "\udcff", "x" * 500])
def test_parse_number_refuses_what_is_not_a_numeral(text):
    assert parse_number(text) is None


def test_english_words_reject_unknown_words():
    assert parse_english_words("four score") is None
    assert parse_english_words("a thousand") == 1000


def test_korean_hangul_units_are_not_abbreviated_like_chinese():
    # Chinese drops the last unit (两千二 = 2200); Korean does not (이천이 = 2002)
    assert parse_cjk("两千二") == 2200
    assert parse_cjk("이천이") == 2002


def test_full_width_mapping_keeps_offsets():
    text = "训练时间为２８．３分钟，提升２４％"
    assert len(to_ascii_digits(text)) == len(text)
    assert "28.3" in to_ascii_digits(text) and "24%" in to_ascii_digits(text)


def test_lexicon_langs_always_include_english_units():
    assert lexicon_langs("ko") == ("en", "ko")
    assert lexicon_langs("ja") == ("en", "ko", "zh")
    assert lexicon_langs("") == ("en", "ko", "zh")


def test_round_sig_removes_float_noise():
    assert round_sig(0.1 * 3) == 0.3
    assert round_sig(41 * 0.01) == 0.41
    assert round_sig(0.0) == 0.0


@settings(max_examples=500, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_round_sig_of_a_rounded_value_is_that_value(value):
    """(quantities._make keeps a rounded value as its normalised one under a factor of 1)"""
    assert round_sig(round_sig(value)) == round_sig(value)


def test_round_sig_keeps_whole_values_and_what_has_no_digits():
    assert round_sig(1698.0) == 1698.0 and round_sig(-260.0) == -260.0
    assert round_sig(123456789012345.0) == 123456789012000.0  # past 11 digits: rounded
    assert math.copysign(1, round_sig(-0.0)) == -1
    assert round_sig(math.inf) == math.inf and math.isnan(round_sig(math.nan))
    assert round_sig(3) == 3 and round_sig(0.1 + 0.2) == 0.3


# --- properties -----------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_parse_number_never_raises(text):
    value = parse_number(text)
    assert value is None or math.isfinite(value)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789,.０１２３４５６７８９．一二三四五六七八九十百千万亿兩零억만천백십조 -", max_size=30))
def test_parse_number_never_raises_on_numeral_soup(text):
    value = parse_number(text)
    assert value is None or math.isfinite(value)


@given(st.integers(min_value=0, max_value=10**12))
def test_thousands_separated_integers_round_trip(n):
    assert parse_number(f"{n:,}") == n


@given(st.decimals(min_value=0, max_value=10**6, places=3, allow_nan=False, allow_infinity=False))
def test_decimals_round_trip(d):
    assert parse_number(f"{d:,.3f}") == pytest.approx(float(d), rel=1e-12, abs=1e-12)


@given(st.floats(min_value=0, max_value=1e6, allow_nan=False).map(lambda x: round(x, 2)))
def test_full_width_digits_round_trip(x):
    full = f"{x:.2f}".translate(str.maketrans("0123456789.", "０１２３４５６７８９．"))
    assert parse_number(full) == pytest.approx(x, abs=1e-9)


_ZH_DIGITS = "零一二三四五六七八九"


def chinese_numeral(n: int) -> str:
    """Standard Chinese numeral of 0 <= n < 10**12 (一千零五, 三万二千, 十二)."""
    if n == 0:
        return "零"

    def below_10000(k: int) -> str:
        out, zero = "", False
        for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
            d = k // value % 10
            if d:
                out += ("零" if zero and out else "") + _ZH_DIGITS[d] + unit
                zero = False
            else:
                zero = True
        return out

    parts, out = [(10**8, "亿"), (10**4, "万"), (1, "")], ""
    for i, (value, unit) in enumerate(parts):
        k = n // value % 10**4 if value != 10**8 else n // value
        if k:
            if out and k < 1000:
                out += "零"
            out += below_10000(k) + unit
    if out.startswith("一十"):
        out = out[1:]
    return out


def test_chinese_numeral_helper_is_standard():
    assert chinese_numeral(12) == "十二" and chinese_numeral(1005) == "一千零五"
    assert chinese_numeral(32000) == "三万二千" and chinese_numeral(100_000_000) == "一亿"


@given(st.integers(min_value=0, max_value=10**12 - 1))
def test_chinese_numerals_round_trip(n):
    assert parse_number(chinese_numeral(n)) == n


_EN_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen " \
            "sixteen seventeen eighteen nineteen".split()
_EN_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def english_words(n: int) -> str:
    """English words of 0 <= n < 10**9."""
    def below_1000(k: int) -> list[str]:
        words = []
        if k >= 100:
            words += [_EN_UNITS[k // 100], "hundred"]
            k %= 100
        if k >= 20:
            words.append(_EN_TENS[k // 10] + ("-" + _EN_UNITS[k % 10] if k % 10 else ""))
        elif k:
            words.append(_EN_UNITS[k])
        return words
    if n == 0:
        return "zero"
    words = []
    for value, scale in ((10**6, "million"), (10**3, "thousand"), (1, "")):
        k = n // value % 1000
        if k:
            words += below_1000(k) + ([scale] if scale else [])
    return " ".join(words)


@given(st.integers(min_value=0, max_value=10**9 - 1))
def test_english_words_round_trip(n):
    assert parse_number(english_words(n)) == n


# --- Microsoft Recognizers-Text NumberModel specs --------------------------------------------

def number_spec_results(lang: str) -> list[tuple[str, float]]:
    """Selection rule (fixed before measuring): every result of NumberModel.json whose
    resolution value is a finite number; the pair (result Text, value)."""
    path = SPECS / lang / "NumberModel.json"
    out = []
    for case in json.loads(path.read_text(encoding="utf-8")):
        for result in case.get("Results", []):
            try:
                value = float(result["Resolution"]["value"])
            except (KeyError, TypeError, ValueError):
                continue
            if math.isfinite(value):
                out.append((result["Text"], value))
    return out


def number_spec_pass_rate(lang: str) -> tuple[float, int]:
    results = number_spec_results(lang)
    ok = sum(1 for text, value in results
             if (v := parse_number(text)) is not None and math.isclose(v, value, rel_tol=1e-4, abs_tol=1e-9))
    return ok / max(1, len(results)), len(results)


# Thresholds sit a little under the rates measured when they were set (ko 97%, zh 95%, en 69%;
# benchmarks/bench_quantities.py prints the current figures). What fails is outside what a claim
# needs: English fractions in words (one over three, twenty twenty fifths), Indian lakh/crore,
# European decimal commas, colloquial 반/다스/一打.
NUMBER_SPEC_MIN_RATE = {"Korean": 0.93, "Chinese": 0.90, "English": 0.62}


@pytest.mark.skipif(not SPECS.is_dir(), reason="shared/testdata/numbers not beside the repo")
@pytest.mark.parametrize("lang", LANGS)
def test_recognizers_number_model_parse_rate(lang):
    rate, n = number_spec_pass_rate(lang)
    assert n > 50
    assert rate >= NUMBER_SPEC_MIN_RATE[lang], f"{lang}: {rate:.1%} of {n}"


def test_power_too_large_for_a_float_is_not_a_number():
    # parse_number no longer swallows exceptions: the overflow is handled where it arises
    assert parse_number("99^300") is None
    assert parse_number("2^10") == 1024


@settings(max_examples=200, deadline=None)
@given(base=st.integers(0, 10**6), exp=st.integers(-400, 400))
def test_powers_give_a_float_or_none(base, exp):
    value = parse_number(f"{base}^{exp}")
    assert value is None or isinstance(value, float)
