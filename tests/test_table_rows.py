"""The cells of one row of a table flattened to text (extractor.extract.tables.table_rows): every
form of a row, and prose lines that are no rows."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.tables.table_rows import (aligned_spans, cells_of, column_of, ends_with_value, pipe_spans,
                                                 splitter_of, tab_spans, value_cells)


def test_cells_of_every_form():
    assert cells_of("| LLaMA V2 70B | 64 | 4,096 |") == ["LLaMA V2 70B", "64", "4,096"]
    assert cells_of("Llama 2 7B\tL40S\t1,600") == ["Llama 2 7B", "L40S", "1,600"]
    assert cells_of("Llama 3.1 Instruct 70B   457   445   250   71   49") == \
        ["Llama 3.1 Instruct 70B", "457", "445", "250", "71", "49"]
    assert cells_of("| | Time (min) | |") == ["", "Time (min)", ""]


def test_column_of_a_number_is_its_cell():
    row = "Llama 3.1 Instruct 70B   457   445"
    assert column_of(row, row.index("445")) == 2
    assert column_of("| 1 | 36 | 3.530 |", 6) == 1


def test_value_cells_take_the_unit_written_after_the_number():
    row = "显存带宽 3.35 TB/s 4.8 TB/s +43%"
    assert [row[a:b] for a, b in value_cells(row, 3)] == ["3.35 TB/s", "4.8 TB/s", "+43%"]
    row = "메모리 80GB 141GB"
    assert [row[a:b] for a, b in value_cells(row, 2)] == ["80GB", "141GB"]


_CELL = st.text(st.characters(whitelist_categories=("L", "N"), whitelist_characters=".,%$()/-"),
                min_size=1, max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(_CELL, min_size=2, max_size=7))
def test_cells_joined_by_pipes_or_tabs_come_back(cells):
    for row, split in (("| " + " | ".join(cells) + " |", pipe_spans), ("\t".join(cells), tab_spans)):
        assert [row[a:b] for a, b in split(row)] == cells


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(_CELL, min_size=1, max_size=3).map(" ".join), min_size=3, max_size=7),
       st.integers(2, 5))
def test_cells_aligned_by_spaces_come_back(cells, gap):
    # a cell may hold single spaces ("Llama 3.1 70B"); two or more separate cells
    row = (" " * gap).join(cells)
    assert [row[a:b] for a, b in aligned_spans(row)] == cells


def test_prose_lines_are_no_rows():
    for prose in ("作者: MA40433 (Masa)   2023-05-21 20:29:12",
                  "The H100 costs $30,000.  The H200 costs more.  Both ship in 2024.",
                  "NVIDIA H100은 2.5배 빠르다.",
                  "英伟达称H100的训练速度比A100快4倍。"):
        assert splitter_of(prose) is None, prose


# a line ending in a value cell, as the block readers defined it before it was read backwards
_ENDS_WITH_VALUE = re.compile(r"(?:\d\S{0,12}(?:\s+[^\W\d_]{1,7}(?:/[^\W\d_]{1,6})?)?|[-–—]|N/A|n/a)\s*$")


def test_a_line_ending_in_a_value_cell():
    assert [ends_with_value(t) for t in ["H100 SXM 989 3.35 TB/s", "Mixtral 8x7B 480", "Groq —",
                                         "The chip is fast.", "메모리 용량"]] == [True, True, True, False, False]
    assert ends_with_value("Llama 3.1 70B 457 445 and then some words", 24) is False


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0123456789abAN/ a\t\n.-–—가%", max_size=40), st.sampled_from([0, 24]))
def test_a_line_read_backwards_ends_in_a_value_as_read_forwards(line, last):
    assert ends_with_value(line, last) == (_ENDS_WITH_VALUE.search(line[-last:] if last else line) is not None)
