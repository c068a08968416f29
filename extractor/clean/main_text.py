"""Main text and metadata of whole HTML documents: what two extractors agree on.

A saved web page or a crawled response is a whole HTML document: the article sits among
navigation, cookie banners, bylines, teasers and advertisements. Two extractors read it:

- trafilatura (tables kept, comments left out, its fallbacks left to us), which also gives the
  page's metadata: title, publication date (htmldate), canonical URL and site;
- our own boilerplate remover (`boilerplate`, then `markup`), tuned for recall.

The text kept is ours, line by line, where trafilatura kept the line too (in our layout:
paragraphs, table cells by tabs, as for every other page): each drops junk the other keeps (measured on the 181 pages of shared/testdata/aeb,
benchmarks/bench_aeb.py). When trafilatura finds no article, or the lines both keep are
less than half of what ours keeps (trafilatura missed the article's body), our text is
kept whole: recall comes first. Text pages with pasted-in junk (the scraped `.txt`
pages) are not documents and keep the line-level cleaning of the other steps.
"""
from __future__ import annotations

import logging
import re
from typing import NamedTuple
from urllib.parse import urlsplit

from extractor.clean.boilerplate import BoilerplateConfig, remove_boilerplate
from extractor.clean.markup import strip_markup
from extractor.clean.parse_bound import bound_attributes
from extractor.clean.records import PageMetadata
from extractor.clean.tracking import RepairLog

logger = logging.getLogger(__name__)

#: what makes text a whole HTML document (not a text page with stray tags): a doctype,
#: or an <html>, <head> or <body> tag near its start
_DOCUMENT_START_RE = re.compile(r"<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]", re.IGNORECASE)
# (a page saved compressed, `a.html.gz`, is read decompressed: `extractor.ingest`)
_HTML_NAME_RE = re.compile(r"\.(x?html?|php|aspx?|jsp)(\.(gz|bz2|xz))?$", re.IGNORECASE)
_ANY_TAG_RE = re.compile(r"<(p|div|span|a|br|li|td|h[1-6]|article|section|table)\b", re.IGNORECASE)
#: characters searched for the start of a document (a BOM or comments may come first)
DOCUMENT_START_CHARS = 4096
_TOKEN_RE = re.compile(r"\w+")
ENGINES = ("agree", "trafilatura", "ours")
#: lines kept whatever trafilatura says, because they carry this product's figures and
#: generic extractors drop them: a table row with a figure (cells separated by tabs in
#: our layout), and a short list item stating a factor ("Accelerator 2: 2.5x faster")
_FIGURE_LINE_RE = re.compile(r"\t.*\d|\d.*\t|^[^\n]{0,80}\d(?:\.\d+)?x\b")
_DIGIT_RE = re.compile(r"\d")


def is_html_document(text: str, name: str = "") -> bool:
    """True for a whole HTML document: it starts like one, or it is named like a web page
    (`.html`, `.php`, ...) and holds tags.

    >>> is_html_document("<!DOCTYPE html><html><body><p>x</p></body></html>")
    True
    >>> is_html_document("MLPerf results\\n<div>pasted junk</div>\\nmore text")
    False
    >>> is_html_document("<p>28.3 minutes</p><p>on IPU-POD16</p>", "news/a.html")
    True
    >>> is_html_document("<p>28.3 minutes</p><p>on IPU-POD16</p>", "news/a.html.gz")
    True
    """
    if _DOCUMENT_START_RE.search(text, 0, DOCUMENT_START_CHARS):
        return True
    return bool(name and _HTML_NAME_RE.search(name) and _ANY_TAG_RE.search(text, 0, DOCUMENT_START_CHARS))


def html_main_text(html: str, log: RepairLog, config, url: str = "") -> tuple[str, PageMetadata]:
    """(main text, metadata) of an HTML document (see the module's doc). `config` is the
    CleanConfig; `url` is where the page was fetched from, when known."""
    engine = getattr(config, "html_engine", "agree")
    if engine not in ENGINES:
        raise ValueError(f"CleanConfig.html_engine must be one of {ENGINES}, not {engine!r}")
    # before either parser sees it: libxml2 is quadratic in a tag's attributes
    html = bound_attributes(html, log, (config.boilerplate or BoilerplateConfig()).max_tag_attributes)
    ours = ""
    if engine != "trafilatura":
        ours = strip_markup(remove_boilerplate(html, log, config.boilerplate, bounded=True), log)
    document = _trafilatura(html, url) if engine != "ours" else None
    metadata = _metadata(document, url)
    theirs = (getattr(document, "text", "") or "") if document is not None else ""
    if engine == "trafilatura":
        if theirs.strip():
            log.repair("main_text").add("HTML document", "trafilatura")
            return theirs, metadata
        # trafilatura found no article (text only in a <footer> or <aside>, say): our
        # remover's text rather than an empty page, and the log says so
        log.repair("main_text").add("HTML document", "ours (trafilatura found no article)")
        return strip_markup(remove_boilerplate(html, log, config.boilerplate, bounded=True), log), metadata
    if engine == "ours" or not theirs.strip():
        return ours, metadata
    # our lines, in our layout (paragraphs, table cells by tabs), that trafilatura keeps too
    # (table rows with figures are kept whatever trafilatura says: a results table full of
    # links to systems is what this product reads, and generic extractors drop it)
    agreement = agreed_lines(ours, theirs, config.min_line_agreement)
    if agreement.mass < config.min_engine_agreement * agreement.total_mass:
        log.repair("main_text").add("HTML document", "ours (trafilatura missed the article)")
        return ours, metadata
    log.repair("main_text").add("HTML document", "trafilatura and ours agreeing")
    if agreement.dropped:
        log.removed("boilerplate", agreement.dropped[0], len(agreement.dropped))
    return agreement.text, metadata


def _trafilatura(html: str, url: str):
    """trafilatura's document for `html`: its text, and the metadata we read (title, date,
    url, hostname) found as its `extract_metadata` finds them (`_trafilatura_metadata`);
    None when it finds no document."""
    import trafilatura  # noqa: PLC0415 - 0.3 s to import: only runs with documents pay it
    from trafilatura.utils import load_html  # noqa: PLC0415

    try:
        # the tree trafilatura would parse from the string; bare_extraction works on its
        # own copy of it, so the metadata below reads it as extract_metadata would
        tree = load_html(html)
        if tree is None:
            return None
        metadata = _trafilatura_metadata(tree, url)
        # fast: without trafilatura's own fallback extractors (jusText, readability), whose
        # place our remover takes; as good on AEB and a fifth cheaper (bench_aeb.py)
        document = trafilatura.bare_extraction(tree, url=url or None, include_tables=True,
                                               include_comments=False, with_metadata=False, fast=True)
    except (ValueError, TypeError, AttributeError) as exc:  # malformed trees it cannot walk
        logger.debug("trafilatura could not read the document: %s", exc)
        return None
    if document is None:  # as with_metadata=True gave it: no text, no metadata either
        return None
    for field in _METADATA_FIELDS:
        setattr(document, field, getattr(metadata, field))
    return document


#: the fields of trafilatura's metadata that `_metadata` reads
_METADATA_FIELDS = ("title", "date", "url", "hostname")


def _trafilatura_metadata(tree, url: str):
    """The title, date, url and hostname trafilatura's `extract_metadata` (2.3) gives, found
    the way it finds them, without the rest it extracts (author, categories, tags, license,
    site name: a third of trafilatura's time on AEB pages, and we read none of it)."""
    from courlan import extract_domain  # noqa: PLC0415 - trafilatura's own dependencies
    from htmldate import find_date  # noqa: PLC0415
    from trafilatura.metadata import examine_meta, extract_meta_json, extract_title, extract_url  # noqa: PLC0415
    from trafilatura.settings import DEFAULT_CONFIG, set_date_params  # noqa: PLC0415

    metadata = examine_meta(tree)  # OpenGraph and <meta> tags: title, url
    if not metadata.title:  # JSON-LD sets a title only where the meta tags gave none
        try:
            metadata = extract_meta_json(tree, metadata)
        except Exception as exc:  # noqa: BLE001 - as extract_metadata: bugs in its JSON reader
            logger.debug("trafilatura's JSON-LD reader failed: %s", exc)
    if not metadata.title:
        metadata.title = extract_title(tree)
    if not metadata.url:
        metadata.url = extract_url(tree, url or None)
    if metadata.url:
        metadata.hostname = extract_domain(metadata.url, fast=True)
    # the date options bare_extraction gives extract_metadata (Extractor.date_params)
    date_options = set_date_params(DEFAULT_CONFIG.getboolean("DEFAULT", "EXTENSIVE_DATE_SEARCH"))
    metadata.date = find_date(tree, **date_options, url=metadata.url)
    metadata.clean_and_trim()
    return metadata


def _metadata(document, url: str) -> PageMetadata:
    if document is None:
        return PageMetadata(url=url, site=_host(url))
    url = url or (getattr(document, "url", "") or "")
    site = _host(url) or (getattr(document, "hostname", "") or "")
    return PageMetadata(title=_one_line(getattr(document, "title", "") or ""),
                        date=(getattr(document, "date", "") or "")[:10], url=url, site=site)


def _host(url: str) -> str:
    """The host name of an address ('' when it has none).

    >>> _host("https://www.example.com:8080/news/1?x=2"), _host("not a url")
    ('www.example.com', '')
    """
    try:
        return urlsplit(url).hostname or ""
    except ValueError:
        return ""


def _one_line(text: str) -> str:
    return " ".join(text.split())


class Agreement(NamedTuple):
    """What `agreed_lines` found: the lines held, and how much article each side holds."""

    text: str            # the lines of the text that the other holds too, in order
    dropped: list[str]   # the other lines, those that hold more than spaces
    mass: int            # word characters of `text` (how much article it holds)
    total_mass: int      # word characters of all the lines


def agreed_lines(text: str, other: str, min_share: float = 0.5) -> Agreement:
    """The lines of `text` that `other` holds too, and the others: a line is held when at
    least `min_share` of its word pairs occur in `other` (a line of one word: that word);
    a table row with a figure, or a short line stating a factor, is always held. The
    masses are counted from the words each line is split into anyway (no word spans a
    line break, so the lines' masses add up to the text's).

    >>> agreed_lines("IPU-POD16 trained ResNet-50\\nAccept all cookies\\nHome", "IPU-POD16 trained ResNet-50 fast\\nHome")
    Agreement(text='IPU-POD16 trained ResNet-50\\nHome', dropped=['Accept all cookies'], mass=27, total_mass=43)
    """
    tokens = _TOKEN_RE.findall(other)
    words = set(tokens)
    pairs = set(zip(tokens, tokens[1:]))
    kept, dropped = [], []
    mass = total_mass = 0
    for line in text.split("\n"):
        line_tokens = _TOKEN_RE.findall(line)
        line_mass = sum(map(len, line_tokens))
        total_mass += line_mass
        if _is_figure_line(line):
            held = True
        elif len(line_tokens) < 2:
            held = all(t in words for t in line_tokens)
        else:
            shared = sum(map(pairs.__contains__, zip(line_tokens, line_tokens[1:])))
            held = shared >= min_share * (len(line_tokens) - 1)
        if held:
            kept.append(line)
            mass += line_mass
        else:
            dropped.append(line)
    return Agreement("\n".join(kept), [d for d in dropped if d.strip()], mass, total_mass)


def _is_figure_line(line: str) -> bool:
    """`_FIGURE_LINE_RE` on one line, without its regex where a cheap test says no: a tab
    and a digit in either order is the first two branches; the third needs an "x".

    >>> _is_figure_line("BERT\\t5.78"), _is_figure_line("IPU-POD16: 2.5x faster"), _is_figure_line("Home\\tNews")
    (True, True, False)
    """
    if "\t" in line:
        return _DIGIT_RE.search(line) is not None
    return "x" in line and _FIGURE_LINE_RE.match(line) is not None
