"""The character model's candidate search (`clean/char_model.py`)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.clean.char_model import _subsequence, char_model


def _candidates_by_rule(survived: bytes) -> list[str]:
    """The rule stated plainly: the model's characters with the same lead byte whose
    remaining bytes hold the surviving ones in order."""
    pool = char_model().by_lead.get(survived[0], [])
    return [c for c, raw in pool if len(raw) > len(survived) and _subsequence(survived[1:], raw[1:])]


@settings(max_examples=300, deadline=None)
@given(st.integers(0xC2, 0xF4), st.lists(st.integers(0x80, 0xBF), min_size=0, max_size=2))
def test_candidates_follow_the_subsequence_rule(lead, tail):
    survived = bytes([lead, *tail])
    assert char_model()._find_candidates(survived) == _candidates_by_rule(survived)


def test_a_cut_letter_has_its_characters_among_the_candidates():
    for ch in "个학習":
        raw = ch.encode("utf-8")
        assert ch in char_model()._find_candidates(raw[:2])
        assert ch in char_model()._find_candidates(raw[:1] + raw[2:])
