"""Boilerplate removal internals (extractor.clean.boilerplate): the element weights."""
from __future__ import annotations

import lxml.html

from extractor.clean.boilerplate import BoilerplateConfig, _lexicon, _weigh



def test_weights_of_a_block_its_links_and_a_comment():
    html = ("<html><body><div id='d'>Intro <a href='/x'>linked words</a><!-- note -->tail text."
            "<p id='p'>A paragraph of running text, long enough to be a good block of the article.</p>"
            "</div></body></html>")
    body = lxml.html.document_fromstring(html).find("body")
    weights = _weigh(body, _lexicon(), BoilerplateConfig())
    div, p = body.get_element_by_id("d"), body.get_element_by_id("p")
    # non-space characters: "Intro" 5, "linkedwords" 11, "tailtext." 9 (the comment's tail)
    paragraph = len("A paragraph of running text, long enough to be a good block of the article.".replace(" ", ""))
    assert weights[p].total == weights[p].good == paragraph
    assert weights[div].total == 5 + 11 + 9 + paragraph
    assert weights[div].links == 11 and weights[div].n_links == 1
    # the div's own running text (25) is too short to be good: only the paragraph is
    assert weights[div].good == paragraph
