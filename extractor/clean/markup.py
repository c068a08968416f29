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

from extractor.clean.lexicon import load_lexicon
from extractor.clean.tracking import RepairLog

_TAG_RE = re.compile(r"</?([A-Za-z][A-Za-z0-9:_-]{0,40})\b(?:[^<>\"']|\"[^\"]*\"|'[^']*')*/?>|<!--.*?-->|<!\[CDATA\[.*?\]\]>|<![A-Za-z][^<>]*>|<\?[^<>]*\?>",
                     re.DOTALL)
_HAS_TAG_RE = re.compile(r"<[A-Za-z!/?]")
# a closing tag whose "<" was lost with the letters before it ("性能?!?/p>")
_TAG_REMNANT_RE = re.compile(r"(?<=[?\ufffd])/(p|div|span|a|b|i|em|strong|li|td|tr|h[1-6]|font)>",
                             re.IGNORECASE)
_ENTITY_RE = re.compile(r"&(#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_DOCUMENT_RE = re.compile(r"<(html|body)\b", re.IGNORECASE)
_BLOCKISH_RE = re.compile(r"<(p|div|br|li|tr|h[1-6])\b", re.IGNORECASE)
#: a page with at least this many block tags is laid out by its tags, not its newlines
MIN_BLOCK_TAGS_FOR_DOCUMENT = 5


@lru_cache(maxsize=None)
def _drop_re(names: tuple[str, ...]) -> re.Pattern:
    alternatives = "|".join(re.escape(n) for n in names)
    return re.compile(rf"<({alternatives})\b[^>]*>.*?</\1\s*>", re.IGNORECASE | re.DOTALL)


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
    drop = tuple(lex.get("drop_with_content", []))
    if drop:
        def _drop(m: re.Match) -> str:
            log.removed("html_junk", m.group()[:60])
            return "\n"
        text = _drop_re(drop).sub(_drop, text)
    layout_drop = tuple(lex.get("drop_in_documents", [])) if document else ()
    if layout_drop:
        limit = lex.get("max_dropped_share", 0.3) * len(text)

        def _drop_layout(m: re.Match) -> str:
            if len(m.group()) > limit:
                return m.group()  # too big to be navigation: the article may be inside
            log.removed("html_junk", m.group()[:60])
            return "\n"
        text = _drop_re(layout_drop).sub(_drop_layout, text)
    if document:
        # in HTML source, line breaks are just spaces; the tags say where lines end
        text = re.sub(r"\s+", " ", text)
    block = {n.lower() for n in lex.get("block", [])}
    line_break = {n.lower() for n in lex.get("line_break", [])}
    cell = {n.lower() for n in lex.get("cell", [])}
    hosts = lex.get("tracking_hosts", [])
    counts = {"html_junk": 0, "tracking_pixels": 0}
    examples: dict[str, str] = {}

    def _tag(m: re.Match) -> str:
        tag = m.group()
        name = (m.group(1) or "").lower()
        kind = "tracking_pixels" if _is_tracking_pixel(tag, hosts) else "html_junk"
        counts[kind] += 1
        examples.setdefault(kind, tag[:60])
        if name in block:
            return "\n\n"
        if name in line_break:
            return "\n"
        if name in cell:
            return "\t" if tag.startswith("</") else ""
        return ""

    text = _TAG_RE.sub(_tag, text)
    for kind, n in counts.items():
        if n:
            log.removed(kind, examples[kind], n)
    return _unescape(text, log)


def _unescape(text: str, log: RepairLog) -> str:
    if "&" not in text or not _ENTITY_RE.search(text):
        return text
    n = len(_ENTITY_RE.findall(text))
    entity = _ENTITY_RE.search(text).group()
    log.repair("html_entities").add(entity, html.unescape(entity), n)
    return html.unescape(text)
