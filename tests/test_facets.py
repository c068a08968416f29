"""What the words beside a number say it measures (extract/context/facets.py): part, scale,
period, seller; small real sentences of sets 1-2 and the issue-24 examples."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.context.facets import facets_at


def facet(sentence: str, number: str, metric: str, quantity: str = "") -> dict:
    return facets_at(sentence, sentence.index(number), metric, quantity)


@pytest.mark.parametrize("sentence, number, metric, part", [
    # set2/zh_04: HBM bandwidth against NVLink bandwidth
    ("显存升级:首次使用141GB HBM3e显存,带宽高达4.8 TB/s,比上一代 H100 快约1.8 倍", "4.8", "bandwidth", "hbm"),
    ("互联(NVLink/NVSwitch):支持第四代 NVLink,每 GPU 到 GPU 带宽 900 GB/s,保证多 GPU 协同训练", "900", "bandwidth", "interconnect"),
    # set2/zh_07: the memory's pin speed
    ("– 內存時鐘:6.4 Gbps", "6.4", "bandwidth", "pin"),
    # set1/ko_07 and set2/zh_06: on-die SRAM against HBM
    ("19.2 TB/s의 대역폭을 제공하는 96MB의 on-die SRAM을 탑재하고 있으며 주 메모리는 128GB의 HBM2E입니다.", "19.2", "bandwidth", "sram"),
    ("具有相同的96MB SRAM片上記憶體,128GB HBM2e高頻寬記憶體,頻寬爲3.7TB/s,擁有PCIe 5.0 x16介面", "3.7", "bandwidth", "hbm"),
    # set1/zh_03: L2 cache against HBM capacity
    ("它集成18432个CUDA核心、576个Tensor核心、60MB二级缓存,搭配六颗HBM3高带宽内存", "60MB", "memory", "cache"),
    # set1/en_06: a table row of cooling power
    ("| Cooling Power Draw | ~1,000W | ~500W |", "1,000W", "power", "cooling"),
])
def test_the_part_a_figure_is_of(sentence, number, metric, part):
    assert facet(sentence, number, metric).get("part") == part


@pytest.mark.parametrize("sentence, number, metric, scale", [
    ("the system can scale up to 9,216 chips per pod without glue logic and reach a whopping 42.5 exaflops of performance.", "42.5", "compute", "pod"),
    ("Google今年4月發表TPU「Ironwood」，每顆晶片在高峰可提供4,614 TFLOPS運算能力", "4,614", "compute", "chip"),
    ("国内涌现了约1.3万个智算中心,算力规模已达全球第三(246 EFLOPS),但短时间内", "246", "compute", "national"),
    ("엔비디아는 H20 주문만으로 약 160억달러(약 22조원)의 수주고를 기록했으며", "22조원", "price", "market"),
])
def test_the_scale_a_figure_is_of(sentence, number, metric, scale):
    assert facet(sentence, number, metric).get("scale") == scale


def test_a_change_has_its_period_and_the_first_value_of_from_to_is_earlier():
    s = "过去五年内,常规算力芯片的租赁价格整体下降了约80%,而H100价格下降也符合这一趋势。"
    assert facet(s, "80%", "price", "percent")["period"] == "5y"
    s = "In June 2025, AWS cut H100 instance prices by approximately 44%."
    assert facet(s, "44%", "price", "percent")["period"] == "2025-06"
    s = "Power rises from 1,200 W to 1,400 W."
    assert facet(s, "1,200", "power").get("period") == "earlier"
    assert "period" not in facet(s, "1,400", "power")


def test_a_price_names_its_seller_unless_the_sentence_names_several():
    s = "down from $7.57 (AWS) and $11.06 (GCP) just months earlier."
    assert facet(s, "7.57", "price")["seller"] == "aws"
    assert facet(s, "11.06", "price")["seller"] == "gcp"
    s = "On boutique GPU clouds (RunPod, Vast.ai, Lambda Labs), H100s were available at $1.49."
    assert facet(s, "1.49", "price")["seller"] == "?"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80), st.integers(min_value=-5, max_value=90),
       st.sampled_from(["", "price", "memory", "bandwidth", "power", "compute", "count"]),
       st.sampled_from(["", "percent", "count", "money"]))
def test_no_text_makes_it_raise(text, at, metric, quantity):
    assert isinstance(facets_at(text, at, metric, quantity), dict)
