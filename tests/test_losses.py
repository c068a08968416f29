"""Where a page lost letters (`losses`): the merged index answers an overlap query, and a
walk over a page's sentences in order gives the same answers as a query for each."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from extractor.clean import CleanedPage, LossySpan
from extractor.extract.losses import LossIndex, dropped_syllables

spans = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 12), st.sampled_from(
    ["question_marks", "replacement_char", "dropped_syllables"])), max_size=12)
queries = st.lists(st.tuples(st.integers(0, 80), st.integers(0, 15)), max_size=20)


def _page(raw) -> CleanedPage:
    return CleanedPage("d", "x" * 80, lossy_spans=[LossySpan(a, a + n, kind) for a, n, kind in raw])


@given(spans, queries)
def test_a_walk_over_spans_in_order_answers_as_a_query_for_each(raw, qs):
    index = LossIndex(_page(raw), ("question_marks", "replacement_char"))
    ordered = sorted((a, a + n) for a, n in qs)
    assert index.overlapping_each(ordered) == [index.overlaps(a, b) for a, b in ordered]
    # and out of order too (the walk starts again)
    unordered = [(a, a + n) for a, n in qs]
    assert index.overlapping_each(unordered) == [index.overlaps(a, b) for a, b in unordered]


@given(spans, st.integers(0, 80), st.integers(0, 15))
def test_the_merged_index_overlaps_where_a_span_of_its_kinds_does(raw, a, n):
    kinds = ("question_marks",)
    index = LossIndex(_page(raw), kinds)
    b = a + n
    assert index.overlaps(a, b) == any(s < b and a < s + w for s, w, kind in raw if kind in kinds and w > 0)


def test_a_page_lost_syllables_only_where_a_span_says_so():
    assert dropped_syllables(_page([(3, 2, "dropped_syllables")]))
    assert not dropped_syllables(_page([(3, 2, "question_marks")])) and not dropped_syllables(_page([]))
