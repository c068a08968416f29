"""Cleaning stage: bytes or text of a scraped page -> CleanedPage.

FIRST VERSION (issue 2); issue 3 deepens it. Contract used by the rest of the pipeline:

- `clean_page(raw, config) -> CleanedPage` never loses article sentences, records every
  repair it makes, and reports what was lost (`lossy_spans`, `lossy_ratio`).
- `clean_text(text, config)` is the same for text already decoded.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

import ftfy
from bs4 import BeautifulSoup

logger = logging.getLogger(__name__)


@dataclass
class CleanConfig:
    """Options of the cleaning stage."""

    #: a page counts as lossy when at least this share of its letters were lost
    lossy_threshold: float = 0.02


@dataclass
class Repair:
    """One kind of repair done to a page: what, how many times, and where.

    `spans` are (start, end) offsets in the *cleaned* text of the repaired pieces
    (empty for removals, which leave nothing behind); `examples` show before -> after.
    """

    name: str
    count: int = 0
    spans: list[tuple[int, int]] = field(default_factory=list)
    examples: list[tuple[str, str]] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"name": self.name, "count": self.count, "spans": self.spans,
                "examples": self.examples}


@dataclass
class LossySpan:
    """A span of the cleaned text whose characters were (partly) lost: `kind` says how
    (`question_marks`, `replacement_char`, `dropped_syllables`, ...)."""

    start: int
    end: int
    kind: str


@dataclass
class CleanedPage:
    doc_id: str
    text: str
    encoding: str = "utf-8"
    n_bytes: int = 0
    repairs: list[Repair] = field(default_factory=list)
    lossy_spans: list[LossySpan] = field(default_factory=list)
    lossy_ratio: float = 0.0

    @property
    def lossy(self) -> bool:
        return bool(self.lossy_spans) and self.lossy_ratio > 0

    @property
    def repair_names(self) -> list[str]:
        return [r.name for r in self.repairs if r.count]

    def is_lossy_at(self, start: int, end: int) -> bool:
        """True when [start, end) overlaps a lossy span."""
        return any(s.start < end and start < s.end for s in self.lossy_spans)


def decode_bytes(data: bytes) -> tuple[str, str]:
    """Decode page bytes, returning (text, encoding name)."""
    for enc in ("utf-8",):
        try:
            return data.decode(enc), enc
        except UnicodeDecodeError:
            pass
    return data.decode("utf-8", errors="replace"), "utf-8-replace"


def clean_text(text: str, config: CleanConfig | None = None, doc_id: str = "") -> CleanedPage:
    config = config or CleanConfig()
    repairs: list[Repair] = []
    if "<" in text:
        soup = BeautifulSoup(text, "lxml")
        for tag in soup(["script", "style", "img", "noscript"]):
            tag.decompose()
        stripped = soup.get_text("\n")
        if stripped != text:
            repairs.append(Repair("html_junk", 1))
        text = stripped
    fixed = ftfy.fix_text(text)
    if fixed != text:
        repairs.append(Repair("mojibake_ftfy", 1))
        text = fixed
    text = re.sub(r"\n\s*\n+", "\n\n", text).strip()
    letters = sum(1 for ch in text if ch.isalpha() or ch == "?")
    lost = [m for m in re.finditer(r"\?{2,}", text)]
    n_lost = sum(m.end() - m.start() for m in lost)
    ratio = n_lost / letters if letters else 0.0
    spans = [LossySpan(m.start(), m.end(), "question_marks") for m in lost] if ratio >= config.lossy_threshold else []
    return CleanedPage(doc_id=doc_id, text=text, repairs=repairs, lossy_spans=spans,
                       lossy_ratio=round(ratio, 4) if spans else 0.0)


def clean_page(raw, config: CleanConfig | None = None) -> CleanedPage:
    """Clean one RawPage (see `extractor.ingest`)."""
    text, encoding = decode_bytes(raw.data)
    page = clean_text(text, config, doc_id=raw.doc_id)
    page.encoding = encoding
    page.n_bytes = len(raw.data)
    return page


def explain(page: CleanedPage) -> str:
    """A human-readable list of the repairs made and the text lost."""
    lines = [f"encoding: {page.encoding}", f"lossy: {str(page.lossy).lower()} "
             f"(ratio {page.lossy_ratio:.3f}, {len(page.lossy_spans)} spans)"]
    for r in page.repairs:
        lines.append(f"{r.name}: {r.count}")
    return "\n".join(lines) + "\n"
