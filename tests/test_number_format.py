"""Which number format (precision, sparsity) a compute or throughput figure is stated at:
real sentences of the development set's pages and datasheets, and the rule's properties."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.clean.records import CleanedPage
from extractor.extract import extract_claims
from extractor.extract.context.context import PageContext
from extractor.extract.context.number_format import NumberFormat, format_mentions, number_format_at
from extractor.langid import tag_page


def fmt(sentence: str, number: str) -> NumberFormat:
    start = sentence.index(number)
    return number_format_at(sentence, start, start + len(number))


@pytest.mark.parametrize("sentence, number, precision, sparsity", [
    # a format after the figure, in its clause; a bracket holds another figure's
    ("H100 delivers 1,979 TFLOPS FP8 dense (3,958 TFLOPS sparse).", "1,979 TFLOPS", "FP8", "dense"),
    ("H100 delivers 1,979 TFLOPS FP8 dense (3,958 TFLOPS sparse).", "3,958 TFLOPS", "FP8", "sparse"),
    # a table row's label speaks for its cells; sparsity only for the cell that says it
    ("| TF32 Peak FLOPS | ~2,200 TFLOPS (2.2 PFLOPS sparse) | 989 TFLOPS (0.99 PFLOPS) |",
     "989 TFLOPS", "TF32", ""),
    ("| TF32 Peak FLOPS | ~2,200 TFLOPS (2.2 PFLOPS sparse) | 989 TFLOPS (0.99 PFLOPS) |",
     "2.2 PFLOPS", "TF32", "sparse"),
    ("FP8訓練性能 | 4000 TFLOPS | 7600 TFLOPS | 90% |", "7600 TFLOPS", "FP8", ""),
    ("FP8 算力 989 TFLOPS", "989 TFLOPS", "FP8", ""),
    ("H200的FP16算力为494 TFLOPS，FP32为60 TFLOPS", "60 TFLOPS", "FP32", ""),
    ("H200的FP16算力为494 TFLOPS，FP32为60 TFLOPS", "494 TFLOPS", "FP16", ""),
    ("GB300의 FP4 연산 성능은 희소 기준 20페타플롭스다", "20페타플롭스", "FP4", "sparse"),
    # two formats for one figure: stated, but which is not known
    ("가우디 3의 AI 연산 능력은 1856 BF16/FP8 matrix TFLOPS로 H100보다 약간 낮다", "1856", "?", ""),
    ("在FP16/BF16上可以達到1835 TFLOPS", "1835 TFLOPS", "?", ""),
    # spelled out; "dense" here is no format word of another language's text
    ("It reaches 67 TFLOPS in double precision.", "67 TFLOPS", "FP64", ""),
    ("Gaudi 3 delivers 1,835 TFLOPS of BF16 compute.", "1,835 TFLOPS", "BF16", ""),
    # no format: nothing is made up
    ("The cluster ran on 2,048 GPUs in 10.9 minutes.", "10.9 minutes", "", ""),
])
def test_the_format_of_a_figure(sentence, number, precision, sparsity):
    assert fmt(sentence, number) == NumberFormat(precision, sparsity)


def test_a_format_named_only_after_the_figure_is_a_later_figures():
    s = "H100 delivers 989 TFLOPS, and 1,979 TFLOPS at FP8"
    assert fmt(s, "989 TFLOPS").precision == ""
    assert fmt(s, "1,979 TFLOPS").precision == "FP8"


def test_format_words_are_whole_words():
    assert format_mentions("FP80 and INT80 and superdense and BF16", "precisions") == [(34, "BF16")]
    assert format_mentions("superdense or sparsely", "sparsity") == []


FORMATS = ["FP8", "BF16", "TF32", "INT8", "FP4", "sparse", "dense", "희소", "稀疏"]
PIECES = st.lists(st.one_of(st.sampled_from(FORMATS),
                            st.sampled_from(["1,979 TFLOPS", "989", "20 PF", "GPU", "算力"]),
                            st.sampled_from([", ", " | ", " (", ") ", " and ", "，", " "])),
                  max_size=12)


@settings(max_examples=300, deadline=None)
@given(before=PIECES, after=PIECES)
def test_what_follows_the_figures_clause_never_changes_its_format(before, after):
    head = " ".join(before) + " 3,958 TFLOPS"
    start = head.index("3,958 TFLOPS")
    alone = number_format_at(head, start, len(head))
    for separator in (", ", " | ", " (", "，"):
        longer = head + separator + " ".join(after)
        assert number_format_at(longer, start, len(head)) == alone


def test_claims_carry_their_format_in_the_context():
    text = ("NVIDIA H100 delivers 1,979 TFLOPS FP8 dense (3,958 TFLOPS sparse).\n\n"
            "The H100 has 80 GB of HBM3 memory at FP8 speed.\n")
    claims = extract_claims(tag_page(CleanedPage("h100.txt", text)))
    contexts = {c.surface: PageContext.parse(c.context) for c in claims}
    assert (contexts["1,979 TFLOPS"].precision, contexts["1,979 TFLOPS"].sparsity) == ("FP8", "dense")
    assert (contexts["3,958 TFLOPS"].precision, contexts["3,958 TFLOPS"].sparsity) == ("FP8", "sparse")
    # a memory size is the same whatever the number format: none is written
    assert contexts["80 GB"].precision == "" and "precision" not in contexts["80 GB"].as_string()


def test_the_context_string_keeps_the_format():
    ctx = PageContext.parse("suite=training;precision=FP8;sparsity=sparse")
    assert (ctx.precision, ctx.sparsity) == ("FP8", "sparse")
    assert ctx.as_string() == "suite=training;precision=FP8;sparsity=sparse"
