"""Where on a page a round, suite or division governs: its paragraph, the table right
below it, or, named in a heading, the section the heading opens; named in the page's
title or lead, the whole page (`page_context` decides that).

- `blocks(text, heading_chars, title_chars) -> [Block]`: the page's paragraphs (text
  between blank lines; lines on a page without blank lines), each a heading, a table row
  or prose, and whether it is in the title and lead.
- `block_at(blocks, pos)`, `innermost(scopes, pos)`: lookups by offset.
- `scopes_of(text, blocks, mentions, division_of, pick_round) -> (Scope, ...)`
  (`division_of(start, end)`: the division a block of the text names alone, or '').
"""
from __future__ import annotations

import bisect
import re
from typing import NamedTuple


class Block(NamedTuple):
    """A paragraph of the page (text between blank lines; a line on a page without
    blank lines), what kind it is, and where it starts and ends."""

    start: int
    end: int
    #: one short line without a sentence end: it heads the blocks below it
    heading: bool
    #: the page's title or lead (starts within `title_chars`): what it names holds for
    #: the whole page
    title: bool
    #: a table row ("| RetinaNet | 768 | 1.51 |")
    table: bool


class Scope(NamedTuple):
    """Where a round, suite or division named in the body governs: its paragraph, the
    table right below it, or, named in a heading, the section the heading opens."""

    start: int
    end: int
    suite: str = ""
    round: str = ""
    division: str = ""


_SENTENCE_END = re.compile(r"[.。!?！？:：]\s*$|다\.?\s*$")
# a line with a comma is a sentence that lost its full stop, not a heading
_CLAUSE_MARK = re.compile(r"[，、；]|[,;](?!\d)")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def blocks(text: str, heading_chars: int = 120, title_chars: int = 400) -> list[Block]:
    sep = _PARAGRAPH_BREAK if _BLANK_LINE.search(text) else _LINE_BREAK
    out, pos, stop = [], 0, len(text)
    for start, next_pos in [*map(_SPAN, sep.finditer(text)), (stop, stop)]:
        stripped = text[pos:start].strip()
        if stripped:
            lead = text.find(stripped, pos)  # the chunk's first character that is no white space
            size = len(stripped)
            one_line = "\n" not in stripped
            table = ("|" in stripped and stripped.count("|") >= 2) \
                or ("\t" in stripped and stripped.count("\t") >= 2)
            heading = (one_line and not table and size <= heading_chars
                       and not _SENTENCE_END.search(stripped)
                       and not _CLAUSE_MARK.search(stripped)
                       and (size <= heading_chars // 2
                            or not _CJK.search(stripped)))
            out.append(Block(lead, lead + size, heading,
                             lead < title_chars, table))
        pos = next_pos
    return out


_BLANK_LINE = re.compile(r"\n[ \t\u3000]*\n")
# paragraphs are text between blank lines; on a page without blank lines, lines
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\u3000]*\n\s*")
_LINE_BREAK = re.compile(r"\n")
_SPAN = re.Match.span


def block_at(blocks: list[Block], pos: int) -> Block:
    starts = [b.start for b in blocks]
    i = max(0, bisect.bisect_right(starts, pos) - 1)
    return blocks[i] if blocks else Block(0, 0, False, False, False)


def scopes_of(text: str, blocks: list[Block], mentions: list, division_of,
              pick_round) -> tuple[Scope, ...]:
    """The scopes of the rounds and divisions named in the body (see `Scope`)."""
    if not blocks:
        return ()
    spans: dict[tuple[int, int], dict] = {}

    def span_of(i: int) -> tuple[int, int]:
        b = blocks[i]
        j = i + 1
        if b.heading:  # a heading governs down to the next heading
            while j < len(blocks) and not blocks[j].heading:
                j += 1
        else:  # a paragraph governs itself and the table right below it
            while j < len(blocks) and blocks[j].table and not b.table:
                j += 1
        return b.start, blocks[j - 1].end

    starts = [b.start for b in blocks]
    for m in mentions:
        if m.passing:
            continue
        i = max(0, bisect.bisect_right(starts, m.start) - 1)
        spans.setdefault(span_of(i), {"rounds": [], "divisions": []})["rounds"].append(m)
    for i, b in enumerate(blocks):
        if b.title:
            continue
        division = division_of(b.start, b.end)
        if division:
            spans.setdefault(span_of(i), {"rounds": [], "divisions": []})[
                "divisions"].append(division)
    out = []
    for (start, end), found in sorted(spans.items()):
        rnd = pick_round(found["rounds"], "")
        suite = next((m.suite for m in found["rounds"] if m.round == rnd and m.suite), "")
        divisions = set(found["divisions"])
        out.append(Scope(start, end, suite, rnd, divisions.pop() if len(divisions) == 1 else ""))
    return tuple(out)


def innermost(scopes, pos: int) -> Scope | None:
    """The narrowest scope holding offset `pos`, None outside all."""
    inner = None
    for sc in scopes:
        if sc.start <= pos < sc.end and (inner is None or sc.end - sc.start < inner.end - inner.start):
            inner = sc
    return inner
