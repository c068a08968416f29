"""The quantity layer (extractor.extract.quantities.quantities): numbers with units, qualifiers, ranges,
what is not a quantity, on real sentence shapes of ko/zh/en pages; property tests; and the
Microsoft Recognizers-Text percent, currency, duration and number specs."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.quantities.quantities import QUANTITY_FIELDS, Quantity, QuantityConfig, find_quantities

SPECS = Path(__file__).resolve().parents[2] / "shared" / "testdata" / "numbers"
LANG_CODES = {"Korean": "ko", "Chinese": "zh", "English": "en"}


def found(text: str, lang: str = "und") -> list[tuple]:
    return [(q.value, q.unit, q.qualifier) for q in find_quantities(text, lang)]


# --- units and values, per language -----------------------------------------------------------

@pytest.mark.parametrize("text, lang, expected", [
    # English news shapes
    ("a BERT time-to-train of just over 9 minutes and ResNet-50 time-to-train of 14.5 minutes",
     "en", [(9, "min", "at_least"), (14.5, "min", "exact")]),
    ("it offers four PetaFLOPS of AI processing power", "en", [(4, "PFLOPS", "exact")]),
    ("a list price of around $300,000", "en", [(300000, "USD", "approx")]),
    ("this is a factor of 1.6x, while the advantage for BERT is 1.3X", "en", [(1.6, "x", "exact"), (1.3, "x", "exact")]),
    ("approximately 10% of the total training compute workload", "en", [(10, "%", "approx")]),
    ("more than 50 other members", "en", [(50, "count", "at_least")]),
    ("Consisting of four 1U IPU-M2000s", "en", [(4, "count", "exact")]),
    ("The IPU-POD16 is a 5U system", "en", [(5, "count", "exact")]),
    ("throughput of 26,000 images/sec and 3,500 sequences per second", "en",
     [(26000, "images/s", "exact"), (3500, "sequences/s", "exact")]),
    ("GPT-3 has 175 billion parameters", "en", [(175e9, "count", "exact")]),
    ("up to 2.1 GHz and 400W", "en", [(2.1, "GHz", "at_most"), (400, "W", "exact")]),
    ("memory bandwidth of 2 TB/s and 40 GB of HBM2", "en", [(2, "TB/s", "exact"), (40, "GB", "exact")]),
    ("raised $11.7 million", "en", [(11.7e6, "USD", "exact")]),
    ("latency under 5 ms", "en", [(5, "ms", "at_most")]),
    # Korean: particles attach to units, qualifiers follow
    ("ResNet-50 학습 시간은 28.3분이 걸렸다", "ko", [(28.3, "min", "exact")]),
    ("학습 시간을 2.6배로 단축", "ko", [(2.6, "x", "exact")]),
    ("최대 450GB의 메모리", "ko", [(450, "GB", "at_most")]),
    ("1,750억 개의 매개변수", "ko", [(175e9, "count", "exact")]),
    ("100,000 이상의 질문", "ko", [(100000, "", "at_least")]),
    ("약 10% 대해", "ko", [(10, "%", "approx")]),
    ("두 배 빠르다", "ko", [(2, "x", "exact")]),
    ("3만 명이 참가", "ko", [(30000, "count", "exact")]),
    ("가격은 1억 2천 5백만 달러", "ko", [(125e6, "USD", "exact")]),
    ("한 시간 안에", "ko", [(1, "h", "exact")]),
    ("이십이 퍼센트 증가", "ko", [(22, "%", "exact")]),
    # Chinese: simplified and traditional, full-width digits
    ("IPU-POD16僅耗時28.3分鐘", "zh", [(28.3, "min", "exact")]),
    ("训练时间为２８．３分钟，提升２４％", "zh", [(28.3, "min", "exact"), (24, "%", "exact")]),
    ("EfficientNet-B4僅用1.8小時便可完成訓練", "zh", [(1.8, "h", "exact")]),
    ("为每个IPU-POD64指定了四個雙核服務器", "zh", [(4, "count", "exact")]),
    ("性能提升10%以上", "zh", [(10, "%", "at_least")]),
    ("高達1.2億美元", "zh", [(1.2e8, "USD", "at_most")]),
    ("性能翻倍", "zh", [(2, "x", "exact")]),
    ("速度提升了4倍", "zh", [(4, "x", "exact")]),
    ("约十二个小时", "zh", [(12, "h", "approx")]),
    ("百分之五十", "zh", [(50, "%", "exact")]),
    ("售价5000元", "zh", [(5000, "CNY", "exact")]),
    ("该系统每秒可处理1.2万张图像", "zh", [(12000, "images/s", "exact")]),
    ("記憶體頻寬為每秒2TB", "zh", [(2, "TB/s", "exact")]),
    ("이 시스템은 초당 1만2000장의 이미지를 처리", "ko", [(12000, "images/s", "exact")]),
    ("30일 동안 무료", "ko", [(30, "day", "exact")]),
    ("比上一代提升了两倍多", "zh", [(2, "x", "approx")]),
    ("营收增长三成，完成了任务", "zh", [(30, "%", "exact")]),
    ("training took two and a half hours, one and a half times faster", "en", [(2.5, "h", "exact"), (1.5, "x", "exact")]),
    ("a batch size of 2048 and .25 of the data", "en", [(2048, "", "exact"), (0.25, "", "exact")]),
    ("A DGX H100 with 8x H100 GPUs and a 2.1x speedup", "en", [(8, "count", "exact"), (2.1, "x", "exact")]),
    ("100+ models at ≈ 300 W, by a factor of 2", "en", [(100, "count", "at_least"), (300, "W", "approx"), (2, "x", "exact")]),
    ("100여 명이 참석", "ko", [(100, "count", "approx")]),
    ("提升3倍以上，近3倍，最近3年", "zh", [(3, "x", "at_least"), (3, "x", "approx"), (3, "year", "exact")]),
    ("$1.5B deal and ₩1조 투자", "und", [(1.5e9, "USD", "exact"), (1e12, "KRW", "exact")]),
])
def test_values_units_qualifiers(text, lang, expected):
    assert found(text, lang) == [(pytest.approx(v), u, q) for v, u, q in expected]


def test_a_qualifier_holds_across_a_letter_lost_to_a_question_mark():
    """set2/zh_04, a damaged page: '?' stands for a lost letter between the qualifier and
    its number; a '?' after a word that is no qualifier reads nothing."""
    text = "带宽高达?4.8 TB/s,比上一代 H100 快约?1.8 倍。算力(约?989 TFLOPS?FP8)"
    assert found(text, "zh") == [(4.8, "TB/s", "at_most"), (1.8, "x", "approx"), (989, "TFLOPS", "approx")]
    assert found("What?5 GB", "en") == [(5, "GB", "exact")]


def test_value_norm_is_in_base_units_without_float_noise():
    qs = find_quantities("41% faster, 28.3 minutes, 640GB, four PetaFLOPS, 1.5 hours", "en")
    assert [q.value_norm for q in qs] == [0.41, 1698.0, 640e9, 4e15, 5400.0]


def test_bare_number_is_kept_as_unknown_quantity():
    (q,) = find_quantities("최대 시퀀스 길이가 128이고", "ko")
    assert (q.value, q.unit, q.quantity, q.value_norm) == (128, "", "unknown", None)
    assert find_quantities("batch of 64", "en", QuantityConfig(emit_bare=False)) == []


# --- what is not a quantity ----------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "ResNet-50 on IPU-POD16 against the A100 with GPT-3, BERT-Large, DDR4 and FP16 on Bow-2000",
    "ResNet32x32 on CIFAR-10 with the M2000s",
    "MLPerf Training v2.0 and ResNet-50 version 1.5 with SDK 1.4 in MLPerf 1.1",
    "MLPerf ID 1.0-1025 and 2.0-2045",
    "<img src=\"https://www.facebook.com/tr?id=145304570664993&amp;ev=PageView\">",
    "see 1638413962408997.png or mail press2021@graphcore.ai",
    "published 2021-12-02 and on Jun 30, 2021, updated December 2020",
    "the meeting is at 10:30 am",
    "call +1 650 555 1234 now",
    "2018 말에 출시된 이후",
    "ICLR 2019년 논문",
    "2021年12月2日发布",
    "1단계와 2단계에서",
    "第三季度",
    "in Phase 2 of the project",
    "SQuAD 1.1 task accuracy",
    "an agreeable woman in her 80s, a hit of the 1990s",
    "From 2010 to 2015, and on Nov. 15, 2019, the 2020 Sentra",
    "삼성전자는 3분기 실적을 31일 밝혔다",
    "제3세대 IPU를 탑재했다",
    "华为于8月23日发布",
    "이를 기반으로 학습했다",
])
def test_names_versions_dates_ids_are_not_quantities(text):
    assert find_quantities(text, "und") == []


def test_lost_letters_keep_the_number_and_flag_the_unit():
    text = "ResNet-50? ?? ??? IPU-POD16?? 28.3?? ?? ??, DGX A100??? 29.1?? ???????. ?? 24% ??????"
    qs = find_quantities(text, "und")
    assert [(q.value, q.unit) for q in qs] == [(28.3, ""), (29.1, ""), (24, "%")]
    assert ["unit_missing" in q.flags for q in qs] == [True, True, False]


# --- ranges, ratios, multipliers --------------------------------------------------------------------

@pytest.mark.parametrize("text, lang, expected", [
    ("global batch sizes of 512~2560", "en", [(512, ""), (2560, "")]),
    ("it takes 5-10 minutes", "en", [(5, "min"), (10, "min")]),
    ("between 5 and 10 minutes", "en", [(5, "min"), (10, "min")]),
    ("5 to 10 hours", "en", [(5, "h"), (10, "h")]),
    ("需要5至10分钟", "zh", [(5, "min"), (10, "min")]),
    ("3~5배 향상", "ko", [(3, "x"), (5, "x")]),
])
def test_ranges_give_two_quantities_sharing_the_last_unit(text, lang, expected):
    qs = find_quantities(text, lang)
    assert [(q.value, q.unit) for q in qs] == expected
    assert all(q.qualifier == "range" for q in qs)


def test_change_from_to_is_not_a_range():
    assert found("84.4%에서 86.6% 향상", "ko") == [(84.4, "%", "exact"), (86.6, "%", "exact")]
    assert found("improved from 84.4% to 86.6%", "en") == [(84.4, "%", "exact"), (86.6, "%", "exact")]


@pytest.mark.parametrize("text, lang, value", [("a ratio of 1:8", "en", 0.125), ("1比8的比例", "zh", 0.125),
                                               ("CPU 대 IPU 비율 1:4", "ko", 0.25)])
def test_ratios(text, lang, value):
    assert found(text, lang) == [(value, "ratio", "exact")]


def test_ten_thirty_is_a_time_not_a_ratio():
    assert find_quantities("doors open 10:30", "en") == []


@pytest.mark.parametrize("text, lang, expected", [
    ("performance doubled", "en", (2, "x")), ("throughput tripled", "en", (3, "x")),
    ("the IPU-POD16 is half the price", "en", (0.5, "ratio")), ("one IPU is a quarter of the price", "en", (0.25, "ratio")),
    ("性能翻倍", "zh", (2, "x")),
])
def test_multiplier_words(text, lang, expected):
    assert [(q.value, q.unit) for q in find_quantities(text, lang)][-1:] == [expected]


def test_x_is_a_factor_only_at_a_boundary():
    assert found("a 2.1x performance improvement", "en") == [(2.1, "x", "exact")]
    assert find_quantities("trained on 32x32 images", "en") == []


def test_ambiguous_numeral_words_need_a_unit():
    assert find_quantities("one of the best", "en") == []
    assert find_quantities("이 논문에서는 일을 구조적으로", "ko") == []
    assert find_quantities("统一的一些方法", "zh") == []
    assert found("十二", "zh") == [(12, "", "exact")]


def test_chinese_fen_is_minutes_only_in_a_duration_context():
    assert found("训练时间仅需5分", "zh") == [(5, "min", "exact")]
    assert found("他考了90分", "zh") == [(90, "", "exact")]


# --- contract and properties ---------------------------------------------------------------------

def test_as_dict_has_exactly_the_output_keys():
    (q,) = find_quantities("28.3 minutes", "en")
    assert list(q.as_dict()) == QUANTITY_FIELDS
    assert json.dumps(q.as_dict())


@pytest.mark.parametrize("junk", ["", " ", "\x00\x01\x02", "\ud800 lone surrogate 5%", "?" * 1000, "1" * 5000,
                                  "九" * 3000, ",.,.,1,,2..3", "$" * 100 + "5", "~-~-5-~-"])
def test_junk_never_raises(junk):
    assert isinstance(find_quantities(junk, "und"), list)


_TEXT = st.lists(st.sampled_from(list("0123456789 ,.-~%x$:/?abcmin GBs분배억만개约倍万十二三四五个月年"
                                      "１２．％\u00a0\n") + ["minutes", " hours", "약 ", "최대 ", "about ",
                                                            "IPU-POD", "v1.", "2021-", "four ", "이상"]),
                 max_size=40).map("".join)


@settings(max_examples=250, deadline=None)
@given(_TEXT, st.sampled_from(["en", "ko", "zh", "und", "ja", ""]))
def test_offsets_index_the_text_and_are_sorted(text, lang):
    qs = find_quantities(text, lang)
    assert all(isinstance(q, Quantity) for q in qs)
    assert all(text[q.start:q.end] == q.surface for q in qs)
    assert [q.start for q in qs] == sorted(q.start for q in qs)
    assert all(a.end <= b.start for a, b in zip(qs, qs[1:]))
    assert all(q.qualifier in ("exact", "approx", "at_least", "at_most", "range") for q in qs)
    assert all(math.isfinite(q.value) for q in qs)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_never_raises_on_any_text(text):
    assert isinstance(find_quantities(text, "und"), list)


# --- Microsoft Recognizers-Text specs ------------------------------------------------------------

CURRENCIES = {"USD", "CNY", "KRW", "JPY", "EUR", "TWD", "GBP", "HKD"}


def _cases(lang: str, model: str) -> list[dict]:
    return json.loads((SPECS / lang / f"{model}.json").read_text(encoding="utf-8"))


def spec_items(lang: str, model: str) -> list[tuple[str, dict]]:
    """Selection rules, fixed before measuring: (Input, expectation) for each result of
    - PercentModel: value 'N%' -> a quantity with unit '%' and value N;
    - CurrencyModel: isoCurrency in our currency units, or the generic 'Dollar' -> USD,
      with a numeric value -> a quantity with that unit and value;
    - DurationExtractor: every result -> a duration quantity overlapping its span;
    - NumberModel: numeric value -> a quantity with that value (any unit)."""
    items = []
    for case in _cases(lang, model):
        text = case["Input"]
        for r in case.get("Results", []):
            res = r.get("Resolution") or {}
            if model == "PercentModel":
                m = re.fullmatch(r"(-?\d+(?:\.\d+)?)%", str(res.get("value")))
                if m:
                    items.append((text, {"unit": "%", "value": float(m.group(1))}))
            elif model == "CurrencyModel":
                unit = res.get("isoCurrency") or ("USD" if res.get("unit") == "Dollar" else None)
                try:
                    value = float(res.get("value"))
                except (TypeError, ValueError):
                    continue
                if unit in CURRENCIES:
                    items.append((text, {"unit": unit, "value": value}))
            elif model == "DurationExtractor":
                items.append((text, {"quantity": "duration", "start": r["Start"], "end": r["Start"] + r["Length"]}))
            elif model == "NumberModel":
                try:
                    value = float(res.get("value"))
                except (TypeError, ValueError):
                    continue
                items.append((text, {"value": value}))
    return items


def spec_item_passes(text: str, lang: str, want: dict) -> bool:
    for q in find_quantities(text, lang):
        if "quantity" in want:
            if q.quantity == want["quantity"] and q.start < want["end"] and q.end > want["start"]:
                return True
            continue
        if "unit" in want and q.unit != want["unit"]:
            continue
        if math.isclose(q.value, want["value"], rel_tol=1e-4, abs_tol=1e-9):
            return True
    return False


def spec_pass_rate(lang: str, model: str) -> tuple[float, int]:
    items = spec_items(lang, model)
    ok = sum(spec_item_passes(text, LANG_CODES[lang], want) for text, want in items)
    return ok / max(1, len(items)), len(items)


# Thresholds sit about five points under the rates measured when they were set (in brackets;
# benchmarks/bench_quantities.py prints the current figures). Most misses are outside our
# conventions on purpose: bare spelled numerals that are also words (Korean 삼, English one),
# IP addresses and 15-digit ids (we treat them as non-quantities), 成/折 discounts, word fractions,
# 'all day'/'a few minutes' durations, '15 dollars 50' compound amounts.
SPEC_MIN_RATE = {
    ("English", "PercentModel"): 0.66,       # 73%
    ("Korean", "PercentModel"): 0.90,        # 96%
    ("Chinese", "PercentModel"): 0.50,       # 56%
    ("English", "CurrencyModel"): 0.73,      # 78%
    ("Korean", "CurrencyModel"): 0.70,       # 76%
    ("Chinese", "CurrencyModel"): 0.75,      # 81%
    ("English", "DurationExtractor"): 0.30,  # 34%
    ("Korean", "DurationExtractor"): 0.58,   # 65%
    ("Chinese", "DurationExtractor"): 0.90,  # 100%
    ("English", "NumberModel"): 0.33,        # 38%
    ("Korean", "NumberModel"): 0.27,         # 31% (days of the month like 1일 are dates, not numbers)
    ("Chinese", "NumberModel"): 0.55,        # 61%
}


@pytest.mark.skipif(not SPECS.is_dir(), reason="shared/testdata/numbers not beside the repo")
@pytest.mark.parametrize("lang, model", sorted(SPEC_MIN_RATE))
def test_recognizers_spec_rates(lang, model):
    rate, n = spec_pass_rate(lang, model)
    assert n >= 10
    assert rate >= SPEC_MIN_RATE[(lang, model)], f"{lang} {model}: {rate:.1%} of {n}"


# --- every unit surface of the lexicons reads as its canonical unit -----------------------------

def _lexicon_aliases():
    from extractor import lexicons
    out = []
    for lang in ("en", "ko", "zh"):
        lex = lexicons.load(f"units_{lang}.json")
        for key in ("aliases", "aliases_cs"):
            for alias, entry in lex.get(key, {}).items():
                opts = entry if isinstance(entry, dict) else {"unit": entry}
                if opts.get("needs_context") or opts.get("needs_after") or opts.get("needs_later"):
                    continue
                out.append((lang, alias, opts["unit"], 12 * opts.get("scale", 1)))
    return out


@pytest.mark.parametrize("lang, alias, unit, value", _lexicon_aliases())
def test_every_lexicon_unit_alias_reads(lang, alias, unit, value):
    spaced = alias[0].isascii() and alias[0].isalpha() and alias != "U"
    text = f"12 {alias} " if spaced else f"12{alias} "
    qs = find_quantities(text, lang)
    assert [(q.value, q.unit) for q in qs] == [(value, unit)], text


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=10**9), st.sampled_from(["minutes", "GB", "%", "x", "TFLOPS", "images/sec"]))
def test_formatted_number_with_unit_round_trips(n, unit):
    (q,) = find_quantities(f"reached {n:,} {unit} today", "en")
    assert q.value == n


# --- shapes found on the held-out pages ----------------------------------------------------

@pytest.mark.parametrize("text, lang, expected", [
    # the item noun after a counter and a space still names the rate
    ("초당 3,200개 토큰을 처리해", "ko", [(3200, "tokens/s", "exact")]),
    ("처리량 1,600 토큰/초", "ko", [(1600, "tokens/s", "exact")]),
    # a qualifier between the rate word and the number
    ("每秒可处理约22000张图像", "zh", [(22000, "images/s", "approx")]),
    # a currency named before the number wins over the generic 元 after it
    ("折合新台幣約135元", "zh", [(135, "TWD", "approx")]),
    ("約為新台幣50萬元", "zh", [(500000, "TWD", "approx")]),  # 約 before the currency word
    ("单卡售价约为12万元", "zh", [(120000, "CNY", "approx")]),
    # 负 in mojibake before a bandwidth is no minus sign; before a percentage it is
    ("显存甯﹀�戒负8TB/s", "zh", [(8, "TB/s", "exact")]),
    ("增长率为负8%", "zh", [(-8, "%", "exact")]),
    # a Latin currency prefix starts a word
    ("costs $1.20 versus $3.22", "en", [(1.2, "USD", "exact"), (3.22, "USD", "exact")]),
])
def test_heldout_shapes(text, lang, expected):
    assert found(text, lang) == expected


def test_versus_dollar_surface_is_the_amount_only():
    q = find_quantities("versus $3.22", "en")[0]
    assert q.surface == "$3.22"


@pytest.mark.parametrize("text, expected", [
    ("trained BERT-Large in about an hour", [(1, "h", "approx")]),
    ("ResNet-50 in under an hour, at 57 minutes", [(1, "h", "at_most"), (57, "min", "exact")]),
    ("needed half an hour more", [(0.5, "h", "exact")]),
    ("a dozen H100 GPUs", [(12, "count", "exact")]),
    # after an amount, "an hour" is the denominator of a rate, not a duration
    ("it costs $2 an hour", [(2, "USD", "exact")]),
])
def test_english_article_phrases_are_numbers(text, expected):
    assert found(text, "en") == expected


@pytest.mark.parametrize("text, lang, value", [
    ("학습 시간을 3분의 1로 줄였다", "ko", 1 / 3),
    ("삼분의 일로 줄었다", "ko", 1 / 3),
    ("降至原来的三分之一", "zh", 1 / 3),
])
def test_fractions_written_denominator_first(text, lang, value):
    [q] = find_quantities(text, lang)
    assert q.unit == "ratio" and math.isclose(q.value, value, rel_tol=1e-6)


def test_baifenzhi_stays_a_percentage():
    assert found("上升了百分之22", "zh") == [(22, "%", "exact")]


@pytest.mark.parametrize("text, expected", [
    # a colon spaced on one side is a label, not a ratio
    ("2. ResNet-50: 0.48 minutes", [(2, "", "exact"), (0.48, "min", "exact")]),
    ("a ratio of 1 : 8", [(0.125, "ratio", "exact")]),
])
def test_label_colon_is_no_ratio(text, expected):
    assert found(text, "en") == expected


def test_bare_yuan_keeps_the_currency_named_earlier_in_its_sentence():
    assert found("報價約新台幣1,000萬元,單卡約40萬元。售價50元", "zh") == [
        (1e7, "TWD", "approx"), (400000, "TWD", "approx"), (50, "CNY", "exact")]


@pytest.mark.parametrize("text, expected", [
    ("集群每秒可生成约2100个token", [(2100, "tokens/s", "approx")]),
    ("每秒钟可推理3000次查询", [(3000, "queries/s", "exact")]),
    ("每秒的价格为5元", [(5, "CNY", "exact")]),
])
def test_zh_short_verb_between_rate_word_and_number(text, expected):
    assert found(text, "zh") == expected


# --- issue 9: unit and number gaps, in three languages ------------------------------------------

@pytest.mark.parametrize("text, lang, expected", [
    # compute written short: PF, TF/s, a clipped TOP, an adjective between number and unit
    ("MI355X는 최대 20PF(페타플롭스)의 성능", "ko", [(20, "PFLOPS", "at_most")]),
    ("FP4 at 1.3PF per GPU", "en", [(1.3, "PFLOPS", "exact")]),
    ("FP64从5TF/s来到10.7TF/s", "zh", [(5, "TFLOPS", "exact"), (10.7, "TFLOPS", "exact")]),
    ("NPU算力45 TOP", "zh", [(45, "TOPS", "exact")]),
    ("up to 275 peak TFLOPS of bf16", "en", [(275, "TFLOPS", "at_most")]),
    # bits and bytes are told apart by case; a spaced slash is a slash
    ("pin speed over 9.2Gb/s and 1.2TBps of I/O", "en", [(9.2, "Gbps", "at_least"), (1.2, "TB/s", "exact")]),
    ("9.6 Tb/s of optical bandwidth", "en", [(9.6, "Tbps", "exact")]),
    ("a bandwidth of 665.6 GB / s per stack", "en", [(665.6, "GB/s", "exact")]),
    # throughput and counts
    ("서버당 72,000 TPS를 기록", "ko", [(72000, "tokens/s", "exact")]),
    ("5 billion multiply-adds per inference", "en", [(5e9, "count", "exact")]),
    # multiplier words
    ("bandwidth doubles while capacity quadruples", "en", [(2, "x", "exact"), (4, "x", "exact")]),
    ("throughput tripled", "en", [(3, "x", "exact")]),
    # operations per second written with 兆次 (1e12 operations): FLOPS
    ("每秒20兆次著色器運算、40兆次光線追蹤運算", "zh", [(2e13, "FLOPS", "exact"), (4e13, "FLOPS", "exact")]),
    # rental rates and prices
    ("$1.99/hr on demand", "en", [(1.99, "USD", "exact")]),
    ("~$3.00–$3.90/GPU-hr", "en", [(3.0, "USD", "range"), (3.9, "USD", "range")]),
    ("重達一噸半", "zh", [(1.5, "ton", "exact")]),
    ("一個星期的訓練", "zh", [(1, "week", "exact")]),
])
def test_issue9_units(text, lang, expected):
    assert found(text, lang) == [(pytest.approx(v), u, q) for v, u, q in expected]


@pytest.mark.parametrize("text, lang, expected", [
    # the magnitude closing a range applies to both ends
    ("年租赁价格在12-18万人民币之间", "zh", [(120000, "CNY", "range"), (180000, "CNY", "range")]),
    ("28만~30만 달러(약 3억9000~4억1000만원)", "ko",
     [(280000, "USD", "range"), (300000, "USD", "range"), (3.9e8, "KRW", "range"), (4.1e8, "KRW", "range")]),
    ("270만~280만위안", "ko", [(2.7e6, "CNY", "range"), (2.8e6, "CNY", "range")]),
    ("3萬至3.5萬美元", "zh", [(30000, "USD", "range"), (35000, "USD", "range")]),
    # two neighbouring digits are a range
    ("目前的七八千人民币", "zh", [(7000, "CNY", "range"), (8000, "CNY", "range")]),
    ("三四个小时", "zh", [(3, "h", "range"), (4, "h", "range")]),
    ("The number range is 5k-20k", "en", [(5000, "", "range"), (20000, "", "range")]),
])
def test_ranges_share_their_closing_magnitude(text, lang, expected):
    assert found(text, lang) == [(pytest.approx(v), u, q) for v, u, q in expected]


@pytest.mark.parametrize("text, lang, unit", [
    ("價格分別為499、699、1499美元", "zh", "USD"),
    ("售价分别为3999、4999和5999元", "zh", "CNY"),
    ("priced at 499, 699 and 1,499 dollars", "en", "USD"),
])
def test_listed_numbers_share_the_list_unit(text, lang, unit):
    assert {q.unit for q in find_quantities(text, lang)} == {unit}
    assert len(find_quantities(text, lang)) == 3


def test_list_numbering_does_not_share_a_unit():
    assert [q.unit for q in find_quantities("1、2、3、售价1499美元", "zh")][-1] == "USD"
    assert "USD" not in [q.unit for q in find_quantities("1、2、3、售价1499美元", "zh")][:-1]


@pytest.mark.parametrize("text, expected", [
    ("The company raised £6m last year", [(6e6, "GBP")]),
    ("It raised PS6m", [(6e6, "GBP")]),
    ("sales of ¥590 billion", [(5.9e11, "JPY")]),
    ("sales of Y=590 billion", [(5.9e11, "JPY")]),
    ("shares closed at RM23.50", [(23.5, "MYR")]),
    ("AUD1.5m was paid", [(1.5e6, "AUD")]),
    ("the shares closed at 164p", [(164, "GBX")]),
    ("at minus-260 degrees", [(-260, "")]),
    ("at 70 mph with a 6.1 inch screen", [(70, "mph"), (6.1, "inch")]),
])
def test_general_news_currencies_and_physical_units(text, expected):
    assert [(q.value, q.unit) for q in find_quantities(text, "en")] == [(pytest.approx(v), u) for v, u in expected]


@settings(max_examples=150, deadline=None)
@given(lo=st.integers(1, 98), span=st.integers(1, 50), magnitude=st.sampled_from(["万", "亿"]))
def test_chinese_range_ends_take_the_closing_magnitude(lo, span, magnitude):
    scale = {"万": 1e4, "亿": 1e8}[magnitude]
    hi = lo + span
    qs = find_quantities(f"价格在{lo}-{hi}{magnitude}元之间", "zh")
    assert [(q.value, q.unit, q.qualifier) for q in qs] == [
        (pytest.approx(lo * scale), "CNY", "range"), (pytest.approx(hi * scale), "CNY", "range")]


@settings(max_examples=150, deadline=None)
@given(prices=st.lists(st.integers(100, 999), min_size=2, max_size=5))
def test_every_listed_price_takes_the_currency(prices):
    # (four digits from 1900 to 2099 alone read as years: not drawn)
    text = "價格分別為" + "、".join(str(p) for p in prices) + "美元"
    qs = find_quantities(text, "zh")
    assert [(q.value, q.unit) for q in qs] == [(p, "USD") for p in prices]


# --- Recognizers-Text ranges: both ends of "A~B", "A到B", "A에서 B" read as range ends ---------

def range_spec_items(lang: str) -> list[tuple[str, float, float]]:
    path = SPECS / lang / "NumberRangeModel.json"
    items = []
    for case in json.loads(path.read_text(encoding="utf-8")) if path.exists() else []:
        for r in case.get("Results") or []:
            m = re.fullmatch(r"\[(-?[\d.]+),(-?[\d.]+)[\])]", str((r.get("Resolution") or {}).get("value")))
            if m and float(m.group(1)) < float(m.group(2)) and re.search(r"[~～\-–至到]|에서|부터", r["Text"]):
                items.append((case["Input"], float(m.group(1)), float(m.group(2))))
    return items


RANGE_MIN_RATE = {"Chinese": 0.55, "Korean": 0.45}  # 5 of 8, 8 of 15 when set


@pytest.mark.skipif(not SPECS.is_dir(), reason="shared/testdata/numbers not beside the repo")
@pytest.mark.parametrize("lang", sorted(RANGE_MIN_RATE))
def test_recognizers_range_rates(lang):
    items = range_spec_items(lang)
    ok = 0
    for text, lo, hi in items:
        values = [q.value for q in find_quantities(text, LANG_CODES[lang]) if q.qualifier == "range"]
        ok += any(math.isclose(v, lo) for v in values) and any(math.isclose(v, hi) for v in values)
    assert len(items) >= 5
    assert ok / len(items) >= RANGE_MIN_RATE[lang], f"{lang}: {ok} of {len(items)}"


@pytest.mark.parametrize("text, expected", [
    ("售價約9W/片", [(90000, "CNY", "approx")]),   # W is 万 before a counter: a price per item
    ("售价12W元", [(120000, "CNY", "exact")]),
    ("功耗为9W的芯片", [(9, "W", "exact")]),        # elsewhere W is watts
])
def test_chinese_w_is_wan_only_before_a_counter_or_currency(text, expected):
    assert found(text, "zh") == [(pytest.approx(v), u, q) for v, u, q in expected]


@pytest.mark.parametrize("text, lang, expected", [
    ("초당 35번 읽어낼 수 있는", "ko", [(35, "count", "exact")]),        # how many times a second
    ("每秒处理1.2万次查询", "zh", [(12000, "queries/s", "exact")]),       # an item after 次 is a rate
])
def test_times_a_second_is_a_count_unless_an_item_follows(text, lang, expected):
    assert found(text, lang) == [(pytest.approx(v), u, q) for v, u, q in expected]


def test_korean_queries_are_a_rate_only_where_the_passage_speaks_of_one():
    text = "와트당 수행할 수 있는 쿼리의 수를 테스트한 결과, 퀄컴의 'AI 100'이 197.6 쿼리를 수행"
    assert [(q.value, q.unit) for q in find_quantities(text, "ko")][-1] == (197.6, "queries/s")
    assert [q.unit for q in find_quantities("100만 쿼리를 처리했다", "ko")] == [""]


@pytest.mark.parametrize("text, expected", [
    # set3/zh_01: W is 万 before a per-item slash, an amount per chip is a price, and the W
    # closing a range closes both ends
    ("(4)价格:910B为9W/片;910C为14-14.5W/片。", [(4, "", "exact"), (90000, "CNY", "exact"),
                                          (140000, "CNY", "range"), (145000, "CNY", "range")]),
    ("每卡功耗700W/卡", [(700, "W", "exact")]),     # a power word before it keeps W watts
    ("功耗10-14.5W", [(10, "W", "range"), (14.5, "W", "range")]),
])
def test_an_amount_in_wan_per_item_is_a_price(text, expected):
    assert found(text, "zh") == [(pytest.approx(v), u, q) for v, u, q in expected]


@pytest.mark.parametrize("text, lang, expected", [
    # set3/en_05: the number format stands between a compute figure and its unit
    ("NeuronLink interconnection that deliver up to 20.8 FP8 PetaFLOPS of performance", "en",
     [(20.8, "PFLOPS", "at_most")]),
    ("1,000 INT8 TOPS and 4 fp16 TFLOPS", "en", [(1000, "TOPS", "exact"), (4, "TFLOPS", "exact")]),
])
def test_a_number_format_between_number_and_unit(text, lang, expected):
    assert found(text, lang) == [(pytest.approx(v), u, q) for v, u, q in expected]


@pytest.mark.parametrize("text, expected", [
    ("对比传统架构,训练效率提升45%;对标NV卡,成本节省1/3。", [(45, "%"), (0.3333, "ratio")]),  # set3/zh_01
    ("24/7服务", [(24, "")]),          # not a proper fraction
    ("Gen1/2 ports", []),              # glued to a name
    ("1/10.5", [(1, "")]),             # a decimal denominator is no small fraction
])
def test_slash_fractions(text, expected):
    got = [(q.value, q.unit) for q in find_quantities(text, "zh")]
    assert got == [(pytest.approx(v, rel=1e-3), u) for v, u in expected]


@given(num=st.integers(1, 9), den=st.integers(2, 10), before=st.sampled_from(["成本节省", "降至", "only ", "仅为"]),
       after=st.sampled_from(["。", "的水平", " the cost", ", 且", ""]))
def test_slash_fraction_property(num, den, before, after):
    qs = find_quantities(f"{before}{num}/{den}{after}", "zh")
    if num < den:
        assert [(q.unit, round(q.value, 6)) for q in qs] == [("ratio", round(num / den, 6))]
    else:
        assert all(q.unit != "ratio" for q in qs)


def test_a_colon_before_an_amount_with_a_counter_ends_a_label():
    # set3/zh_01: "华为384:384张" is the CloudMatrix 384 and its 384 chips, no ratio of 1
    text = "英伟达NVL72机架:72张GB200组成一个超节点;华为384:384张910C组成一个超节点。"
    assert [(q.value, q.unit) for q in find_quantities(text, "zh") if q.unit != "count" or q.value > 1] == \
        [(72, "count"), (384, "count")]
    assert found("比例为1:8", "zh") == [(0.125, "ratio", "exact")]


@pytest.mark.parametrize("text, expected", [
    ("H100:80GB HBM3", [(80, "GB")]),                     # set2/zh_04: a spec line, name then amount
    ("FP8:989 TFLOPS", [(989, "TFLOPS")]),                # set2/zh_04: the colon follows a name's digits
])
def test_the_amount_after_a_name_and_colon_is_read(text, expected):
    assert [(q.value, q.unit) for q in find_quantities(text, "zh")] == expected


@pytest.mark.parametrize("text, expected", [
    # CLAIMS.md units no page of the sets writes yet (own snippets): an efficiency per watt,
    # binary sizes as written, a petabyte rate, tok/s
    ("The NPU delivers 26 TOPS at 10 TOPS/W", [(26, "TOPS"), (10, "TOPS/W")]),
    ("3.5 TFLOPS per watt", [(3.5, "TFLOPS/W")]),
    ("24 GiB of memory at 1 TiB/s", [(24, "GiB"), (1, "TiB/s")]),
    ("an aggregate 4 PB/s", [(4, "PB/s")]),
    ("1,000 tok/s per user", [(1000, "tokens/s")]),
    ("one-third the cost", [(0.333333333333, "ratio")]),
])
def test_claims_md_units(text, expected):
    assert [(q.value, q.unit) for q in find_quantities(text, "en")] == expected


@pytest.mark.parametrize("text, expected", [
    # a currency sign followed by a digit opens the next amount: the range keeps both ends
    # (the $3.00–$3.90/GPU-hr of set2/en_06 read so already; a hyphen made "-$" a unit)
    ("priced at $30,000-$40,000 each", [(30000, "USD", "range"), (40000, "USD", "range")]),
    ("€30,000-€40,000", [(30000, "EUR", "range"), (40000, "EUR", "range")]),
    ("it costs 30$ a month", [(30, "USD", "exact")]),
])
def test_a_currency_sign_before_a_digit_opens_the_next_amount(text, expected):
    assert found(text, "en") == expected


@pytest.mark.parametrize("text, lang, expected", [
    ("H100的8卡节点年租", "zh", [(8, "count")]),                           # set2/zh_02
    ("能够满足十万卡以上规模的智算集群", "zh", [(100000, "count")]),          # set3/zh_02
    ("3卡片", "zh", [(3, "")]),                                             # (own) a card, not cards
    ("와트당 10 TOPS", "ko", [(10, "TOPS/W")]),                             # (own) per watt: an efficiency
    ("每瓦10 TOPS", "zh", [(10, "TOPS/W")]),
    ("最高20 PFLOPS", "zh", [(20, "PFLOPS")]),
])
def test_cards_and_per_watt_figures(text, lang, expected):
    assert [(q.value, q.unit) for q in find_quantities(text, lang)] == expected


@pytest.mark.parametrize("text, lang, expected", [
    # counters the gold counts (CLAIMS.md: chips, wafers, cables, trays, stacks, dies ...)
    ("910B出货10万片", "zh", [(100000, "count")]),                          # set3/zh_01
    ("910B目标40-60万片", "zh", [(400000, "count"), (600000, "count")]),    # set3/zh_01
    ("原先預(yù)估的4萬臺", "zh", [(40000, "count")]),                        # set2/zh_08
    ("總共用上全長兩英里的銅線及5000條電纜", "zh", [(2, "mile"), (5000, "count")]),  # set2/zh_05
    ("12核心M2 Max", "zh", [(12, "count")]),                                 # set2/zh_03
    ("8通道", "zh", [(8, "count")]),                                          # set2/zh_03
    ("片刻之后", "zh", []),                                                   # (own) a moment
    ("HBM4 12단 샘플", "ko", [(12, "count")]),                              # set2/ko_04: a stack's dies
    ("사전 학습 사례의 1단계와 2단계에", "ko", []),                             # corpus/003: stages
    ("18 compute trays and nine switch trays", "en", [(18, "count"), (9, "count")]),  # set2/en_05
    ("eight stacks of HBM3e", "en", [(8, "count")]),                         # set2/en_08
    ("with two compute tiles", "en", [(2, "count")]),                        # set3/en_05
    ("As many as 8,960 v5p accelerators", "en", [(8960, "count")]),          # set3/en_06: a lower-case code
    ("AMD announced a pair of processors with a 50TOPS NPU", "en", [(2, "count"), (50, "TOPS")]),  # set2/en_07
])
def test_counters(text, lang, expected):
    assert [(q.value, q.unit) for q in find_quantities(text, lang)] == expected


@given(lo=st.integers(1, 50), span=st.integers(1, 50), unit=st.sampled_from(["x", "GB", "%", "TB/s", "W"]),
       dash=st.sampled_from(["-", "–"]))
def test_a_range_with_its_unit_on_both_ends(lo, span, unit, dash):
    # (own) 1.5x-2x, 2GB-4GB: the unit before the hyphen ends an amount, not a name (ResNet-50)
    hi = lo + span
    got = [(q.value, q.unit, q.qualifier) for q in find_quantities(f"up {lo}{unit}{dash}{hi}{unit} more", "en")]
    assert got == [(lo, unit, "range"), (hi, unit, "range")]
