"""Topics: the page's subject, the heading and the sentence before give their names to
claims that name none (CLAIMS.md), and the `link` column says which one did."""
from __future__ import annotations

from extractor.clean import CleanedPage
from extractor.extract.claims import extract_claims
from extractor.extract.names.entities import canonical_system
from extractor.langid import tag_page


def claims_of(text: str):
    return extract_claims(tag_page(CleanedPage("t.txt", text)))


def by_value(claims):
    return {c.value: (c.system, c.link) for c in claims}


def test_title_gives_its_system_to_a_page_that_does_not_repeat_it():
    text = ("NVIDIA H200 review\n\n"
            "The new memory is faster. Capacity grows to 141 GB at 4.8 TB/s of bandwidth.")
    got = by_value(claims_of(text))
    assert got[141] == ("H200", "system=page_topic")
    assert got[4.8] == ("H200", "system=page_topic")


def test_the_sentence_before_gives_its_one_subject():
    text = ("Intel showed Gaudi 3 at Computex and called it a strong rival. "
            "Inference is up to 1.5x faster on large models.")
    claims = claims_of(text)
    assert [(c.value, c.system, c.link) for c in claims] == [(1.5, canonical_system("Gaudi 3"),
                                                              "system=previous_sentence")]


def test_a_heading_gives_its_system_to_the_paragraph_under_it():
    text = ("Market overview\n\nPrices fell this year.\n\n"
            "Google TPU v5p\n\nEach pod holds 95 TB of memory. Training is 2.8x faster than before.")
    got = by_value(claims_of(text))
    assert got[95][0] == canonical_system("TPU v5p") and got[95][1] == "system=heading"
    assert got[2.8][0] == canonical_system("TPU v5p")


def test_a_name_in_the_sentence_wins_over_the_topic():
    text = "NVIDIA H200 review\n\nThe older H100 has 80 GB of HBM3."
    assert by_value(claims_of(text))[80] == ("H100", "system=clause")


def test_the_topic_is_not_given_to_the_baseline_it_is_compared_with():
    text = "H100 pricing\n\nThe B200 is 2.5x faster than the H100 in training."
    claims = claims_of(text)
    assert [(c.value, c.system, c.baseline) for c in claims] == [(2.5, "B200", "H100")]


def test_a_page_about_one_model_gives_it_to_numbers_that_name_none():
    text = ("Serving Llama 2 70B on H100\n\n"
            "Throughput reached 3,000 tokens/s per GPU. Latency stayed under 2 seconds.")
    got = {c.value: (c.workload, c.link) for c in claims_of(text)}
    assert got[3000] == ("Llama 2 70B", "system=page_topic;workload=page_topic")


def test_a_page_about_a_part_keeps_the_part_as_its_system():
    from extractor.extract.sentences.roles import Mention, SentenceInfo
    from extractor.extract.names.entities import Entity
    from extractor.extract.linking.topics import PageTopic

    part = Mention(Entity(0, 4, "HBM4", "SYSTEM", "HBM4"), 0, 4)
    product = Mention(Entity(10, 14, "H200", "SYSTEM", "H200"), 10, 14)
    title = SentenceInfo(0, 20, "HBM4 and H200", "en", 0, systems=[part, product])
    assert PageTopic.of([title]).system is product  # a product before a part
    only_part = SentenceInfo(0, 20, "HBM4 doubles bandwidth", "en", 0, systems=[part])
    assert PageTopic.of([only_part]).system is part


def test_the_figures_of_a_part_are_its_products():
    # HBM3E is the H200's memory: 141 GB is the H200's, though HBM3E stands nearer
    from extractor.extract.names.entities import find_entities

    text = "NVIDIA H200 review\n\nIt pairs SK hynix HBM3E memory, 141GB in all."
    assert "HBM3E" in {e.canonical for e in find_entities(text)}
    assert [(c.value, c.system) for c in claims_of(text)] == [(141, "H200")]


def test_a_product_beats_its_family_named_in_the_same_sentence():
    from extractor.extract.names.name_kinds import is_family

    assert is_family(canonical_system("Hopper"))
    text = "The NVIDIA H200 GPU builds upon the Hopper architecture, with 141GB of memory."
    assert [(c.value, c.system) for c in claims_of(text)] == [(141, "H200")]
    alone = "The Hopper architecture brings 80 GB of memory."
    assert [(c.value, c.system) for c in claims_of(alone)] == [(80, canonical_system("Hopper"))]


def test_the_page_workload_is_the_one_the_page_names_most():
    text = ("In a previous post we discussed MI300X serving Llama 2 70B. This post covers "
            "Llama 3.1 on MI300X.\n\nLlama 3.1 needs more memory.\n\n"
            "| Batch Size | Average latency in seconds |\n| 1 | 3.530 |\n| 2 | 3.583 |\n")
    got = {c.value: (c.system, c.workload) for c in claims_of(text)}
    assert got[3.53] == ("MI300X", "Llama 3.1")


def test_a_table_row_is_no_heading():
    from extractor.extract.names.entities import Entity
    from extractor.extract.sentences.roles import Mention, SentenceInfo
    from extractor.extract.linking.topics import heading_above

    h100 = Mention(Entity(2, 6, "H100", "SYSTEM", "H100"), 2, 6)
    infos = [SentenceInfo(0, 10, "Prices", "en", 0),
             SentenceInfo(11, 30, "| H100 | $30,000 |", "en", 1, systems=[h100]),
             SentenceInfo(31, 50, "| Unknown card | $12,000 |", "en", 1)]
    assert heading_above(infos, 2) is None  # the row above is no heading to inherit from


def test_a_subtitle_under_the_title_is_no_section_heading():
    # set2/ko_01: the subtitle names the next generation; the body's figures are the title's
    text = ("삼성 품은 AMD 인스팅트 MI350, 엔비디아 '블랙웰'에 견줄 성능 갖춰\n"
            "이전 세대 대비 성능 4배 높아져… 차세대 'MI400'은 2배 성능 향상 제시\n"
            "새로운 MI350 시리즈는 기존 MI300X에서는 지원되지 않던 FP4 데이터 형식을 지원해 기존 MI300X의 FP8 "
            "성능보다 4배 높은 최대 20PF의 성능을 낼 수 있게 됐다. 또한 총 288GB 용량의 HBM3E 메모리를 갖춰 "
            "대규모 모델을 쉽게 다룰 수 있게 됐다.")
    assert by_value(claims_of(text))[288] == ("MI350", "system=page_topic")


def test_a_page_naming_one_model_only_gives_it_though_its_opening_names_none():
    # set3/en_03: the throughput is measured on the page's one model, named after it
    text = ("Nvidia publishes first Blackwell B200 MLPerf results\n\n"
            "1 month ago\n\nBlackwell\n\n(Image credit: Nvidia)\n\n"
            "Nvidia has published the first MLPerf 4.1 results of its Blackwell B200 processor. "
            "There are some caveats that we need to point out, however.\n\n"
            "Based on Nvidia's results, a Blackwell-based B200 GPU delivers 10,755 tokens/second on a single GPU. "
            "A quick look at the MLPerf Llama 2 70B benchmark results reveals similar results.\n\n"
            "The Llama 2 70B results of the H100 are public.")
    claims = {c.value: c for c in claims_of(text)}
    assert claims[10755].workload == "Llama 2 70B"


def test_a_connective_holding_a_back_reference_refers_to_nothing():
    # set1/zh_04: "此外" (besides) and "这一轮" (this round) hold 此 and 这 but refer to no
    # model of the sentence before: the improvement takes none from there
    text = ("与上一代相比,Blackwell在Llama270B模型上实现了高达4倍的性能提升。"
            "此外,通过软件改进,H200在这一轮提交中的性能相比上一轮预览版本提升了27%。")
    c = next(c for c in claims_of(text) if c.value == 27)
    assert (c.system, c.workload) == ("H200", "")
    # a real back reference still takes the model of the sentence before
    text = ("Blackwell在Llama270B模型上实现了高达4倍的性能提升。"
            "H200在这一轮提交中的性能亦有提升,其性能提升了27%。")
    c = next(c for c in claims_of(text) if c.value == 27)
    assert c.workload == "Llama 2 70B"


def test_a_paragraph_naming_no_system_goes_on_about_the_one_the_paragraph_before_described():
    # set2/zh_01: the title names GB300; the body describes Blackwell Ultra, and the next
    # paragraph's NVLink figures are its
    text = ("NVIDIA GB300 GPU首次支持PCIe 6.0、性能大涨50%!功耗达1400W\n\n"
            "NVIDIA一直在准备Blackwell GPU的升级版本。\n\n"
            "Blackwell Ultra仍然是台积电4NP工艺、2080亿个晶体管,配备总计160个SM单元。\n\n"
            "GPU、GPU之间通过1.8TB/s带宽的第五代NVLink互连,这些都没变。")
    got = by_value(claims_of(text))
    assert got[1.8] == ("Blackwell Ultra", "system=previous_sentence")
    # a paragraph before that names two subjects gives none: the page's topic
    text = text.replace("Blackwell Ultra仍然是", "Blackwell Ultra和H100仍然是")
    assert by_value(claims_of(text))[1.8][0] == "GB300"


def test_the_title_repeated_under_the_text_is_no_section_heading():
    # set2/zh_01 repeats its title between paragraphs (share boxes, captions): the
    # paragraph under a repeat goes on from the text before it, not from the title
    title = "NVIDIA GB300 GPU首次支持PCIe 6.0、性能大涨50%!功耗达1400W"
    text = (f"{title}\n\nNVIDIA一直在准备Blackwell GPU的升级版本。\n\n"
            "Blackwell Ultra仍然是台积电4NP工艺,配备总计160个SM单元。\n\n"
            f"{title}\n\n性能方面,稠密性能来到15PFlops。")
    assert by_value(claims_of(text))[15] == ("Blackwell Ultra", "system=previous_sentence")


def test_a_subject_is_carried_across_a_few_paragraphs_that_name_none():
    # set2/zh_01: "一是…" and "二是…" enumerate the figures of the product described before
    text = ("NVIDIA GB300 GPU首次支持PCIe 6.0\n\n"
            "Blackwell Ultra仍然是台积电4NP工艺,配备总计160个SM单元。\n\n"
            "性能方面,显著提升的一是稠密性能来到15PFlops。\n\n"
            "二是注意力加速能力来到10.7TF/s。")
    got = by_value(claims_of(text))
    assert got[15][0] == got[10.7][0] == "Blackwell Ultra"
