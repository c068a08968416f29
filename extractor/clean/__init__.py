"""Cleaning stage: bytes or text of a scraped page -> CleanedPage.

Contract used by the rest of the pipeline:

- `clean_page(raw, config) -> CleanedPage` never loses article sentences, records every
  repair it makes (what, how many, where, examples), and reports what was lost
  (`lossy_spans` in cleaned-text offsets, `lossy_ratio`). A step that fails raises
  `CleaningStepError` naming it (the page runner makes it the page's error row): a page
  cleaned with a step silently skipped, or a loss never measured reported as none,
  would look like a result.
- `clean_text(text, config, doc_id)` is the same for text already decoded.
- `explain(page)` says in plain words what was done (`extractor clean --explain FILE`).

The steps, each in its own module and each switchable in `CleanConfig`:

    encoding      bytes -> text (BOMs, UTF-16, UTF-8, a declared charset, GB18030, Big5,
                  CP949, Shift-JIS, cp1252)
    layout        controls, lone surrogates
    main_text     whole HTML documents: the lines trafilatura and `boilerplate` + `markup`
                  both keep, and the page's title, date, url and site
    boilerplate   in other HTML: navigation, link lists, related articles, comments,
                  share buttons, cookie banners, sidebars, footers (DOM evidence)
    markup        tags (also nonsense ones), scripts, styles, tracking pixels, entities
    mojibake      CP949 read as Latin-1/cp1252 (read back exactly); UTF-8 read as cp1252
                  (dropped bytes put back; ftfy), and as GBK/Big5/CP949/Shift-JIS (per
                  run, beside sound CJK text); a letter whose bytes were dropped is the
                  likeliest one that reproduces the mojibake (char_model)
    layout        NFC (after mojibake: NFC changes the characters wrong decoders made)
    annotations   pinyin after Han characters
    junk, spam    leaked JavaScript, spam keyword lines, image names, breadcrumbs, footers
    annotations   brand-name replacement spam (flagged, not changed)
    layout        spaces, indentation, blank lines
    loss          "?"-lost letters, U+FFFD, dropped Korean syllables (Kiwi's tags,
                  korean_loss) -> lossy spans, ratio
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from extractor.clean.annotations import flag_brand_replacements, remove_pinyin
from extractor.clean.boilerplate import BoilerplateConfig, remove_boilerplate
from extractor.clean.encoding import decode_bytes
from extractor.clean.junk import (remove_breadcrumbs, remove_footers, remove_image_names,
                                  remove_javascript)
from extractor.clean.layout import normalise_characters, normalise_layout, normalise_unicode
from extractor.clean.loss import measure_loss
from extractor.clean.main_text import html_main_text, is_html_document
from extractor.clean.markup import strip_markup
from extractor.clean.mojibake import repair_mojibake
from extractor.clean.records import CleanConfig, CleanedPage, LossySpan, PageMetadata, Repair
from extractor.clean.spam import remove_spam
from extractor.clean.tracking import RepairLog, strip_markers

__all__ = ["BoilerplateConfig", "CleanConfig", "CleanedPage", "CleaningStepError", "LossySpan",
           "PageMetadata", "Repair", "clean_page", "clean_text", "decode_bytes", "explain",
           "is_html_document"]

logger = logging.getLogger(__name__)

Step = Callable[[str, RepairLog], str]


class CleaningStepError(RuntimeError):
    """A cleaning step raised (a bug, or a page it cannot take): which step, and why."""

    def __init__(self, step: str, exc: Exception):
        super().__init__(f"step {step!r} failed: {type(exc).__name__}: {exc}")
        self.step = step


def _layout_steps(config: CleanConfig) -> list[tuple[str, bool, Step]]:
    """Boilerplate, then markup: our own layout of a page."""
    return [
        # before markup: the DOM (tags, class names, link density) is the evidence
        ("boilerplate", config.remove_boilerplate,
         lambda text, log: remove_boilerplate(text, log, config.boilerplate)),
        ("markup", config.strip_markup, strip_markup),
    ]


def _steps(config: CleanConfig, main_text: Step | None = None) -> list[tuple[str, bool, Step]]:
    """The steps in order; `main_text` replaces boilerplate and markup (documents)."""
    layout = [("main text", True, main_text)] if main_text else _layout_steps(config)
    return [
        ("characters", True, normalise_characters),
        *layout,
        ("mojibake", config.repair_mojibake, repair_mojibake),
        ("unicode", True, normalise_unicode),
        ("pinyin", config.remove_pinyin, remove_pinyin),
        ("javascript", config.remove_junk, remove_javascript),
        ("spam", config.remove_spam, remove_spam),
        ("image names", config.remove_junk, remove_image_names),
        ("breadcrumbs", config.remove_junk, remove_breadcrumbs),
        ("footers", config.remove_junk, remove_footers),
        ("brand spam", config.flag_brand_spam, flag_brand_replacements),
    ]


def _run_steps(steps: list[tuple[str, bool, Step]], text: str, log: RepairLog, doc_id: str) -> str:
    for name, enabled, step in steps:
        if not enabled:
            continue
        try:
            text = step(text, log)
        except Exception as exc:  # raised, named: the page runner records it (never skipped)
            raise CleaningStepError(name, exc) from exc
    return text


def clean_text(text: str, config: CleanConfig | None = None, doc_id: str = "",
               url: str = "") -> CleanedPage:
    """Clean a decoded page; a step that fails raises CleaningStepError.
    `url` is where the page was fetched from, when known (a crawl's record)."""
    config = config or CleanConfig()
    if not isinstance(text, str):
        text = str(text)
    log = RepairLog()
    text = strip_markers(text)
    metadata = PageMetadata(url=url)
    main_text = None
    if config.remove_boilerplate and config.strip_markup and is_html_document(text, doc_id):
        def main_text(text: str, log: RepairLog) -> str:
            nonlocal metadata
            try:
                text, metadata = html_main_text(text, log, config, url)
                return text
            except Exception:  # the document still gets our own layout steps
                logger.exception("main text failed on %s; boilerplate and markup only", doc_id)
                return _run_steps(_layout_steps(config), text, log, doc_id)
    text = _run_steps(_steps(config, main_text), text, log, doc_id)
    text = normalise_layout(text)
    text, repairs, repaired_spans = log.finish(text)
    try:  # a loss not measured is no loss of 0.0: the page fails, its error row says why
        spans, ratio, _ = measure_loss(text, config)
    except Exception as exc:
        raise CleaningStepError("loss", exc) from exc
    spans = sorted(spans + repaired_spans, key=lambda s: (s.start, s.end))
    return CleanedPage(doc_id=doc_id, text=text, repairs=repairs, lossy_spans=spans,
                       lossy_ratio=ratio, lossy_threshold=config.lossy_threshold,
                       metadata=metadata)


def clean_page(raw, config: CleanConfig | None = None) -> CleanedPage:
    """Clean one RawPage (see `extractor.ingest`): decode its bytes, then `clean_text`."""
    data = getattr(raw, "data", b"") or b""
    try:
        text, encoding = decode_bytes(data, getattr(raw, "charset", "") or "")
    except Exception:
        logger.exception("decoding failed on %s", getattr(raw, "doc_id", ""))
        text, encoding = data.decode("utf-8", errors="replace"), "utf-8"
    page = clean_text(text, config, doc_id=getattr(raw, "doc_id", ""), url=getattr(raw, "url", "") or "")
    page.encoding = encoding
    page.n_bytes = len(data)
    return page


def _where(text: str, start: int) -> str:
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    return f"{line}:{col}"


def explain(page: CleanedPage, max_places: int = 5) -> str:
    """A human-readable account of the repairs made and the text lost."""
    lines = [f"page: {page.doc_id}", f"encoding: {page.encoding} ({page.n_bytes} bytes)",
             f"cleaned: {len(page.text)} characters, {page.text.count(chr(10)) + 1 if page.text else 0} lines"]
    meta = page.metadata
    if any(meta.as_dict().values()):
        lines.append("metadata: " + ", ".join(f"{k} {v!r}" for k, v in meta.as_dict().items() if v))
    if not page.repairs:
        lines.append("repairs: none")
    else:
        lines.append("repairs:")
    for r in page.repairs:
        lines.append(f"  {r.name}: {r.count}")
        if r.spans:
            places = ", ".join(_where(page.text, s) for s, _ in r.spans[:max_places])
            more = f" (+{len(r.spans) - max_places} more)" if len(r.spans) > max_places else ""
            lines.append(f"    at line:col {places}{more}")
        for before, after in r.examples:
            after_text = "(flagged, left as is)" if after == before else repr(after) if after else "(removed)"
            lines.append(f"    e.g. {before!r} -> {after_text}")
    lines.append(f"lossy: {str(page.lossy).lower()} (ratio {page.lossy_ratio:.4f})")
    kinds: dict[str, list[LossySpan]] = {}
    for s in page.lossy_spans:
        kinds.setdefault(s.kind, []).append(s)
    for kind, spans in kinds.items():
        lines.append(f"  {kind}: {len(spans)} spans, {sum(s.end - s.start for s in spans)} characters")
        for s in spans[:max_places]:
            context = page.text[max(0, s.start - 12):s.end + 12].replace("\n", " ")
            lines.append(f"    at {_where(page.text, s.start)}: {context!r}")
    return "\n".join(lines) + "\n"
