"""Rows of a table flattened to text, and the cells of a row.

A page flattened to text keeps a table's rows as lines of cells in one of these forms:

- cells between `|` ("| LLaMA V2 70B | 64 | 4,096 |");
- cells separated by tabs;
- columns aligned by two or more spaces ("Llama 3.1 Instruct 70B   457   445   250");
- a label followed by a fixed number of numeric cells, single-space separated
  ("H100 SXM 989 3.35 80"): only a block of such lines with one count under a header
  line of that count is a table (`fixed_count_blocks`), as one such line alone is prose.

A cell is a (start, end) span of the row's text, so a number's offset tells its column.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Span = tuple[int, int]
#: a row's cells, as spans of its text
Splitter = Callable[[str], list[Span]]

#: an aligned row has at least this many cells (two gaps): one gap is a date after a name
MIN_ALIGNED_CELLS = 3
#: a cell of an aligned row is at most this long: prose with two spaces after its
#: full stops has long cells
MAX_ALIGNED_CELL = 48
#: a block of fixed-count rows has at least this many rows ...
MIN_FIXED_ROWS = 3
#: ... each with at least this many numeric cells after its label
MIN_FIXED_CELLS = 2
#: a row or header line of a fixed-count block is at most this long
MAX_FIXED_LINE = 160

_GAP = re.compile(r"\s{2,}|\t")
# a numeric cell: "457", "3.530", "1,184", "$1.99", "~9,000", "92%", "2.5x", "-", "N/A"
NUMERIC_CELL = re.compile(r"(?:[~≈<>]?[$¥€£]?\d[\d,]*(?:\.\d+)?(?:%|x|×)?|[-–—]|N/A|n/a)")
_TRAILING_TOKEN = re.compile(r"\s+(\S+)$")
_SENTENCE_END = ("。", "！", "？", "!", "?", ":", "：", ",", "，", ";", "；")


def _split_by(text: str, sep: str) -> list[Span]:
    """Cells between separators, stripped; a leading/trailing empty cell outside the
    first/last separator is dropped ("| a | b |" has two cells)."""
    spans, pos = [], 0
    for part in text.split(sep):
        a, b = pos, pos + len(part)
        pos = b + len(sep)
        lead = len(part) - len(part.lstrip())
        spans.append((a + lead, a + lead + len(part.strip())) if part.strip() else (a, a))
    if sep == "|" and spans and text[:spans[0][1]].strip() == "":
        spans = spans[1:]
    if sep == "|" and spans and text[spans[-1][0]:].strip() == "":
        spans = spans[:-1]
    return spans


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


def trailing_numeric_spans(text: str) -> list[Span]:
    """The label and the numeric cells at the end of a line: "H100 SXM 989 3.35" is
    ['H100 SXM', '989', '3.35'] (a line of numbers only has no label cell).

    >>> row = "Llama 3.1 Instruct 70B 457 445"
    >>> [row[a:b] for a, b in trailing_numeric_spans(row)]
    ['Llama 3.1 Instruct 70B', '457', '445']
    """
    end = len(text.rstrip())
    cells: list[Span] = []
    while True:
        m = _TRAILING_TOKEN.search(text, 0, end) or re.fullmatch(r"\s*(\S+)", text[:end])
        if m is None or not NUMERIC_CELL.fullmatch(m.group(1)):
            break
        cells.insert(0, (m.start(1), m.end(1)))
        end = m.start()
        if end <= 0 or not text[:end].strip():
            return cells
    label = text[:end].strip()
    if not label:
        return cells
    start = len(text) - len(text.lstrip())
    return [(start, start + len(label))] + cells


def fixed_splitter(n_numeric: int) -> Splitter:
    """The splitter of a block whose rows end with `n_numeric` numeric cells."""
    def split(text: str) -> list[Span]:
        spans = trailing_numeric_spans(text)
        numeric = spans[1:] if len(spans) > n_numeric else spans
        return spans if len(numeric) == n_numeric else aligned_spans(text)
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
    spans = aligned_spans(text)
    if len(spans) >= MIN_ALIGNED_CELLS and all(b - a <= MAX_ALIGNED_CELL for a, b in spans) \
            and not text.rstrip().endswith(_SENTENCE_END + (".",)):
        return aligned_spans
    return None


def _fixed_count(text: str) -> int:
    """The number of trailing numeric cells of a line that may be a fixed-count row."""
    t = text.strip()
    if not t or len(t) > MAX_FIXED_LINE or t.endswith(_SENTENCE_END) or splitter_of(t):
        return 0
    spans = trailing_numeric_spans(text)
    label = 1 if spans and not NUMERIC_CELL.fullmatch(text[spans[0][0]:spans[0][1]]) else 0
    return len(spans) - label


def fixed_count_blocks(lines: Sequence[str]) -> dict[int, tuple[int, Splitter]]:
    """Lines of `lines` that are rows (or the header) of a fixed-count table:
    {line index: (count of numeric cells, splitter)}. A block is at least
    MIN_FIXED_ROWS consecutive lines with the same count (>= MIN_FIXED_CELLS) of numeric
    cells under a header line of that many or one more cells and no number.

    >>> lines = ["Model Groq Together", "Llama 3.1 70B 457 445", "Llama 3.1 8B 750 200",
    ...          "Mixtral 8x7B 480 300", "That is all."]
    >>> sorted(fixed_count_blocks(lines))
    [0, 1, 2, 3]
    """
    counts = [_fixed_count(t) for t in lines]
    out: dict[int, tuple[int, Splitter]] = {}
    i = 0
    while i < len(lines):
        k = counts[i]
        j = i
        while j < len(lines) and counts[j] == k:
            j += 1
        if k >= MIN_FIXED_CELLS and j - i >= MIN_FIXED_ROWS and i > 0 and _fits_header(lines[i - 1], k):
            split = fixed_splitter(k)
            for n in range(i - 1, j):
                out[n] = (k, split if n >= i else header_word_spans)
        i = max(j, i + 1)
    return out


def _fits_header(line: str, k: int) -> bool:
    """A header line over rows of `k` numeric cells: k or k+1 cells, none numeric."""
    t = line.strip()
    if not t or len(t) > MAX_FIXED_LINE or t.endswith(_SENTENCE_END + (".",)):
        return False
    cells = [line[a:b] for a, b in header_word_spans(line)]
    return len(cells) in (k, k + 1) and not any(NUMERIC_CELL.fullmatch(c) for c in cells)
