"""Names no lexicon lists: found by what the page says of them, not by a list."""
from __future__ import annotations

from extractor.extract.entities import SYSTEM, find_entities
from extractor.extract.open_names import (definitions, is_open_word, island_codes,
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


def test_a_korean_spelling_defined_in_brackets_takes_the_latin_name():
    text = "구글은 트릴리움(Trillium)을 공개했다. 트릴리움 칩은 926 TFLOPS를 낸다."
    assert [(d[2], d[5]) for d in definitions(text)] == [("트릴리움", "Trillium")]
    ents = [(e.text, e.canonical, e.label) for e in find_entities(text, "ko") if e.label == SYSTEM]
    assert ("트릴리움", "Trillium", SYSTEM) in ents
    assert all(c == "Trillium" for _, c, _ in ents)


def test_an_unknown_name_counts_where_the_page_writes_it_again():
    text = "The Zorbex TPU is new. Later, Zorbex reached 4614 TFLOPS."
    assert unknown(text) == [("Zorbex", "shape"), ("Zorbex", "page")]


def test_an_abbreviation_in_brackets_takes_the_name_it_abbreviates():
    got = [(e.text, e.canonical, e.origin) for e in find_entities("AWS Graviton4 (Grv4) instances")
           if e.label == SYSTEM]
    assert ("Grv4", "Graviton4", "definition") in got


def test_benchmarks_are_workloads_and_no_unknown_systems():
    got = [(e.canonical, e.label) for e in find_entities("Geekbench 6 멀티코어 점수와 安兔兔跑分, MLPerf chips")]
    assert got == [("Geekbench 6", "WORKLOAD"), ("AnTuTu", "WORKLOAD")]


def test_a_name_shortened_to_its_last_words_is_the_name_the_page_wrote_whole():
    # set1/ko_03: Qualcomm's Cloud AI 100, written whole once and then as 'AI 100'
    text = ("퀄컴의 '클라우드 AI 100'이 엔비디아의 'H100'을 앞섰다. 테스트한 결과, "
            "퀄컴의 'AI 100'이 197.6 쿼리를 수행한 반면 엔비디아의 'H100'은")
    assert [(e.text, e.canonical) for e in find_entities(text, "ko") if e.label == SYSTEM] == [
        ("클라우드 AI 100", "Cloud AI 100"), ("H100", "H100"), ("AI 100", "Cloud AI 100"),
        ("H100", "H100")]
    # a page that never wrote the whole name: "AI 100" is no product
    assert [e.canonical for e in find_entities("퀄컴의 'AI 100'이 197.6 쿼리를", "ko")
            if e.label == SYSTEM] == []


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


def test_a_chinese_page_writes_a_system_by_the_number_that_ends_its_name():
    # set3/zh_01: "CloudMatrix 384", then "华为384" and "384算力规模300PFlops"; "384张910C"
    # is a count of chips, and the page's figures are the supernode's
    text = ("4月10日,华为云正式推出CloudMatrix 384超节点。华为384:384张910C组成一个超节点。\n"
            "(1)性能数据:384算力规模300PFlops,相比英伟达NVL72的180PFlops提升67%。")
    found = [(e.text, e.canonical) for e in find_entities(text, "zh")
             if e.label == SYSTEM and e.canonical == "CloudMatrix 384"]
    assert found == [("CloudMatrix 384", "CloudMatrix 384"), ("384", "CloudMatrix 384"),
                     ("384", "CloudMatrix 384")]
    assert [text[e.start - 2:e.start] for e in find_entities(text, "zh") if e.text == "384"] == [
        "华为", "据:"]
