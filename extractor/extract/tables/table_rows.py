"""The cells of one row of a table flattened to text.

A page flattened to text keeps a table's rows as lines of cells in one of these forms:

- cells between `|` ("| LLaMA V2 70B | 64 | 4,096 |");
- cells separated by tabs;
- columns aligned by two or more spaces ("Llama 3.1 Instruct 70B   457   445   250");
- a label followed by a fixed number of value cells, single-space separated
  ("H100 SXM 989 3.35 TB/s 80GB": `fixed_splitter`; which lines are such rows needs
  the lines around them, `table_blocks`).

A cell is a (start, end) span of the row's text, so a number's offset tells its column.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

Span = tuple[int, int]
#: a row's cells, as spans of its text
Splitter = Callable[[str], list[Span]]

#: an aligned row has at least this many cells (two gaps): one gap is a date after a name
MIN_ALIGNED_CELLS = 3
#: a cell of an aligned row is at most this long: prose with two spaces after its
#: full stops has long cells
MAX_ALIGNED_CELL = 48

_GAP = re.compile(r"\s{2,}|\t")
_WORD = re.compile(r"\S+")
_SPAN = re.Match.span
# a number alone: "457", "3.530", "1,184", "$1.99", "~9,000", "+43%", "2.5x"
NUMBER_TOKEN = re.compile(r"[~≈<>+\-]?[$¥€£]?\d[\d,]*(?:\.\d+)?(?:%|x|×)?")
# a value cell of one word: a number, with its unit attached ("80GB", "150W", "30000元",
# "3.35TB/s"), or a cell left empty ("-", "N/A")
VALUE_TOKEN = re.compile(r"[~≈<>+\-]?[$¥€£]?\d[\d,]*(?:\.\d+)?(?:[^\W\d_]{1,6}(?:/[^\W\d_]{1,6})?|%|×)?"
                         r"|[-–—]|N/A|n/a")
# a line ending in a value cell: "457", "80GB", "3.35 TB/s", "-", as
# r"(?:\d\S{0,12}(?:\s+[^\W\d_]{1,7}(?:/[^\W\d_]{1,6})?)?|[-–—]|N/A|n/a)\s*$" says, written
# backwards to be matched at the start of the reversed line (`ends_with_value`)
_ENDS_WITH_VALUE_REVERSED = re.compile(r"\s*(?:(?:(?:[^\W\d_]{1,6}/)?[^\W\d_]{1,7}\s+)?\S{0,12}\d|[-–—]|A/N|a/n)")


def ends_with_value(text: str, last: int = 0) -> bool:
    """Whether `text` (its `last` characters, when given) ends in a value cell. Read
    backwards: a search for a pattern anchored at the end tries it at every position of
    the line, a match on the reversed line once (measured: several times faster; the
    tables' block readers ask it of every line of a page).

    >>> [ends_with_value(t) for t in ["H100 80GB", "3.35 TB/s ", "N/A", "It is fast.", "in 2023."]]
    [True, True, True, False, True]
    """
    return _ENDS_WITH_VALUE_REVERSED.match(text[:-last - 1:-1] if last else text[::-1]) is not None
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
    tokens = list(map(_SPAN, _WORD.finditer(text)))
    cells: list[Span] = []  # read from the end: each cell goes in front
    i = len(tokens) - 1
    while i >= 0 and at_most > 0:
        a, b = tokens[i]
        if VALUE_TOKEN.fullmatch(text[a:b]):
            cells[:0] = [(a, b)]
            i -= 1
        elif i > 0 and UNIT_TOKEN.fullmatch(text[a:b]) and NUMBER_TOKEN.fullmatch(text[slice(*tokens[i - 1])]):
            cells[:0] = [(tokens[i - 1][0], b)]
            i -= 2
        else:
            break
        at_most -= 1
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
    if "|" in text and text.count("|") >= 2:
        return pipe_spans
    if "\t" not in text and "  " not in text:  # most prose: no tab, no run of spaces
        return None
    stripped = text.strip()
    if "\t" in stripped:
        return tab_spans
    if "  " not in stripped:  # no aligned cells
        return None
    spans = aligned_spans(text)
    # sentences with two spaces after their full stops are no cells
    if len(spans) >= MIN_ALIGNED_CELLS and all(b - a <= MAX_ALIGNED_CELL for a, b in spans) \
            and not any(text[a:b].endswith(_SENTENCE_END + (".", "。")) for a, b in spans):
        return aligned_spans
    return None


def cells_of(row: str, split: Splitter | None = None) -> list[str]:
    """The cells of a row, stripped.

    >>> cells_of("| LLaMA V2 70B | 64 | 4,096 |")
    ['LLaMA V2 70B', '64', '4,096']
    """
    split = split or splitter_of(row) or pipe_spans
    return [row[a:b] for a, b in split(row)]



def column_of(row: str, pos: int, split: Splitter | None = None) -> int:
    """The index of the cell of `row` at offset `pos` (the cell it falls in, else the
    last cell that starts before it).

    >>> column_of("| 1 | 36 | 3.530 |", 11)
    2
    """
    col = -1
    for i, (a, _b) in enumerate((split or splitter_of(row) or pipe_spans)(row)):
        if a <= pos:
            col = i
    return max(col, 0)
