"""Systems, workloads and vendors: found in ko/zh/en text, named canonically."""
from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from extractor.extract.names.entities import (SYSTEM, VENDOR, WORKLOAD, canonical_system,
                                              canonical_workload, find_entities, vendor_of)


def found(text: str, lang: str = "en", label: str | None = None) -> list[str]:
    return [e.canonical for e in find_entities(text, lang) if label in (None, e.label)]


@pytest.mark.parametrize("written, canonical", [
    ("IPU POD16", "IPU-POD16"), ("IPU-POD 16", "IPU-POD16"), ("ipu-pod16", "IPU-POD16"),
    ("DGX-A100", "DGX A100"), ("dgx a100", "DGX A100"), ("Bow-Pod64", "Bow Pod64"),
    ("TPUv4", "TPU v4"), ("TPU v5", "TPU v5"), ("Gaudi 2", "Gaudi2"), ("Ascend910", "Ascend 910"),
    ("IPU M2000", "IPU-M2000"), ("Instinct MI250X", "MI250X"), ("NVIDIA H200", "H200"),
])
def test_canonical_system(written, canonical):
    assert canonical_system(written) == canonical


@pytest.mark.parametrize("written, canonical", [
    ("ResNet50", "ResNet-50"), ("RESNET-50", "ResNet-50"), ("BERT-LARGE", "BERT-Large"),
    ("BERT Base", "BERT-Base"), ("EfficientNet B4", "EfficientNet-B4"),
    ("EfficientNetB7", "EfficientNet-B7"), ("GPT3", "GPT-3"), ("LLaMA V2 70B", "Llama 2 70B"),
    ("Llama-2-70B", "Llama 2 70B"), ("Mask RCNN", "Mask R-CNN"), ("retinanet", "RetinaNet"),
])
def test_canonical_workload(written, canonical):
    assert canonical_workload(written) == canonical


def test_canonical_names_are_fixed_points():
    for name in ["IPU-POD16", "DGX A100", "TPU v4", "Bow Pod16", "H100"]:
        assert canonical_system(canonical_system(name)) == canonical_system(name) == name
    for name in ["ResNet-50", "BERT-Large", "GPT-3", "Llama 2 70B"]:
        assert canonical_workload(name) == name


def test_vendor_of_known_and_unknown_systems():
    assert vendor_of("IPU-POD64") == "Graphcore"
    assert vendor_of("DGX A100") == "NVIDIA"
    assert vendor_of("Gaudi2") == "Intel"
    assert vendor_of("Model T") == ""


def test_korean_sentence_with_particles():
    text = "IPU-POD16에서 ResNet-50의 학습 시간은 28.3분이고, DGX A100에서는 29.1분이었다."
    assert found(text, "ko", SYSTEM) == ["IPU-POD16", "DGX A100"]
    assert found(text, "ko", WORKLOAD) == ["ResNet-50"]


def test_chinese_sentence_without_spaces():
    text = "在IPU-POD128上訓練ResNet-50的時間為5.67分鐘,在IPU-POD256上為3.79分鐘。"
    assert found(text, "zh") == ["IPU-POD128", "ResNet-50", "IPU-POD256"]


def test_english_variants_of_one_name_all_found():
    text = "EfficientNetB4 and EfficientNet-B4 and EfficientNet B4 on ipu-pod 64"
    assert found(text) == ["EfficientNet-B4"] * 3 + ["IPU-POD64"]


def test_unseen_product_codes_are_found_by_shape():
    ents = find_entities("AMD MI300X beats the NVIDIA H200 and Intel Gaudi3 on Llama 2 70B")
    assert [(e.label, e.canonical) for e in ents] == [
        (SYSTEM, "MI300X"), (SYSTEM, "H200"), (SYSTEM, "Gaudi3"), (WORKLOAD, "Llama 2 70B")]
    assert [e.vendor for e in ents[:3]] == ["AMD", "NVIDIA", "Intel"]


def test_unseen_code_needs_a_vendor_or_an_accelerator_word():
    assert found("the new Z900 GPUs and 8 XPU220 accelerators", "en", SYSTEM) == ["Z900", "XPU220"]
    assert found("搭載MX500芯片的伺服器", "zh", SYSTEM) == ["MX500"]


def test_codes_of_shops_and_markets_are_not_systems():
    text = ("35% Off Dell Alienware AW3418DW, LG 65UM7300 4K TV, Netgear R6700 AC1700 Router, "
            "50OFF699, Airbus A350-900 jets, notes US10YT=RR with a 512GB SSD")
    assert found(text) == []


def test_case_sensitive_names_do_not_match_common_words():
    assert found("a llama costs $500; LLaMA 65B and Llama 2 70B") == ["LLaMA 65B", "Llama 2 70B"]


def test_formats_memories_and_ids_are_not_systems():
    text = "FP16 and BF16 weights in DDR4 and HBM3 memory, INT8 inference, PCIe 4.0"
    assert found(text, "en", SYSTEM) == []


def test_short_code_needs_its_digits_glued():
    # "a 100" is an article and a number, "A100" a GPU
    assert found("a 100 GB card and an A100", "en", SYSTEM) == ["A100"]


def test_korean_and_chinese_vendor_names():
    assert found("그래프코어는 엔비디아의 GPU와 비교했다", "ko", VENDOR) == ["Graphcore", "NVIDIA"]
    assert found("英偉達的DGX A100", "zh") == ["NVIDIA", "DGX A100"]


def test_vendor_right_before_a_system_becomes_its_vendor():
    ents = find_entities("그래프코어의 IPU와 Intel Gaudi3", "ko")
    assert [(e.label, e.canonical, e.vendor) for e in ents] == [
        (SYSTEM, "IPU", "Graphcore"), (SYSTEM, "Gaudi3", "Intel")]


def test_entity_offsets_index_into_the_text():
    text = "MLPerf 결과 IPU-POD64는 BERT-Large 학습을 마쳤다"
    for e in find_entities(text, "ko"):
        assert text[e.start:e.end] == e.text


def test_lossy_seed_page_still_names_its_systems(shared_dir):
    text = (shared_dir / "seeds" / "000_90d61f06037f0987.txt").read_text(encoding="utf-8")
    systems = set(found(text, "und", SYSTEM))
    assert {"IPU-POD16", "IPU-POD64", "IPU-POD128", "IPU-POD256", "DGX A100"} <= systems
    assert "EfficientNet-B4" in found(text, "und", WORKLOAD)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300))
def test_never_raises_and_spans_are_exact(text):
    for e in find_entities(text, "zh"):
        assert text[e.start:e.end] == e.text and e.label in (SYSTEM, WORKLOAD, VENDOR)


def test_bad_input_gives_nothing():
    assert find_entities("", "en") == []
    assert find_entities(None, "en") == []  # type: ignore[arg-type]
    assert find_entities("\ud800\udfff" * 5, "ko") == []


def test_a_page_over_a_million_characters_is_searched_in_full():
    from extractor.extract.names.entities import find_entities

    sentence = "The IPU-POD16 trained ResNet-50 in 28.3 minutes, faster than DGX A100. "
    found = find_entities(sentence * 15_000, "en")  # 1.1 million characters
    assert len(found) == 3 * 15_000
    assert found[-1].canonical == "DGX A100"


def test_a_long_run_bounds_the_words_it_keeps(monkeypatch):
    import extractor.extract.names.alias_finder as alias_finder
    import extractor.extract.names.entities as entities

    sentence = "在IPU-POD128上訓練ResNet-50的時間為5.67分鐘"
    before = [(e.start, e.canonical) for e in entities.find_entities(sentence, "zh")]
    monkeypatch.setattr(alias_finder, "_NORMS_KEPT", 3)
    results = [[(e.start, e.canonical) for e in entities.find_entities(sentence, "zh")]
               for _ in range(3)]
    assert len(entities.entity_finder()._norm_of) <= 3 + len(sentence)
    assert results == [before] * 3


def test_spacy_pipeline_gives_the_same_mentions_as_doc_ents():
    from extractor.extract.names.spacy_entities import entity_pipeline

    text = "그래프코어의 IPU-POD16에서 ResNet-50 학습은 NVIDIAH100보다 빨랐다\n\nIntel Gaudi3"
    doc = entity_pipeline("ko")(text)
    assert [(e.start_char, e.end_char, e.label_, e.kb_id_) for e in doc.ents] == [
        (e.start, e.end, e.label, e.canonical) for e in find_entities(text, "ko")]
    assert doc.text == text


# --- the matching rule, stated plainly (property test) ---------------------------------

def _rule_mentions(text: str) -> list[tuple]:
    """find_entities by the rule as the module docstring states it, without its prefix
    tree, norm table or token arithmetic: every token position against every written
    variant of every form; the longest mention (in tokens) wins, then the earlier, then a
    lexicon name over a name by shape."""
    import extractor.extract.names.alias_finder as A
    from extractor.extract.names import memory_parts
    import extractor.extract.names.entities as E
    from extractor.extract.names.name_variants import form_variants
    from extractor.extract.names.names import entries
    from extractor.extract.names.open_names import open_names
    from extractor.extract.names.shapes import glued_vendor_cuts, shapes
    from extractor.extract.text.tokenizer import split_words

    def words_of(t):
        return split_words(t, glued_vendor_cuts(t))

    variants = [(idx, v, glue) for idx, entry in enumerate(entries())
                for form in entry.forms for v, glue in form_variants(form)]
    korean = {w for _, v, _ in variants for w in split_words(v)[0] if "가" <= w[0] <= "힣"}

    def norm(w):
        if w.isdigit():
            return "0"
        if w in ("-", "_", "‐", "‑", "–", "—"):
            return "-"
        starts = [k for k in korean if w.startswith(k)]
        return max(starts, key=len) if starts else w.lower()

    words, spaces = words_of(text)
    offsets = [sum(len(w) + sp for w, sp in zip(words[:i], spaces[:i])) for i in range(len(words))]
    norms = [norm(w) for w in words]
    by_span: dict = {}
    for idx, v, glue in variants:  # lexicon order: the first entry that reads a span has it
        pattern = [norm(w) for w in words_of(v)[0]]
        for i in range(len(words) - len(pattern) + 1):
            if norms[i:i + len(pattern)] != pattern or any(spaces[i + j] for j in glue):
                continue
            end = i + len(pattern)
            surface = text[offsets[i]:offsets[end - 1] + len(words[end - 1])]
            if (i, end) not in by_span and A._entry_of(surface, (idx,)) == idx:
                by_span[(i, end)] = idx
    found = []
    for (i, end), idx in by_span.items():
        start_char = offsets[i]
        if entries()[idx].memory and (not memory_parts.memory_makers().search(text)
                                      or memory_parts.after_capacity(text, start_char)) \
                and not memory_parts.counted_memory(text, start_char, offsets[end - 1] + len(words[end - 1])):
            continue
        surface = text[start_char:offsets[end - 1] + len(words[end - 1])]
        found.append((i, end, 0, start_char, start_char + len(surface), entries()[idx].label,
                      A.canonical_in_entry(idx, surface), entries()[idx].vendor, "lexicon"))
    for shape in sorted(shapes(text) + open_names(text), key=lambda s: (s.start, -s.end)):
        if any(f[3] < shape.end and shape.start < f[4] for f in found if f[5] != VENDOR):
            continue
        if shape.start in offsets and shape.end in [o + len(w) for o, w in zip(offsets, words)]:
            i = offsets.index(shape.start)
            end = [o + len(w) for o, w in zip(offsets, words)].index(shape.end) + 1
            if any(f[3] < shape.end and shape.start < f[4] for f in found if f[2] == 1):
                continue
            found.append((i, end, 1, shape.start, shape.end, SYSTEM, shape.canonical,
                          vendor_of(shape.canonical) or shape.vendor, shape.origin))
    taken: list = []
    for f in sorted(found, key=lambda f: (-(f[1] - f[0]), f[0], f[2])):
        if all(f[1] <= t[0] or t[1] <= f[0] for t in taken):
            taken.append(f)
    ents = [E.Entity(f[3], f[4], text[f[3]:f[4]], f[5], f[6], f[7], f[8]) for f in sorted(taken)]
    return [tuple(e.as_dict().values()) for e in E._fold_vendors(text, ents)]


def _forms():
    from extractor.extract.names.names import entries

    return sorted({f.replace("{n}", "7").replace("{m}", "12") for e in entries() for f in e.forms})


_NAMEISH = st.one_of(
    st.sampled_from(_forms()),
    st.sampled_from(_forms()).map(str.upper),
    st.sampled_from(_forms()).map(lambda f: f.lower().replace(" ", "")),
    st.sampled_from(_forms()).map(lambda f: f.replace(" ", "-").replace("-", " ", 1)),
    st.sampled_from([" ", "  ", "", "\n", "-", "—", "。", "의", "에서", "192GB ", "SK hynix ",
                     "NVIDIA", "AMD", "Google", "GPUs", "chip", "加速卡", "칩", "²", "12", "a ", "x",
                     "A 100", "H 100", "TPU v 4", "DGX A 100", "v5"]),
    st.from_regex(r"[A-Z]{1,3}\d{2,4}[A-Z]?", fullmatch=True),
    st.text(max_size=3),
)


@settings(max_examples=120, deadline=None)
@given(st.lists(_NAMEISH, max_size=8))
def test_mentions_are_those_the_plain_rule_finds(parts):
    """Names a page defines or writes again (origins "definition", "page") are left to
    the tests of `open_names`: the rule here is the one of lexicon names and shapes."""
    text = "".join(parts).replace("\ud800", "")
    found = find_entities(text, "en")
    assume(all(e.origin in ("lexicon", "shape") for e in found))
    assert [tuple(e.as_dict().values()) for e in found] == _rule_mentions(text)


# --- product lines as data (systems.json, workloads.json, systems_mlperf.json) ----------

@pytest.mark.parametrize("written, canonical", [
    ("GB300 NVL72", "GB300 NVL72"), ("gb200-nvl72", "GB200 NVL72"), ("DGX GB200 NVL72", "GB200 NVL72"),
    ("Instinct MI325X", "MI325X"), ("TPU-v5p", "TPU v5p"), ("Gaudi 3", "Gaudi3"),
    ("Trn2", "Trn2"), ("Azure Maia 100", "Maia 100"), ("骁龙X Elite", "Snapdragon X Elite"),
    ("스냅드래곤 X 엘리트", "Snapdragon X Elite"), ("블랙웰", "Blackwell"), ("昇腾910B", "Ascend 910B"),
    ("GeForce RTX 4090", "RTX 4090"), ("4th Gen Intel Xeon", "4th Gen Xeon"), ("HBM3e", "HBM3E"),
    ("클라우드 AI 100", "Cloud AI 100"), ("A30", "A30"), ("Blackwell Ultra", "Blackwell Ultra"),
])
def test_canonical_product_names(written, canonical):
    assert canonical_system(written) == canonical


@pytest.mark.parametrize("written, canonical", [
    ("Llama-3.1-405B", "Llama 3.1 405B"), ("라마2 13B", "Llama 2 13B"), ("Llama 3 70B", "Llama 3 70B"),
    ("Llama 4 Maverick", "Llama 4 Maverick"), ("gpt-oss-120b", "gpt-oss-120b"), ("FLUX.1", "FLUX.1"),
    ("DeepSeek R1", "DeepSeek-R1"), ("RGAT", "R-GAT"), ("Llama 2 70B LoRA", "Llama 2 70B LoRA"),
])
def test_canonical_model_names(written, canonical):
    assert canonical_workload(written) == canonical


def test_vendors_of_new_product_lines():
    assert [vendor_of(s) for s in ("Trainium2", "Snapdragon X Elite", "Ironwood", "MI355X")] == [
        "AWS", "Qualcomm", "Google", "AMD"]


def test_english_press_sentence():
    text = "NVIDIA's Blackwell Ultra-based GB300 NVL72 set records on Llama 3.1 405B pretraining."
    assert found(text, "en", SYSTEM) == ["Blackwell Ultra", "GB300 NVL72"]
    assert found(text, "en", WORKLOAD) == ["Llama 3.1 405B"]


def test_korean_spellings_with_particles():
    text = "구글 클라우드는 7세대 TPU '아이언우드'를 공개했다. 아이언우드는 트릴리움 대비 전력 효율이 2배 높다."
    assert found(text, "ko", SYSTEM) == ["TPU", "Ironwood", "Ironwood", "Trillium"]
    text = "인텔 가우디3는 엔비디아 H100보다 빠르고 라마2 13B 학습에서 1.7배"
    assert found(text, "ko") == ["Gaudi3", "H100", "Llama 2 13B"]
    assert found("퀄컴 스냅드래곤 X 엘리트의 NPU는 애플 M3의 18 TOPS보다 높다", "ko", SYSTEM) == [
        "Snapdragon X Elite", "M3"]


def test_chinese_spellings_glued_to_their_context():
    assert found("高通表示,骁龙X Elite的峰值性能要比苹果M2处理器快50%", "zh", SYSTEM) == [
        "Snapdragon X Elite", "M2"]
    assert found("英偉達B100 GPU的售價預計將在3萬至3.5萬美元之間", "zh") == ["B100"]
    assert found("华为昇腾910C芯片与寒武纪思元590", "zh", SYSTEM) == ["Ascend 910C", "MLU590"]
    assert found("GeForce RTX 3080的效能為GeForce RTX 2080的2倍", "zh") == ["RTX 3080", "RTX 2080"]


# --- open vocabulary: shape and context (shapes.py) ------------------------------------

def test_unseen_products_after_a_vendor_or_before_a_class_noun():
    ents = find_entities("Google Axion processors and Microsoft Maia 200 against AWS Trainium2")
    assert [(e.canonical, e.vendor) for e in ents] == [
        ("Axion", "Google"), ("Maia 200", "Microsoft"), ("Trainium2", "AWS")]
    assert found("the XG900 accelerator, MX300 加速卡 and BR104 칩", "en", SYSTEM) == [
        "XG900", "MX300", "BR104"]


def test_names_before_a_class_noun_end_in_a_latin_letter_or_any_digit():
    from extractor.extract.names.shapes import product_codes, product_names

    # the window before a noun is searched only when it ends so ("的加速器" is not)
    assert [s.canonical for s in product_codes("XG٩٠٠ GPUs, 的加速器, 새 칩")] == ["XG٩٠٠"]
    assert [s.canonical for s in product_names("the Maia ٢٠٠ chip")] == ["Maia ٢٠٠"]


def test_vendor_glued_to_its_product():
    text = "NVIDIAH100 vs HabanaGaudi2 vs AMDMI300X"
    ents = find_entities(text)
    assert [(e.canonical, e.vendor) for e in ents] == [
        ("H100", "NVIDIA"), ("Gaudi2", "Intel"), ("MI300X", "AMD")]
    assert all(text[e.start:e.end] == e.text for e in ents)


def test_product_numbers_of_a_line():
    text = "Intel Core Ultra 7 155H and AMD Ryzen 9 7940HS against i7-13800H"
    assert found(text, "en", SYSTEM) == ["Core Ultra 7", "Ryzen 9", "i7-13800H"]


@pytest.mark.parametrize("text", [
    "FP8 and BF16 over PCIe 5.0 x16 and USB4, LPDDR5X-8533 memory",
    "AMD AAI 2025 keynote: NVIDIA CEO Jensen Huang said 2024 chips sold out",
    "the hopper and ironwood trees, an instinct to ascend, a whisper",
    "Windows 11 PCs with Wi-Fi 7 chips and Bluetooth 5.4",
])
def test_formats_events_people_and_common_words_are_not_systems(text):
    assert found(text, "en", SYSTEM) == []


def test_memory_is_a_product_only_on_a_memory_makers_page():
    assert found("The MI300X has 192GB HBM3e memory and 5.3 TB/s", "en", SYSTEM) == ["MI300X"]
    text = "SK hynix began mass production of HBM3E 12-high; HBM4 samples follow"
    assert found(text, "en", SYSTEM) == ["HBM3E", "HBM4"]
    assert found("삼성전자는 HBM3E 12단을 양산하며 288GB 용량의 HBM3E", "ko", SYSTEM) == ["HBM3E"]


def test_generated_names_do_not_shadow_curated_ones():
    # "SSD" is an MLPerf benchmark, but the bare word is a disk; the curated entry owns it
    assert found("a 512GB SSD", "en") == []
    assert canonical_system("Gaudi 2") == "Gaudi2"  # curated spelling, not the generated one


def test_bugs_raise(monkeypatch):
    import extractor.extract.names.alias_finder as alias_finder
    import extractor.extract.names.entities as entities

    def broken(text):
        raise RuntimeError("bug")

    monkeypatch.setattr(alias_finder.shapes, "shapes", broken)
    with pytest.raises(RuntimeError):
        entities.find_entities("Google Axion processors", "en")


def test_generated_lexicon_is_up_to_date(shared_dir):
    import json

    from extractor import lexicons
    from extractor.lexicons.build_names import build

    reference = shared_dir / "reference" / "mlperf_training_all.csv"
    if not reference.is_file():
        pytest.skip("no MLPerf reference table")
    built = json.loads(json.dumps(build(reference), ensure_ascii=False))
    assert built == lexicons.load("systems_mlperf.json"), \
        "run python -m extractor.lexicons.build_names and commit its output"


def test_a_korean_particle_is_no_part_of_a_lexicon_names_canonical_form():
    # "M4 칩의": the form "M{n} 칩" with the particle 의
    assert [(e.text, e.canonical) for e in find_entities("M4 칩의 성능은", "ko")] == [("M4 칩의", "M4")]


def test_a_huawei_ascend_model_written_in_korean():
    assert [e.canonical for e in find_entities("화웨이 어센드 910B 칩", "ko") if e.label == "SYSTEM"] == [
        "Ascend 910B"]


def test_llama_before_the_chinese_word_for_model_is_the_model_family():
    text = "英特爾使用的推論對比AI模型是具備70億及700億個參數的Llama模型,和具有1,800億個參數的Falcon-180B模型。"
    assert [(e.label, e.canonical) for e in find_entities(text, "zh") if e.label == "WORKLOAD"] == [
        ("WORKLOAD", "Llama"), ("WORKLOAD", "Falcon-180B")]


def test_a_name_with_a_middle_word_left_out_is_the_whole_name_of_the_page():
    # set1/en_05
    text = ("while the NVIDIA Jetson AGX Orin leads in edge computing. "
            "The NVIDIA Jetson Orin demonstrated a 50% performance improvement")
    assert [e.canonical for e in find_entities(text) if e.label == "SYSTEM"] == [
        "Jetson AGX Orin", "Jetson AGX Orin"]
    # a word left out at an edge is another product
    assert [e.canonical for e in find_entities("DGX H100 systems with eight H100 GPUs")
            if e.label == "SYSTEM"] == ["DGX H100", "H100"]


def test_cerebras_wafer_scale_engine_without_its_generation():
    text = "세레브라스는 2세대 웨이퍼 스케일 엔진(WSE, Wafer Scale Engine)을 출시한다고 밝혔다. WSE 칩은 GPU와 달리"
    assert [e.canonical for e in find_entities(text, "ko") if e.label == "SYSTEM"] == [
        "WSE", "WSE", "WSE", "WSE"]


def test_a_model_version_glued_to_its_size_is_read_apart():
    # set1/zh_04: "Llama 2 70B" with its spaces lost
    text = "与上一代H100 GPU相比,Blackwell在Llama270B模型上实现了高达4倍的性能提升"
    assert [(e.text, e.canonical) for e in find_entities(text, "zh") if e.label == "WORKLOAD"] == [
        ("Llama270B", "Llama 2 70B")]


def test_a_cloud_service_is_no_product_code():
    # set2/en_06: a price table of H100 instances; EC2 is Amazon's compute service, the
    # instance (P5) is what has the GPU, and the table's heading names it
    assert found("H100 (80GB) — On-Demand, Per GPU-Hour:\nAWS EC2 P5~$3.90\nGCP A3-High~$3.00",
                 "en", SYSTEM) == ["H100"]
    assert found("Trainium2-based Amazon Elastic Compute Cloud (Amazon EC2) EC2 Trn2 instances",
                 "en", SYSTEM) == ["Trainium2", "Trn2"]  # the chip, then AWS's instance of it


def test_a_code_the_lexicon_reads_with_its_class_noun_is_found_bare_on_that_page():
    # set2/ko_03: "M3 칩" names Apple's M3; the page then writes "M3의 18 TOPS"
    text = "지난 해 11월 공개된 M3 칩을 탑재할 것이라는 전망이 빗나갔다. M3의 18 TOPS 대비 두 배"
    assert [(e.canonical, e.origin) for e in find_entities(text, "ko") if e.label == SYSTEM] == [
        ("M3", "lexicon"), ("M3", "page")]
    # without a page naming it, a bare "M3" may be anything (a screw, a motorway)
    assert found("M3의 18 TOPS", "ko", SYSTEM) == []


def test_a_line_after_a_lexicon_name_and_its_trademark_sign_is_no_name_of_its_own():
    # set2/en_03: "Scalable" is Xeon's line, not a product beside it
    text = "compared to 3rd Gen Intel® Xeon® Scalable processors – based on v1.1 to v2.x results"
    assert [(e.canonical, e.origin) for e in find_entities(text, "en") if e.label == SYSTEM] == [
        ("Xeon", "lexicon")]
