"""Boilerplate removal on full HTML documents: navigation, menus, link lists, related
articles, comment sections, share buttons, cookie banners, sidebars and footers.

Only pages that are real HTML documents are touched (a `<html>`/`<body>` tag or many
block tags); text already flattened by a scraper keeps its lines here (`junk` handles
those with line-level evidence). The method is language-independent, in the spirit of
jusText and readability, so it works the same for ko/zh/en:

1. elements whose class/id names say what they are (`nav`, `comment`, `related`, ...;
   a lexicon, `clean_boilerplate.json`; `boilerplate_names`) are dropped, unless they hold much of the
   page's text (some sites call the article column `main-sidebar-content`);
2. every block of running text is weighed (non-space characters, CJK ones counted
   more, since one Han character carries about a Latin word) and judged *good* when it
   is long, not mostly link text, and has sentence punctuation (`boilerplate_weights`);
3. the content region is the element that best collects good text against the rest
   (good mass minus a share of the other mass), widened until it holds most of the
   page's good text: recall comes first;
4. inside that region, link-list blocks (menus, "related" lists, tag clouds) go, and so
   do teasers of other articles (a headline that is wholly a link with its summary,
   several of them); a results table beside the text widens the region to hold it.

The pruned document is handed back as HTML for `markup` to lay out. Every dropped
element is counted in the `boilerplate` repair with an example of its text.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from itertools import islice

from lxml import etree

from extractor.clean.boilerplate_names import boilerplate_lexicon, is_named_boilerplate
from extractor.clean.boilerplate_weights import Weigher, drop_tree, text_content, text_mass
from extractor.clean.parse_bound import MAX_TAG_ATTRIBUTES, bound_attributes
from extractor.clean.tracking import RepairLog

logger = logging.getLogger(__name__)

_DOCUMENT_RE = re.compile(r"<(?:html|body)\b", re.IGNORECASE)
_BLOCK_TAG_RE = re.compile(r"<(?:p|div|li|tr|h[1-6]|section|article)\b", re.IGNORECASE)
_XML_DECLARATION_RE = re.compile(r"^\s*<\?xml[^>]*>", re.IGNORECASE)
_SPACE_RE = re.compile(r"\s+")


@dataclass
class BoilerplateConfig:
    """Options of boilerplate removal. Defaults were measured on the 181 real pages of
    shared/testdata/aeb (benchmarks/bench_aeb.py): they keep recall >= 0.97."""

    #: a page needs at least this many block tags to have a layout worth judging
    min_block_tags: int = 12
    #: a block of running text is good from this mass on (about 12 words, 25 Han chars)
    min_good_mass: float = 60.0
    #: ... when at most this share of it is link text
    max_good_link_share: float = 0.3
    #: the region score is good mass minus this share of the other text's mass
    other_text_penalty: float = 2.0
    #: the region is widened until it holds this share of the page's good mass
    min_region_good_share: float = 0.7
    #: the best-scoring element is widened by this many levels before the good-share rule
    widen_levels: int = 1
    #: an element named like boilerplate is kept when it holds this share of the good mass
    max_named_drop_good_share: float = 0.5
    #: inside the region, a block whose text is at least this share link text is a link list
    link_list_share: float = 0.6
    #: teasers (linked headline + summary) go when the region lists at least this many ...
    min_teasers: int = 3
    #: ... a teaser item's leading link is a headline from this mass on (about 5 words)
    min_teaser_headline_mass: float = 25.0
    #: ... and each holds at most this share of the region's good text
    max_teaser_good_share: float = 0.3
    #: ... and holds at least this many links (a lone link is a citation, as in embedded posts)
    min_list_links: int = 2
    #: a tag keeps at most this many attributes before the page is parsed (libxml2 is
    #: quadratic in a tag's attributes, in C that no time budget stops: `parse_bound`)
    max_tag_attributes: int = MAX_TAG_ATTRIBUTES


def looks_like_document(text: str, min_block_tags: int = BoilerplateConfig.min_block_tags) -> bool:
    """True for a real HTML document with enough block structure to judge.

    >>> looks_like_document("<html><body>" + "<p>x</p>" * 20 + "</body></html>")
    True
    >>> looks_like_document("BERT 5.78 min <br> and <p>stray</p> tags")
    False
    """
    if not _DOCUMENT_RE.search(text, 0, 100_000):
        return False
    if min_block_tags <= 0:
        return True
    # the first `min_block_tags` are enough to know (not all of a 170,000-character page's)
    found = islice(_BLOCK_TAG_RE.finditer(text), min_block_tags)
    return sum(1 for _ in found) >= min_block_tags


def _sample(el) -> str:
    try:
        return one_line_start(text_content(el))
    except Exception:  # text_content on odd nodes (entities, PIs) may fail; an example is optional
        return str(el.tag)


#: characters of a text read for its first 60 on one line (more only when they fall short)
_SAMPLE_READ = 600


def one_line_start(text: str, length: int = 60) -> str:
    """The first `length` characters of `text` with its spaces collapsed and its ends
    stripped (what `_SPACE_RE.sub(" ", text).strip()[:length]` gives), reading only the
    start of a long text: collapsing a start gives a start of the collapsed text.

    >>> one_line_start("  Home\\n\\t News  Sport ")
    'Home News Sport'
    """
    start = " ".join(text[:_SAMPLE_READ].split())
    if len(start) >= length or len(text) <= _SAMPLE_READ:
        return start[:length]
    return " ".join(text.split())[:length]


def _choose_region(body, weights: dict, config: BoilerplateConfig):
    """The element collecting most good text against the rest, widened for recall."""
    total_good = weights[body].good
    best, best_score = body, float("-inf")
    for el in body.iter():
        if not isinstance(el.tag, str):
            continue
        w = weights[el]
        if w.good <= 0:
            continue
        score = w.good - config.other_text_penalty * (w.total - w.good)
        if score > best_score:
            best, best_score = el, score
    region = best
    # a lone paragraph is never the whole article: its heading, notes and neighbours are
    # in its parent (link lists among them go later)
    for _ in range(config.widen_levels):
        if region is body or region.getparent() is None or any(
                weights[child].good > 0 for child in region if isinstance(child.tag, str)):
            break
        region = region.getparent()
    # a results table beside the text is content (cells are short, so never "good")
    if region is not body and region.getparent() is not None and _has_data_table_beside(region, weights, config):
        region = region.getparent()
    while region is not body and weights[region].good < config.min_region_good_share * total_good:
        parent = region.getparent()
        if parent is None:
            break
        region = parent
    return region


_DIGIT_RE = re.compile(r"\d")


def _is_table_with_figures(el) -> bool:
    """A table (row, cell) with digits outside its links: results whose system names
    link somewhere are still results."""
    if el.tag not in ("table", "tbody", "thead", "tr", "td", "th") and next(el.iter("table"), None) is None:
        return False
    parts = [el.text or ""] if el.tag != "a" else []
    for d in el.iterdescendants():
        if isinstance(d.tag, str) and d.tag != "a" and not any(a.tag == "a" for a in d.iterancestors()):
            parts.append(d.text or "")
        parts.append(d.tail or "")
    return bool(_DIGIT_RE.search("".join(parts)))


def _drop_teasers(region, weights: dict, lex: dict, config: BoilerplateConfig, dropped: set, drop) -> None:
    """Drop teaser units: the largest element around a headline that is wholly a link and
    that holds no other such headline. Only when the region lists `min_teasers` of them,
    and never a unit holding much of the region's good text (the article's own linked title)."""
    headlines = [h for h in region.iter(*lex["teaser_headline_tags"])
                 if weights.get(h) is not None and weights[h].total > 0
                 and weights[h].links >= 0.9 * weights[h].total]
    marked = set(headlines)
    units = []
    for h in headlines:
        unit = h
        while unit.getparent() is not None and unit.getparent() is not region:
            parent = unit.getparent()
            if sum(1 for d in parent.iter(*lex["teaser_headline_tags"]) if d in marked) > 1:
                break
            unit = parent
        if unit is not h:  # a linked heading among the article's paragraphs is a listicle's item
            units.append(unit)
    units += _linked_items(region, weights, lex, config)
    if len(units) < config.min_teasers:
        return
    region_good = weights[region].good
    for unit in units:
        if unit in dropped or any(a in dropped for a in unit.iterancestors()):
            continue
        if weights[unit].good > config.max_teaser_good_share * region_good:
            continue
        dropped.add(unit)
        drop(unit)


def _leads_with_link(el, min_mass: float) -> bool:
    """True when the first text in `el` is a headline: a link of at least `min_mass`
    standing on its own (no text runs on after it, unlike "<a>H100</a>: 3.2x faster").

    >>> import lxml.html
    >>> item = lxml.html.fragment_fromstring
    >>> _leads_with_link(item("<li><a href='/x'>Chip maker posts record quarter on AI demand</a> <span>Sales rose.</span></li>"), 30)
    True
    >>> _leads_with_link(item("<li><a href='/x'>NVIDIA H100 Tensor Core GPU</a>: 3.2x faster than A100</li>"), 20)
    False
    """
    if (el.text or "").strip():
        return False
    for d in el.iterdescendants():
        if not isinstance(d.tag, str):
            continue
        if d.tag == "a":
            return text_mass(text_content(d)) >= min_mass and not (d.tail or "").strip()
        if (d.text or "").strip() or (d.tail or "").strip():
            return False
    return False


def _linked_items(region, weights: dict, lex: dict, config: BoilerplateConfig) -> list:
    """Items of a teaser river: `min_teasers` or more sibling items (li, article, div) of
    one parent, each led by a linked headline and holding some other text (a summary)."""
    items = []
    item_tags = lex["teaser_item_tags"]
    for parent in region.iter():
        if not isinstance(parent.tag, str) or len(parent) < config.min_teasers:
            continue
        run = [c for c in parent if isinstance(c.tag, str) and c.tag in item_tags
               and weights.get(c) is not None and weights[c].total > weights[c].links > 0
               and _leads_with_link(c, config.min_teaser_headline_mass)]
        if len(run) >= config.min_teasers:
            items.extend(run)
    return items


def _has_data_table_beside(region, weights: dict, config: BoilerplateConfig) -> bool:
    """True when a sibling of `region` is or holds a table that is not a link list."""
    parent = region.getparent()
    for sibling in parent:
        if sibling is region or not isinstance(sibling.tag, str):
            continue
        for table in sibling.iter("table"):
            w = weights.get(table)
            if w is not None and w.total > 0 and (w.links < config.max_good_link_share * w.total
                                                  or _is_table_with_figures(table)):
                return True
    return False


def remove_boilerplate(text: str, log: RepairLog, config: BoilerplateConfig | None = None,
                       bounded: bool = False) -> str:
    """The document without its navigation, link lists, comments, footers and other
    boilerplate, still as HTML; text pages and small documents come back unchanged.

    >>> page = ("<html><body><nav><a href='/'>Home</a> <a href='/n'>News</a></nav><div class='story'>"
    ...         + "<p>Nvidia's H100 trained BERT in 5.78 minutes, the fastest time in this round.</p>" * 12
    ...         + "</div><div class='related'><a href='/x'>Other story</a></div></body></html>")
    >>> out = remove_boilerplate(page, RepairLog())
    >>> "Home" in out, "Other story" in out, out.count("5.78 minutes")
    (False, False, 12)
    """
    config = config or BoilerplateConfig()
    text, body = _body(text, log, config, bounded)
    if body is None:
        return text
    lex = boilerplate_lexicon()
    for el in list(body.iter(*lex["skip_tags"])) if lex["skip_tags"] else []:
        drop_tree(el)
    weigher = Weigher(body, lex, config)
    weights = weigher.weights
    total_good = weights[body].good
    if total_good <= 0:
        return text  # nothing reads like an article: judge nothing, keep everything
    removed: list[str] = []
    dropped: set = set()

    def _drop(el) -> None:
        removed.append(_sample(el))
        drop_tree(el)

    # 1. elements named like boilerplate (that do not hold much of the article)
    _drop_named(body, weigher, lex, config, total_good, removed, dropped)
    if weights[body].good <= 0:
        return text
    # 2. the content region
    region = _choose_region(body, weights, config)
    # 3. link lists inside it
    _drop_link_lists(region, weights, lex, config, dropped, _drop)
    # 4. teasers of other articles: a linked headline and its summary, several in a row
    _drop_teasers(region, weights, lex, config, dropped, _drop)
    outside = weights[body].total - weights[region].total
    if region is not body and outside > 0:
        removed.append(one_line_start(_outside_sample(body, region)))
    _log_removed(log, removed)
    try:
        import lxml.html
        return "<html><body>" + lxml.html.tostring(region, encoding="unicode", with_tail=False) + "</body></html>"
    except Exception:
        logger.debug("boilerplate: serialisation failed; left as is", exc_info=True)
        return text


def _body(text: str, log: RepairLog, config: BoilerplateConfig, bounded: bool):
    """(the document with its tags' attributes bounded, its parsed body); the body is None
    for a text page, a small document, soup that does not parse, or no body."""
    if not text or not looks_like_document(text, config.min_block_tags):
        return text, None
    if not bounded:  # (`bounded`: the caller has bounded it, `parse_bound`)
        text = bound_attributes(text, log, config.max_tag_attributes)
    try:
        root = _parse(_XML_DECLARATION_RE.sub("", text, count=1))
    except Exception:  # unparsable soup: markup's regexes still strip it
        logger.debug("boilerplate: document did not parse; left as is", exc_info=True)
        return text, None
    return text, root.find("body")


def _drop_named(body, weigher: Weigher, lex: dict, config: BoilerplateConfig,
                total_good: float, removed: list, dropped: set) -> None:
    """Drop the elements named like boilerplate that hold little of the article, then
    weigh again (the later drops leave the weights as they are now)."""
    weights = weigher.weights
    verdicts: dict[str, bool] = {}
    named = [el for el in body.iter() if isinstance(el.tag, str) and el is not body
             and is_named_boilerplate(el, lex, verdicts)
             and weights[el].good <= config.max_named_drop_good_share * total_good]
    for el in named:
        if any(a in dropped for a in el.iterancestors()):
            continue
        dropped.add(el)
        removed.append(_sample(el))
        weigher.drop(el)
    weigher.reweigh()


def _drop_link_lists(region, weights: dict, lex: dict, config: BoilerplateConfig,
                     dropped: set, drop) -> None:
    """Drop the blocks of the content region that are lists of links without article text
    (a table of figures is kept)."""
    for el in list(region.iter(*lex["block_tags"])):
        if el is region or el.getparent() is None:
            continue
        w = weights.get(el)
        if w is None or w.total <= 0 or w.good > 0:
            continue
        if (w.n_links >= config.min_list_links and w.links >= config.link_list_share * w.total
                and not _is_table_with_figures(el)):
            if not any(a in dropped for a in el.iterancestors()):
                dropped.add(el)
                drop(el)


def _log_removed(log: RepairLog, removed: list[str]) -> None:
    """One repair for everything removed, with up to three examples."""
    if removed:
        examples = [r for r in removed if r]
        log.removed("boilerplate", examples[0] if examples else "", len(removed))
        for example in examples[1:3]:
            log.removed("boilerplate", example, 0)


#: the parser lxml.html.document_fromstring uses, without lxml.html's element classes
_PARSER = etree.HTMLParser()


def _parse(html: str):
    """The document's root element, parsed as lxml.html.document_fromstring parses it
    (into plain lxml.etree elements: `boilerplate_weights`)."""
    root = etree.fromstring(html, _PARSER)
    if root is None:
        raise etree.ParserError("Document is empty")
    return root


def _outside_sample(body, region) -> str:
    for el in body.iter():
        if el is region or not isinstance(el.tag, str):
            continue
        if region in set(el.iterancestors()) or el in set(region.iterancestors()):
            continue
        sample = _SPACE_RE.sub(" ", el.text or "").strip()
        if sample:
            return sample
    return ""
