"""Tables whose rows a line's own form does not tell: which lines of a page are the
header and rows of a table, read from the lines around them.

- a label followed by a fixed number of value cells, single-space separated
  ("H100 SXM 989 3.35 TB/s 80GB"): only a block of such lines under a header line of as
  many cells is a table (`fixed_count_blocks`), as one such line alone may be prose;
- one cell per line under a header line naming a unit in brackets
  ("Records (min) (vs. v1.0)" over "Recommendation (DLRM) 0.63 (DGX SuperPOD)", "(1.6×)":
  `stacked_blocks`);
- a header of aligned cells that left its label column out (`short_aligned_headers`);
- a spec sheet, a label line then a value line ("SRAM" then "108MB", "Cores" then
  "900,000": `label_value_pairs`).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass

from extractor.extract.tables.table_rows import (_SENTENCE_END, MAX_ALIGNED_CELL, MIN_ALIGNED_CELLS,
                                                 NUMBER_TOKEN, VALUE_TOKEN, Splitter, aligned_spans,
                                                 ends_with_value, fixed_splitter, header_word_spans,
                                                 splitter_of, value_cells)

#: a block of fixed-count rows has at least this many rows under its header line ...
MIN_FIXED_ROWS = 2
#: ... and its header at least this many cells (a label and two values, or three values)
MIN_HEADER_CELLS = 3
#: a row or header line of a fixed-count block is at most this long
MAX_FIXED_LINE = 160

def _row_like(text: str) -> bool:
    t = text.strip()
    return bool(t) and len(t) <= MAX_FIXED_LINE and not t.endswith(_SENTENCE_END) \
        and splitter_of(t) is None


def _header_cells(line: str) -> int:
    """The cells of a line that may head a fixed-count block (none of them a value),
    else 0."""
    if not _row_like(line) or line.rstrip().endswith("."):
        return 0
    cells = [line[a:b] for a, b in header_word_spans(line)]
    # a cell opening with a digit is a value or a score ("Palm Bay d. Rockledge 70-44")
    return 0 if any(c[:1].isdigit() or VALUE_TOKEN.fullmatch(c) for c in cells) else len(cells)


def value_endings(lines: Sequence[str]) -> list[bool]:
    """Which lines end in a value cell: the cheap test the block readers make first (most
    lines of a page end in no value at all); worked out once per page."""
    return [ends_with_value(t, 24) for t in lines]


def fixed_count_blocks(lines: Sequence[str], ends: list[bool] | None = None) -> dict[int, tuple[int, Splitter]]:
    """Lines of `lines` that are the header or rows of a fixed-count table:
    {line index: (value cells per row, splitter)}. A header line of n cells (none a
    value) over at least MIN_FIXED_ROWS lines that each end with n-1 value cells after a
    label (or n without one); a row cut short after them ends the block.

    >>> lines = ["Model Groq Together", "Llama 3.1 70B 457 445", "Llama 3.1 8B 750 200",
    ...          "Mixtral 8x7B 480", "That is all."]
    >>> sorted(fixed_count_blocks(lines))
    [0, 1, 2, 3]
    """
    out: dict[int, tuple[int, Splitter]] = {}
    ends = value_endings(lines) if ends is None else ends
    i, last = 0, len(lines) - MIN_FIXED_ROWS
    while i < last:
        if not (ends[i + 1] and all(ends[i + 1:i + 1 + MIN_FIXED_ROWS])):  # (most lines end in no value)
            i += 1
            continue
        n = _header_cells(lines[i])
        block = _rows_under(lines, i, n) if n >= MIN_HEADER_CELLS else None
        if block is None:
            i += 1
            continue
        k, end = block
        split = fixed_splitter(k)
        out[i] = (k, header_word_spans)
        out.update((j, (k, split)) for j in range(i + 1, end))
        i = end
    return out


def _rows_under(lines: Sequence[str], i: int, n: int) -> tuple[int, int] | None:
    """(value cells per row, end of the block) of the rows under header line `i` of `n`
    cells, or None when fewer than MIN_FIXED_ROWS lines below are such rows."""
    # a header of n products over rows of a label and n values ("Groq Cerebras SambaNova"
    # over "Speed 544 2,100 461"), its label cell left out: the rows' labels would end in
    # a bare number if read as a label and n-1 values
    for k, labelled in ((n - 1, True), (n, True), (n, False)):
        j = i + 1
        while j < len(lines) and _row_like(lines[j]) and _is_row(lines[j], k, labelled):
            j += 1
        if k == n - 1 and labelled and any(_label_ends_in_number(lines[r], k) for r in range(i + 1, j)):
            continue
        if j - i - 1 >= MIN_FIXED_ROWS:
            if j < len(lines) and _row_like(lines[j]) and value_cells(lines[j], k) \
                    and not NUMBER_TOKEN.fullmatch(lines[j].split()[0]):
                j += 1  # the last row cut short ("FP8 算力 989 TFLOPS 989")
            return k, j
    return None


def _label_ends_in_number(line: str, k: int) -> bool:
    """The label left of a row's last k value cells ends in a bare number ("Speed 544"):
    the row has a value more than k.

    >>> _label_ends_in_number("Speed 544 2,100 461", 2), _label_ends_in_number("Llama 3.1 70B 457 445", 2)
    (True, False)
    """
    cells = value_cells(line, k)
    words = line[:cells[0][0]].split() if cells else []
    return bool(words) and re.fullmatch(r"[~≈<>+\-]?[$¥€£]?\d[\d,]*(?:\.\d+)?%?", words[-1]) is not None


def _is_row(line: str, k: int, labelled: bool) -> bool:
    cells = value_cells(line, k + 1)
    if labelled:
        # a label, then k values: the label may end in a number of its name ("70B")
        return len(value_cells(line, k)) == k and bool(line[:value_cells(line, k)[0][0]].strip()) \
            and not NUMBER_TOKEN.fullmatch(line.split()[0])
    return len(cells) == k and not line[:cells[0][0]].strip()


#: a line of a stacked table (one cell per line) is at most this long
MAX_STACKED_LINE = 48
#: a stacked table has at least this many cell lines under its header
MIN_STACKED_CELLS = 3


def stacked_blocks(lines: Sequence[str], bracket_unit: Callable[[str], bool]) -> dict[int, int]:
    """Tables flattened one cell per line: a header line naming a unit in brackets
    ("Benchmark Max-Scale Records (min) (vs. v1.0) Per-Accelerator Records (min)") over
    at least MIN_STACKED_CELLS short lines with a number each ("Recommendation (DLRM) 0.63
    (DGX SuperPOD)", "(1.6×)", "13.68 (A100)"). {cell line index: header line index}.

    >>> lines = ["Benchmark Records (min) (vs. v1.0)", "DLRM 0.63 (SuperPOD)", "(1.6×)",
    ...          "13.68 (A100)", "That is all."]
    >>> stacked_blocks(lines, lambda t: "(min)" in t)
    {1: 0, 2: 0, 3: 0}
    """
    out: dict[int, int] = {}
    i, n = 0, len(lines)
    while i < n - MIN_STACKED_CELLS:
        if "(" not in lines[i]:  # no unit in brackets: most lines
            i += 1
            continue
        head = lines[i].strip()
        if head.endswith(_SENTENCE_END + (".",)) or not bracket_unit(head):
            i += 1
            continue
        j = i + 1
        while j < n and _stacked_cell(lines[j]):
            j += 1
        if j - i - 1 >= MIN_STACKED_CELLS:
            out.update((n, i) for n in range(i + 1, j))
        i = max(j, i + 1)
    return out


def _stacked_cell(line: str) -> bool:
    t = line.strip()
    return 0 < len(t) <= MAX_STACKED_LINE and re.search(r"\d", t) is not None \
        and not t.endswith(_SENTENCE_END + (".",)) and splitter_of(t) is None


def short_aligned_headers(lines: Sequence[str]) -> list[int]:
    """Header lines of aligned tables with one cell fewer than MIN_ALIGNED_CELLS: two cells
    over rows of three ("      H100      MI300X" over "vLLM      1,200     1,100"), a
    header that left its label column empty.

    >>> short_aligned_headers(["   H100   MI300X", "vLLM   1,200   1,100", "TGI  900  950"])
    [0]
    """
    out = []
    for i in range(len(lines) - 1):
        if "  " not in lines[i] or "  " not in lines[i + 1]:  # no aligned cells: most lines
            continue
        t = lines[i].strip()
        if "  " not in t:
            continue
        if splitter_of(t) is not None or t.endswith(_SENTENCE_END + (".",)):
            continue
        cells = aligned_spans(t)
        if len(cells) == MIN_ALIGNED_CELLS - 1 and all(b - a <= MAX_ALIGNED_CELL for a, b in cells) \
                and splitter_of(lines[i + 1]) is aligned_spans \
                and len(aligned_spans(lines[i + 1])) == len(cells) + 1:
            out.append(i)
    return out


#: a label line of a spec sheet is at most this long ...
MAX_SPEC_LABEL = 40
#: ... and a sheet has at least this many label/value pairs in a row
MIN_SPEC_PAIRS = 2


def label_value_pairs(lines: Sequence[str]) -> dict[int, int]:
    """Spec sheets flattened one field per line, the label on one line and its value on
    the next ("SRAM", "108MB", "Memory bandwidth", "80TB/s"): {value line index: label
    line index}, for runs of at least MIN_SPEC_PAIRS pairs. A value line is one value
    cell and nothing else; a label line is short, holds letters, ends in no value and no
    sentence punctuation.

    >>> lines = ["Groq LPU", "SRAM", "230MB", "Memory bandwidth", "80 TB/s", "It is fast."]
    >>> label_value_pairs(lines)
    {2: 1, 4: 3}
    >>> label_value_pairs(["Revenue", "12%", "That is all."])
    {}
    """
    # the cheap test first: most lines are long or open with no digit
    sizes = list(map(len, lines))
    pair = {i for i in range(len(lines) - 1)
            if sizes[i + 1] <= _MAX_SPEC_VALUE_LINE and _spec_value(lines[i + 1]) and _spec_label(lines[i])}
    out: dict[int, int] = {}
    for i in sorted(pair):
        if i - 2 in pair or i + 1 in out:
            continue  # inside a run already read
        j = i
        while j in pair:
            j += 2
        if (j - i) // 2 >= MIN_SPEC_PAIRS:
            out.update((k + 1, k) for k in range(i, j, 2))
    return out


def _spec_label(line: str) -> bool:
    t = line.strip()
    return 0 < len(t) <= MAX_SPEC_LABEL and re.search(r"[^\W\d_]", t) is not None \
        and not t.endswith(_SENTENCE_END + (".",)) and not ends_with_value(t) \
        and splitter_of(t) is None


#: a value line is at most this long, with the white space around its value
_MAX_SPEC_VALUE_LINE = MAX_SPEC_LABEL + 8


def _spec_value(line: str) -> bool:
    """One value cell and nothing else (a line of at most _MAX_SPEC_VALUE_LINE: the
    caller's cheap test)."""
    t = line.strip()
    if not t or len(t) > MAX_SPEC_LABEL or not t[:1].isdigit() and t[:1] not in "~≈<>$¥€£":
        return False
    cells = value_cells(t, 2)
    return len(cells) == 1 and cells[0] == (0, len(t))


#: a header scattered over lines spans at most this many lines above its rows
MAX_SCATTERED_LINES = 16
#: a column's name in a scattered header is at most this long
MAX_COLUMN_NAME = 32
# what a scattered header's lines add to a column's name that names none: a bracket group
# ("(16-bit)", "(8-bit)2") and a footnote mark alone on its line ("1")
_HEADER_NOTE = re.compile(r"[(（\[][^)）\]]*[)）\]]\d{0,2}")
_FOOTNOTE_LINE = re.compile(r"\s*\d{1,2}\s*")


@dataclass(frozen=True)
class ScatteredHeader:
    """A table whose header cells the page spread over several short lines ("Model
    SambaNova", "(16-bit)", "Cerebras", "(16-bit)", "1", "Groq", ...) above rows of a label
    and `k` value cells ("Llama 3.1 Instruct 70B 457 445 250 71 49"): the header's lines,
    each column's name as (line index, start, end), left to right, and the rows."""

    lines: range
    columns: tuple[tuple[int, int, int], ...]
    rows: range

    @property
    def k(self) -> int:
        return len(self.columns)


def scattered_headers(lines: Sequence[str], axis: Callable[[str], bool], taken: Container[int] = (),
                      ends: list[bool] | None = None) -> list[ScatteredHeader]:
    """Blocks of at least MIN_FIXED_ROWS rows, each a label and the same count of value
    cells, under a header whose cells are spread one or two to a line, with bracketed
    notes and footnote marks between them. `axis` tells the label column's header
    ("Model", "구분", "项目"): the cells after it name the value columns; without one, every
    cell of the header's lines does. Lines in `taken` (another block's) are skipped.

    >>> lines = ["Results", "Model Groq", "(8-bit)1", "Cerebras", "(16-bit)",
    ...          "Llama 3.1 70B 250 445", "Llama 3.1 8B 751 1837", "That is all."]
    >>> [(b.lines, [lines[i][a:c] for i, a, c in b.columns], b.rows)
    ...  for b in scattered_headers(lines, lambda w: w == "model")]
    [(range(1, 5), ['Groq', 'Cerebras'], range(5, 7))]
    """
    out: list[ScatteredHeader] = []
    ends = value_endings(lines) if ends is None else ends
    ends = [e and i not in taken for i, e in enumerate(ends)] if taken else ends
    i, n = 0, len(lines)
    while i < n - 1:
        if not (ends[i] and ends[i + 1]):  # no two rows in a row: most lines
            i += 1
            continue
        j = i
        while j < n and ends[j] and _labelled_values(lines[j]) >= 2:
            j += 1
        if j - i >= MIN_FIXED_ROWS:
            block = _header_over(lines, i, j, axis)
            if block is not None:
                out.append(block)
        i = max(j, i + 1)
    return out


def _labelled_values(line: str) -> int:
    """The count of value cells at the end of a row-like line after a label with letters."""
    if not _row_like(line):
        return 0
    cells = value_cells(line, 16)
    label = line[:cells[0][0]] if cells else ""
    return len(cells) if re.search(r"[^\W\d_]", label) else 0


def _header_over(lines: Sequence[str], i: int, j: int, axis: Callable[[str], bool]) -> ScatteredHeader | None:
    """The scattered header over rows i..j-1, read upwards, or None."""
    k_max = min(_labelled_values(lines[r]) for r in range(i, j))
    cells: list[tuple[int, int, int]] = []
    top, axis_found = i, False
    for h in range(i - 1, max(-1, i - 1 - MAX_SCATTERED_LINES), -1):
        words = _header_line_words(lines[h])
        if words is None:
            break
        top = h
        if words and axis(lines[h][words[0][0]:words[0][1]].lower()):
            # "Model SambaNova": the label column's header, then the first column's name
            cells[:0] = [(h, words[1][0], words[-1][1])] if len(words) > 1 else []
            axis_found = True
            break
        cells[:0] = [(h, words[0][0], words[-1][1])] if words else []
    if i - top < 2 or not (2 <= len(cells) <= k_max):
        return None  # one header line is `fixed_count_blocks`' to read
    if not axis_found and (len(cells) != k_max or any(_sized_label(lines[r], k_max) for r in range(i, j))):
        return None  # no label column's header says where the columns start
    if any(not _column_name(lines[h][a:b]) for h, a, b in cells):
        return None
    return ScatteredHeader(range(top, i), tuple(cells), range(i, j))


def _sized_label(line: str, k: int) -> bool:
    """The first of a row's last k value cells carries letters its last one does not: a
    model's size ending the label ("Llama 70B 250 445"), not a value.

    >>> _sized_label("Llama 70B 250 445", 3), _sized_label("H100 80GB 3.35TB/s", 2)
    (True, False)
    """
    cells = value_cells(line, k)
    first, last = line[slice(*cells[0])], line[slice(*cells[-1])]
    return bool(re.search(r"[^\W\d_]", first)) and not re.search(r"[^\W\d_]", last)


def _header_line_words(line: str) -> list[tuple[int, int]] | None:
    """The words of a line of a scattered header that name something: none for a note
    ("(16-bit)", "1"). None for a line no header holds (a sentence, a value, a row)."""
    t = line.strip()
    if not t or len(t) > MAX_SPEC_LABEL or t.endswith(_SENTENCE_END + (".",)) or splitter_of(t) is not None:
        return None
    if _FOOTNOTE_LINE.fullmatch(line):
        return []
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", line) if not _HEADER_NOTE.fullmatch(m.group())]
    if words and line[words[0][0]:words[0][0] + 1].isdigit():
        return None  # a value ("80GB"), not a name ("Gaudi 3")
    return words


def _column_name(cell: str) -> bool:
    return 0 < len(cell) <= MAX_COLUMN_NAME and re.search(r"[^\W\d_]", cell) is not None
