"""The bound on markup before an HTML parser sees it.

libxml2 (lxml's HTML parser, which our boilerplate remover and trafilatura both use)
checks each attribute of a tag against the ones before it: a tag's cost is quadratic in
its attributes. A 2 MB page holding one tag of 300,000 attributes took 299 s to parse,
inside C code that neither the page's time budget (a Python signal handler) nor SIGTERM
can interrupt. No real page comes near it (the 181 pages of shared/testdata/aeb: at most
62 attributes on a tag), so a tag with more than `max_attributes` keeps its first ones
and the rest are dropped before any parse, recorded as the repair `excess_attributes`.

A tag is read as the parser reads it: quoted values may hold `>` and `<`, so a tag's end
is the first `>` outside quotes; the text of a `<script>`, a `<style>` or a comment
holds no tags (a parser reads it to its end), and what looks like a tag there
(`a<b.length`, a conditional comment's `<div class="x>`) is left alone. The parse of a bounded page takes at most about 1 s per 5 MB.
"""
from __future__ import annotations

import re

from extractor.clean.tracking import RepairLog

#: attributes a tag may keep (real pages: at most about 60)
MAX_TAG_ATTRIBUTES = 256
#: a start tag: its name, then its attributes up to the first `>` outside quotes
_TAG_RE = re.compile(r"""<[A-Za-z][^\s/>"']*([^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*)""")
#: where text starts that a parser does not read for tags (in every libxml2 version):
#: scripts, styles and comments
_RAW_TEXT_OPEN_RE = re.compile(r"<(script|style)\b|<!--", re.IGNORECASE)
#: one attribute of a tag (a name, and its value when it has one)
_ATTRIBUTE_RE = re.compile(r"""[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']*))?""")


def bound_attributes(html: str, log: RepairLog, max_attributes: int = MAX_TAG_ATTRIBUTES) -> str:
    """`html` with each tag cut to its first `max_attributes` attributes (see the
    module's doc); the page as it is when no tag has more.

    >>> log = RepairLog()
    >>> bound_attributes('<p>x</p><div a="1>" b c=2 d>y</div>', log, 2)
    '<p>x</p><div a="1>" b>y</div>'
    >>> [(r.name, r.count) for r in log.finish("")[1]]
    [('excess_attributes', 2)]
    >>> script = '<script>if(a<b c d e f)x="</script><p>"</script>'
    >>> bound_attributes(script, log, 2) == script
    True
    """
    out: list[str] = []
    pos = n_dropped = 0
    example = ""
    for m, attributes in _crowded_tags(html, max_attributes):
        start, end = m.span(1)
        out += [html[pos:start], " ", " ".join(attributes[:max_attributes])]
        pos = end
        n_dropped += len(attributes) - max_attributes
        example = example or html[m.start():m.start() + 60]
    if not n_dropped:
        return html
    out.append(html[pos:])
    log.removed("excess_attributes", example, n_dropped)
    return "".join(out)


def _crowded_tags(html: str, max_attributes: int):
    """(match, attributes) of each tag of more than `max_attributes` attributes, outside
    scripts, styles and comments."""
    # a tag of more than `max_attributes` needs two characters for each: shorter ones
    # are not looked into
    min_length = 2 * max_attributes
    pos = 0
    while pos < len(html):
        for m in _TAG_RE.finditer(html, pos):
            start, end = m.span(1)
            if end - start <= min_length:
                continue
            attributes = _ATTRIBUTE_RE.findall(html, start, end)
            if len(attributes) <= max_attributes:
                continue
            raw_end = _raw_text_end(html, m.start())
            if raw_end is None:
                yield m, attributes
                continue
            pos = raw_end  # on after the script: what seemed a tag may have run past its end
            break
        else:
            return


def _raw_text_end(html: str, at: int) -> int | None:
    """Where the script, style or comment that position `at` lies in ends (None: in none).

    >>> page = "<script>for(a=0;a<n;a++)</script><p>"
    >>> _raw_text_end(page, page.index("<n")), _raw_text_end(page, page.index("<p"))
    (33, None)
    """
    opening = None
    for opening in _RAW_TEXT_OPEN_RE.finditer(html, 0, at):
        pass
    if opening is None:
        return None
    closing = f"</{opening.group(1)}" if opening.group(1) else "-->"
    close = re.compile(re.escape(closing), re.IGNORECASE).search(html, opening.end())
    if close is None:
        return len(html)
    if close.start() < at:
        return None
    end = html.find(">", close.end())
    return len(html) if end < 0 else end + 1
