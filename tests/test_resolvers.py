"""Resolvers: one linking decision per number, by named resolvers tried in order; the
first the claim's kind allows wins, and the `link` column records the winner's source or
why what was found did not attach. Snippets from development pages of sets 1-2."""
from __future__ import annotations

from extractor.clean import CleanedPage
from extractor.extract.claims import extract_claims
from extractor.extract.names.entities import Entity
from extractor.extract.linking.link_kinds import ClaimKind, OWN_SENTENCE
from extractor.extract.linking.resolvers import (SYSTEM_RESOLVERS, WORKLOAD_RESOLVERS, Candidate, choose)
from extractor.extract.sentences.roles import Mention
from extractor.langid import tag_page


def claims_of(text: str):
    return extract_claims(tag_page(CleanedPage("t.txt", text)))


def by_value(text: str):
    return {c.value: (c.system, c.workload, c.link) for c in claims_of(text)}


def _m(name: str) -> Mention:
    return Mention(Entity(0, len(name), name, "SYSTEM", name), 0, len(name))


def test_resolvers_are_named_and_ordered_by_weight_of_evidence():
    names = [r.__name__ for r in SYSTEM_RESOLVERS]
    assert names.index("table_column_system") < names.index("sentence_system") \
        < names.index("carried_system") < names.index("page_topic_system") < names.index("baseline_only_system")
    assert [r.__name__ for r in WORKLOAD_RESOLVERS][-1] == "page_topic_workload"


def test_choose_keeps_the_first_candidate_the_kind_allows():
    page = lambda lq: Candidate(_m("GPT-3"), "page_topic")  # noqa: E731
    clause = lambda lq: Candidate(_m("BERT"), "clause")  # noqa: E731
    memory = ClaimKind("memory", workload_sources=OWN_SENTENCE)
    d = choose((page, clause), None, memory.workload_sources, kind=memory)
    assert d.chosen.mention.entity.canonical == "BERT" and d.refused == "" and d.source == "clause"
    d = choose((page,), None, memory.workload_sources, kind=memory)
    assert d.chosen is None and d.refused == "kind=memory" and d.refused_from == d.source == "page_topic"


def test_the_clause_beats_the_previous_sentence():
    # set1/en_05 shape: the sentence before names one GPU, this one names another beside its figure
    text = ("The Ascend 910 is Huawei's training chip. "
            "The Tesla V100 (125 TFLOPS) was the previous leader.")
    assert by_value(text)[125][0] == "V100"


def test_the_performer_not_the_baseline_named_later_takes_the_figure():
    # CLAIMS.md: "B200 is 4x faster than H100": B200
    got = by_value("The B200 is 4x faster than the H100 on GPT-3 training.")
    assert got[4][0] == "B200"


def test_the_sentence_before_gives_its_subject_with_its_source_recorded():
    text = ("Intel showed Gaudi 3 at Computex and called it a strong rival. "
            "Inference is up to 1.5x faster on large models.")
    assert by_value(text)[1.5][2] == "system=previous_sentence"


def test_a_capacity_before_a_counted_memory_is_each_unit_s():
    # issue 23's kind "36GB HBM3E 메모리를 8개": eight memories of 36GB each; the product
    # has the 288GB, and "141GB HBM3e" with no count stays the product's
    text = ("H200은 141GB HBM3e 메모리를 탑재했다. 신제품은 36GB HBM3E 메모리를 8개 탑재해 "
            "총 288GB 용량을 갖췄다.")
    got = by_value(text)
    assert got[36][0] == "HBM3E" and got[288][0] == "H200" and got[141][0] == "H200"


def test_the_system_the_topic_used_is_the_one_measured():
    # set1/ko_06: the V100 GPUs ran on a DGX SuperPOD; the 80 seconds are the SuperPOD's run
    text = ("결과에 따르면 Nvidia의 Tesla V100 Tensor Core GPU는 Nvidia DGX SuperPOD를 사용하여 80 초 이내에 "
            "이미지 분류를 위한 ResNet-50 모델의 온 프레미스 교육을 완료했다.")
    assert by_value(text)[80][:2] == ("DGX SuperPOD", "ResNet-50")
    # with no use word the clause's topic keeps it
    assert by_value(text.replace("를 사용하여", "와 함께"))[80][0] == "V100"


def test_a_figure_a_standard_sets_is_the_standards_body_s_and_no_other_is():
    # devset README: `JEDEC`, "the standard's 8Gbps"; the product's own figure beside it is not
    # the body's, nor is a figure the body is only cited for
    text = "SK하이닉스는 이번 제품의 속도를 JEDEC 표준 동작 속도인 8Gbps보다 높은 10Gbps로 높였다."
    got = by_value(text)
    assert got[8][0] == "JEDEC" and got[10][0] != "JEDEC"
    assert by_value("The new memory runs at 9.2 Gbps, while the JEDEC standard calls for 6.4 Gbps.")[6.4][0] == "JEDEC"
    assert by_value("該產品速度達10Gbps，高於JEDEC標準規定的8Gbps。")[8][0] == "JEDEC"
    assert by_value("據JEDEC規範，HBM4每個堆疊的頻寬可達2TB/s。")[2][0] != "JEDEC"
    # set2/ko_04: the body's abbreviation in brackets after its full name
    text = ("아울러 HBM4는 10Gbps(초당 10기가비트) 이상의 동작 속도를 구현해 미국전자산업표준협의회(JEDEC) "
            "표준 동작 속도인 8Gbps를 크게 넘어섰다.")
    got = by_value(text)
    assert got[8][0] == "JEDEC" and got[10][0] != "JEDEC"


def test_a_part_figure_goes_to_the_product():
    # set1/en_01: "The H200 ... with 141GB of HBM3e"
    got = by_value("The NVIDIA H200 is the first GPU with 141GB of HBM3e memory.")
    assert got[141][0] == "H200"


def test_a_chinese_subject_before_xiangjiaoyu_is_not_the_baseline():
    # set1/zh_04: "H200相较于H100的性能也提升了1.5倍": H200 performs, H100 is compared with
    text = ("与上一代H100 GPU相比,Blackwell在Llama270B模型上实现了高达4倍的性能提升,"
            "而在数据中心工作负载上,H200相较于H100的性能也提升了1.5倍。")
    got = by_value(text)
    assert (got[1.5][0], got[4][0]) == ("H200", "Blackwell")


def test_coordinated_clauses_share_their_workload():
    # set1/ko_01: "IPU-POD16은 5%, IPU-POD64는 12%가 각각 향상됐다"
    text = ("전반적으로 BERT 모델 훈련 성능은 지난 MLPerf 벤치마크 대비 IPU-POD16은 5%, "
            "IPU-POD64는 12%가 각각 향상됐다.")
    got = by_value(text)
    assert got[12][:2] == ("IPU-POD64", "BERT")


def test_on_a_page_about_a_memory_its_figures_stay_with_the_memory():
    # set1/en_07: a page about HBM3; the sentence before names an A100 that uses HBM2E
    text = ("SK Hynix details HBM3\n\n"
            "The A100 uses HBM2E today. Later it is said that HBM3 will be able to climb up to at least 7.2 Gbps.")
    assert by_value(text)[7.2][0] == "HBM3"


def test_a_clause_that_sizes_its_model_takes_not_the_page_model():
    # set1/en_04: a page about BERT on TPU v4; "~55 hours for the 480B parameter model"
    text = ("Google TPU v4 sets BERT records\n\n"
            "Google was able to achieve an end-to-end training time of ~55 hours for the 480B "
            "parameter model and ~40 hours for the 200B parameter model.")
    got = by_value(text)
    assert got[55][:2] == ("TPU v4", "") and got[40][1] == ""


def test_a_name_beyond_a_contrast_break_does_not_govern_the_figure_before_it():
    # set3/zh_03: the first side names no system: it is the page's Gaudi2, not the H100 of
    # the side after the dash; the next sentence carries Gaudi2 on, not the contrasted H100
    text = ("HabanaGaudi2的性能非常出色,可扩展性也非常灵活:\n"
            "1、384个加速器上的训练时间仅为311.9分钟——512个NVIDIAH100加速器需要64.3分钟。\n"
            "2、256个加速器到384个加速器,性能扩展95%,接近线性提升。")
    got = by_value(text)
    assert (got[311.9][0], got[64.3][0], got[95][0]) == ("Gaudi2", "H100", "Gaudi2")



def test_a_figure_in_brackets_right_after_a_name_is_that_names():
    # set3/en_02: the V100's own figure, although the V100 is what the Ascend is compared with;
    # a hardware figure takes no model from the later clause ("... training the ResNet50")
    text = ("The Ascend 910 is Huawei's training chip. Officially claimed to have double the "
            "computing power of NVIDIA’s Tesla V100 (125 TFLOPS), with nearly double the "
            "performance in training the ResNet50 network.")
    assert by_value(text)[125][:2] == ("V100", "")


def test_exceeding_a_name_makes_it_the_baseline():
    # set3/en_02: "performance exceeding NVIDIA's A100 by about 20%": Ascend 910B's, said before
    text = ("The Ascend 910B has FP16 computing power of approximately 320 TFLOPS. Huawei claims its "
            "efficiency reaches 80% when training large language models, with certain tests showing "
            "performance exceeding NVIDIA’s A100 by about 20%.")
    got = by_value(text)
    assert (got[80][0], got[20][0]) == ("Ascend 910B", "Ascend 910B")


def test_or_separates_the_clauses_of_coordinated_prices():
    # set3/en_06: each price goes to the name of its own clause
    got = by_value("Each TPU v5p accelerator will run you $4.20 an hour, compared to $3.22 a hour "
                   "for TPU v4 or $1.20 a hour for TPU v5e.")
    assert (got[3.22][0], got[1.2][0]) == ("TPU v4", "TPU v5e")


def test_a_name_tied_by_with_to_the_one_before_is_its_part():
    # set1/en_02: the second figure is the GB300 NVL72's, not its Blackwell Ultra part's
    got = by_value("The debuting GB300 NVL72 with Blackwell Ultra delivered over 4x faster Llama 3.1 "
                   "405B pretraining and nearly 5x faster Llama 2 70B LoRA fine-tuning compared to "
                   "the Hopper architecture.")
    assert (got[4][0], got[5][0]) == ("GB300 NVL72", "GB300 NVL72")


def test_respectively_pairs_the_figures_with_the_coordinated_list_before_them():
    # set1/zh_06: the series named before the list and the count of the list pair with nothing
    text = ("繪圖晶片大廠輝達(NVIDIA),在今天凌晨晨舉辦GeForce特別活動,正式發表Ampere架構打造的GeForce RTX "
            "30系列GPU,其中包括GeForce RTX 3070、GeForce RTX 3080、GeForce RTX 3090等3款,"
            "價格分別為499、699、1499美元。")
    got = by_value(text)
    assert [got[v][0] for v in (499, 699, 1499)] == ["RTX 3070", "RTX 3080", "RTX 3090"]


def test_a_class_name_before_a_quoted_product_name_is_one_subject():
    # set3/zh_06: "TPU「Ironwood」" names one system, Ironwood, which the next sentence carries on
    text = ("Google今年4月在Google Cloud Next 25大會發表TPU「Ironwood」，每顆晶片在高峰可提供4,614 TFLOPS"
            "運算能力。Google強調，在單一晶片叢集（POD）中擴展至9,216個晶片，透過突破性的晶片間互連（ICI）"
            "網路以 9.6 Tb/s速度串連。")
    got = by_value(text)
    assert (got[4614][0], got[9.6][0]) == ("Ironwood", "Ironwood")


def test_the_new_line_name_is_the_page_product():
    # set3/ko_02: a page about Trillium calls it "새로운 TPU" further on
    text = ("Google은 최근 I/O 이벤트에서 Trillium이라고 불리는 여섯 번째 텐서 처리 장치(TPU)를 발표했습니다.\n\n"
            "보다 구체적으로, 최고 컴퓨팅 성능이 4.7배 증가했다는 Google의 주장은 새로운 TPU가 BF16에서 "
            "926teraFLOPS, INT8에서 1,847teraFLOPS를 처리할 수 있다는 것을 의미합니다.")
    got = by_value(text)
    assert (got[926][0], got[1847][0]) == ("Trillium", "Trillium")


def test_a_model_named_as_an_example_is_no_claim_s_workload():
    # set1/ko_02: "챗GPT 같은 언어모델": language models, not ChatGPT
    got = by_value("◇챗GPT 같은 언어모델 처리에 강점, 엔비디아보다 최고 2배 빨라")
    assert got[2][1] == ""


def test_each_side_of_an_arrow_keeps_its_own_name():
    # issue 23 item 3: "A: 3.79s → B: 1.06s" (set2/zh_04 writes "H100 80GB HBM3 → H200 141GB HBM3e")
    got = by_value("In the demo Gaudi 3 was fast, while H100: 3.79s → B200: 1.06s.")
    assert (got[3.79][0], got[1.06][0]) == ("H100", "B200")


def test_a_name_before_a_contrast_break_gives_no_model_to_the_other_side():
    # set2/zh_04: BERT-base is the laptop's side of ";", the H200's 141GB is measured on none
    got = by_value("单 GPU(笔记本 vs H200):笔记本 GPU 只有几 GB 显存,训练 BERT-base 就会爆显存;"
                   "H200 有 141GB,能一次放下 GPT-1")
    assert got[141][:2] == ("H200", "")


def test_a_family_does_not_yield_to_a_product_of_another_family():
    # set3/en_03: the H100 before is Hopper's; "a single Blackwell processor" is not the H100
    got = by_value("A quick look at the MLPerf results reveals that a 4-way Hopper H100-based machine "
                   "delivers similar results, lending credence to Nvidia's claim that a single Blackwell "
                   "processor is about 3.7X faster than a single Hopper H100 GPU.")
    assert got[3.7][0] == "Blackwell"


def test_a_korean_topic_governs_over_a_nearer_name_in_another_case():
    # set2/ko_01: "MI300X에서는" modifies FP4; the figure is the topic's ("MI350 시리즈는")
    got = by_value("새로운 MI350 시리즈는 기존 MI300X에서는 지원되지 않던 FP4 데이터 형식을 지원해 "
                   "기존 MI300X의 FP8 성능보다 4배 높은 최대 20PF(페타플롭스)의 AI 연산 성능을 제공한다.")
    assert (got[4][0], got[20][0]) == ("MI350", "MI350")


def test_a_factor_and_the_figure_it_multiplies_are_not_paired_with_two_names():
    # set2/ko_01: two names and "4배 ... 20PF" in one clause are no "respectively" pairs
    from extractor.extract.linking.pairs import parallel_pairs
    from extractor.extract.quantities.quantities import Quantity
    from extractor.extract.sentences.roles import SentenceRoles
    s = "MI350은 MI300X보다 4배 높은 20PF"
    ms = [Mention(Entity(0, 5, "MI350", "SYSTEM", "MI350"), 0, 5),
          Mention(Entity(7, 13, "MI300X", "SYSTEM", "MI300X"), 7, 13)]
    qs = [Quantity("4배", 16, 18, 4, unit="x", quantity="factor"),
          Quantity("20PF", 22, 26, 20, unit="PFLOPS", quantity="compute")]
    assert parallel_pairs(qs, ms, SentenceRoles({}), (0, len(s)), sentence=s) == {}


def test_the_new_line_name_carried_from_the_sentence_before_is_the_page_product():
    # set3/ko_02: "이는 ... TPU v5p 가속기보다 약 2배": "이는" carries "새로운 TPU", which is Trillium
    text = ("Google은 최근 I/O 이벤트에서 Trillium이라고 불리는 여섯 번째 텐서 처리 장치(TPU)를 발표했습니다.\n\n"
            "Google의 주장은 새로운 TPU가 BF16에서 926teraFLOPS를 처리할 수 있다는 것을 의미합니다. "
            "이는 Google이 6개월 전에 발표한 TPU v5p 가속기보다 약 2배 빠른 속도입니다.")
    assert by_value(text)[2][0] == "Trillium"


def test_a_vendor_stating_a_figure_gives_it_to_its_product_on_the_page():
    # set2/en_07: on a page about the Snapdragon X Elite, Intel's 48 TOPS are Lunar Lake's
    text = ("Snapdragon X Elite laptops are here\n\n"
            "The Snapdragon X Elite has an NPU with 45TOPS performance. "
            "Intel and AMD came out with their own announcements, with Intel promising 48TOPS "
            "and AMD going up to 50TOPS.\n\n"
            "Intel's Lunar Lake and AMD's Ryzen 9 processors ship later this year.")
    got = by_value(text)
    assert (got[48][0], got[48][2]) == ("Lunar Lake", "system=vendor_product")
    assert got[50][0] == "Ryzen 9" and got[45][0] == "Snapdragon X Elite"


def test_a_vendor_qualifying_a_baseline_name_states_nothing():
    # set3/en_02: "exceeding NVIDIA's A100 by about 20%": NVIDIA names the baseline's maker
    text = ("Huawei Ascend 910B review\n\n"
            "The NVIDIA H100 leads the market. Huawei claims its efficiency reaches 80% in training, "
            "with certain tests showing performance exceeding NVIDIA's A100 by about 20%.")
    assert by_value(text)[20][2] != "system=vendor_product"


def test_a_line_name_whose_word_before_was_lost_to_question_marks_is_the_page_product():
    # set3/ko_02__qmark: "또한 새로운 TPU에는 ... 32GB의 HBM" lost its Korean letters to '?'
    text = ("Google Trillium TPU\n\n"
            "Google? ?? I/O ???? Trillium??? ??? ?? ?? ?? ?? ??(TPU)? ??????.\n\n"
            "?? ??? TPU?? 3.2Tbps? ??? ? ?? ? ? ?? ??? ?? 1.6TB/s? ???? 32GB? HBM? ?? ??? ???????.")
    from extractor.clean import clean_page
    from extractor.ingest import RawPage
    claims = extract_claims(tag_page(clean_page(RawPage("t.txt", text.encode("utf-8")))))
    got = {c.value: c.system for c in claims}
    assert (got[3.2], got[32]) == ("Trillium", "Trillium")


def test_the_page_subject_compared_with_by_its_maker_is_the_baseline_not_the_performer():
    # set2/en_07: on a Snapdragon page, "more than what Qualcomm is offering" is not Qualcomm's
    text = ("Snapdragon X Elite laptops are here\n\n"
            "The Snapdragon X Elite has an NPU with 45TOPS performance.\n\n"
            "Intel and AMD came out with their own announcements. "
            "That's up to 10% more than what Qualcomm is offering.")
    assert by_value(text)[10][0] == ""


def test_a_name_the_sentence_puts_on_the_other_side_is_not_carried_to_this_side():
    # set2/zh_02: the rental prices of ordinary chips fell 80%, "而H100和4090" are the other side
    text = ("H100租赁价格下跌\n\n"
            "H100的租赁价格已经跌到每小时2美元。不过多位行业人士表示,这一趋势并不令人意外,"
            "常规算力芯片的租赁价格整体下降了约80%,而H100和4090自发布以来,价格下降也符合这一趋势。")
    assert by_value(text)[80][0] == ""


def test_a_family_named_as_performer_is_the_page_product_the_page_says_is_of_it():
    # set1/en_05: the page writes its product as one of the family, so its "Hopper GPU" is
    # the H100; the baseline's family and a page that ties no product to it keep the family
    text = ("NVIDIA H100 results\n\n"
            "The H100 (Hopper-based) GPU demonstrates substantial performance gains over prior generations. "
            "Consistent with successive generations of NVIDIA GPUs, the Hopper GPU is 1.5x to 2.5x "
            "the performance of the Ampere A100 on most AI benchmarks.")
    got = by_value(text)
    assert got[1.5][0] == "H100" and got[2.5][0] == "H100"
    text = ("NVIDIA H100 results\n\n"
            "The H100 GPU demonstrates substantial performance gains over prior generations. "
            "Consistent with successive generations of NVIDIA GPUs, the Hopper GPU is 1.5x to 2.5x "
            "the performance of the Ampere A100 on most AI benchmarks.")
    assert by_value(text)[1.5][0] == "Hopper"


def test_a_family_written_as_its_product_s_modifier_ties_the_product_to_it():
    # set3/en_03: "a Blackwell-based B200 GPU": the page's "a Blackwell GPU" is the B200
    text = ("The results reveal that a Blackwell GPU offers up to four times the performance of its H100 "
            "predecessor based on the Hopper architecture. Based on Nvidia's results, a Blackwell-based "
            "B200 GPU delivers 10,755 tokens/second on a single GPU in a server inference test.")
    assert by_value(text)[4][0] == "B200"
    assert by_value(text.replace("Blackwell-based B200", "B200"))[4][0] == "Blackwell"


def test_the_model_of_the_other_side_of_a_contrast_is_not_this_sides():
    # set1/zh_04: Llama 2 70B is what Blackwell's side measures, not the H200's after 而;
    # a model framing both sides stays with both
    s = ("与上一代H100 GPU相比,Blackwell在Llama270B模型上实现了高达4倍的性能提升,"
         "而在数据中心工作负载上,H200相较于H100的性能也提升了1.5倍。")
    got = by_value(s)
    assert got[4][:2] == ("Blackwell", "Llama 2 70B") and got[1.5][:2] == ("H200", "")
    got = by_value("在Llama 2 70B模型上,H200相较于H100的性能提升了1.5倍,而B200提升了4倍。")
    assert got[1.5][1] == "Llama 2 70B"
    # (sample page 001) a side that names no scope of its own shares the other side's model
    got = by_value("在DGX A100上訓練ResNet-50需要29.1分鐘,而IPU-POD16僅耗時28.3分鐘。")
    assert got[28.3][:3] == ("IPU-POD16", "ResNet-50", "system=clause;workload=sentence")


def test_a_figure_describing_software_takes_no_system_from_the_page():
    # set1/ko_04: the relative clause before '소프트웨어' describes the software, not the H100
    text = ("엔비디아 H100, MLPerf 추론 벤치마크 1위\n\n"
            "엔비디아는 이번 벤치마크 결과보다 성능을 두 배 향상할 수 있는 소프트웨어 '텐서RT-LLM'을 출시했다.")
    assert by_value(text)[2][0] == "" and by_value(text)[2][2] == "system=none:software"
    # software used to measure a figure is no subject (set1/en_03 shape): the page's system
    text = ("Intel Gaudi2 results\n\n"
            "The GPT3 measurement with 384 cards was taken using the SynapseAI 1.13.0 software stack.")
    assert by_value(text)[384][0] != ""


def test_a_family_is_the_one_product_the_page_builds_of_its_chips():
    # set2/ko_08: the DGX B200 carries eight Blackwell GPUs; "NVIDIA Blackwell은 ... 1,000 TPS"
    # restates the node's figure. A baseline family stays the family.
    text = ("NVIDIA Blackwell GPU 8개를 탑재한 단일 NVIDIA DGX B200 노드는 Llama 4 Maverick 모델에서 "
            "사용자당 초당 1,000토큰(TPS)을 넘는 성능을 구현할 수 있습니다.\n\n"
            "NVIDIA Blackwell은 이 모델에서 서버당 72,000 TPS에 도달합니다. "
            "NVIDIA는 기존 Blackwell 기준 대비 4배 빠른 속도를 달성했습니다.")
    got = by_value(text)
    assert got[72000][0] == "DGX B200" and got[4][0] == "Blackwell"


def test_a_name_before_bare_gateun_and_a_figure_is_the_likeness_not_the_subject():
    # set2/ko_03__dropsyl: "M3 같은 16코어" is "M3와 같은" with its particle dropped (colloquial
    # Korean writes it so too): M3 is what the M4's cores are like, the 38 TOPS stay the M4's
    text = ("애플이 7(미국 현지시간) 공개한 아이패드 프로 신형에는 맥북에어/맥북프로, 아이맥 PC 제품보다 앞서 M4 칩이 "
            "탑재됐다. 지난 11 공개된 M3 칩을 탑재할 것이라는 전망이 빗나갔다.\n\n"
            "M4 탑재된 뉴럴 엔진은 코어 수를 M3 같은 16코어로 유지했지만 연산 성능은 최대 38 TOPS(초당 1 연산).")
    assert by_value(text)[38][0] == "M4"
    # bare 같은 before words is an example, no baseline: the sized model keeps its count (the seeds)
    text = ("이러한 현상은 BERT 모델의 변이형 내에서도, 그리고 1,750 개의 매개변수를 가지고 있는 GPT-3 같은 "
            "다른 최신 언어 모델에서도 동일하게 나타납니다.")
    assert by_value(text)[1750][1] == "GPT-3"


def test_a_sentence_is_asked_only_the_resolvers_that_may_find_a_name_there(monkeypatch):
    # resolvers.sentence_links leaves out a resolver whose need the sentence does not meet:
    # every resolver asked of every sentence decides the same names, for the same reasons
    # (snippets of tests/test_resolver_coverage.py: each resolver decides one of them)
    from extractor.extract.linking import resolvers
    texts = [
        "| | H100 | H200 |\n|---|---|---|\n| 显存容量 | 80GB | 141GB |\n",
        "The B200 is 4x faster than the H100 on GPT-3 training.",
        "H200은 141GB HBM3e 메모리를 탑재했다. 신제품은 36GB HBM3E 메모리를 8개 탑재해 총 288GB 용량을 갖췄다.",
        "The new memory runs at 9.2 Gbps, while the JEDEC standard calls for 6.4 Gbps.",
        "Table 2: NVIDIA A100, MLPerf Training v1.0\n| 模型 | 相对性能 |\n|---|---|\n| DLRM | 1.6× |\n",
        "The B200 is up to 2.5x faster than the H100 in training. "
        "Headline specs look impressive: twice the VRAM (192GB vs 80GB).",
        "Snapdragon X Elite laptops are here\n\nThe Snapdragon X Elite has an NPU with 45TOPS performance. "
        "Intel and AMD came out with their own announcements, with Intel promising 48TOPS and AMD going up "
        "to 50TOPS.\n\nIntel's Lunar Lake and AMD's Ryzen 9 processors ship later this year.",
        "Graphcore's IPU-POD16 trained BERT in 9.39 minutes. Each epoch took 25 seconds.",
        "• AWS G6 instances (1x L4 equivalent): ~$0.80–$1.10/hr",
        "엔비디아 H100 GPU가 중국에서 가격 하락세를 보인다.\n\nH200은 2분기 시장에 나올 예정이다. "
        "5세대 고대역폭메모리(HBM)인 'HBM3E' 141GB가 장착된다. 기존 H100보다 출력 속도가 2배 가깝게 빨라졌다.",
        "A100 대비 1.7배",
        "Google claims the new accelerator can train large language models like OpenAI's "
        "175 billion parameter GPT3 1.9x faster using BF16 and up to 2.8x faster.",
        "Llama 3.1 405B training on H100\n\nNVIDIA trained the model on 3,072 GPUs. Training took 20.1 minutes.",
        "Firstly, the AWS Trainium2-based Amazon EC2 Trn2 instances are now generally available. "
        "These instances feature 16 Trainium2 processors that deliver up to 20.8 FP8 PetaFLOPS."]

    def links(text):
        return [(c.value, c.system, c.workload, c.baseline, c.link, c.resolvers) for c in claims_of(text)]
    planned = [links(t) for t in texts]
    monkeypatch.setattr(resolvers, "_NEEDS", {})
    monkeypatch.setattr(resolvers, "_PLANS", {})
    assert [links(t) for t in texts] == planned
    assert any("standard_system" in row[5] for rows in planned for row in rows)
