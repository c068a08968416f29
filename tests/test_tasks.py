"""MLPerf benchmarks named by their task: workloads on MLPerf pages only."""
from __future__ import annotations

from extractor.clean import CleanedPage
from extractor.extract.claims import extract_claims
from extractor.extract.tasks import find_tasks
from extractor.langid import tag_page


def claims_of(text: str):
    return extract_claims(tag_page(CleanedPage("t.txt", text)))


def test_tasks_in_three_languages():
    assert [e.canonical for e in find_tasks("speech recognition and image classification")] == \
        ["RNN-T", "ResNet-50"]
    assert [e.canonical for e in find_tasks("의료 영상 분할과 음성 인식")] == ["3D U-Net", "RNN-T"]
    assert [e.canonical for e in find_tasks("醫學影像分割與語音識別")] == ["3D U-Net", "RNN-T"]


def test_an_mlperf_page_pairs_tasks_with_their_numbers():
    text = ("在MLPerf Training v1.1中,浪潮信息将医学影像分割、语音识别、智能推荐和自然语言理解任务的"
            "AI训练速度分别提升18%、14%、11%和8%。")
    got = [(c.value, c.workload) for c in claims_of(text)]
    assert got == [(18, "3D U-Net"), (14, "RNN-T"), (11, "DLRM"), (8, "BERT")]


def test_a_task_word_is_no_workload_off_mlperf():
    text = "The new phone's speech recognition is 30% faster than last year's."
    assert [c.workload for c in claims_of(text)] == [""]


def test_a_count_before_the_names_does_not_spoil_the_pairing():
    text = ("在MLPerf Training v1.1单机系统测试的8项任务中,浪潮信息将医学影像分割、语音识别、"
            "智能推荐和自然语言理解任务的训练速度分别提升18%、14%、11%和8%。")
    got = [(c.value, c.workload) for c in claims_of(text) if c.unit == "%"]
    assert got == [(18, "3D U-Net"), (14, "RNN-T"), (11, "DLRM"), (8, "BERT")]


def test_a_task_restated_by_its_model_in_brackets_is_one_name():
    text = ("在MLPerf Training v1.1集群测试中,英伟达将自然语言理解、目标物体检测(Mask R-CNN)、"
            "语音识别任务的训练速度分别提升22%、18%、14%。")
    got = [(c.value, c.workload) for c in claims_of(text) if c.unit == "%"]
    assert got == [(22, "BERT"), (18, "Mask R-CNN"), (14, "RNN-T")]
