"""Boilerplate removal internals (extractor.clean.boilerplate): the element weights and
the class/id names read as boilerplate."""
from __future__ import annotations

import gzip
import re
from functools import lru_cache

import lxml.html
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from extractor.clean.boilerplate import BoilerplateConfig, _parse, looks_like_document, one_line_start
from extractor.clean.boilerplate_names import boilerplate_lexicon, names_boilerplate
from extractor.clean.boilerplate_weights import Weigher, drop_tree, text_content, text_mass

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
    weights = Weigher(body, boilerplate_lexicon(), BoilerplateConfig()).weights
    div, p = body.get_element_by_id("d"), body.get_element_by_id("p")
    # non-space characters: "Intro" 5, "linkedwords" 11, "tailtext." 9 (the comment's tail)
    paragraph = len("A paragraph of running text, long enough to be a good block of the article.".replace(" ", ""))
    assert weights[p].total == weights[p].good == paragraph
    assert weights[div].total == 5 + 11 + 9 + paragraph
    assert weights[div].links == 11 and weights[div].n_links == 1
    # the div's own running text (25) is too short to be good: only the paragraph is
    assert weights[div].good == paragraph


@lru_cache(maxsize=None)
def _aeb_page(n: int) -> str:
    paths = sorted(AEB_HTML.glob("*.html.gz"))
    return gzip.decompress(paths[n % len(paths)].read_bytes()).decode("utf-8", "replace")


def _body(html: str):
    return _parse(html).find("body")


def _by_id(root, element_id: str):
    return next(el for el in root.iter() if el.get("id") == element_id)


def _read(text_of, el):
    """What `text_of(el)` gives, or the kind of error it raises (a comment's text, say)."""
    try:
        return text_of(el)
    except ValueError as exc:
        return type(exc)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 180), st.lists(st.integers(1, 10**6), min_size=1, max_size=25))
def test_weights_after_drops_are_the_weights_of_the_pruned_tree(page, picks):
    """Weighing again only the ancestors of dropped elements gives every element left the
    masses that weighing the whole pruned tree gives (real AEB pages, random drops, tails
    of dropped elements joined to their neighbours as drop_tree does)."""
    if not AEB_HTML.is_dir():
        return
    body = _body(_aeb_page(page))
    if body is None:
        return
    lex, config = boilerplate_lexicon(), BoilerplateConfig()
    weigher = Weigher(body, lex, config)
    elements = [el for el in body.iter() if el is not body]
    for pick in picks:
        el = elements[pick % len(elements)]
        if el.getparent() is not None and any(a is body for a in el.iterancestors()):
            weigher.drop(el)
    weigher.reweigh()
    fresh = Weigher(body, lex, config).weights
    for el in body.iter():
        assert weigher.weights[el] == fresh[el], el


def test_weights_after_dropping_a_navigation_and_a_linked_sentence():
    html = ("<html><body><div id='d'><nav id='n'><a href='/'>Home</a> <a href='/n'>News</a></nav>"
            "Intro text, <a id='a' href='/x'>linked words</a> then the tail of the link."
            "<p id='p'>A paragraph of running text, long enough to be a good block of the article.</p>"
            "</div></body></html>")
    body = _body(html)
    lex, config = boilerplate_lexicon(), BoilerplateConfig()
    weigher = Weigher(body, lex, config)
    div = _by_id(body, "d")
    before = weigher.weights[div].total
    weigher.drop(_by_id(body, "n"))
    weigher.drop(_by_id(body, "a"))
    weigher.reweigh()
    # "HomeNews" (8) and "linkedwords" (11) went; the tails stay, now in the div's text
    assert weigher.weights[div].total == before - 8 - 11
    assert weigher.weights[div].links == 0 and weigher.weights[div].n_links == 0
    assert weigher.weights[div] == Weigher(body, lex, config).weights[div]


def test_remembered_name_verdicts_are_the_verdicts():
    """One verdict per class/id name for a page's elements says what reading each
    element's names afresh says (real AEB pages and the golden article)."""
    from extractor.clean.boilerplate_names import is_named_boilerplate

    lex = boilerplate_lexicon()
    pages = [(GOLDEN / "html_article.html").read_text("utf-8")]
    pages += [_aeb_page(n) for n in range(0, 181, 12)] if AEB_HTML.is_dir() else []
    for html in pages:
        verdicts: dict = {}
        elements = [el for el in _body(html).iter() if isinstance(el.tag, str)]
        fresh = [is_named_boilerplate(el, lex) for el in elements]
        assert [is_named_boilerplate(el, lex, verdicts) for el in elements] == fresh
        assert any(fresh) and len(verdicts) < len(elements)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 180), st.lists(st.integers(1, 10**6), min_size=1, max_size=15))
def test_plain_etree_helpers_are_the_lxml_html_methods(page, picks):
    """The remover's plain lxml.etree tree, its `text_content` and `drop_tree`, give what
    lxml.html's parser and element methods give, on real AEB pages (random elements
    read and dropped, comments included)."""
    if not AEB_HTML.is_dir():
        return
    html = _aeb_page(page)
    ours, theirs = _parse(html), lxml.html.document_fromstring(html)
    assert etree.tostring(ours, encoding="unicode") == etree.tostring(theirs, encoding="unicode")
    our_elements, their_elements = list(ours.iter()), list(theirs.iter())
    for pick in picks:
        el, same = our_elements[pick % len(our_elements)], their_elements[pick % len(their_elements)]
        assert _read(text_content, el) == _read(type(same).text_content, same)
        if el.getparent() is not None and same.getparent() is not None:
            drop_tree(el)
            same.drop_tree()
    assert lxml.html.tostring(ours, encoding="unicode") == lxml.html.tostring(theirs, encoding="unicode")


# every character str.split and the regex \s take for a space, and some they do not
_SPACES = st.sampled_from([" ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0",
                           "\u2028", "\u3000", "\u200b", "\ufeff"])
_SAMPLE_TEXTS = st.lists(st.one_of(_SPACES, st.sampled_from(["Home", "News", "MLPerf", "训练", "x"]),
                                   st.characters()), max_size=400).map("".join)


@settings(max_examples=300)
@given(_SAMPLE_TEXTS, st.integers(0, 3))
def test_one_line_start_is_the_collapsed_text_cut(text, repeat):
    text = text * (repeat * 3 + 1)  # also texts longer than the part read first
    assert one_line_start(text) == re.sub(r"\s+", " ", text).strip()[:60]


def test_one_line_start_of_a_real_navigation():
    html = _aeb_page(3) if AEB_HTML.is_dir() else "<html><body><nav>Home\n\t\t<a>News</a></nav></body></html>"
    for el in _body(html).iter("nav", "ul", "footer", "div"):
        text = text_content(el)
        assert one_line_start(text) == re.sub(r"\s+", " ", text).strip()[:60]


@settings(max_examples=200)
@given(st.lists(st.sampled_from(["<p>", "<div class=x>", "<li>", "<html>", "<body>", "<span>", "text ",
                                 "<h2>", "<P>"]), max_size=40).map("".join), st.integers(-1, 15))
def test_looks_like_document_counts_only_as_far_as_it_needs(text, min_block_tags):
    expected = bool(re.search(r"<(?:html|body)\b", text[:100_000], re.IGNORECASE)) and len(
        re.findall(r"<(?:p|div|li|tr|h[1-6]|section|article)\b", text, re.IGNORECASE)) >= min_block_tags
    assert looks_like_document(text, min_block_tags) == expected


@settings(max_examples=200)
@given(st.lists(_SPACES, min_size=1, max_size=30).map("".join))
def test_spaces_between_tags_weigh_nothing(text):
    """The weigher skips text_mass for texts and tails of spaces only: they weigh 0."""
    assert text.isspace() == (re.fullmatch(r"\s+", text) is not None)
    if text.isspace():
        assert text_mass(text) == 0.0
