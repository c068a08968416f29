"""Boilerplate removal internals (extractor.clean.boilerplate): the element weights and
the class/id names read as boilerplate."""
from __future__ import annotations

import gzip

import lxml.html

from extractor.clean.boilerplate import BoilerplateConfig, _weigh
from extractor.clean.boilerplate_names import boilerplate_lexicon, names_boilerplate

from conftest import GOLDEN, SHARED

AEB_HTML = SHARED / "testdata" / "aeb" / "html"


def _class_and_id_names(html: str) -> set[str]:
    root = lxml.html.document_fromstring(html)
    return {f"{el.get('class') or ''} {el.get('id') or ''}".strip() for el in root.iter()
            if isinstance(el.tag, str)} - {""}


def test_ascii_names_lowercased_match_as_the_ignore_case_pattern():
    """The fast path (ASCII names lowercased, searched case-sensitively) reads every real
    class/id name as the ignore-case pattern does."""
    lex = boilerplate_lexicon()
    names = _class_and_id_names((GOLDEN / "html_article.html").read_text("utf-8"))
    for path in sorted(AEB_HTML.glob("*.html.gz"))[:60] if AEB_HTML.is_dir() else []:
        names |= _class_and_id_names(gzip.decompress(path.read_bytes()).decode("utf-8", "replace"))
    names |= {"SiteNav", "main SIDEBAR", "x_Share-Buttons", "NAVIGATION\tbar", "ad-slot", "head-line",
              "Kicker", "\u212aicker-nav", "\u017fhare", "메뉴 Footer", "article-body Comments"}
    boilerplate = [n for n in names if names_boilerplate(n, lex)]
    assert boilerplate and len(boilerplate) < len(names)  # both answers occur
    for name in names:
        assert names_boilerplate(name, lex) == bool(lex["drop_re"].search(name)), name


def test_weights_of_a_block_its_links_and_a_comment():
    html = ("<html><body><div id='d'>Intro <a href='/x'>linked words</a><!-- note -->tail text."
            "<p id='p'>A paragraph of running text, long enough to be a good block of the article.</p>"
            "</div></body></html>")
    body = lxml.html.document_fromstring(html).find("body")
    weights = _weigh(body, boilerplate_lexicon(), BoilerplateConfig())
    div, p = body.get_element_by_id("d"), body.get_element_by_id("p")
    # non-space characters: "Intro" 5, "linkedwords" 11, "tailtext." 9 (the comment's tail)
    paragraph = len("A paragraph of running text, long enough to be a good block of the article.".replace(" ", ""))
    assert weights[p].total == weights[p].good == paragraph
    assert weights[div].total == 5 + 11 + 9 + paragraph
    assert weights[div].links == 11 and weights[div].n_links == 1
    # the div's own running text (25) is too short to be good: only the paragraph is
    assert weights[div].good == paragraph
