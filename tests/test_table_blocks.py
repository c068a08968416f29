"""Tables told by the lines around them (extractor.extract.tables.table_blocks): fixed-count rows
under a header line, one cell per line, spec sheets, headers spread over short lines."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.tables.table_blocks import (fixed_count_blocks, label_value_pairs, scattered_headers,
                                                   stacked_blocks)
from extractor.extract.tables.table_headers import header_unit


def test_fixed_count_block_needs_a_header_of_as_many_cells():
    lines = ["Model Groq Together", "Llama 3.1 70B 457 445", "Llama 3.1 8B 750 200",
             "That is all."]
    assert sorted(fixed_count_blocks(lines)) == [0, 1, 2]
    # the same rows under a sentence: no table
    lines[0] = "Speeds were measured by the providers on their own clouds."
    assert fixed_count_blocks(lines) == {}
    # one such line alone is no table
    assert fixed_count_blocks(["Model Groq Together", "Llama 3.1 70B 457 445", "Then prose."]) == {}


def test_prose_with_numbers_is_no_fixed_count_block():
    lines = ["Results", "In 2023 the company sold 500 units and 300 more", "It was 2 or 3 times more in 5 years",
             "She had 4 of 5 chips at 7 and 8"]
    assert fixed_count_blocks(lines) == {}


def test_stacked_block_needs_a_bracketed_unit_over_short_lines():
    lines = ["Benchmark Records (min) (vs. v1.0)", "DLRM 0.63 (SuperPOD)", "(1.6×)", "13.68 (A100)"]
    has_unit = lambda t: header_unit(t, "en", brackets_only=True) is not None  # noqa: E731
    assert stacked_blocks(lines + ["End."], has_unit) == {1: 0, 2: 0, 3: 0}
    assert stacked_blocks(["Benchmark Records (vs. v1.0)"] + lines[1:] + ["End."], has_unit) == {}


def test_label_value_pairs_need_two_pairs_and_value_lines():
    assert label_value_pairs(["SRAM", "230MB", "Cores", "900,000"]) == {1: 0, 3: 2}
    assert label_value_pairs(["The chip has", "230MB", "of SRAM."]) == {}


def test_scattered_header_needs_rows_and_a_column_count_it_can_tell():
    axis = {"model", "구분"}.__contains__
    lines = ["Model Groq", "(8-bit)", "Cerebras", "Llama 3.1 70B 250 445", "Llama 3.1 8B 751 1837"]
    assert [b.k for b in scattered_headers(lines, axis)] == [2]
    # one row is no block; a sentence above is no header
    assert scattered_headers(lines[:4], axis) == []
    assert scattered_headers(["It is fast.", "Llama 3.1 70B 250 445", "Llama 3.1 8B 751 1837"], axis) == []
    # three names without a label column's header over rows of two values: no reading
    assert scattered_headers(["Groq", "Cerebras", "Fireworks", "Llama 70B 250 445", "Llama 8B 751 1837"],
                             axis) == []


_NAME = st.from_regex(r"[A-Z][a-z]{2,8}(?: [A-Z0-9][a-z0-9]{0,4})?", fullmatch=True).filter(
    lambda n: n.split()[0].lower() != "model")


@settings(max_examples=100, deadline=None)
@given(st.lists(_NAME, min_size=2, max_size=5, unique=True), st.integers(2, 4), st.data())
def test_scattered_header_columns_come_back(names, n_rows, data):
    notes = data.draw(st.lists(st.sampled_from(["", "(16-bit)", "(8-bit)2", "1"]),
                               min_size=len(names), max_size=len(names)))
    head = ["Model " + names[0]] + [line for name, note in zip(names[1:], notes[1:])
                                    for line in (name, note) if line]
    rows = [f"Row {r} " + " ".join(str(100 + r * 10 + c) for c in range(len(names))) for r in range(n_rows)]
    lines = ["Results of the test.", *head, *rows]
    blocks = scattered_headers(lines, {"model"}.__contains__)
    assert len(blocks) == 1 and [lines[i][a:b] for i, a, b in blocks[0].columns] == names
