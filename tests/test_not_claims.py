"""What a number is not (extractor.extract.not_claims, the quantity layer's half): real snippets of ko/zh/en pages,
clean and damaged, whose numbers are names, dates, tickers, process nodes, list numbers,
generations, code or the definition of a unit; none is a quantity (CLAIMS.md "Not claims").
The full-date patterns (`not_claims.dates`), which the page context reads too, match as the
patterns they replaced."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor import lexicons
from extractor.extract.not_claims import full_dates
from extractor.extract.quantities.quantities import find_quantities
from extractor.extract.text.regex_tools import case_variants, literal_alternation, with_first_char_guard

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def values(text: str, lang: str = "und") -> list[float]:
    return [q.value for q in find_quantities(text, lang)]


@pytest.mark.parametrize("text, lang", [
    # stock tickers
    ("台積電(2330)與廣達(2382)股價", "zh"),
    # process nodes
    ("採用台積電5奈米製程", "zh"),
    ("built on TSMC 4nm", "en"),
    ("5㎚ 공정과 10㎚급 D램", "ko"),
    # months, days, quarters, years
    ("華為於6月24日發布", "zh"),
    ("2024年第四季開始出貨", "zh"),
    ("2024년 4분기에 출시", "ko"),
    ("오는 3분기 본격적으로 양산", "ko"),
    ("톰스하드웨어는 1일(현지시간) 보도했다", "ko"),
    ("Deep CNNs mainstream since 2014 yield benchmark gains.", "en"),
    ("Google ended the Hot Chips 2025 machine learning session", "en"),
    # generations and ordinals
    ("제6세대 HBM", "ko"),
    ("第五代Tensor Core", "zh"),
    # names with digits
    ("both of those models are Ryzen 9 CPUs", "en"),
    ("the Chinese-built Biren BR 104 GPU", "en"),
    ("with Intel Xeon Platinum 8380 CPUs", "en"),
    ("가우디3 칩당 가격은 공개하지 않았다", "ko"),
    ("가우디 3 프로세서를 탑재한", "ko"),
    ("AMD 라이젠 프로 9000 프로세서 내장", "ko"),
    ("LLaMA V3.1 70B | ", "en"),
    ("라마2 7B와 70B 모델 기준", "ko"),
    ("The S&P 500 rose while Boeing's 737 Max was grounded", "en"),
    ("Will the eventual Ryzen 7, Ryzen 5, or Ryzen 3 models also have it?", "en"),
    # versions and display modes written against CJK text
    ("支持Wi-Fi 7,蓝牙5.4;支持DP 1.4和eUSB 2.0", "zh"),
    ("同时实现4K 60Hz显示", "zh"),
    ("比英特尔i7-1355U和i7-1360P快", "zh"),
    ("与AMD R9 7940HS的780M核显相比", "zh"),
    # program code
    ("// 使用示例:100B參數模型", "zh"),
    # a lone magnitude character is a word
    ("25%의 관세를 적용하는 조건으로", "ko"),
    # asides
    ("这两款热门芯片", "zh"),
])
def test_names_dates_tickers_nodes_are_not_quantities(text, lang):
    kept = [q for q in find_quantities(text, lang) if q.unit != "%"]
    assert kept == [], [(q.surface, q.value, q.unit) for q in kept]


@pytest.mark.parametrize("text, lang, expected", [
    # the parenthesis defines the unit: one quantity, not two
    ("연산 성능은 최대 38 TOPS(초당 1조 번 연산)다", "ko", [38]),
    ("HBM4는 10Gbps(초당 10기가비트) 이상의 동작 속도", "ko", [10]),
    ("파드당 42.5 엑사플롭스(EF·1초에 100경 번의 부동소수점 연산 처리 능력) 성능", "ko", [42.5]),
    # a parameter count stays one
    ("13B參數模型", "zh", [1.3e10]),
    # 4x faster is a factor, 8x H100 GPUs a count
    ("4x faster CPU-to-GPU transfer speeds", "en", [4]),
])
def test_glosses_and_factors(text, lang, expected):
    assert values(text, lang) == [pytest.approx(v) for v in expected]


@pytest.mark.parametrize("text", [
    "但谷歌的高光時刻持續了幾個月\ufffd2012\ufffd12\ufffd,新一屆",   # GBK mojibake of 2012年12月
    "2021?12?2? ??",                                                  # letters lost to '?'
])
def test_dates_on_damaged_pages_are_not_quantities(text):
    assert values(text, "und") == []


def test_core_count_is_not_read_into_a_gpu_name():
    # 核显 (integrated graphics) is no 核 (cores): 780M is AMD's GPU, not 780 million cores
    assert find_quantities("这块核显是780M核显", "zh") == []


def test_bare_numbers_in_prose_stay_for_claims_to_decide():
    assert values("a batch size of 2048", "en") == [2048]


@settings(max_examples=100, deadline=None)
@given(ticker=st.integers(1000, 9999), name=st.sampled_from(["台積電", "廣達", "鴻海", "聯發科"]))
def test_any_ticker_after_a_chinese_name_is_no_quantity(ticker, name):
    assert values(f"{name}({ticker})今日上漲", "zh") == []


@settings(max_examples=100, deadline=None)
@given(node=st.integers(2, 28), unit=st.sampled_from(["nm", "奈米", "纳米", "㎚", "나노"]))
def test_any_process_node_is_no_quantity(node, unit):
    assert values(f"採用{node}{unit}製程", "und") == []


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab.-# \t\u00a0가나中文1,x", max_size=40), st.integers(0, 40))
def test_the_word_before_a_number_is_the_run_of_one_script_before_its_spaces(text, s):
    """`_word_before` reads the word ending at the last non-space before offset s (within
    the window): the longest run of Latin letters (with # . -), of Hangul or of Han there."""
    from extractor.extract.quantities.quantities import _QuantityFinder
    from extractor.extract.quantities.quantity_grammar import grammar
    from extractor.extract.numbers.quantity_types import DEFAULT_CONFIG
    from extractor.extract.text.regex_tools import HAN, HANGUL

    s = min(s, len(text))
    finder = _QuantityFinder(text, grammar(("en",)), DEFAULT_CONFIG)
    before = text[max(0, s - DEFAULT_CONFIG.window):s].rstrip(" \t\u00a0")
    run = re.search(rf"(?:[A-Za-z#.\-]+|[{HANGUL}]+|[{HAN}]+)\Z", before)
    word = run.group().lower().strip(".-") if run else None
    assert finder._word_before(s, {word} if word is not None else set()) == (word is not None)


# --- the month-day-year pattern skips ahead (same matches as the pattern it replaced) ----


def _old_month_day_year():
    """The month-day-year pattern as written before it opened with a case-sensitive
    first-character class: the statement of the rule."""
    month = literal_alternation(lexicons.load("context_words.json")["months"])
    return re.compile(with_first_char_guard(
        rf"\b({month})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)(?!\d)"), re.I)


def _any_case(words):
    """One of `words`, each letter in any case the engine folds to it (ſ for s, K for k)."""
    return st.sampled_from(words).flatmap(lambda w: st.tuples(*[
        st.sampled_from(case_variants(c) if c.isascii() else c) for c in w]).map("".join))


_CONTEXT_WORDS = lexicons.load("context_words.json")
# dates, well formed or nearly, among noise
_DATE_LIKE = st.tuples(
    _any_case(list(_CONTEXT_WORDS["months"]) + ["mayor", "ju", "decade"]),
    st.sampled_from(["", "."]), st.sampled_from([" ", "  ", "\n", ""]),
    st.sampled_from(["1", "30", "123", ""]),
    st.sampled_from(["", "th", "ST"]), st.sampled_from([",", ""]), st.sampled_from([" ", ""]),
    st.sampled_from(["2021", "1999", "1800", "20211"])).map("".join)
_NOISE = st.sampled_from(["x", "a", " ", "학", "1", "_", "é", "Σ", "\u0130", "re", "MLPerf ", "\n"])


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(_DATE_LIKE, _NOISE), max_size=8).map("".join))
def test_month_day_year_matches_as_the_guarded_pattern(text):
    old, new = _old_month_day_year(), full_dates().month_day_year
    assert [(m.span(), m.groups()) for m in old.finditer(text)] == \
        [(m.span(), m.groups()) for m in new.finditer(text)], text


def test_month_day_year_matches_as_the_guarded_pattern_on_real_pages(shared_dir):
    old, new = _old_month_day_year(), full_dates().month_day_year
    dev = shared_dir / "devset" / "corpus"
    pages = sorted(CORPUS.iterdir()) + sorted(p for p in dev.rglob("*") if p.is_file())
    for path in pages:
        text = path.read_text(encoding="utf-8", errors="replace")
        assert [(m.span(), m.groups()) for m in old.finditer(text)] == \
            [(m.span(), m.groups()) for m in new.finditer(text)], path.name


# --- the local masks: grouped by first character, the same spans as their plain alternation ---

def _plain_local_masks(langs=("en", "ko", "zh")):
    from extractor.extract.not_claims.masks import _local_patterns  # noqa: PLC0415
    patterns = _local_patterns([lexicons.load(f"numbers_{lang}.json") for lang in langs])
    return re.compile("|".join(f"(?:{p})" for _, p in patterns)), patterns


_MASK_PIECES = st.sampled_from([
    "2021", "1999", "12", "3", "0", "07", "31", "123456789012", "0x1F", "-", "/", ".", ":", " ", ",",
    "x", "×", "+", "(", ")", "（", "[", "]", "年", "月", "월", "일", "日", "시", "上午", "am", "p.m.",
    "Jan", "march", "ſept", "of", "th", "台積電", "학", "A", "1.0-1025", "555-123-4567"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_MASK_PIECES, max_size=10).map("".join), st.integers(0, 12), st.integers(0, 12))
def test_local_masks_match_as_their_plain_alternation(text, lo, cut):
    """Grouped by first character and sharing `(?<!\\d)`, the masks searched around each
    number give the spans the plain ordered alternation gives, in any window."""
    from extractor.extract.quantities.quantity_grammar import grammar  # noqa: PLC0415
    plain, _ = _plain_local_masks()
    grouped = grammar(("en", "ko", "zh")).masks.local_re
    hi = max(lo, len(text) - cut)
    assert [m.span() for m in plain.finditer(text, lo, hi)] == [m.span() for m in grouped.finditer(text, lo, hi)]


def test_masks_that_start_a_number_never_match_after_a_digit():
    """`_AT_NUMBER_START` is shared only by masks whose own left boundary implies it."""
    _, patterns = _plain_local_masks()
    for starts, p in patterns:
        if starts:
            after_digit = re.compile(rf"(?<=\d)(?:{p})")
            for text in ("12024-01-02", "1312/25/2024", "112 January", "923:59", "510 am", "93시",
                         "71.0-1025", "41.2.3", "0123456789012", "0555-123-4567", "132x32", "90x1F"):
                assert not after_digit.search(text), (p, text)


def test_local_masks_match_as_their_plain_alternation_on_real_pages(shared_dir):
    from extractor.extract.quantities.quantity_grammar import grammar  # noqa: PLC0415
    plain, _ = _plain_local_masks()
    grouped = grammar(("en", "ko", "zh")).masks.local_re
    dev = shared_dir / "devset" / "corpus"
    for path in sorted(CORPUS.iterdir()) + sorted(p for p in dev.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8", errors="replace")
        assert [m.span() for m in plain.finditer(text)] == [m.span() for m in grouped.finditer(text)], path.name


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["press", "2021", "@", "=", "x.ai", "://", "www.", ".PNG", ".png5", ".json", ".jsx",
                                 "id", " ", "\n", "a", "1638413962408997", "."]), max_size=8).map("".join),
       st.integers(0, 40), st.integers(0, 40))
def test_token_gate_holds_every_token_the_token_mask_matches(text, a, b):
    """A text the gate finds nothing in holds no piece the token mask matches: its numbers
    need no token read (`NotAQuantity._in_address_token`)."""
    from extractor.extract.quantities.quantity_grammar import grammar  # noqa: PLC0415
    masks = grammar(("en",)).masks
    if masks.token_re.search(text[min(a, b):max(a, b)]):
        assert masks.token_gate.holds(text)
