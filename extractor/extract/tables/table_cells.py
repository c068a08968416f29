"""What a number in a table cell is: `Table`, the table a row belongs to (its header,
the header over it, its caption), says which column a number falls in, the unit and
metric its header cells or row label give it, and the system or workload its column
header or row label names (CLAIMS.md: a cell takes its unit and metric from the column
header, its system and workload from the row, the column or the caption).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from extractor.extract.names.entities import SYSTEM, Entity
from extractor.extract.quantities.quantities import Quantity
from extractor.extract.sentences.roles import Mention, SentenceInfo
from extractor.extract.numbers.scores import ScoreName, column_score
from extractor.extract.tables.table_headers import (LOST_LETTERS, caption_unit, column_axes, header_unit, name_like,
                                                    name_of_cell, row_axes)
from extractor.extract.tables.table_rows import Span, Splitter, column_of, pipe_spans

#: a cell the quantity layer may read as a year: "1993", "2024"
_YEAR_LIKE = re.compile(r"(?:1[89]|20)\d\d")
#: header units under which such a cell stays a year or an id: "Year", "Launch month", "No."
_NO_VALUE_UNITS = frozenset({"count", "year", "month"})
_BARE_NUMBER = re.compile(r"[\d.,\s%x×~\-]*")


def _measure_cell(cell: str, lang: str) -> bool:
    """A header cell whose brackets hold a bare unit measures its column ("Output speed
    (tokens/s)", "Time (min)"); a product's brackets hold a figure or a variant
    ("Cerebras (16-bit)", "MTT S4000 (48GB)", "H100 (SXM)").

    >>> _measure_cell("Output speed (tokens/s)", "en"), _measure_cell("Cerebras (16-bit)1", "en")
    (True, False)
    """
    q = header_unit(cell, lang, brackets_only=True)
    return q is not None and q.unit != "count"


def _whole_line(text: str) -> list[Span]:
    return [(0, len(text))]


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
        text = " ".join(filter(None, (self.upper_cell(col), head, label)))
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
        cell = name_of_cell(self.header[col])
        if not name_like(cell, info.lang):
            return None
        # the first header cell is the label column's ("Provider", "| |") unless every
        # cell names a product ("   Groq  Cerebras  SambaNova" over rows one cell longer)
        axis = self.header[0].strip().lower() in column_axes()
        first = 1 if axis or self.split is pipe_spans else 0
        known = {self.header_column(m.start) for m in info.systems} - {-1}
        if col < first or (not known and not axis and first):
            return None
        if not known and _measure_cell(self.header[col], info.lang):
            return None  # "| Provider | Output speed (tokens/s) |": the rows are the providers
        if not all(c in known or name_like(name_of_cell(h), info.lang)
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
        over "Groq | 544"; tables.json `row_system_axes`), also in Korean or Chinese letters
        with a model number ("| 机型 | ..." over "| 天玑9300 | ...", "| 제품 |" over "| 아이폰 15 |")."""
        info = self.header_info
        if info is None or not self.header or self.labelless(row) \
                or self.header[0].strip().lower() not in row_axes():
            return ""
        cells = self.cells(row)
        label = name_of_cell(cells[0]) if len(cells) > 1 else ""
        return label if name_like(label, info.lang) else ""

    def with_year_like_cells(self, row: str, lang: str, quantities: list[Quantity]) -> list[Quantity]:
        """`quantities` of a row, the cells that hold a year-like number alone given the
        unit their column header or row label names ("| Typical chatbot online scenario |
        128 | 128 | 1993 |" under "Output throughput in TPS"; "| Memory bandwidth (GB/s) |
        1555 | 2039 |"): a value of that unit, which the quantity layer dropped as a year or
        the not-a-claim patterns would drop as one. A column of years has a header naming
        no unit or a unit of time ("Launch", "Year"); a caption's unit is not enough.

        >>> t = Table(["Scenario", "Output throughput in TPS"], None, None)
        >>> [(q.value, q.unit) for q in t.with_year_like_cells("| chatbot | 1993 |", "en", [])]
        [(1993.0, 'tokens/s')]
        >>> Table(["Product", "Year"], None, None).with_year_like_cells("| H100 | 2022 |", "en", [])
        []
        """
        out = None
        for a, b in self.split(row):
            if not _YEAR_LIKE.fullmatch(row[a:b]):
                continue
            here = [q for q in quantities if q.start < b and a < q.end]
            if here and (len(here) > 1 or here[0].unit or (here[0].start, here[0].end) != (a, b)):
                continue  # a quantity of its own ("2039 GB/s"), or part of a longer one
            hq = self.unit_for(row, self.column_at(row, a), lang, caption=False)
            if hq is not None and hq.unit not in _NO_VALUE_UNITS:
                # the unit given here: the not-a-claim patterns drop a bare year
                value = float(row[a:b])
                norm = value * hq.value_norm if hq.value_norm is not None else None
                out = [q for q in (out or quantities) if q not in here] + \
                    [Quantity(row[a:b], a, b, value, hq.unit, hq.quantity, norm)]
        return quantities if out is None else sorted(out, key=lambda q: q.start)

    def score_of(self, col: int, value: float | None) -> ScoreName | None:
        """The benchmark whose scores column `col` holds ("| Geekbench 6 single-core |",
        "| 安兔兔V10跑分 |"): its cells are scores, with no unit and the benchmark as
        workload (CLAIMS.md)."""
        head = self.header[col] if 0 <= col < len(self.header) else ""
        return column_score(" ".join(filter(None, (self.upper_cell(col), head))), value)

    def unit_for(self, row: str, col: int, lang: str, caption: bool = True) -> Quantity | None:
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
        if self.caption is not None and caption:
            probes.append((self.caption.text, self.caption.lang, True))
        names_system = self.column_name(col, SYSTEM) is not None
        for i, (text, probe_lang, brackets_only) in enumerate(probes):
            for lg in dict.fromkeys((probe_lang, lang)):
                hq = caption_unit(text, lg) if brackets_only else header_unit(text, lg)
                if hq is not None and i == 0 and names_system and hq.unit == "count":
                    break  # "| SN40L node |", "| 8x H100 |" name the column's system, no unit
                if hq is not None:
                    return hq
        return None
