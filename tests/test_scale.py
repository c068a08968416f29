"""The scale a sentence states for a result: how many accelerators or nodes ran it."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.context.scale import scale_at, scale_mentions


@pytest.mark.parametrize("text, expected", [
    ("GPT-3 in 10.94 minutes on 3,584 H100 GPUs", [("accelerators", 3584)]),
    ("384 Gaudi2 accelerators", [("accelerators", 384)]),
    ("a 64-chip TPU v4 slice", [("accelerators", 64)]),
    ("NVIDIA H100 GPU 3,584개를 사용해 10.94분", [("accelerators", 3584)]),
    ("使用3584个H100 GPU完成训练", [("accelerators", 3584)]),
    ("8台DGX A100", [("nodes", 8)]),
    ("DGX A100 x8 trained BERT", [("nodes", 8)]),
    ("on eight nodes", [("nodes", 8)]),
    ("10 minutes on H100 GPUs", []),          # a time is no count of GPUs
    ("more than 5,000 Blackwell GPUs", []),  # no exact scale
    ("2.6x faster on GPUs", []),
    # a name's number is no count: the counter after the noun counts (dev-set ko page)
    ("인텔에 따르면 가우디 3 프로세서 8개를 탑재한 보드의 가격은 12.5만 달러", [("accelerators", 8)]),
    # a number glued to a unit is a quantity: 12 chips of 3 GB, a 50-TOPS NPU
    ("3GB D램 칩 12개를 적층해 용량을 50% 늘렸다", [("accelerators", 12)]),
    ("AMD announced a pair of processors with a 50TOPS NPU", []),
    # a product name ends where CJK text begins: "IPU-POD64指定了" is no name
    ("Graphcore為每個IPU-POD64指定了四個雙核服務器。", []),
    ("GB200 NVL36配備了36個GB200", []),  # not 6 (of "NVL36配備了3" + "6個")
])
def test_scale_mentions_in_three_languages(text, expected):
    assert [(m.kind, m.count) for m in scale_mentions(text)] == expected


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789,. xGPUsnodechips개个台한DGXA100-")),
               max_size=60))
def test_scale_mentions_never_raise_and_never_overlap(text):
    found = scale_mentions(text)
    assert all(m.count > 0 for m in found)
    assert all(a.end <= b.start for a, b in zip(found, found[1:]))
    for at in range(0, len(text) + 1, 7):
        scale_at(text, at)
