"""Verdicts and why (extractor.verdicts.judgement), on small rows of the development set's
claims: per-workload factors of a group that names no workload are no conflict, while
pages that each state one differing value still are."""
import pandas as pd
import pytest

from extractor.verdicts import ConsistencyConfig, check_consistency, load_reference

COLUMNS = ["doc_id", "lang", "sentence", "start", "end", "surface", "value", "unit",
           "quantity", "value_norm", "metric", "system", "workload", "vendor", "qualifier",
           "context", "confidence", "flags", "baseline"]
UNITS = {"x": ("factor", 1.0), "TFLOPS": ("compute", 1e12), "USD": ("money", 1.0)}

EN_05_HOPPER = ("Consistent with successive generations of NVIDIA GPUs, the Hopper GPU is "
                "1.5x to 2.5x the performance of the Ampere A100 on most AI benchmarks, while "
                "the NVIDIA Jetson AGX Orin leads in edge computing.")
EN_05_UP_TO = ("The H100 (Hopper-based) GPU demonstrates substantial performance gains over "
               "prior generations, achieving up to four times faster performance than the "
               "NVIDIA A100 on the newly released MLPerf V2.1 benchmark suite.")
ZH_03_SPREAD = ("对比A100,跨代提升更是惊人,无延迟离线测试的变化幅度少则1.8倍,多则可达4.5倍,"
                "延迟服务器测试少则超过1.7倍,多则也能接近4倍。")
ZH_03_THEORY = "相比于ChatGPT等目前普遍使用的A100,H100的理论性能提升了足足6倍。"
KO_01_HEAD = "\"GB200, H100보다 추론 성능 30배\""
KO_01_BODY = ("GB200은 H100 대비 최대 30배의 거대언어모델(LLM) 추론 성능 향상을 제공하며 비용과 "
              "에너지 소비는 최대 25분의 1 수준이라고 엔비디아는 설명했다.")
EN_02_GB200 = ("Key findings from our benchmarks highlighted the ND GB200 v6’s 2.5x theoretical "
               "performance increase over the ND H100 v5 translated into a sustained 2,744 "
               "TFLOPS FP8 throughput.")


def row(doc, value, unit, surface, sentence, system, metric="speedup", context="",
        qualifier="exact", baseline="", workload="", lang="en"):
    quantity, scale = UNITS[unit]
    return {"doc_id": doc, "lang": lang, "sentence": sentence, "start": 0, "end": 1,
            "surface": surface, "value": float(value), "unit": unit, "quantity": quantity,
            "value_norm": value * scale, "metric": metric, "system": system,
            "workload": workload, "vendor": "", "qualifier": qualifier, "context": context,
            "confidence": 0.8, "flags": "", "baseline": baseline}


@pytest.fixture(scope="module")
def reference():
    return load_reference()


def groups_of(reference, *rows, config=None):
    groups, _ = check_consistency(pd.DataFrame(list(rows), columns=COLUMNS), reference,
                                  config or ConsistencyConfig())
    return groups


def h100_over_a100(workload=""):
    """set1/en_05 and set1/zh_03: the H100's inference factors over the A100."""
    en = dict(system="H100", baseline="A100", context="suite=inference;round=v2.1",
              workload=workload)
    zh = dict(system="H100", baseline="A100", context="suite=inference", lang="zh-Hans",
              workload=workload)
    return [row("set1/en_05.txt", 4, "x", "four times", EN_05_UP_TO, qualifier="at_most", **en),
            row("set1/en_05.txt", 1.5, "x", "1.5x", EN_05_HOPPER, **en),
            row("set1/en_05.txt", 2.5, "x", "2.5x", EN_05_HOPPER, **en),
            row("set1/zh_03.txt", 6, "x", "6倍", ZH_03_THEORY, **zh),
            row("set1/zh_03.txt", 1.8, "x", "1.8倍", ZH_03_SPREAD, **zh),
            row("set1/zh_03.txt", 4.5, "x", "4.5倍", ZH_03_SPREAD, **zh),
            row("set1/zh_03.txt", 1.7, "x", "1.7倍", ZH_03_SPREAD, qualifier="at_least", **zh),
            row("set1/zh_03.txt", 4, "x", "4倍", ZH_03_SPREAD, qualifier="approx", **zh)]


def test_per_workload_factors_without_a_workload_are_no_conflict(reference):
    groups = groups_of(reference, *h100_over_a100())
    assert len(groups) == 1
    g = groups.iloc[0]
    assert g["verdict"] == "within_page"
    assert g["verdict_note"] == ("figures of several kinds, not compared across pages: the "
                                 "group names no workload and set1/en_05.txt states 1.5 x "
                                 "to 4 x")


def test_the_same_spreads_under_a_named_workload_still_conflict(reference):
    """The exception is the missing workload: a page's spread under a named workload
    is two results of one thing, and pages stating values the other does not cover
    disagree."""
    g = groups_of(reference, *h100_over_a100("ResNet-50")).iloc[0]
    assert g["verdict"] == "conflict"
    assert g["verdict_note"] == ("set1/en_05.txt and set1/zh_03.txt each state a value the "
                                 "other does not; 6 x (set1/zh_03.txt) is above the best "
                                 "case up to 4 x (set1/en_05.txt), an upper bound")


def test_without_the_rule_the_spreads_conflict(reference):
    config = ConsistencyConfig(varying_fields=())
    assert groups_of(reference, *h100_over_a100(), config=config).iloc[0]["verdict"] \
        == "conflict"


def gb200_over_h100():
    """set2/en_02's 2.5x (theoretical) and set3/ko_01's "up to 30x" (LLM inference), whose
    headline restates it without the "up to"."""
    ko = dict(system="GB200", baseline="H100", context="date=2024-03-19", lang="ko")
    return [row("set2/en_02.txt", 2.5, "x", "2.5x", EN_02_GB200, system="GB200",
                baseline="H100", context="suite=inference"),
            row("set3/ko_01.txt", 30, "x", "30배", KO_01_HEAD, **ko),
            row("set3/ko_01.txt", 30, "x", "30배", KO_01_BODY, qualifier="at_most", **ko)]


def test_a_value_below_a_best_case_is_consistent_with_it(reference):
    """"Up to 30x" is an upper bound, not a spread of values: set2/en_02's 2.5x lies below
    it. set3/ko_01's headline "30배" is its body's "최대 30배" without the "up to" (one
    figure of the page), so the page states the bound, not also an exact 30x."""
    groups = groups_of(reference, *gb200_over_h100())
    g = groups.iloc[0]
    assert len(groups) == 1 and g["verdict"] == "agree"
    assert g["verdict_note"] == ("the values of 2 pages agree within their tolerances; up to "
                                 "30 x (set3/ko_01.txt) is a best case, an upper bound: 2.5 x "
                                 "(set2/en_02.txt) below it is consistent with it")


def test_a_value_above_a_best_case_conflicts_with_it(reference):
    """set1/zh_03's "理论性能提升了足足6倍" is above set1/en_05's "up to four times": both
    cannot hold, even in a group that names no workload (a best case is no spread)."""
    rows = h100_over_a100()
    g = groups_of(reference, rows[0], rows[3]).iloc[0]
    assert g["verdict"] == "conflict"
    assert g["verdict_note"] == ("each page states one value, and they differ; 6 x "
                                 "(set1/zh_03.txt) is above the best case up to 4 x "
                                 "(set1/en_05.txt), an upper bound")
    below = groups_of(reference, rows[0], rows[4]).iloc[0]  # zh_03's 1.8倍
    assert below["verdict"] == "agree" and "1.8 x (set1/zh_03.txt) below it" \
        in below["verdict_note"]


def test_without_the_bound_a_page_restating_its_best_case_conflicts(reference):
    """Read as an exact 30x, set3/ko_01's headline would disagree with set2/en_02's 2.5x."""
    rows = gb200_over_h100()[:2]
    assert groups_of(reference, *rows).iloc[0]["verdict"] == "conflict"


def test_pages_each_stating_one_compute_figure_still_conflict(reference):
    """set1/ko_07 and set2/zh_06 state Gaudi 3's matrix compute as 1,856 and 1,835 TFLOPS
    (judged a real disagreement): no page states a spread, so the missing number format
    does not excuse it."""
    groups = groups_of(
        reference,
        row("set1/ko_07.txt", 1856, "TFLOPS", "1,856", "가우디 3의 AI 연산 능력은 1856 BF16/FP8 "
            "matrix TFLOPS로 H100보다 약간 낮은 정도인데,", system="Gaudi3", metric="compute",
            lang="ko"),
        row("set2/zh_06.txt", 1835, "TFLOPS", "1835 TFLOPS", "根據英特爾公佈的資料顯示,Gaudi 3在"
            "FP16/BF16上可以達到1835 TFLOPS,", system="Gaudi3", metric="compute",
            lang="zh-Hant"))
    g = groups.iloc[0]
    assert g["verdict"] == "conflict"
    assert g["verdict_note"] == "each page states one value, and they differ"


def test_every_verdict_says_why(reference):
    groups = groups_of(reference, *h100_over_a100()[:3])
    assert groups.iloc[0]["verdict"] == "within_page"
    assert groups.iloc[0]["verdict_note"] == "the values differ on one page (set1/en_05.txt)"
    one = row("set1/zh_03.txt", 6, "x", "6倍", ZH_03_THEORY, system="H100", baseline="A100",
              context="suite=inference")
    assert groups_of(reference, one).iloc[0]["verdict_note"] == "one page"
    two = groups_of(reference, one, dict(one, doc_id="set1/zh_03__junk.txt")).iloc[0]
    assert (two["verdict"], two["verdict_note"]) == \
        ("agree", "the values of 2 pages agree within their tolerances")
