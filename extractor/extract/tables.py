"""Tables flattened to text: rows of cells, their header, and what a cell's number is.

A page flattened to text keeps its tables as rows of cells (`| LLaMA V2 70B | 64 | 4,096 |`
or tab-separated). A number in a cell takes its unit and metric from the column header
("Time (min)"), or the row's label cell ("| 메모리(GB) | 48 |"), or a unit in brackets on
the caption line; its system and workload from the row, the header cell over its column
("| 模型 | H100 | Gaudi 3 |") or the caption (CLAIMS.md).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor.extract.entities import SYSTEM
from extractor.extract.quantities import Quantity, find_quantities
from extractor.extract.roles import Mention, SentenceInfo


def is_table_row(text: str) -> bool:
    """A row of a table flattened to text: cells between '|', or separated by tabs."""
    return text.count("|") >= 2 or "\t" in text.strip()


def cells_of(row: str) -> list[str]:
    sep = "|" if row.count("|") >= 2 else "\t"
    row = row.strip() if sep == "|" else row.strip("\n ")
    cells = [c.strip() for c in row.split(sep)]
    if cells and not cells[0]:
        cells = cells[1:]
    if cells and not cells[-1]:
        cells = cells[:-1]
    return cells


def is_header(cells: list[str]) -> bool:
    filled = [c for c in cells if c]
    numeric = [c for c in filled if re.fullmatch(r"[\d.,\s%x×~\-]+", c)]
    # one filled cell over empty ones is a header spanning columns ("| | Time (min) | |")
    spanning = len(filled) == 1 and len(cells) >= 3 and not cells[0]
    return (len(filled) >= 2 or spanning) and not numeric and \
        not all(set(c) <= set("-:= ") for c in filled)


def column_of(row: str, pos: int) -> int:
    sep = "|" if row.count("|") >= 2 else "\t"
    col = row[:pos].count(sep)
    return col - 1 if row.lstrip().startswith(sep) else col


@dataclass
class Table:
    """The table a row belongs to: its header row (cells and the sentence, whose names
    tell which system or workload each column is) and the caption line above it."""

    header: list[str]
    header_info: SentenceInfo | None
    caption: SentenceInfo | None
    upper: list[str] | None = None  # a header row above the header (multi-row headers)

    def unit_lost(self, row: str, col: int) -> bool:
        """The cell's unit was written but lost: its header or the row's label holds
        letters lost to '?' or U+FFFD ("Llama 2 70B (??/?)")."""
        head = self.header[col] if 0 <= col < len(self.header) else ""
        cells = cells_of(row)
        label = cells[0] if col > 0 and cells else ""
        return any(LOST_LETTERS.search(t) for t in (head, label, self.upper_cell(col)))

    def upper_cell(self, col: int) -> str:
        """The cell of the upper header over column `col`: a cell spanning several
        columns is flattened into its first one, so the nearest filled cell to the left."""
        if not self.upper:
            return ""
        for c in range(min(col, len(self.upper) - 1), -1, -1):
            if self.upper[c]:
                return self.upper[c]
        return ""

    def column_name(self, col: int, label: str) -> Mention | None:
        """The system (label SYSTEM) or workload a header cell names: "| 模型 | H100 | Gaudi 3 |"."""
        info = self.header_info
        if info is None:
            return None
        pool = info.systems if label == SYSTEM else info.workloads
        named = [m for m in pool if column_of(info.text, m.start) == col]
        return named[0] if len(named) == 1 else None

    def unit_for(self, row: str, col: int, lang: str) -> Quantity | None:
        """A cell's unit: from its column header ("Time (min)"), else the row's label
        cell ("| 메모리(GB) | 48 | 48 |"), else a unit in brackets on the caption line
        ("推理吞吐量比較(tokens/s):")."""
        head = self.header[col] if 0 <= col < len(self.header) else ""
        head_lang = self.header_info.lang if self.header_info is not None else lang
        cells = cells_of(row)
        probes = [(head, head_lang, False)]
        if col > 0 and self.upper_cell(col):
            probes.append((self.upper_cell(col), head_lang, False))
        if col > 0 and cells and not re.fullmatch(r"[\d.,\s%x×~\-]*", cells[0]):
            probes.append((cells[0], lang, False))
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


LOST_LETTERS = re.compile(r"\?\?|\ufffd|[(\[]\?+[/)\]]")


def strip_brackets(text: str) -> str:
    return re.sub(r"[(\[（][^)\]）]*[)\]）]", "", text)


# Every row of a table asks again for the unit of the same header cells: remember the
# answers (a pure function of its arguments; callers only read the Quantity returned).
@lru_cache(maxsize=4096)
def header_unit(header_cell: str, lang: str, brackets_only: bool = False) -> Quantity | None:
    """The unit a column header gives its cells: "Throughput (tokens/s)", "Time (min)".

    >>> header_unit("처리량(토큰/초)", "ko").unit, header_unit("Minutes", "en").unit
    ('tokens/s', 'min')
    >>> header_unit("Gaudi2 time to train, MLPerf 3.0", "en", brackets_only=True) is None
    True
    """
    inner = re.findall(r"[(\[（]([^)\]）]+)[)\]）]", header_cell)
    for probe in inner + ([] if brackets_only else [header_cell]):
        for q in find_quantities("1 " + probe.strip(), lang):
            if q.start == 0 and q.unit and q.value == 1:
                return q
    return None
