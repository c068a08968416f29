"""MLPerf benchmarks named by their task: workloads on MLPerf pages only."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor import lexicons
from extractor.clean import CleanedPage
from extractor.extract.claims import extract_claims
from extractor.extract.text.cues import words_regex
from extractor.extract.names.tasks import find_tasks
from extractor.langid import tag_page


def claims_of(text: str):
    return extract_claims(tag_page(CleanedPage("t.txt", text)))


def test_tasks_in_three_languages():
    assert [e.canonical for e in find_tasks("speech recognition and image classification")] == \
        ["RNN-T", "ResNet-50"]
    assert [e.canonical for e in find_tasks("의료 영상 분할과 음성 인식")] == ["3D U-Net", "RNN-T"]
    assert [e.canonical for e in find_tasks("醫學影像分割與語音識別")] == ["3D U-Net", "RNN-T"]


def test_an_mlperf_page_pairs_tasks_with_their_numbers():
    text = ("在MLPerf Training v1.1中,浪潮信息将医学影像分割、语音识别、推荐系统和自然语言理解任务的"
            "AI训练速度分别提升18%、14%、11%和8%。")
    got = [(c.value, c.workload) for c in claims_of(text)]
    assert got == [(18, "3D U-Net"), (14, "RNN-T"), (11, "DLRM"), (8, "BERT")]


def test_a_task_word_is_no_workload_off_mlperf():
    text = "The new phone's speech recognition is 30% faster than last year's."
    assert [c.workload for c in claims_of(text)] == [""]


def test_a_count_before_the_names_does_not_spoil_the_pairing():
    text = ("在MLPerf Training v1.1单机系统测试的8项任务中,浪潮信息将医学影像分割、语音识别、"
            "推荐系统和自然语言理解任务的训练速度分别提升18%、14%、11%和8%。")
    got = [(c.value, c.workload) for c in claims_of(text) if c.unit == "%"]
    assert got == [(18, "3D U-Net"), (14, "RNN-T"), (11, "DLRM"), (8, "BERT")]


def test_a_task_restated_by_its_model_in_brackets_is_one_name():
    text = ("在MLPerf Training v1.1集群测试中,英伟达将自然语言理解、目标物体检测(Mask R-CNN)、"
            "语音识别任务的训练速度分别提升22%、18%、14%。")
    got = [(c.value, c.workload) for c in claims_of(text) if c.unit == "%"]
    assert got == [(22, "BERT"), (18, "Mask R-CNN"), (14, "RNN-T")]


def test_a_page_s_own_wording_names_no_task():
    """"医学影像识别" (recognition, where the benchmark segments) and "智能推荐" were one
    page's words for 3D U-Net and DLRM; "目标物体检测" the same page's word for SSD and
    Mask R-CNN alike: names come from the MLPerf table's tasks, not from a page."""
    assert find_tasks("医学影像识别、智能推荐、目标物体检测") == []


def test_tasks_in_any_case_keep_their_offsets():
    text = "MLPerf: SPEECH Recognition, Image classification and 语音识别"
    assert [(text[e.start:e.end], e.text, e.canonical) for e in find_tasks(text)] == [
        ("SPEECH Recognition", "SPEECH Recognition", "RNN-T"),
        ("Image classification", "Image classification", "ResNet-50"),
        ("语音识别", "语音识别", "RNN-T")]


_PHRASES = sorted(p for ps in lexicons.load("mlperf_tasks.json")["tasks"].values() for p in ps)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(
    st.sampled_from(_PHRASES).flatmap(lambda p: st.sampled_from([p, p.upper(), p.title()])),
    st.sampled_from(["a", "x", " ", "-", "1", "é", "\u0130", "\u0131", "\u017f", "\u212a", "。"])),
    max_size=12).map("".join))
def test_tasks_are_found_as_a_case_insensitive_search_finds_them(text):
    """The phrases are searched case-sensitively in the case-folded page: the same spans
    as the case-insensitive search of the page, even next to characters the engine folds
    to ASCII letters (K, ſ, İ, ı)."""
    by_phrase = {p.lower(): c for c, ps in lexicons.load("mlperf_tasks.json")["tasks"].items() for p in ps}
    plain = words_regex(by_phrase)  # case-insensitive
    assert [(e.start, e.end) for e in find_tasks(text)] == [m.span() for m in plain.finditer(text)]
