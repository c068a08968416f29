"""The metric of a claim (extract/metrics.py): what a factor or a per cent multiplies is
the noun it modifies within its clause (devset README "metric"). Snippets of set2 and set3."""
from __future__ import annotations

import pytest

from extractor.clean import CleanedPage
from extractor.extract.claims import extract_claims
from extractor.extract.metrics import metric_for
from extractor.langid import tag_page


def metrics_of(text: str, every: bool = False) -> dict:
    """value -> metric of the claims of `text` (with `every`: value -> set of metrics)."""
    claims = extract_claims(tag_page(CleanedPage("t.txt", text)))
    if every:
        out: dict[float, set] = {}
        for c in claims:
            out.setdefault(c.value, set()).add(c.metric)
        return out
    return {c.value: c.metric for c in claims}


@pytest.mark.parametrize("text,expected", [
    # set2/en_02: the factor multiplies the transfer speeds of its clause, not "faster"
    ("Additionally, we measured 7.35 TB/s HBM bandwidth utilization (92% efficiency) and 4x "
     "faster CPU-to-GPU transfer speeds thanks to NVLink C2C.", {4: "bandwidth", 7.35: "bandwidth"}),
    # set3/ko_04: 메모리 is the 288GB's (a number whose unit says what it measures)
    ("MI355X(CDNA 4 아키텍처)는 2025년 하반기 출시 예정으로, 288GB 메모리와 8배의 성능 향상을 약속합니다.",
     {288: "memory", 8: "speedup"}),
    # set2/zh_01: 性能 names the 50%; 功耗 is the 1400W's
    ("首页 显卡 NVIDIA GB300 GPU首次支持PCIe 6.0、性能大涨50%!功耗达1400W", {50: "improvement", 1400: "power"}),
])
def test_the_noun_a_number_multiplies_decides(text, expected):
    got = metrics_of(text)
    assert {k: got.get(k) for k in expected} == expected


@pytest.mark.parametrize("text,expected", [
    # set3/en_02: "computing power" is performance, not a power draw
    ("Built on a 7nm process, with INT8 integer computing power of 512 TOPS, and a power "
     "consumption of 310W. Officially claimed to have double the computing power of NVIDIA's Tesla V100 (125 TFLOPS), "
     "with nearly double the performance in training the ResNet50 network.",
     {2: "speedup", 310: "power"}),
    # set3/en_01: a compound measures its head ("memory bandwidth"); gold says other for
    # both, the README says memory and bandwidth
    ("The numbers speak for themselves - AMD provides 2.72X more memory and 2.66X more memory "
     "bandwidth than its rival.", {2.72: "memory", 2.66: "bandwidth"}),
])
def test_a_compound_measures_its_head(text, expected):
    got = metrics_of(text)
    assert {k: got.get(k) for k in expected} == expected


@pytest.mark.parametrize("text,expected", [
    # set3/en_02: performance exceeding a baseline by a per cent is a gain
    ("Huawei claims its efficiency reaches 80% when training large language models, with certain "
     "tests showing performance exceeding NVIDIA's A100 by about 20%.", {80: "other", 20: "improvement"}),
    # set3/en_01
    ("Tests with large language models like LLaMA2-70B show AMD's solution has a 40% latency advantage.",
     {40: "improvement"}),
])
def test_a_per_cent_of_performance_is_an_improvement(text, expected):
    got = metrics_of(text)
    assert {k: got.get(k) for k in expected} == expected


def test_a_ratio_names_no_metric_of_its_own():
    # set3/ko_01: "ratio" is no metric of CLAIMS.md
    assert metric_for("ratio", "비용과 에너지 소비는 최대 25분의 1 수준", "", "ko") == ("other", False)


def test_a_gloss_in_parentheses_belongs_to_the_clause_before_it():
    # set2/ko_04: the I/O glosses the 통로 the 2배 multiplies (a count owns no bandwidth);
    # set2/ko_02: a parenthesis after the number itself states its conditions
    got = metrics_of("6세대 제품인 HBM4는 이전 세대보다 2배 늘어난 2048개의 데이터 전송 통로(I/O)를 "
                     "적용해 대역폭을 2배로 확대하고 전력 효율도 40% 이상 끌어올렸다.", every=True)
    assert (got[2], got[40]) == ({"bandwidth"}, {"perf_per_watt"})
    got = metrics_of("전 세대 제품(가우디2)보다 △AI 컴퓨팅 성능은 4배(BF16·저 메모리 16비트 부동 소수점 기준) "
                     "△메모리 대역폭(시간당 처리할 수 있는 데이터양)은 1.5배 늘었다.")
    assert (got[4], got[1.5]) == ("speedup", "bandwidth")


def test_a_topic_carries_from_the_clause_before_not_from_further_back():
    # set3/zh_06: 能源效率 describes the chip three clauses back; the 四倍 multiplies the
    # performance on workloads (a speedup). set2/zh_05: 每瓦 in the clause right before.
    got = metrics_of("Google在官方部落格宣布，功能最強、能源效率最高的第七代 TPU「Ironwood」將於未來幾周內正式發布，"
                     "是Google首款為AI推論打造的史上最強晶片，在訓練和推理工作負載方面較前一代提升四倍以上。")
    assert got[4] == "speedup"
    got = metrics_of("他說明,新一代的Blackwell設備在耗電每瓦特的性能,比前一代提高了四倍,若以同樣價格計算的性能也提高三倍。")
    assert (got[4], got[3]) == ("perf_per_watt", "perf_per_price")


@pytest.mark.parametrize("text,expected", [
    # set2/en_07: "powerful" is performance, not a power draw (the sentence referred back to)
    ("Intel and AMD came out with their own announcements that their next-gen processors have even "
     "more powerful NPUs, with Intel promising 48TOPS and AMD going up to 50TOPS. That's up to 10% "
     "more than what Qualcomm is offering.", {10: "improvement"}),
    # set2/ko_02: (TDP) glosses 전력효율성, the word that names what is measured
    ("추론속도의 경우 라마2 7B와 70B 모델 기준 1.5배 더 우수하며 전력효율성(TDP)도 1.4배 더 향상됐다고 밝혔다.",
     {1.4: "perf_per_watt"}),
    # set3/zh_06: 效能功耗 is performance per watt (gold: other; the README: perf_per_watt)
    ("Ironwood效能功耗較前代產品Trillium提升二倍，採液冷解決方案。", {2: "perf_per_watt"}),
])
def test_words_of_efficiency_per_watt_and_of_performance_are_no_power_draw(text, expected):
    got = metrics_of(text)
    assert {k: got.get(k) for k in expected} == expected


@pytest.mark.parametrize("text,expected", [
    # set3/zh_01: a yield rate; set3/zh_03: scaling efficiency (CLAIMS.md: other)
    ("(3)良率:910C目前35-36%,目标25年底提高至40%以上。", {35: "other", 36: "other"}),
    ("2、256个加速器到384个加速器,性能扩展95%,接近线性提升。", {95: "other"}),
    # set3/ko_05: a factor of a transistor count, a physical spec
    ("트랜지스터 집적도가 2조 6000억 개에 달한다. 약 20억 개 트랜지스터를 보유한 일반적인 프로세스보다 1300배 높다.",
     {1300: "other"}),
    # set3/en_06: a pod 35x larger
    ("As many as 8,960 v5p accelerators can be coupled together in a single pod using Google's 600 GB/s "
     "inter-chip interconnect. For reference, that's 35x larger than was possible with the TPU v5e.",
     {35: "other"}),
])
def test_business_figures_yields_and_physical_specs_are_other(text, expected):
    got = metrics_of(text)
    assert {k: got.get(k) for k in expected} == expected


def test_a_cue_reaches_a_number_through_another_only_beside_it():
    # set3/ko_04: 비용 after 절반 far away is not the 92%'s (시장 is)
    got = metrics_of("이는 NVIDIA가 AI 가속기 시장의 92%를 장악할 수 있게 했던 경제 구조를 근본적으로 뒤흔들고 "
                     "있습니다.¹ 한때 NVIDIA의 가격 정책을 당연하게 받아들였던 기업들이 이제는 AMD의 제품이 절반의 "
                     "비용으로 많은 워크로드에서 H100 성능에 필적하며, 대용량 메모리가 비용이 많이 드는 멀티 GPU "
                     "구성을 불필요하게 만든다는 사실을 발견하고 있습니다.")
    assert got.get(92) == "other"


def test_both_ends_of_a_from_to_pair_are_levels():
    # seed page 003: 향상 says 86.6% is reached from 84.4%; both are accuracies
    got = metrics_of("예를 들어 MRPC 학습 예제는 3600개밖에 없지만, BERT-Base에서 BERT-Large 모델 크기를 "
                     "키움으로써 정확도가 84.4%에서 86.6% 향상되었습니다.")
    assert (got.get(84.4), got.get(86.6)) == ("accuracy", "accuracy")


def test_a_per_cent_over_a_price_is_a_premium():
    # set2/ko_07: 50% above the list price is a premium (other), no gain in performance;
    # "H100보다 50% 높은 성능" stays an improvement
    got = metrics_of("H100의 가격도 하락하고 있다. 하락하기 전 가격은 공식 판매가인 28만~30만 달러"
                     "(약 3억9000~4억1000만원)보다 약 50% 높은 수준이다.")
    assert got.get(50) == "other"
    assert metrics_of("H200은 H100보다 약 50% 높은 성능을 낸다.").get(50) == "improvement"


def test_a_numbers_own_unit_is_its_last_resort_cue():
    # the "$" of "$0.60" says a price where no other word does; "/s" of another number's
    # TB/s is no cue of the 4x beside it (set2/en_02)
    s = "serving Llama 3 70B at $0.60/M tokens"
    at = (s.index("$"), s.index("/M"))
    assert metric_for("money", s, s, "en", at=at, clause=(0, len(s))) == ("price", True)
    s = "we measured 7.35 TB/s and 4x faster transfer speeds"
    at, tb = (s.index("4x"), s.index("4x") + 2), (s.index("7.35"), s.index(" and"))
    assert metric_for("factor", s, s, "en", at=at, clause=(0, len(s)), others=(at,),
                      measured=(tb + ("bandwidth",),))[0] == "bandwidth"
