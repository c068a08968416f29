"""Roles in comparisons: the claim's system is the one that performs, the name compared
against goes to `baseline`, and a figure stated as the baseline's own stays the
baseline's (shared/spec/CLAIMS.md, shared/devset/README.md system conventions).

Sentences are small and shaped like the pages' (en, zh, ko); the names are ones the
lexicons know, except where a test is about a name they do not know yet. Each page opens
with a neutral title so that no page topic stands in for a name the sentence lacks.
"""
from __future__ import annotations

import pytest

from extractor.clean import CleanedPage
from extractor.extract.claims import Claim, extract_claims
from extractor.extract.text.cues import clause_spans
from extractor.extract.names.entities import SYSTEM, Entity
from extractor.extract.quantities.quantities import find_quantities
from extractor.extract.sentences.comparisons import unknown_baseline
from extractor.extract.sentences.roles import Mention, SentenceInfo, mark_roles
from extractor.langid import tag_page

TITLE = "Accelerators\n\n"


def claims_of(text: str) -> list[Claim]:
    return extract_claims(tag_page(CleanedPage("t.txt", TITLE + text)))


def roles(text: str) -> list[tuple[float, str, str, str]]:
    """(value, unit, system, baseline) of each claim, in page order."""
    return [(c.value, c.unit, c.system, c.baseline) for c in claims_of(text)]


def claim(text: str, value: float) -> Claim:
    found = [c for c in claims_of(text) if c.value == value]
    assert found, f"no claim of {value} in {text!r}"
    return found[0]


# --- the performer is the system, the compared name the baseline --------------------------

@pytest.mark.parametrize("text, value, system, baseline", [
    # a name after "than" / "比" / before "대비", with a vendor, possessive, adjective between
    ("B200 is 2.5x faster than NVIDIA's flagship H100.", 2.5, "B200", "H100"),
    ("Gaudi2 is 3.7X-4X faster than a single Hopper H100.", 3.7, "Gaudi2", "H100"),
    ("MI300X的推理性能比英伟达的H100高30%。", 30, "MI300X", "H100"),
    ("MI300X는 엔비디아의 H100 대비 1.3배 빠르다.", 1.3, "MI300X", "H100"),
    # N times the baseline's figure
    ("The new B200 delivers double the computing power of NVIDIA's Tesla V100.", 2, "B200", "V100"),
    ("Each TPU v4 chip provides more than 2X the compute power of a TPU v3 chip.", 2, "TPU v4", "TPU v3"),
    ("H200 offers 1.9 times H100's inference speed.", 1.9, "H200", "H100"),
    ("H200의 추론 성능은 H100의 1.9배다.", 1.9, "H200", "H100"),
    ("H200的推理性能是H100的1.9倍。", 1.9, "H200", "H100"),
    # a verb that compares: its object is the baseline
    ("Gaudi2 outperforms A100 by 1.7x on BERT.", 1.7, "Gaudi2", "A100"),
    ("Gaudi2在BERT上超越A100，快1.7倍。", 1.7, "Gaudi2", "A100"),
    ("Gaudi2는 A100을 능가하며 1.7배 빠르다.", 1.7, "Gaudi2", "A100"),
    # the baseline first, the performer after it
    ("MI300X对标H100，推理性能提升45%。", 45, "MI300X", "H100"),
    ("相较于H100，H200推理速度提升1.5倍。", 1.5, "H200", "H100"),
    ("与A100相比，H100训练速度快3倍。", 3, "H100", "A100"),
    ("與A100相比，H100訓練速度快3倍。", 3, "H100", "A100"),
    ("H100에 비해 H200은 1.9배 빠르다.", 1.9, "H200", "H100"),
    ("Compared with A100, H100 is 3x faster.", 3, "H100", "A100"),
    # a topic and an unknown name before the marker: "H200의 ... 은" is the performer
    ("H200의 연산 성능은 Tachyon보다 약 6배 개선됐다.", 6, "H200", "Tachyon"),
    # "the same as X" / "X와 같은" compares with X, as "similar to X" does (set2/ko_03)
])
def test_the_performer_is_the_system_and_the_compared_name_the_baseline(text, value, system, baseline):
    c = claim(text, value)
    assert (c.system, c.baseline) == (system, baseline)


def test_the_same_as_x_makes_x_a_baseline_not_the_performer(shared_dir):
    # set2/ko_03: "M3와 같은 16코어" (the same 16 cores as M3) compares with M3, as "similar
    # to X" does: M3 is the baseline, and the sentence's 38 TOPS stays the page's M4
    from extractor.clean import clean_page
    from extractor.ingest import read_page

    folder = shared_dir / "devset" / "corpus" / "set2"
    page = tag_page(clean_page(read_page(folder / "ko_03.txt", folder, 5_000_000)))
    found = {(c.value, c.unit): c for c in extract_claims(page) if "M3와 같은" in c.sentence}
    assert (found[(38, "TOPS")].system, found[(38, "TOPS")].baseline) == ("M4", "M3")


def test_a_comparison_cue_takes_the_first_name_after_it_not_a_workload_further_on():
    c = claim("Gaudi2 delivered 1.7x the throughput of A100 on BERT.", 1.7)
    assert (c.system, c.baseline, c.workload) == ("Gaudi2", "A100", "BERT")


@pytest.mark.parametrize("text", [
    "B200 is 2x faster than H100 and 5x faster than A100.",
    "B200은 H100보다 2배, A100보다 5배 빠르다.",
    "B200比H100快2倍，比A100快5倍。",
])
def test_one_subject_compared_with_two_baselines(text):
    assert roles(text) == [(2, "x", "B200", "H100"), (5, "x", "B200", "A100")]


def test_a_sentence_naming_only_the_baseline_takes_the_performer_from_before():
    text = ("H200은 2분기 시장에 나올 예정이다. 5세대 고대역폭메모리가 장착된다. "
            "기존 H100보다 출력 속도가 2배 가깝게 빨라졌다.")
    c = claim(text, 2)
    assert (c.system, c.baseline) == ("H200", "H100")


def test_a_factor_after_than_stays_the_performers():
    c = claim("B200 is faster than H100 by 2.5x in training.", 2.5)
    assert (c.system, c.baseline) == ("B200", "H100")


# --- a baseline's own figures ----------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("B200의 전력은 H100의 700W보다 300W 높다.",
     [(700, "W", "H100", ""), (300, "W", "B200", "H100")]),
    ("B200的功耗为1000W，比H100的700W高300W。",
     [(1000, "W", "B200", "H100"), (700, "W", "H100", ""), (300, "W", "B200", "H100")]),
    ("H200 memory bandwidth is 4.8 TB/s, up from 3.35 TB/s on the H100.",
     [(4.8, "TB/s", "H200", "H100"), (3.35, "TB/s", "H100", "")]),
    ("显存带宽从H100的3.35TB/s提升到H200的4.8TB/s。",
     [(3.35, "TB/s", "H100", ""), (4.8, "TB/s", "H200", "H100")]),
    ("MI300X vs H100: 192GB vs 80GB of HBM.",
     [(192, "GB", "MI300X", "H100"), (80, "GB", "H100", "")]),
    ("H200与H100对比：显存141GB vs 80GB。", [(141, "GB", "H200", "H100"), (80, "GB", "H100", "")]),
    ("H200과 H100 비교: 메모리 141GB vs 80GB", [(141, "GB", "H200", "H100"), (80, "GB", "H100", "")]),
    # set2/ko_03 shape: "M3의 18 TOPS 대비 두 배 이상 높아졌다"
    ("H200의 AI 성능은 H100의 18 TOPS 대비 두 배 이상 높아졌다.",
     [(18, "TOPS", "H100", ""), (2, "x", "H200", "H100")]),
])
def test_a_figure_stated_as_the_baselines_stays_the_baselines(text, expected):
    assert roles(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("B200 vs H100: capacity versus maturity.\nB200 is the successor released in 2024. "
     "Headline specs look impressive: twice the VRAM (192GB vs 80GB).",
     {192: "B200", 80: "H100"}),
    ("Gaudi2는 H100보다 느리다.\n(1,856 vs 1,979 TFLOPS)", {1856: "Gaudi2", 1979: "H100"}),
    ("B200 vs H100 at a glance\n- Memory: 192GB vs 80GB\n- Power: 1000W vs 700W",
     {192: "B200", 80: "H100", 1000: "B200", 700: "H100"}),
])
def test_the_figure_after_vs_is_the_system_an_earlier_sentence_compared_with(text, expected):
    got = {c.value: c.system for c in claims_of(text) if c.value in expected}
    assert got == expected


def test_the_figure_of_a_clause_opened_by_a_comparison_is_the_baselines():
    text = "TPU v4 trained BERT in 1.8 minutes, compared to 18.6 minutes for 8 A100 GPUs."
    got = {c.value: (c.system, c.baseline) for c in claims_of(text) if c.unit == "min"}
    assert got == {1.8: ("TPU v4", "A100"), 18.6: ("A100", "")}


# --- baselines the lexicons do not know yet ----------------------------------------------

@pytest.mark.parametrize("text, value, baseline", [
    ("B200 is 4x faster than Tachyon T7 on training.", 4, "Tachyon T7"),
    ("H200 is 1.9x faster versus Tachyon.", 1.9, "Tachyon"),
    ("B200比Tachyon快4倍。", 4, "Tachyon"),
    ("B200은 타키온 대비 4배 빠르다.", 4, "타키온"),
    ("与当下英特尔移动端标压CPU的次旗舰Tachyon-13H相比，B200的性能有60%左右的提升。", 60, "Tachyon-13H"),
    ("B200 is up to 10% faster than what Tachyon is offering.", 10, "Tachyon"),
])
def test_a_baseline_the_lexicons_do_not_know_is_still_named(text, value, baseline):
    c = claim(text, value)
    assert (c.system, c.baseline) == ("B200" if "B200" in text else "H200", baseline)


def test_an_unknown_baseline_may_be_followed_by_its_own_figure():
    assert unknown_baseline("B200의 성능은 Tachyon의 18 TOPS 대비 두 배 이상 높아졌다.", "ko", 30, set()) \
        == "Tachyon"


def test_a_quoted_name_in_apposition_belongs_to_the_compared_phrase():
    c = claim("B200은 6세대 TPU '타키온' 대비 2배 높다.", 2)
    assert (c.system, c.baseline) == ("B200", "TPU")


def test_an_unknown_name_is_not_taken_for_a_known_one_or_a_common_word():
    assert unknown_baseline("B200 is faster than the previous generation.", "en", 0, set()) == ""
    assert unknown_baseline("B200은 기존 제품보다 2배 빠르다.", "ko", 0, set()) == ""
    assert unknown_baseline("B200 is 2x faster than H100.", "en", 0, {"H100"}) == ""


# --- no comparison, no baseline -------------------------------------------------------

@pytest.mark.parametrize("text", [
    "The cluster of 8x H100 GPUs trained GPT-3 in 10.9 minutes.",
    "H100 delivers 3,958 TFLOPS of FP8 compute.",
    "H100的显存为80GB。",
    "H100은 80GB 메모리를 탑재했다.",
])
def test_a_sentence_without_comparison_has_no_baseline(text):
    found = claims_of(text)
    assert found and all(c.baseline == "" and c.system == "H100" for c in found)


def test_mark_roles_marks_the_compared_name_only():
    sentence = "B200 is 2.5x faster than H100 on BERT."
    spans = [(sentence.index(n), sentence.index(n) + len(n), n) for n in ("B200", "H100")]
    mentions = [Mention(Entity(a, b, n, SYSTEM, n), a, b) for a, b, n in spans]
    roles = mark_roles(sentence, mentions, find_quantities(sentence, "en"), "en", clause_spans(sentence, "en"))
    assert [roles.of(m).baseline for m in mentions] == [False, True]
    assert not any(roles.of(m).counted for m in mentions)


@pytest.mark.parametrize("sentence, lang", [
    ("B200 is 2.5x faster than H100's 700 W on BERT, up from 1.8x on the A100.", "en"),
    ("H100의 700W보다 B200이 50W 높다.", "ko"),
    ("与A100相比,H100快3倍,比H100的700W高。", "zh"),
])
def test_a_sentence_is_read_for_comparisons_once_with_the_same_roles(sentence, lang):
    """The page topic reads a sentence's comparisons before its numbers are marked;
    `mark_roles` then reuses them: the same roles as reading the sentence afresh."""
    names = [n for n in ("B200", "H100", "A100") if n in sentence]
    spans = [(sentence.index(n), sentence.index(n) + len(n), n) for n in names]

    def mentions():
        return [Mention(Entity(a, b, n, SYSTEM, n), a, b) for a, b, n in spans]

    qs, clauses = find_quantities(sentence, lang), clause_spans(sentence, lang)
    fresh = mentions()
    fresh_roles = mark_roles(sentence, fresh, qs, lang, clauses)
    info = SentenceInfo(0, len(sentence), sentence, lang, 0, systems=mentions())
    compared_first = [m.entity.canonical for m in info.compared()]
    info.roles = mark_roles(sentence, info.systems, qs, lang, clauses, info.comparisons(clauses))
    assert [info.roles.of(m) for m in info.systems] == [fresh_roles.of(m) for m in fresh]
    assert compared_first == [m.entity.canonical for m in fresh if fresh_roles.of(m).baseline] != []


def test_roles_are_an_immutable_record_and_mentions_carry_no_flags():
    sentence = "B200 is 2.5x faster than H100 on BERT."
    spans = [(sentence.index(n), sentence.index(n) + len(n), n) for n in ("B200", "H100")]
    mentions = [Mention(Entity(a, b, n, SYSTEM, n), a, b) for a, b, n in spans]
    roles = mark_roles(sentence, mentions, find_quantities(sentence, "en"), "en", clause_spans(sentence, "en"))
    with pytest.raises((AttributeError, TypeError)):
        roles.of(mentions[1]).baseline = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        roles.by_span[(0, 4)] = roles.of(mentions[1])  # type: ignore[index]
    assert not hasattr(mentions[1], "baseline")


def test_a_korean_subject_marked_by_its_particle_is_not_the_baseline():
    # "가우디2가 ... 칩보다": 가 makes Gaudi2 the subject; 보다 closes the other phrase
    c = claim("인텔의 가우디2가 엔비디아 칩보다 10% 정도 느린 것으로 나타났다.", 10)
    assert c.system == "Gaudi2" and c.baseline != "Gaudi2"


def test_korean_each_pairs_names_with_numbers_in_order():
    text = "IPU-POD128과 IPU-POD256이 ResNet-50 모델 훈련에 걸린 시간은 각 5.67분, 3.79분으로 나타났다."
    assert [(c.value, c.system) for c in claims_of(text)] == [(5.67, "IPU-POD128"), (3.79, "IPU-POD256")]


def test_a_number_format_between_a_name_and_boda_does_not_hide_the_comparison():
    # "MI300X의 FP8 성능보다 4배": FP8 is a format, not another product, so MI300X is compared
    c = claim("MI350은 기존 MI300X의 FP8 성능보다 4배 높다.", 4)
    assert (c.system, c.baseline) == ("MI350", "MI300X")


def test_a_number_after_over_is_a_qualifier_not_a_comparison():
    # "over 4x faster Llama 3.1 405B": "over" qualifies 4x; the model is no baseline
    c = claim("The GB200 NVL72 delivered over 4x faster Llama 2 70B fine-tuning.", 4)
    assert c.workload == "Llama 2 70B" and c.baseline == ""


def test_more_than_a_count_before_a_name_is_no_comparison():
    # set1/en_02: "using more than 5,000 Blackwell GPUs": Blackwell is counted, not compared with
    text = ("A new record time was set for Llama 3.1 405B at 10 minutes using more than "
            "5,000 Blackwell GPUs.")
    c = claim(text, 10)
    assert (c.system, c.baseline) == ("Blackwell", "")


def test_a_bracketed_name_is_compared_by_the_marker_after_the_bracket():
    # set2/ko_02: "전 세대 제품(가우디2)보다 ... 4배 ... 가우디3를 공개했다"
    text = "인텔은 전 세대 제품(가우디2)보다 AI 컴퓨팅 성능은 4배 강화한 신형 AI 반도체 가우디3를 공개했다."
    c = claim(text, 4)
    assert (c.system, c.baseline) == ("Gaudi3", "Gaudi2")


def test_comparable_to_marks_the_baseline_which_keeps_its_own_figure():
    # set3/en_05: the 1.3 PetaFLOPS are Trainium2's, the 1.98 the H100's own
    from extractor.clean import CleanedPage
    from extractor.extract.claims import extract_claims
    from extractor.langid import tag_page
    text = ("Trainium2 offers up to 1.3 PetaFLOPS of FP8 performance for AI. Perhaps AWS found a way "
            "to optimize the processor's performance, or maybe it cited FP16 numbers previously, but "
            "1.3 PetaFLOPS of FP8 performance is comparable to the Nvidia H100's FP8 performance of "
            "1.98 PetaFLOPS.")
    got = [(c.value, c.system) for c in extract_claims(tag_page(CleanedPage("t.txt", text)))]
    assert got[-2:] == [(1.3, "Trainium2"), (1.98, "H100")]
