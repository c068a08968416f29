"""Rows of a table flattened to text, and the cells of a row.

A page flattened to text keeps a table's rows as lines of cells in one of these forms:

- cells between `|` ("| LLaMA V2 70B | 64 | 4,096 |");
- cells separated by tabs;
- columns aligned by two or more spaces ("Llama 3.1 Instruct 70B   457   445   250");
- a label followed by a fixed number of value cells, single-space separated
  ("H100 SXM 989 3.35 TB/s 80GB"): only a block of such lines under a header line of as
  many cells is a table (`fixed_count_blocks`), as one such line alone may be prose;
- one cell per line under a header line naming a unit in brackets
  ("Records (min) (vs. v1.0)" over "Recommendation (DLRM) 0.63 (DGX SuperPOD)", "(1.6×)":
  `stacked_blocks`);
- a spec sheet, a label line then a value line ("SRAM" then "108MB", "Cores" then
  "900,000": `label_value_pairs`).

A cell is a (start, end) span of the row's text, so a number's offset tells its column.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

Span = tuple[int, int]
#: a row's cells, as spans of its text
Splitter = Callable[[str], list[Span]]

#: an aligned row has at least this many cells (two gaps): one gap is a date after a name
MIN_ALIGNED_CELLS = 3
#: a cell of an aligned row is at most this long: prose with two spaces after its
#: full stops has long cells
MAX_ALIGNED_CELL = 48
#: a block of fixed-count rows has at least this many rows under its header line ...
MIN_FIXED_ROWS = 2
#: ... and its header at least this many cells (a label and two values, or three values)
MIN_HEADER_CELLS = 3
#: a row or header line of a fixed-count block is at most this long
MAX_FIXED_LINE = 160

_GAP = re.compile(r"\s{2,}|\t")
# a number alone: "457", "3.530", "1,184", "$1.99", "~9,000", "+43%", "2.5x"
NUMBER_TOKEN = re.compile(r"[~≈<>+\-]?[$¥€£]?\d[\d,]*(?:\.\d+)?(?:%|x|×)?")
# a value cell of one word: a number, with its unit attached ("80GB", "150W", "30000元",
# "3.35TB/s"), or a cell left empty ("-", "N/A")
VALUE_TOKEN = re.compile(r"[~≈<>+\-]?[$¥€£]?\d[\d,]*(?:\.\d+)?(?:[^\W\d_]{1,6}(?:/[^\W\d_]{1,6})?|%|×)?"
                         r"|[-–—]|N/A|n/a")
# a line ending in a value cell: "457", "80GB", "3.35 TB/s", "-"
_ENDS_WITH_VALUE = re.compile(r"(?:\d\S{0,12}(?:\s+[^\W\d_]{1,7}(?:/[^\W\d_]{1,6})?)?|[-–—]|N/A|n/a)\s*$")
# a unit written as the word after a number: "TB/s", "TFLOPS", "tokens/s", "美元", "달러"
UNIT_TOKEN = re.compile(r"[^\W\d_]{1,7}(?:/[^\W\d_]{1,6})?")
_SENTENCE_END = ("。", "！", "？", "!", "?", ":", "：", ",", "，", ";", "；")


def _split_by(text: str, sep: str) -> list[Span]:
    """Cells between separators, stripped; a leading/trailing empty cell outside the
    first/last separator is dropped ("| a | b |" has two cells)."""
    return list(_split_cached(text, sep))


# every quantity of a row asks for the row's cells again: remember the last rows
@lru_cache(maxsize=256)
def _split_cached(text: str, sep: str) -> tuple[Span, ...]:
    spans, pos = [], 0
    for part in text.split(sep):
        a = pos
        pos += len(part) + len(sep)
        inner = part.strip()
        if inner:
            lead = a + part.index(inner[0])
            spans.append((lead, lead + len(inner)))
        else:
            spans.append((a, a))
    if sep == "|" and spans and not text[:spans[0][1]].strip():
        spans = spans[1:]
    if sep == "|" and spans and not text[spans[-1][0]:].strip():
        spans = spans[:-1]
    return tuple(spans)


def pipe_spans(text: str) -> list[Span]:
    """Cells between '|'.

    >>> [("| a | b 2 |"[a:b]) for a, b in pipe_spans("| a | b 2 |")]
    ['a', 'b 2']
    """
    return _split_by(text, "|")


def tab_spans(text: str) -> list[Span]:
    spans = _split_by(text, "\t")
    return [s for i, s in enumerate(spans) if s[1] > s[0] or 0 < i < len(spans) - 1]


def aligned_spans(text: str) -> list[Span]:
    """Cells of a row aligned by runs of two or more spaces (or tabs).

    >>> row = "Llama 3.1 70B   457  445"
    >>> [row[a:b] for a, b in aligned_spans(row)]
    ['Llama 3.1 70B', '457', '445']
    """
    spans, pos = [], 0
    for gap in _GAP.finditer(text):
        if gap.start() > pos:
            spans.append((pos, gap.start()))
        pos = gap.end()
    if pos < len(text.rstrip()):
        spans.append((pos, len(text.rstrip())))
    return [(a, b) for a, b in spans if text[a:b].strip()]


def value_cells(text: str, at_most: int) -> list[Span]:
    """Up to `at_most` value cells at the end of a line, in order: a number with its unit
    attached ("80GB", "+43%", "$1.99") or as the next word ("3.35 TB/s", "989 TFLOPS").

    >>> row = "显存带宽 3.35 TB/s 4.8 TB/s +43%"
    >>> [row[a:b] for a, b in value_cells(row, 5)]
    ['3.35 TB/s', '4.8 TB/s', '+43%']
    """
    tokens = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
    cells: list[Span] = []
    i = len(tokens) - 1
    while i >= 0 and len(cells) < at_most:
        a, b = tokens[i]
        if VALUE_TOKEN.fullmatch(text[a:b]):
            cells.insert(0, (a, b))
            i -= 1
        elif i > 0 and UNIT_TOKEN.fullmatch(text[a:b]) and NUMBER_TOKEN.fullmatch(text[slice(*tokens[i - 1])]):
            cells.insert(0, (tokens[i - 1][0], b))
            i -= 2
        else:
            break
    return cells


def fixed_splitter(k: int) -> Splitter:
    """The splitter of a block whose rows end with `k` value cells (or fewer: a row cut
    short): the label, then the cells.

    >>> row = "Llama 3.1 Instruct 70B 457 445 250"
    >>> [row[a:b] for a, b in fixed_splitter(3)(row)]
    ['Llama 3.1 Instruct 70B', '457', '445', '250']
    """
    def split(text: str) -> list[Span]:
        cells = value_cells(text, k)
        label = text[:cells[0][0]] if cells else text
        if not label.strip():
            return cells
        start = len(label) - len(label.lstrip())
        return [(start, len(label.rstrip()))] + cells
    return split


def header_word_spans(text: str) -> list[Span]:
    """Cells of a single-space header line: words, a bracket group joining the word
    before it ("Time (min)"), aligned cells where the line has wide gaps.

    >>> line = "Model Time (min) Throughput (tokens/s)"
    >>> [line[a:b] for a, b in header_word_spans(line)]
    ['Model', 'Time (min)', 'Throughput (tokens/s)']
    """
    if _GAP.search(text.strip()):
        return aligned_spans(text)
    spans: list[Span] = []
    for m in re.finditer(r"\S+", text):
        if spans and (m.group().startswith(("(", "（", "[")) or _open_bracket(text[spans[-1][0]:spans[-1][1]])):
            spans[-1] = (spans[-1][0], m.end())
        else:
            spans.append((m.start(), m.end()))
    return spans


def _open_bracket(cell: str) -> bool:
    return cell.count("(") + cell.count("（") > cell.count(")") + cell.count("）")


def splitter_of(text: str) -> Splitter | None:
    """The splitter of a line that is a table row by its own form (`|`, tabs, aligned
    columns), else None. Fixed-count rows need the lines around them: `fixed_count_blocks`.

    >>> splitter_of("| a | b |") is pipe_spans, splitter_of("a\\tb") is tab_spans
    (True, True)
    >>> splitter_of("Provider  Groq  Together  Fireworks") is aligned_spans
    True
    >>> splitter_of("作者: MA40433 (Masa)   2023-05-21 20:29:12") is None
    True
    """
    if text.count("|") >= 2:
        return pipe_spans
    if "\t" in text.strip():
        return tab_spans
    if "  " not in text.strip():  # most prose: no run of spaces, no aligned cells
        return None
    spans = aligned_spans(text)
    # sentences with two spaces after their full stops are no cells
    if len(spans) >= MIN_ALIGNED_CELLS and all(b - a <= MAX_ALIGNED_CELL for a, b in spans) \
            and not any(text[a:b].endswith(_SENTENCE_END + (".", "。")) for a, b in spans):
        return aligned_spans
    return None


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


def fixed_count_blocks(lines: Sequence[str]) -> dict[int, tuple[int, Splitter]]:
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
    # a cheap test first: most lines of a page end in no value at all
    ends = [_ENDS_WITH_VALUE.search(t[-24:]) is not None for t in lines]
    i = 0
    while i < len(lines) - MIN_FIXED_ROWS:
        if not all(ends[i + 1:i + 1 + MIN_FIXED_ROWS]):
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
    i = 0
    while i < len(lines) - MIN_STACKED_CELLS:
        head = lines[i].strip()
        if not head or head.endswith(_SENTENCE_END + (".",)) or "(" not in head \
                or not bracket_unit(head):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and _stacked_cell(lines[j]):
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
        t = lines[i].strip()
        if "  " not in t or "  " not in lines[i + 1]:  # no aligned cells: most lines
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
    pair = {i for i in range(len(lines) - 1) if _spec_value(lines[i + 1]) and _spec_label(lines[i])}
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
        and not t.endswith(_SENTENCE_END + (".",)) and not _ENDS_WITH_VALUE.search(t) \
        and splitter_of(t) is None


def _spec_value(line: str) -> bool:
    if len(line) > MAX_SPEC_LABEL + 8:
        return False
    t = line.strip()
    if not t or len(t) > MAX_SPEC_LABEL or not t[:1].isdigit() and t[:1] not in "~≈<>$¥€£":
        return False
    cells = value_cells(t, 2)
    return len(cells) == 1 and cells[0] == (0, len(t))
