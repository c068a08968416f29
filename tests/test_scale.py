"""The scale a sentence states for a result: how many accelerators or nodes ran it."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.scale import scale_at, scale_mentions


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
