"""Every named step that decides a claim's system or workload (`linking.resolvers`, and the
score and table-row steps of `linking.link_names`) decides at least one real snippet, and
the claims table's `resolvers` column says which one did. Snippets from development pages
and the sample pages, cut to the sentences that matter, or a module's documented example
(the source beside each)."""
from __future__ import annotations

import pytest

from extractor.extract.explain import explain_text
from extractor.extract.linking.resolvers import SYSTEM_RESOLVERS, WORKLOAD_RESOLVERS

#: the steps after the resolvers in `link_names`
AFTER_RESOLVERS = {"system": ["table_row_system"], "workload": ["score_workload"]}

# (field, step, snippet, the claim's surface, the name it gets, where it comes from)
CASES = [
    ("system", "table_column_system", "| | H100 | H200 |\n|---|---|---|\n| 显存容量 | 80GB | 141GB |\n",
     "141GB", "H200", "set2/zh_04's spec rows as a pipe table"),
    ("system", "class_reference_system",
     "Firstly, the AWS Trainium2-based Amazon EC2 Trn2 instances are now generally available. "
     "These instances feature 16 Trainium2 processors interconnected with NeuronLink interconnection "
     "that deliver up to 20.8 FP8 PetaFLOPS of performance and 1.5 TB of HBM3 memory.",
     "1.5 TB", "Trn2", "set3/en_05: the instances, not their chips"),
    ("system", "sentence_system", "IPU-POD16, ResNet-50 모델 훈련 28.3분 기록", "28.3분", "IPU-POD16",
     "set1/ko_01"),
    ("system", "sentence_system", "H200은 141GB HBM3e를 탑재했다. 신제품은 36GB HBM3E 메모리를 8개 탑재했다.",
     "36GB", "HBM3E", "issue 23's kind: a capacity before a counted memory is each memory's"),
    ("system", "sentence_system", "Nvidia의 Tesla V100 Tensor Core GPU는 Nvidia DGX SuperPOD를 사용하여 80 초 이내에 "
     "ResNet-50 모델의 교육을 완료했다.", "80 초", "DGX SuperPOD", "set1/ko_06: the system the topic used"),
    ("system", "standard_system", "The new memory runs at 9.2 Gbps, while the JEDEC standard calls for 6.4 Gbps.",
     "6.4 Gbps", "JEDEC", "devset README's JEDEC convention (the standard's figure)"),
    ("system", "caption_system",
     "Table 2: NVIDIA A100, MLPerf Training v1.0\n| 模型 | 相对性能 |\n|---|---|\n| DLRM | 1.6× |\n",
     "1.6×", "A100", "set1/zh_02's captioned factors"),
    ("system", "vs_figure_system",
     "The B200 is up to 2.5x faster than the H100 in training. "
     "Headline specs look impressive: twice the VRAM (192GB vs 80GB).", "80GB", "H100", "set1/en_06"),
    ("system", "vendor_product_system",
     "Snapdragon X Elite laptops are here\n\nThe Snapdragon X Elite has an NPU with 45TOPS "
     "performance. Intel and AMD came out with their own announcements, with Intel promising "
     "48TOPS and AMD going up to 50TOPS.\n\nIntel's Lunar Lake and AMD's Ryzen 9 processors ship "
     "later this year.", "48TOPS", "Lunar Lake", "set2/en_07"),
    ("system", "carried_system",
     "Graphcore's IPU-POD16 trained BERT in 9.39 minutes. Each epoch took 25 seconds.",
     "25 seconds", "IPU-POD16", "the samples' Graphcore figures, in English"),
    ("system", "counted_system", "• AWS G6 instances (1x L4 equivalent): ~$0.80–$1.10/hr", "$0.80", "L4",
     "set2/en_06"),
    ("system", "page_topic_system",
     "엔비디아 H200 출시\n\nH200은 HBM3E를 탑재했다. 이에 따라 추론 속도가 높아졌다. "
     "기존 H100보다 출력 속도가 2배 가깝게 빨라졌다.", "2배", "H200", "set2/ko_07, cut"),
    ("system", "earlier_subject_system",
     "엔비디아 H100 GPU가 중국에서 가격 하락세를 보인다.\n\nH200은 2분기 시장에 나올 예정이다. "
     "5세대 고대역폭메모리(HBM)인 'HBM3E' 141GB가 장착된다. 기존 H100보다 출력 속도가 2배 가깝게 빨라졌다.",
     "2배", "H200", "set2/ko_07, cut"),
    # no development page lost its comparison's subject this way; docs/columns.md's example
    ("system", "baseline_only_system", "A100 대비 1.7배", "1.7배", "A100", "docs/columns.md"),
    ("system", "table_row_system", "| 机型 | 安兔兔跑分 |\n|---|---|\n| 天玑9300 | 2,130,000 |\n",
     "2,130,000", "天玑9300", "table_cells.row_system's example"),
    ("workload", "table_column_workload",
     "| System | ResNet-50 | BERT |\n|---|---|---|\n| IPU-POD16 | 28.3 min | 9.39 min |\n",
     "9.39 min", "BERT", "the samples' Graphcore figures as a table"),
    ("workload", "sentence_workload", "IPU-POD16, ResNet-50 모델 훈련 28.3분 기록", "28.3분", "ResNet-50",
     "set1/ko_01"),
    ("workload", "caption_workload",
     "Llama 3.1 405B training results\n\n| Nodes | GPUs | Minutes |\n|---|---|---|\n| 1 | 36 | 3.530 |\n",
     "3.530", "Llama 3.1 405B", "set2/en_01's rows under a caption"),
    ("workload", "carried_workload",
     "Graphcore's IPU-POD16 trained BERT in 9.39 minutes. Each epoch took 25 seconds.",
     "25 seconds", "BERT", "the samples' Graphcore figures, in English"),
    ("workload", "late_workload",
     "Google claims the new accelerator can train large language models like OpenAI's "
     "175 billion parameter GPT3 1.9x faster using BF16 and up to 2.8x faster.",
     "2.8x", "GPT-3", "set3/en_06 (held out for rules, not for tests)"),
    ("workload", "page_topic_workload",
     "Llama 3.1 405B training on H100\n\nNVIDIA trained the model on 3,072 GPUs. "
     "Training took 20.1 minutes.", "20.1 minutes", "Llama 3.1 405B", "set2/en_01's subject"),
    ("workload", "score_workload", "The Snapdragon X Elite scored 2,900 in Geekbench 6 single-core.",
     "2,900", "Geekbench 6", "numbers.scores.score_of's example"),
]


def _deciders(resolvers: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in resolvers.split(";") if part)


@pytest.mark.parametrize("field, step, snippet, surface, name, source", CASES,
                         ids=[c[1] for c in CASES])
def test_the_step_decides_its_snippet(field, step, snippet, surface, name, source):
    claims = [c for c in explain_text(snippet).claims if c.surface == surface]
    assert claims, (source, surface)
    got = claims[0]
    assert (_deciders(got.resolvers).get(field), getattr(got, field)) == (step, name), source


def test_every_resolver_and_step_has_a_case():
    cased = {(c[0], c[1]) for c in CASES}
    steps = [("system", r.__name__) for r in SYSTEM_RESOLVERS] + \
        [("workload", r.__name__) for r in WORKLOAD_RESOLVERS] + \
        [(field, step) for field, names in AFTER_RESOLVERS.items() for step in names]
    assert [s for s in steps if s not in cased] == []


def test_a_refused_name_records_the_resolver_that_found_it():
    # a speedup takes no model from the page's title (CLAIMS.md)
    snippet = ("GPT-3 175B 학습 결과\n\n엔비디아 H100이 학습을 3.4분 만에 끝냈다.\n\n"
               "인텔 가우디2는 이전보다 2배 빨라졌다.")
    got = next(c for c in explain_text(snippet).claims if c.surface == "2배")
    assert (got.workload, got.link) == ("", "system=clause;workload=none:kind=speedup")
    assert _deciders(got.resolvers) == {"system": "sentence_system", "workload": "page_topic_workload"}
