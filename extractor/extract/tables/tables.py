"""Tables flattened to text: which table each line of a page belongs to.

A page flattened to text keeps its tables as rows of cells (`| LLaMA V2 70B | 64 | 4,096 |`,
tab-separated, columns aligned by spaces: `table_rows`; a label and a fixed count of
numbers, one cell per line, spec sheets: `table_blocks`). A number in a cell (`table_cells`) takes its unit and metric from the column header
("Time (min)"), or the row's label cell ("| 메모리(GB) | 48 |"), or a unit in brackets on
the caption line; its system and workload from the row, the header cell over its column
("| 模型 | H100 | Gaudi 3 |") or the caption (CLAIMS.md). `TableTracker` reads a page's
lines in order and says which table each row belongs to.
"""
from __future__ import annotations

from extractor.extract.sentences.roles import Mention, SentenceInfo
from extractor.extract.tables.table_blocks import (ScatteredHeader, fixed_count_blocks, label_value_pairs,
                                                   scattered_headers, short_aligned_headers, stacked_blocks,
                                                   value_endings)
from extractor.extract.tables.table_cells import Table, _whole_line
from extractor.extract.tables.table_headers import column_axes, header_unit, is_header, is_marked_caption, unit_cell
from extractor.extract.tables.table_rows import Span, Splitter, aligned_spans, column_of, fixed_splitter, splitter_of

__all__ = ["Table", "TableTracker", "is_table_row"]


def is_table_row(text: str) -> bool:
    """A row of a table flattened to text, by its own form: cells between '|', separated
    by tabs, or aligned by runs of spaces."""
    return splitter_of(text) is not None


class TableTracker:
    """Reads a page's sentences in order and says which table each row belongs to: the
    header above it, the header over that (spanning groups of columns), and the caption
    line right above the table. A line that is no row ends the table."""

    def __init__(self, infos: list[SentenceInfo], max_rows: int = 60):
        self.max_rows = max_rows
        # fixed-count rows are told apart from prose by the lines around them
        texts = [info.text for info in infos]
        ends = value_endings(texts)
        fixed = fixed_count_blocks(texts, ends)
        self.fixed = {infos[i].start: split for i, (_k, split) in fixed.items()}
        self.fixed.update((infos[i].start, aligned_spans) for i in short_aligned_headers(texts))
        lang_of = {info.text: info.lang for info in infos}
        self.stacked = {infos[i].start: infos[h] for i, h in stacked_blocks(
            texts, lambda t: header_unit(t, lang_of.get(t, ""), brackets_only=True) is not None).items()}
        # spec sheets, a label line over a value line: the label line is the value's header
        self.spec_value = {infos[v].start: infos[k] for v, k in label_value_pairs(texts).items()}
        self.spec_label = {info.start for info in self.spec_value.values()}
        # a header spread over short lines above rows of a fixed count of values
        self.scattered: dict[int, ScatteredHeader] = {}
        self.scattered_head: set[int] = set()
        for block in scattered_headers(texts, column_axes().__contains__, fixed, ends):
            self.scattered.update((infos[r].start, block) for r in block.rows)
            self.scattered_head.update(infos[h].start for h in block.lines)
        self.infos = infos
        self.index: dict[int, int] | None = None  # a sentence's place among `infos`, when asked
        self.block_table: tuple[ScatteredHeader | None, Table | None] = (None, None)
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
        if info.start in self.spec_label or info.start in self.scattered_head:
            self.header = None
            return None, True
        if info.start in self.scattered:
            return self._scattered_table(info, self.scattered[info.start]), False
        if info.start in self.spec_value:
            # the caption is the line above the sheet's first label ("Cerebras WSE-3 specs")
            return Table([self.spec_value[info.start].text], self.spec_value[info.start], self.caption,
                         split=_whole_line, header_split=_whole_line), False
        split = (self.fixed[info.start] if info.start in self.fixed else None) or splitter_of(info.text)
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
            if self.caption is None or not is_marked_caption(self.caption.text):
                # "Table 3. Inference throughput in tokens per second" below the rows
                self.caption = self._caption_after_rows(info) or self.caption
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

    def _caption_after_rows(self, header: SentenceInfo) -> SentenceInfo | None:
        """A numbered caption right below the rows under `header` (read ahead once per
        header: the rows are the lines that are rows by their own form)."""
        if self.index is None:
            self.index = {info.start: i for i, info in enumerate(self.infos)}
        j = self.index[header.start] + 1
        stop = min(len(self.infos), j + self.max_rows)
        while j < stop and (self.infos[j].start in self.fixed or splitter_of(self.infos[j].text) is not None):
            j += 1
        return _caption_below(self.infos, j)

    def _scattered_table(self, info: SentenceInfo, block: ScatteredHeader) -> Table:
        """A row under a header spread over lines: the header's lines joined into one
        sentence (offsets kept: the gaps between its lines become spaces), each column's
        name a cell of it; the caption is the line above the header when it is a numbered
        caption, else a numbered one right below the rows ("Table 1. User throughput in
        output tokens/sec"), else the line above."""
        if self.block_table[0] is not block:
            header_info, spans = _joined(self.infos[block.lines.start:block.lines.stop], block)
            above = self.caption
            if above is None or not is_marked_caption(above.text):
                above = _caption_below(self.infos, block.rows.stop) or above
            table = Table([header_info.text[a:b] for a, b in spans], header_info, above,
                          split=fixed_splitter(block.k), header_split=lambda _text: spans)
            self.block_table = (block, table)
        base = self.block_table[1]
        return Table(base.header, base.header_info, base.caption, split=base.split,
                     header_split=base.header_split, row_info=info, column_cache=base.column_cache)

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
        if any(unit_cell(c, info.lang) for c in cells[1:]):
            return False
        return any(column_of(info.text, m.start, self.header_split) > 0
                   for m in info.systems + info.workloads)


def _joined(lines: list[SentenceInfo], block: ScatteredHeader) -> tuple[SentenceInfo, list[Span]]:
    """The lines of a scattered header as one sentence, with its names, and the spans
    of its columns' names in it."""
    first = lines[0]
    chars = [" "] * (lines[-1].end - first.start)
    systems, workloads = [], []
    for line in lines:
        off = line.start - first.start
        chars[off:off + len(line.text)] = line.text
        systems += [Mention(m.entity, m.start + off, m.end + off) for m in line.systems]
        workloads += [Mention(m.entity, m.start + off, m.end + off) for m in line.workloads]
    offsets = {block.lines.start + n: line.start - first.start for n, line in enumerate(lines)}
    spans = [(offsets[h] + a, offsets[h] + b) for h, a, b in block.columns]
    joined = SentenceInfo(first.start, lines[-1].end, "".join(chars), first.lang, first.paragraph,
                          systems=systems, workloads=workloads)
    return joined, spans


#: a numbered caption written as a line of its own ("Table 1.") is at most this long
_CAPTION_MARK_ALONE = 12


def _caption_below(infos: list[SentenceInfo], i: int) -> SentenceInfo | None:
    """A numbered caption right below a table's rows ("Table 1. User throughput in output
    tokens/sec"), with the sentence after it when the mark stands alone ("Table 1."); not
    one right above another table's rows (that table's caption)."""
    if i >= len(infos) or not is_marked_caption(infos[i].text):
        return None
    cap, end = infos[i], i + 1
    if len(cap.text.strip()) <= _CAPTION_MARK_ALONE and end < len(infos) \
            and infos[end].paragraph == cap.paragraph:
        nxt, end = infos[end], end + 1
        off = len(cap.text) + max(1, nxt.start - cap.end)
        cap = SentenceInfo(cap.start, nxt.end, cap.text + " " * (off - len(cap.text)) + nxt.text, cap.lang,
                           cap.paragraph, systems=[Mention(m.entity, m.start + off, m.end + off) for m in nxt.systems],
                           workloads=[Mention(m.entity, m.start + off, m.end + off) for m in nxt.workloads])
    if end < len(infos) and splitter_of(infos[end].text) is not None:
        return None  # "Table 5. Prices" over "| Provider | Price |": the next table's
    return cap
