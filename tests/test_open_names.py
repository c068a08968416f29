"""Names no lexicon lists: found by what the page says of them, not by a list."""
from __future__ import annotations

from extractor.extract.names.entities import SYSTEM, find_entities
from extractor.extract.names.open_names import (is_open_word, island_codes,
                                                number_models, words_before_nouns)


def unknown(text: str, lang: str = "en") -> list[tuple[str, str]]:
    return [(e.canonical, e.origin) for e in find_entities(text, lang) if e.origin != "lexicon"]


def test_a_code_among_chinese_words_is_a_product_but_an_api_version_is_not():
    # set2/zh_03: DX12 is DirectX, not a product beside the Adreno GPU
    assert [s.canonical for s in island_codes("骁龙X Elite中集成了Adreno GPU,支持DX12,算力4.6 TFlops")] == []
    assert [s.canonical for s in island_codes("Hopper H100早在2022年3月就发布了,与H20相比")] == [
        "H100", "H20"]


def test_a_number_with_a_model_letter_after_a_vendor_or_before_a_class_noun():
    assert [s.canonical for s in number_models("华为910C芯片")] == ["Ascend 910C"]
    assert [s.canonical for s in number_models("功耗700W芯片, 显存80GB")] == []
    assert [s.canonical for s in number_models("XG900芯片; 512C芯片")] == ["512C"]


def test_a_bare_model_number_on_a_page_naming_its_vendor_is_that_lines_model():
    # a Huawei page writes its chips by number alone ("384张910C组成一个超节点")
    text = "华为384:384张910C组成一个超节点。(4)价格:910B为9W/片; (5)910D:四个die合封"
    assert [e.canonical for e in find_entities(text, "zh") if e.label == SYSTEM] == [
        "Ascend 910C", "Ascend 910B", "Ascend 910D"]
    # without the vendor, a number with a letter is no product
    assert [e.canonical for e in find_entities("384张910C组成; 价格910B为9W", "zh")
            if e.label == SYSTEM] == []


def test_a_rare_capitalised_word_before_a_class_noun():
    assert [s.canonical for s in words_before_nouns("Google's Ironwood TPU and Trillium chips")] == [
        "Ironwood", "Trillium"]
    # common words and parts of a product are no names (set1/en_01: "Tensor Core GPU")
    assert words_before_nouns("Custom chips, the Mobile GPU, H100 Tensor Core GPU") == []


def test_common_words_vendors_and_acronyms_are_no_open_names():
    assert [is_open_word(w) for w in ["Ironwood", "Custom", "NVIDIA", "LLM", "CEO"]] == [
        True, False, False, False, False]


def test_benchmarks_are_workloads_and_no_unknown_systems():
    got = [(e.canonical, e.label) for e in find_entities("Geekbench 6 멀티코어 점수와 安兔兔跑分, MLPerf chips")]
    assert got == [("Geekbench 6", "WORKLOAD"), ("AnTuTu", "WORKLOAD")]


def test_a_one_digit_code_after_a_korean_vendor_and_its_particle_is_a_product():
    assert [(e.text, e.canonical) for e in find_entities("애플의 M3의 성능은", "ko")
            if e.label == SYSTEM] == [("M3", "M3")]
    # a format or a cache level after a vendor is no product
    assert [e.canonical for e in find_entities("엔비디아의 FP8 성능, AMD의 L3 캐시", "ko")
            if e.label == SYSTEM] == []


def test_an_event_or_title_acronym_with_a_number_is_no_code_among_korean_words():
    # set3/ko_03: Mobile World Congress 2025
    assert [s.canonical for s in island_codes("화웨이는 MWC25에서 어센드를 공개했다")] == []


def test_a_common_word_glued_to_a_function_word_is_no_name():
    # set3/en_03: a flattened table header, "Offline per GPU" with a space lost
    header = "Row 0 - Cell 0 # of GPUsOfflineServerper GPU Offlineper GPU Server"
    assert words_before_nouns(header) == []
    assert unknown(header) == []
    assert is_open_word("Ironwood") and is_open_word("Trillium")
