"""Records of the cleaning stage: its options, what it repaired and what was lost.

These are the names the rest of the pipeline relies on (`CleanedPage.lossy`,
`repair_names`, `is_lossy_at`); every other module of the package fills them in.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import asdict, dataclass, field

#: how many before -> after examples a Repair keeps (enough to explain, small to store)
MAX_EXAMPLES = 3


@dataclass
class CleanConfig:
    """Options of the cleaning stage. Every step can be switched off on its own."""

    #: a page is `lossy` when its lossy_ratio (share of letters lost) is above this;
    #: 0 reports any lost letter (the spans are recorded whatever the threshold)
    lossy_threshold: float = 0.0
    #: remove HTML tags, scripts, styles, comments; decode entities
    strip_markup: bool = True
    #: main text of whole HTML documents (clean/main_text.py): 'agree' keeps the lines
    #: trafilatura and our boilerplate remover both keep; 'trafilatura' or 'ours' one alone
    html_engine: str = "agree"
    #: ... a line of ours is held by trafilatura when this share of its word pairs is
    min_line_agreement: float = 0.5
    #: ... and ours is kept whole when the lines both hold are less than this share of it
    #: (trafilatura missed the article)
    min_engine_agreement: float = 0.5
    #: undo mojibake: UTF-8 read as GBK/Big5/CP949/Shift-JIS (per run) and Latin-1/cp1252 (ftfy)
    repair_mojibake: bool = True
    #: remove pinyin pasted after Han characters, "計(jì)算" -> "計算"
    remove_pinyin: bool = True
    #: on real HTML documents, keep the article's region and drop navigation, related
    #: articles, comments and other boilerplate (flattened text is left alone)
    remove_boilerplate: bool = True
    #: options of boilerplate removal (extractor.clean.boilerplate.BoilerplateConfig);
    #: None takes its defaults
    boilerplate: object | None = None
    #: drop breadcrumbs, leaked JavaScript, image file names and page footers
    remove_junk: bool = True
    #: drop lines (or list items) of injected casino/adult spam keywords
    remove_spam: bool = True
    #: record (without changing the text) foreign-script brand-name replacements
    flag_brand_spam: bool = True
    #: Korean dropped-syllable detector (extractor.clean.korean_loss): minimum number of
    #: grammar signals on a page ...
    ko_min_drop_signals: int = 2
    #: ... and minimum signals per 1000 Hangul syllables, below which they are taken as
    #: ordinary Korean (sound news sentences show 0.05 per 1000, pages that lost
    #: syllables 8 or more)
    ko_min_drop_density: float = 1.5


@dataclass
class PageMetadata:
    """What a document says about itself ('' for what it does not say)."""

    title: str = ""
    #: publication date, 'YYYY-MM-DD'
    date: str = ""
    #: the address of the page: where it was fetched from (a crawl's record), else its
    #: canonical link
    url: str = ""
    #: host name of `url`, else the site the page names
    site: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


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

    def add(self, before: str, after: str, n: int = 1) -> None:
        """Count `n` more repairs of this kind, keeping the first few examples."""
        self.count += n
        example = (before[:80], after[:80])
        if len(self.examples) < MAX_EXAMPLES and example not in self.examples:
            self.examples.append(example)

    def as_dict(self) -> dict:
        return {"name": self.name, "count": self.count, "spans": [list(s) for s in self.spans],
                "examples": [list(e) for e in self.examples]}


@dataclass
class LossySpan:
    """A span of the cleaned text whose characters were (partly) lost: `kind` says how
    (`question_marks`, `replacement_char`, `dropped_syllables`, `guessed_bytes`)."""

    start: int
    end: int
    kind: str

    def as_dict(self) -> dict:
        return {"start": self.start, "end": self.end, "kind": self.kind}


@dataclass
class CleanedPage:
    """The cleaned text of one page with the record of how it was obtained."""

    doc_id: str
    text: str
    encoding: str = "utf-8"
    n_bytes: int = 0
    repairs: list[Repair] = field(default_factory=list)
    lossy_spans: list[LossySpan] = field(default_factory=list)
    #: estimated share of the page's letters that were lost (0..1)
    lossy_ratio: float = 0.0
    #: `CleanConfig.lossy_threshold` the page was cleaned with
    lossy_threshold: float = 0.0
    #: title, date, url and site of an HTML document (empty for text pages)
    metadata: PageMetadata = field(default_factory=PageMetadata)
    #: (spans sorted by start, their starts, running maximum of their ends), built on the
    #: first lookup so that a page with many lossy spans is not scanned once per sentence
    _span_index: tuple | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def lossy(self) -> bool:
        """True when letters of the page were lost (not when only punctuation was guessed).

        >>> CleanedPage("d", "a\ufffdb", lossy_spans=[LossySpan(1, 2, "replacement_char")],
        ...             lossy_ratio=0.33).lossy
        True
        """
        return bool(self.lossy_spans) and self.lossy_ratio > self.lossy_threshold

    @property
    def repair_names(self) -> list[str]:
        return [r.name for r in self.repairs if r.count]

    def is_lossy_at(self, start: int, end: int) -> bool:
        """True when [start, end) overlaps a lossy span (a bisection, not a scan).

        >>> CleanedPage("d", "ab??cd", lossy_spans=[LossySpan(2, 4, "question_marks")],
        ...             lossy_ratio=0.3).is_lossy_at(0, 3)
        True
        """
        spans, starts, max_ends = self._spans_index()
        k = bisect_left(starts, end)  # spans[:k] start before `end`
        return k > 0 and max_ends[k - 1] > start

    def lossy_kinds_at(self, start: int, end: int) -> set[str]:
        """Kinds of the lossy spans that overlap [start, end).

        >>> CleanedPage("d", "a?b\ufffdc", lossy_spans=[LossySpan(1, 2, "question_marks"),
        ...     LossySpan(3, 4, "replacement_char")]).lossy_kinds_at(2, 5)
        {'replacement_char'}
        """
        spans, starts, max_ends = self._spans_index()
        kinds = set()
        k = bisect_left(starts, end) - 1
        while k >= 0 and max_ends[k] > start:  # earlier spans all end at or before `start`
            if spans[k].end > start:
                kinds.add(spans[k].kind)
            k -= 1
        return kinds

    def _spans_index(self) -> tuple:
        if self._span_index is None or len(self._span_index[0]) != len(self.lossy_spans):
            spans = sorted(self.lossy_spans, key=lambda s: (s.start, s.end))
            max_ends, running = [], -1
            for s in spans:
                running = max(running, s.end)
                max_ends.append(running)
            self._span_index = (spans, [s.start for s in spans], max_ends)
        return self._span_index

    def as_dict(self) -> dict:
        return {"doc_id": self.doc_id, "encoding": self.encoding, "n_bytes": self.n_bytes,
                "lossy": self.lossy, "lossy_ratio": self.lossy_ratio,
                "metadata": self.metadata.as_dict(),
                "repairs": [r.as_dict() for r in self.repairs],
                "lossy_spans": [s.as_dict() for s in self.lossy_spans]}
