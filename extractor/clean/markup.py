"""Markup removal: HTML tags (real or nonsense like `<delect>`), scripts, styles,
comments, tracking pixels and character entities, keeping paragraph structure.

Two layouts: a full HTML document (has <html>/<body> or many block tags), where source
newlines mean nothing and block elements make the paragraphs; and a text page with stray
tags pasted in, whose own line structure is kept. Regexes, not a DOM: pages are often
tag soup, and this is the hot path.
"""
from __future__ import annotations

import html
import re
from functools import lru_cache

from extractor.clean.layout import collapse_spaces
from extractor.clean.lexicon import load_lexicon
from extractor.clean.tracking import RepairLog

_TAG_RE = re.compile(r"</?([A-Za-z][A-Za-z0-9:_-]{0,40})\b(?:[^<>\"']|\"[^\"<>]*\"|'[^'<>]*')*/?>|<![A-Za-z][^<>]*>|<\?[^<>]*\?>",
                     re.DOTALL)
_HAS_TAG_RE = re.compile(r"<[A-Za-z!/?]")
# a closing tag whose "<" was lost with the letters before it ("性能?!?/p>")
# (the "/" first, the "?" before it looked behind at from there: a pattern that starts
# with a look-behind is tried at every character of every page)
_TAG_REMNANT_RE = re.compile(r"/(?<=[?\ufffd]/)(p|div|span|a|b|i|em|strong|li|td|tr|h[1-6]|font)>",
                             re.IGNORECASE)
_ENTITY_RE = re.compile(r"&(#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_DOCUMENT_RE = re.compile(r"<(html|body)\b", re.IGNORECASE)
_BLOCKISH_RE = re.compile(r"<(p|div|br|li|tr|h[1-6])\b", re.IGNORECASE)
#: a page with at least this many block tags is laid out by its tags, not its newlines
MIN_BLOCK_TAGS_FOR_DOCUMENT = 5


@lru_cache(maxsize=None)
def _open_re(names: tuple[str, ...]) -> re.Pattern:
    alternatives = "|".join(re.escape(n) for n in names)
    return re.compile(rf"<({alternatives})\b[^<>]*>", re.IGNORECASE)


def _drop_elements(text: str, names: tuple[str, ...], max_chars: float = float("inf")) -> tuple[str, list[str]]:
    """Remove the elements `names` with their content (those longer than `max_chars`
    keep it). Closing tags are found with str.find, and a name with no closing tag left
    is not looked for again, so unclosed tags cannot make this quadratic."""
    lower = text.lower()
    out, removed, pos = [], [], 0
    unclosed: set[str] = set()
    for m in _open_re(names).finditer(text):
        name = m.group(1).lower()
        if m.start() < pos or name in unclosed:
            continue
        close = lower.find(f"</{name}", m.end())
        if close < 0:
            unclosed.add(name)
            continue
        end = lower.find(">", close)
        end = len(text) if end < 0 else end + 1
        if end - m.start() > max_chars:
            continue
        out.append(text[pos:m.start()])
        out.append("\n")
        removed.append(text[m.start():end])
        pos = end
    if not removed:
        return text, removed
    out.append(text[pos:])
    return "".join(out), removed


def _drop_delimited(text: str, opening: str = "<!--", closing: str = "-->") -> tuple[str, int]:
    """Remove comments (or CDATA sections) with str.find: an unclosed one ends the search,
    so unclosed ones cannot make this quadratic."""
    out, pos, n = [], 0, 0
    while True:
        start = text.find(opening, pos)
        if start < 0:
            break
        end = text.find(closing, start + len(opening))
        if end < 0:
            break
        out.append(text[pos:start])
        pos = end + len(closing)
        n += 1
    if not n:
        return text, 0
    out.append(text[pos:])
    return "".join(out), n


def _is_document(text: str) -> bool:
    if _DOCUMENT_RE.search(text):
        return True
    return len(_BLOCKISH_RE.findall(text, 0, 200_000)) >= MIN_BLOCK_TAGS_FOR_DOCUMENT


def _is_tracking_pixel(tag: str, hosts: list[str]) -> bool:
    low = tag.lower()
    if not low.startswith("<img"):
        return False
    if any(h in low for h in hosts):
        return True
    return bool(re.search(r"""(width|height)\s*=\s*["']?[01]\b""", low)) and "display:none" in low.replace(" ", "")


#: the tags that end a table cell's row (a line break or block inside a cell is a space)
_ROW_ENDS = frozenset({"tr", "table"})


def strip_markup(text: str, log: RepairLog) -> str:
    """Text without markup; a paragraph per block element, entities decoded.

    >>> strip_markup('<meter id="x"><delect id="x"></delect></meter>\\nMLPerf &amp; BERT</p>', RepairLog())
    '\\nMLPerf & BERT\\n\\n'
    """
    if "/" in text and _TAG_REMNANT_RE.search(text):
        log.removed("html_junk", _TAG_REMNANT_RE.search(text).group(), len(_TAG_REMNANT_RE.findall(text)))
        text = _TAG_REMNANT_RE.sub("", text)
    if not _HAS_TAG_RE.search(text):
        return _unescape(text, log)
    lex = load_lexicon("clean_markup")
    document = _is_document(text)
    text = _drop_junk(text, lex, document, log)
    if document:
        # in HTML source, line breaks are just spaces; the tags say where lines end
        text = collapse_spaces(text)
    block = {n.lower() for n in lex.get("block", [])}
    line_break = {n.lower() for n in lex.get("line_break", [])}
    cell = {n.lower() for n in lex.get("cell", [])}
    hosts = lex.get("tracking_hosts", [])
    counts = {"html_junk": 0, "tracking_pixels": 0}
    examples: dict[str, str] = {}
    in_cell = [False]  # between a cell's <td>/<th> and its end

    def _tag(m: re.Match) -> str:
        tag = m.group()
        name = (m.group(1) or "").lower()
        kind = "tracking_pixels" if _is_tracking_pixel(tag, hosts) else "html_junk"
        counts[kind] += 1
        examples.setdefault(kind, tag[:60])
        if in_cell[0] and name not in _ROW_ENDS and (name in block or name in line_break):
            # "<th>SambaNova<br>(16-bit)</th>", "<td><p>H100</p></td>": the cell stays on its row's line
            return " "
        if name in block or name in line_break:
            in_cell[0] = False
            return "\n\n" if name in block else "\n"
        if name in cell:
            in_cell[0] = not tag.startswith("</")
            return "\t" if tag.startswith("</") else ""
        return ""

    text = _TAG_RE.sub(_tag, text)
    for kind, n in counts.items():
        if n:
            log.removed(kind, examples[kind], n)
    return _unescape(text, log)


def _drop_junk(text: str, lex: dict, document: bool, log: RepairLog) -> str:
    """The text without comments, CDATA and the elements dropped with their content
    (scripts, styles; in whole documents, layout such as navigation, up to a share of the
    text: ASP.NET's page <form> may hold the article)."""
    for opening, closing in (("<!--", "-->"), ("<![CDATA[", "]]>")):
        if opening in text:
            text, n = _drop_delimited(text, opening, closing)
            if n:
                log.removed("html_junk", f"{opening} {closing}", n)
    drop = tuple(lex.get("drop_with_content", []))
    if drop:
        text, removed = _drop_elements(text, drop)
        for element in removed:
            log.removed("html_junk", element[:60])
    layout_drop = tuple(lex.get("drop_in_documents", [])) if document else ()
    if layout_drop:
        limit = lex.get("max_dropped_share", 0.3) * len(text)
        text, removed = _drop_elements(text, layout_drop, limit)
        for element in removed:
            log.removed("html_junk", element[:60])
    return text


def _unescape(text: str, log: RepairLog) -> str:
    if "&" not in text or not _ENTITY_RE.search(text):
        return text
    n = len(_ENTITY_RE.findall(text))
    entity = _ENTITY_RE.search(text).group()
    log.repair("html_entities").add(entity, html.unescape(entity), n)
    return html.unescape(text)
