"""Tables flattened to text: rows of cells, their header, and what a cell's number is.

A page flattened to text keeps its tables as rows of cells (`| LLaMA V2 70B | 64 | 4,096 |`,
tab-separated, columns aligned by spaces, or a label and a fixed count of numbers:
`table_rows`). A number in a cell takes its unit and metric from the column header
("Time (min)"), or the row's label cell ("| 메모리(GB) | 48 |"), or a unit in brackets on
the caption line; its system and workload from the row, the header cell over its column
("| 模型 | H100 | Gaudi 3 |") or the caption (CLAIMS.md). `TableTracker` reads a page's
lines in order and says which table each row belongs to.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from extractor import lexicons
from extractor.extract.cues import LANGS, cues, lang_key
from extractor.extract.entities import SYSTEM, Entity
from extractor.extract.quantities import Quantity, find_quantities
from extractor.extract.roles import Mention, SentenceInfo
from extractor.extract.table_rows import (Span, Splitter, aligned_spans, fixed_count_blocks,
                                          label_value_pairs, pipe_spans, short_aligned_headers,
                                          splitter_of, stacked_blocks)

#: a cell holding a value: "8.0 TB/s", "$5.98/hr", "~500W", "192GB HBM3e"
VALUE_CELL = re.compile(r"[~≈<>]?\s*[$¥€£]?\s*\d")
COUNTED_NAME = re.compile(r"\d+\s*[x×]\s+\S")
_BARE_NUMBER = re.compile(r"[\d.,\s%x×~\-]*")


def is_table_row(text: str) -> bool:
    """A row of a table flattened to text, by its own form: cells between '|', separated
    by tabs, or aligned by runs of spaces."""
    return splitter_of(text) is not None


def cells_of(row: str, split: Splitter | None = None) -> list[str]:
    """The cells of a row, stripped.

    >>> cells_of("| LLaMA V2 70B | 64 | 4,096 |")
    ['LLaMA V2 70B', '64', '4,096']
    """
    split = split or splitter_of(row) or pipe_spans
    return [row[a:b] for a, b in split(row)]


def is_header(cells: list[str]) -> bool:
    """A header row: two filled cells or more, no value among them ("8.0 TB/s", "$5.98/hr"
    and "~500W" are values), or one filled cell over empty ones (spanning columns).

    >>> is_header(["Model", "Time (min)"]), is_header(["Memory", "192GB HBM3e"])
    (True, False)
    >>> is_header(["Metric", "SN40L node", "8x H100"])
    True
    """
    filled = [c for c in cells if c]
    # "8x H100" names a column's system: a count of a name, not a value
    values = [c for c in filled if VALUE_CELL.match(c) and not COUNTED_NAME.match(c)]
    # one filled cell over empty ones is a header spanning columns ("| | Time (min) | |")
    spanning = len(filled) == 1 and len(cells) >= 3 and not cells[0]
    return (len(filled) >= 2 or spanning) and not values and \
        not all(set(c) <= set("-:= ") for c in filled)


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


@dataclass
class Table:
    """The table a row belongs to: its header row (cells and the sentence, whose names
    tell which system or workload each column is) and the caption line above it."""

    header: list[str]
    header_info: SentenceInfo | None
    caption: SentenceInfo | None
    upper: list[str] | None = None  # a header row above the header (multi-row headers)
    #: how this table's rows (and its header) split into cells
    split: Splitter = field(default=pipe_spans, repr=False)
    header_split: Splitter | None = field(default=None, repr=False)
    upper_info: SentenceInfo | None = None  # the sentence of the upper header
    #: the row whose cell is read: a row naming a known system keeps it over a column
    #: header no lexicon lists
    row_info: SentenceInfo | None = None
    #: the unlisted system of each column, worked out once per header (shared by its rows)
    column_cache: dict = field(default_factory=dict, repr=False)

    @property
    def spec_sheet(self) -> bool:
        """A spec sheet's field: a label line over a value line ("SRAM" then "108MB");
        its caption is the sheet's product."""
        return self.split is _whole_line and self.header_info is not None

    def cells(self, row: str) -> list[str]:
        return [row[a:b] for a, b in self.split(row)]

    def labelless(self, row: str) -> bool:
        """The header left the label column's cell out ("   Groq  Together" over
        "Output  544  86"): spaces and tabs keep no empty cell, '|' does."""
        return self.split is not pipe_spans and bool(self.header) \
            and len(self.header) == len(self.split(row)) - 1

    def row_label(self, row: str, col: int) -> str:
        """The row's label cell, unless the cell of column `col` is that label or the label
        is a bare number."""
        cells = self.cells(row)
        raw = col + 1 if self.labelless(row) else col
        return cells[0] if raw > 0 and cells and not _BARE_NUMBER.fullmatch(cells[0]) else ""

    def column_at(self, row: str, pos: int) -> int:
        """The header column of the cell at offset `pos` of `row`. A header one cell
        shorter than its rows left the label column's header empty ("   Groq  Together"):
        spaces and tabs do not keep an empty cell, '|' does."""
        col = column_of(row, pos, self.split)
        return col - 1 if self.labelless(row) else col

    def header_column(self, pos: int) -> int:
        info = self.header_info
        split = self.header_split or self.split
        return -1 if info is None else column_of(info.text, pos, split)

    def metric_text(self, row: str, col: int) -> str:
        """What names a cell's metric: the header cells over its column and the row's
        label ("| Memory Bandwidth | 8.0 TB/s |"), else the caption."""
        head = self.header[col] if 0 <= col < len(self.header) else ""
        label = self.row_label(row, col)
        text = " ".join(t for t in (self.upper_cell(col), head, label) if t)
        return text or (self.caption.text if self.caption is not None else "")

    @staticmethod
    def own_unit_unread(row: str, end: int) -> bool:
        """A letter right after the number: the cell wrote a unit of its own that could
        not be read ("(1.6脳)", a mojibake '×'), so the header's is not its unit.

        >>> Table.own_unit_unread("(1.6脳)", 4), Table.own_unit_unread("| 1.6 |", 5)
        (True, False)
        """
        return end < len(row) and row[end].isalpha()

    def unit_lost(self, row: str, col: int) -> bool:
        """The cell's unit was written but lost: its header or the row's label holds
        letters lost to '?' or U+FFFD ("Llama 2 70B (??/?)")."""
        head = self.header[col] if 0 <= col < len(self.header) else ""
        cells = self.cells(row)
        label = cells[0] if (col + 1 if self.labelless(row) else col) > 0 and cells else ""
        return any(LOST_LETTERS.search(t) for t in (head, label, self.upper_cell(col)))

    def upper_cell(self, col: int) -> str:
        """The cell of the upper header over column `col`: a cell spanning several
        columns is flattened into its first one, so the nearest filled cell to the left."""
        c = self._upper_column(col)
        return self.upper[c] if self.upper and c >= 0 else ""

    def _upper_column(self, col: int) -> int:
        if not self.upper:
            return -1
        for c in range(min(col, len(self.upper) - 1), -1, -1):
            if self.upper[c]:
                return c
        return -1

    def is_label_number(self, row: str, pos: int, unit: str) -> bool:
        """A number inside the row's label cell is part of a name ("LLaMA V3.1 70B",
        "MLPerf 3.1 - GPT3"), unless it carries a unit of its own other than a count."""
        spans = self.split(row)
        if len(spans) < 2 or unit not in ("", "count"):
            return False
        a, b = spans[0]
        return a <= pos < b and re.search(r"[^\W\d_]", row[a:b]) is not None

    def column_name(self, col: int, label: str) -> Mention | None:
        """The system (label SYSTEM) or workload a header cell names: "| 模型 | H100 | Gaudi 3 |"."""
        info = self.header_info
        if info is None:
            return None
        pool = info.systems if label == SYSTEM else info.workloads
        named = [m for m in pool if self.header_column(m.start) == col]
        up, up_col = self.upper_info, self._upper_column(col)
        if not named and up is not None and up_col > 0:
            # "| | H100 | Gaudi2 |" over "| Model | Time (min) | Time (min) |"
            pool = up.systems if label == SYSTEM else up.workloads
            named = [m for m in pool if column_of(up.text, m.start, self.header_split) == up_col]
        if not named and label == SYSTEM:
            return self._unlisted_column_system(col)
        return named[0] if len(named) == 1 else None

    def _unlisted_column_system(self, col: int) -> Mention | None:
        """The system a header cell names that no lexicon lists, where the table's columns
        are systems ("Provider  Groq  Together  Fireworks", "| | H100 | MTT S4000 |"):
        another column names a known system, or the label column's header says the
        columns are products ("Provider", "项目", "구분", or nothing), and every column's
        header may name one. A cell naming a unit or a metric ("Time (min)", "Price",
        "Improvement") names no system."""
        info = self.header_info
        if info is None or not 0 <= col < len(self.header) or self.split is _whole_line:
            return None  # a spec sheet's label line names a field, not a product
        if self.row_info is not None and self.row_info.systems:
            return None  # "H100 price  $2.49/hr  $2.69/hr" under providers: the H100's
        if col not in self.column_cache:
            self.column_cache[col] = self._column_product(col)
        return self.column_cache[col]

    def _column_product(self, col: int) -> Mention | None:
        info = self.header_info
        cell = strip_brackets(self.header[col]).strip()
        if not _name_like(cell, info.lang):
            return None
        # the first header cell is the label column's ("Provider", "| |") unless every
        # cell names a product ("   Groq  Cerebras  SambaNova" over rows one cell longer)
        axis = self.header[0].strip().lower() in _column_axes()
        first = 1 if axis or self.split is pipe_spans else 0
        known = {self.header_column(m.start) for m in info.systems} - {-1}
        if col < first or (not known and not axis and first):
            return None
        if not all(c in known or _name_like(strip_brackets(h).strip(), info.lang)
                   for c, h in enumerate(self.header) if c >= first and h.strip()):
            return None  # "| Model | Batch | Latency |": a column of a metric, so none of products
        spans = (self.header_split or self.split)(info.text)
        if col >= len(spans):
            return None
        a, _b = spans[col]
        start = info.text.find(cell, a)
        entity = Entity(info.start + start, info.start + start + len(cell), cell, SYSTEM, cell)
        return Mention(entity, start, start + len(cell))

    def row_system(self, row: str) -> str:
        """The system a row's label cell names that no lexicon lists, where the label
        column's header says the rows are products ("Provider | Output speed (tokens/s)"
        over "Groq | 544"; tables.json `row_system_axes`)."""
        info = self.header_info
        if info is None or not self.header or self.labelless(row) \
                or self.header[0].strip().lower() not in _row_axes():
            return ""
        cells = self.cells(row)
        label = strip_brackets(cells[0]).strip() if len(cells) > 1 else ""
        return label if _name_like(label, info.lang) else ""

    def unit_for(self, row: str, col: int, lang: str) -> Quantity | None:
        """A cell's unit: from its column header ("Time (min)"), else the row's label
        cell ("| 메모리(GB) | 48 | 48 |"), else a unit in brackets on the caption line
        ("推理吞吐量比較(tokens/s):")."""
        head = self.header[col] if 0 <= col < len(self.header) else ""
        head_lang = self.header_info.lang if self.header_info is not None else lang
        probes = [(head, head_lang, False)]
        if col > 0 and self.upper_cell(col):
            probes.append((self.upper_cell(col), head_lang, False))
        if self.row_label(row, col):
            probes.append((self.row_label(row, col), lang, False))
        if self.caption is not None:
            probes.append((self.caption.text, self.caption.lang, True))
        names_system = self.column_name(col, SYSTEM) is not None
        for i, (text, probe_lang, brackets_only) in enumerate(probes):
            for lg in dict.fromkeys((probe_lang, lang)):
                hq = header_unit(text, lg, brackets_only)
                if hq is not None and i == 0 and names_system and hq.unit == "count":
                    break  # "| SN40L node |", "| 8x H100 |" name the column's system, no unit
                if hq is not None:
                    return hq
        return None


#: a header cell that may name a product: Latin letters, digits and a few joiners,
#: possibly after a CJK brand ("骁龙X Elite"), at most 32 characters
_NAME_CELL = re.compile(r"[^\W_][\w .+\-/]{0,31}")


def _name_like(cell: str, lang: str) -> bool:
    """A header cell that may name a product: letters and digits with a Latin letter, no
    unit, no metric word, not a word of tables.json `not_column_names` ("Change")."""
    if not cell or not _NAME_CELL.fullmatch(cell) or not re.search(r"[A-Za-z]", cell):
        return False
    if cell.lower() in _not_names() or header_unit(cell, lang) is not None:
        return False
    lk = lang_key(lang)
    low = cell.lower()
    return not any(rx is not None and rx.search(low)
                   for lg in ([lk] if lk in LANGS else LANGS) for rx in cues().metric_cues[lg].values())


@lru_cache(maxsize=1)
def _column_axes() -> frozenset[str]:
    lex = lexicons.load("tables.json")
    return frozenset(w.lower() for ws in lex["system_column_axes"].values() for w in ws) | {""}


@lru_cache(maxsize=1)
def _row_axes() -> frozenset[str]:
    lex = lexicons.load("tables.json")
    return frozenset(w.lower() for ws in lex["row_system_axes"].values() for w in ws)


@lru_cache(maxsize=1)
def _not_names() -> frozenset[str]:
    lex = lexicons.load("tables.json")
    return frozenset(w.lower() for w in lex["not_column_names"])


LOST_LETTERS = re.compile(r"\?\?|\ufffd|[(\[]\?+[/)\]]")


def strip_brackets(text: str) -> str:
    return re.sub(r"[(\[（][^)\]）]*[)\]）]", "", text)


@lru_cache(maxsize=1)
def _header_words() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    lex = lexicons.load("tables.json")
    return lex["header_units"], {lg: tuple(ws) for lg, ws in lex["unit_intro"].items()}


def _unit_probes(header_cell: str, lang: str, brackets_only: bool) -> list[str]:
    """What of a header cell may name its unit: bracketed parts, the whole cell, the words
    after a unit-introducing word ("Average latency in seconds"), abbreviations
    ("(TPS)") spelled out."""
    abbrev, intro = _header_words()
    inner = re.findall(r"[(\[（]([^)\]）]+)[)\]）]", header_cell)
    probes = inner + ([] if brackets_only else [header_cell])
    if not brackets_only:
        words = header_cell.split()
        lk = lang[:2].lower()
        for i, w in enumerate(words[:-1]):
            if w.lower() in intro.get(lk, ()):
                probes.append(" ".join(words[i + 1:]))
        for w in intro.get(lk, ()):
            if w.endswith((":", "：")) and w in header_cell:
                probes.append(header_cell.split(w, 1)[1])
    spelled = [abbrev[p.strip()] for p in probes + header_cell.split() if p.strip() in abbrev]
    # the unit as the cell's last word after others ("FP8 TFLOPS", "Number of cores")
    words = strip_brackets(header_cell).split()
    last = [words[-1]] if not brackets_only and len(words) > 1 and not re.search(r"\d", words[-1]) else []
    return [p for p in probes if p.strip()] + spelled + last


# Every row of a table asks again for the unit of the same header cells: remember the
# answers (a pure function of its arguments; callers only read the Quantity returned).
@lru_cache(maxsize=4096)
def header_unit(header_cell: str, lang: str, brackets_only: bool = False) -> Quantity | None:
    """The unit a column header gives its cells: "Throughput (tokens/s)", "Time (min)".

    >>> header_unit("처리량(토큰/초)", "ko").unit, header_unit("Minutes", "en").unit
    ('tokens/s', 'min')
    >>> header_unit("Average latency in seconds", "en").unit, header_unit("Output (TPS)", "en").unit
    ('s', 'tokens/s')
    >>> header_unit("Gaudi2 time to train, MLPerf 3.0", "en", brackets_only=True) is None
    True
    """
    counted = None  # "Output tokens/s" counts tokens only until "tokens/s" is read
    for probe in _unit_probes(header_cell, lang, brackets_only):
        for q in find_quantities("1 " + probe.strip(), lang):
            if q.start == 0 and q.unit and q.value == 1:
                if q.unit != "count":
                    return q
                counted = counted or q
    return counted


def _unit_cell(cell: str, lang: str) -> bool:
    """A header cell naming a unit other than a count: "Time (min)", "Power (W)"."""
    q = header_unit(cell, lang)
    return q is not None and q.unit != "count"


def _whole_line(text: str) -> list[Span]:
    return [(0, len(text))]


class TableTracker:
    """Reads a page's sentences in order and says which table each row belongs to: the
    header above it, the header over that (spanning groups of columns), and the caption
    line right above the table. A line that is no row ends the table."""

    def __init__(self, infos: list[SentenceInfo], max_rows: int = 60):
        self.max_rows = max_rows
        # fixed-count rows are told apart from prose by the lines around them
        texts = [info.text for info in infos]
        self.fixed = {infos[i].start: split for i, (_k, split) in fixed_count_blocks(texts).items()}
        self.fixed.update((infos[i].start, aligned_spans) for i in short_aligned_headers(texts))
        lang_of = {info.text: info.lang for info in infos}
        self.stacked = {infos[i].start: infos[h] for i, h in stacked_blocks(
            texts, lambda t: header_unit(t, lang_of.get(t, ""), brackets_only=True) is not None).items()}
        # spec sheets, a label line over a value line: the label line is the value's header
        self.spec_value = {infos[v].start: infos[k] for v, k in label_value_pairs(texts).items()}
        self.spec_label = {info.start for info in self.spec_value.values()}
        # the names of the record a stacked cell belongs to: its label line names them
        self.record: tuple[SentenceInfo | None, list[Mention], list[Mention]] = (None, [], [])
        self.header: list[str] | None = None
        self.header_info: SentenceInfo | None = None
        self.header_split: Splitter | None = None
        self.upper_info: SentenceInfo | None = None
        self.upper: list[str] | None = None
        self.age = 0
        self.caption: SentenceInfo | None = None
        self.after_data = False  # the line before was a data row of a table
        self.column_cache: dict = {}

    def table_of(self, info: SentenceInfo) -> tuple[Table | None, bool]:
        """(the table a row belongs to, whether the sentence is a header row)."""
        if info.start in self.spec_label:
            return None, True
        if info.start in self.spec_value:
            # the caption is the line above the sheet's first label ("Cerebras WSE-3 specs")
            return Table([self.spec_value[info.start].text], self.spec_value[info.start], self.caption,
                         split=_whole_line, header_split=_whole_line), False
        split = self.fixed.get(info.start) or splitter_of(info.text)
        if split is None and info.start in self.stacked:
            return self._stacked_table(info, self.stacked[info.start]), False
        if split is None:
            self.header, self.after_data = None, False
            self.caption = info if info.text.strip() else self.caption
            return None, False
        cells = [info.text[a:b] for a, b in split(info.text)]
        if is_header(cells) and not self._data_under_named_header(cells, split):
            # a header right under a header: the one above spans groups of columns
            # ("| | Time to train (min) | |" over "| Model | H100 | Gaudi2 |")
            spanning = self.header is not None and self.age == 0
            self.upper = self.header if spanning else None
            self.upper_info = self.header_info if spanning else None
            if self.after_data:
                # a second table right under the rows of another: no line above it is
                # its caption, its rows keep the page's topic
                self.caption = None
            self.header, self.header_info, self.header_split, self.age = cells, info, split, 0
            self.column_cache = {}  # the unlisted systems of this header's columns
            self.after_data = False
            return None, True
        self.after_data = True
        self.age += 1
        if self.age > self.max_rows:
            self.header = None
        if self.header is None:
            return None, False
        return Table(self.header, self.header_info, self.caption, self.upper,
                     split, self.header_split, self.upper_info, info, self.column_cache), False

    def _stacked_table(self, info: SentenceInfo, head: SentenceInfo) -> Table:
        """A table flattened one cell per line: a cell naming no system or workload takes
        those of the record's label line above it ("Recommendation (DLRM) 0.63 (DGX
        SuperPOD)" over "(1.6×)"), through the table's caption; units come from the
        header line's brackets."""
        rec_head, systems, workloads = self.record
        if rec_head is not head:
            systems, workloads = [], []
        systems = info.subjects() or systems
        workloads = info.workloads or workloads
        self.record = (head, systems, workloads)
        caption = SentenceInfo(head.start, head.end, head.text, head.lang, head.paragraph,
                               systems=list(systems or head.systems),
                               workloads=list(workloads or head.workloads))
        return Table([], None, caption, split=_whole_line)

    def _data_under_named_header(self, cells: list[str], split: Splitter) -> bool:
        """A row of words under a header whose columns name systems is data
        ("| Architecture | Blackwell (2024) | Hopper (2022) |" under "| Metric | B200 | H100 |"),
        not a second header. A row naming units is a header under systems spanning
        columns ("| Model | Time (min) | Power (W) |" under "| | H100 | Gaudi2 |")."""
        info = self.header_info
        if self.header is None or info is None or len(cells) != len(self.header) \
                or split is not self.header_split:
            return False
        if any(_unit_cell(c, info.lang) for c in cells[1:]):
            return False
        return any(column_of(info.text, m.start, self.header_split) > 0
                   for m in info.systems + info.workloads)
