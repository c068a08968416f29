"""The pipeline: composes the stages and streams pages through them.

`process_page` takes one RawPage to a PageResult and never raises: a page that fails in
any stage gives a document row with status `error` and the reason
(`<stage>: <ExceptionType>: <message>`, the traceback in the log), and the run goes on.
Stages themselves raise on bugs; this is the one place that turns an exception into a row.
Binary content and a page over its time budget (`Config.page_time_budget`) get an error
row too, so no page can hang or poison the run.

`run` streams a corpus through `process_page` (in this process, a pool of workers, or
another engine: `extractor.distributed.DaskEngine`), hands each result to the output
writer as it comes, then runs the consistency stage on the claims table and commits the
outputs. With `Config.resume`, a page whose bytes are those of a page an earlier run on
the same output folder finished is taken from that run's journal instead of being
processed again.
"""
from __future__ import annotations

import hashlib
import logging
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field, fields
from itertools import islice

from extractor.clean import clean_page
from extractor.config import Config
from extractor.verdicts import check_claims_file, load_reference
from extractor.extract import Claim, extract_claims
from extractor.extract.claims import CLAIM_COLUMNS
from extractor.corpus_walk import iter_entries
from extractor.ingest import RawPage, binary_kind, iter_pages
from extractor.warc import is_warc_name
from extractor.langid import tag_page
from extractor.outputs import RunWriter
from extractor.runfolder import FinishedPages
from extractor.time_budget import PageTimeout, time_budget
from extractor.runsummary import PageWarning, RunSummary, count_skipped, counting, page_warnings

logger = logging.getLogger(__name__)

DOCUMENT_COLUMNS = ["doc_id", "status", "error", "bytes", "encoding", "lang", "lang_confidence",
                    "zh_variant", "lossy", "lossy_ratio", "repairs", "n_sentences", "n_claims",
                    "clean_path", "title", "date", "url", "site"]


@dataclass
class DocumentRow:
    """One row of documents.csv."""

    doc_id: str
    status: str = "ok"
    error: str = ""
    bytes: int = 0
    encoding: str = ""
    lang: str = "und"
    lang_confidence: float = 0.0
    zh_variant: str = ""
    lossy: bool = False
    lossy_ratio: float = 0.0
    repairs: str = ""
    n_sentences: int = 0
    n_claims: int = 0
    #: where the page's cleaned text went, relative to OUT_DIR (set by the writer)
    clean_path: str = ""
    #: the page's metadata (HTML documents; `url` also for a crawl's records)
    title: str = ""
    date: str = ""
    url: str = ""
    site: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class PageResult:
    document: DocumentRow
    claims: list[Claim] = field(default_factory=list)
    clean_text: str | None = None
    #: digest of the page's bytes ('' for a page that could not be read)
    digest: str = ""
    #: the warnings the stages logged while they ran the page (counted in run.json)
    warnings: list[PageWarning] = field(default_factory=list)

    @classmethod
    def from_rows(cls, document: dict, claims: list[dict], clean_text: str | None,
                  digest: str) -> PageResult:
        """A result rebuilt from the rows an earlier run wrote (--resume)."""
        doc_fields = {f.name for f in fields(DocumentRow)}
        claim_fields = {f.name for f in fields(Claim)}
        return cls(DocumentRow(**{k: v for k, v in document.items() if k in doc_fields}),
                   [Claim(**{k: v for k, v in c.items() if k in claim_fields}) for c in claims],
                   clean_text, digest)


def page_digest(data: bytes) -> str:
    """Identifies a page's bytes, to tell whether it changed since an earlier run."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def process_page(raw: RawPage, config: Config) -> PageResult:
    """Run one page through clean -> langid -> extract. Never raises (but on interrupts)."""
    doc = DocumentRow(raw.doc_id, bytes=raw.n_bytes, url=raw.url)
    if raw.error:
        doc.status, doc.error = "error", raw.error
        return PageResult(doc)
    digest = page_digest(raw.data)
    kind = binary_kind(raw.data)
    if kind:
        doc.status, doc.error = "error", f"binary ({kind})"
        return PageResult(doc, digest=digest)
    stage = ["clean"]  # the stage running, seen by the handlers below
    try:
        with page_warnings() as warnings, time_budget(config.page_time_budget):
            claims, clean_text = _run_stages(raw, config, doc, stage)
        return PageResult(doc, claims, clean_text, digest, warnings)
    except PageTimeout as exc:
        logger.warning("page %s: %s in %s", raw.doc_id, exc, stage[0])
        return failed_page(doc, f"{stage[0]}: {type(exc).__name__}: {exc}", digest)
    except Exception as exc:  # a bug in a stage costs one page: recorded, logged, run goes on
        logger.exception("page %s failed in %s", raw.doc_id, stage[0])
        return failed_page(doc, f"{stage[0]}: {type(exc).__name__}: {exc}", digest)


def _run_stages(raw: RawPage, config: Config, doc: DocumentRow, stage: list[str]):
    cleaned = clean_page(raw, config.clean)
    doc.encoding = cleaned.encoding
    doc.lossy, doc.lossy_ratio = cleaned.lossy, cleaned.lossy_ratio
    doc.repairs = ";".join(cleaned.repair_names)
    meta = cleaned.metadata
    doc.title, doc.date, doc.url, doc.site = meta.title, meta.date, meta.url or doc.url, meta.site
    stage[0] = "langid"
    tagged = tag_page(cleaned, config.langid)
    doc.lang, doc.lang_confidence = tagged.lang.lang, tagged.lang.confidence
    doc.zh_variant = tagged.lang.zh_variant
    doc.n_sentences = len(tagged.sentences)
    stage[0] = "extract"
    claims = extract_claims(tagged, config.claims)
    doc.n_claims = len(claims)
    return claims, cleaned.text


# One short page per language the stages know, for `warm_up`.
_WARM_UP_PAGES = (
    "Graphcore's IPU-POD16 trained ResNet-50 in 28.3 minutes, 1.6x faster than the DGX A100.",
    "IPU-POD16에서 ResNet-50 학습에 28.3분이 걸렸습니다. 엔비디아 H100보다 2배 빠릅니다.",
    "在IPU-POD128上訓練ResNet-50的時間為5.67分鐘，比英偉達DGX A100快1.6倍。",
    "在IPU-POD128上训练BERT的时间为5.78分钟，性能提升24%。",
)


def warm_up(config: Config) -> None:
    """Build what the stages build on their first page (compiled lexicons and grammars,
    the entity finder, the n-gram model: about 0.6 s of CPU; the Korean analyser and the
    character model: 0.85 s) by running a short page of each language. Called before
    worker processes are forked, so that they share it instead of each building its own."""
    from extractor.clean.char_model import char_model  # noqa: PLC0415
    from extractor.clean.korean_loss import kiwi  # noqa: PLC0415
    from extractor.extract.names.entities import find_entities  # noqa: PLC0415
    from extractor.extract.quantities.quantities import find_quantities  # noqa: PLC0415

    for i, text in enumerate(_WARM_UP_PAGES):
        process_page(RawPage(f"warm-up-{i}", text.encode("utf-8")), config)
    # a page or sentence of no one language ('und') uses every lexicon at once
    find_entities(_WARM_UP_PAGES[0], "und")
    find_quantities(" ".join(_WARM_UP_PAGES), "und", config.claims.quantities)
    # The Korean analyser and the character model load on the first page that needs
    # them (0.85 s CPU, 230 MB): loaded here, once, the workers share them instead of
    # each loading its own (600 bench pages, -j 2: 1.5 s less CPU, 4% less wall time; a
    # corpus with no Korean or Chinese page pays the 0.85 s it would not have)
    kiwi()
    char_model()


def failed_page(doc: DocumentRow, message: str, digest: str = "") -> PageResult:
    """The error row of a page: the first line of `message`, at most 500 characters."""
    doc.status = "error"
    doc.error = (message.splitlines() or [message])[0][:500]
    doc.n_claims = 0
    return PageResult(doc, digest=digest)


# Worker processes get the config once, through the pool initializer.
_worker_config: Config | None = None


def _init_worker(config: Config) -> None:
    global _worker_config
    _worker_config = config
    # Interrupts are the parent's to handle: it stops the pool and keeps finished pages.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _process_chunk_in_worker(chunk: list[RawPage]) -> list[PageResult]:
    return [process_page(raw, _worker_config) for raw in chunk]


PAGES_PER_TASK = 8     # pages sent to a worker at once (amortises the inter-process cost)
TASKS_PER_WORKER = 4   # tasks in flight per worker: bounds the pages held in memory


def process_pages(pages: Iterable[RawPage | PageResult], config: Config) -> Iterator[PageResult]:
    """Results in corpus order; a PageResult in the input (a page reused by --resume)
    passes through. With `config.jobs > 1`, pages are processed in a pool of worker
    processes; reading stays at most jobs x TASKS_PER_WORKER x PAGES_PER_TASK pages ahead
    of the results (`Pool.imap` would read the whole corpus ahead into memory)."""
    jobs = config.jobs
    if not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"Config.jobs must be a whole number of 1 or more, not {jobs!r}")
    if jobs == 1:
        for item in pages:
            yield item if isinstance(item, PageResult) else process_page(item, config)
        return
    ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    if ctx.get_start_method() == "fork":
        warm_up(config)  # forked workers inherit what it built
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(config,)) as pool:
        in_flight: deque = deque()
        pages = iter(pages)
        while chunk := list(islice(pages, PAGES_PER_TASK)):
            todo = [item for item in chunk if not isinstance(item, PageResult)]
            in_flight.append((chunk, pool.apply_async(_process_chunk_in_worker, (todo,))))
            if len(in_flight) >= jobs * TASKS_PER_WORKER:
                yield from _merged(*in_flight.popleft())
        while in_flight:
            yield from _merged(*in_flight.popleft())


def _merged(chunk: list, pending) -> Iterator[PageResult]:
    done = iter(pending.get())
    for item in chunk:
        yield item if isinstance(item, PageResult) else next(done)


def reused_result(raw: RawPage, finished) -> PageResult | None:
    """The result an earlier run finished `raw` with, when its bytes are unchanged."""
    if raw.error or not len(finished):
        return None
    digest = page_digest(raw.data)
    rows = finished.get(raw.doc_id, digest)
    return None if rows is None else PageResult.from_rows(*rows, digest=digest)


def reuse_finished(pages: Iterable[RawPage], finished) -> Iterator[RawPage | PageResult]:
    """Each page, or its result from an earlier run when its bytes are unchanged."""
    n_reused = 0
    for raw in pages:
        result = reused_result(raw, finished)
        n_reused += result is not None
        yield raw if result is None else result
    logger.info("%d pages reused from earlier runs", n_reused)


def process_corpus(config: Config, exclude: Iterable = (),
                   finished: FinishedPages | None = None) -> Iterator[PageResult]:
    """The local engine: the results of every input of `config.corpus` in corpus order,
    read here and processed here or in `config.jobs` worker processes. `exclude`: folders
    not to read (the run's own outputs); `finished`: pages an earlier run finished, reused
    when their bytes have not changed.

    An engine is any function with this signature (`run(config, engine=...)`);
    `extractor.distributed.DaskEngine` is the other one.
    """
    pages = iter_pages(config.corpus, config.max_page_bytes, config.follow_links,
                       exclude=exclude, skipped=count_skipped)  # files of other names: run.json
    if finished is not None and len(finished):
        pages = reuse_finished(pages, finished)
    return process_pages(pages, config)


def count_inputs(config: Config) -> int | None:
    """The rows the run will write, for a progress bar's total and ETA: the inputs found by
    listing the corpus (no file is read). None when it holds a crawl, whose pages are
    known only as its records are read."""
    corpus = config.corpus
    if not corpus.is_dir():
        return None if is_warc_name(corpus.name) else 1
    n = 0
    for path, _ in iter_entries(corpus, config.follow_links, exclude=[config.out]):
        if is_warc_name(path.name):
            return None
        n += 1
    return n


def run(config: Config, progress: Callable[[Iterable], Iterable] | None = None,
        engine: Callable[..., Iterator[PageResult]] = process_corpus,
        stage: Callable[[str], None] | None = None) -> RunSummary:
    """Process the corpus folder `config.corpus` into `config.out` (OUTPUTS.md).

    The output folder is committed as one unit: tables appear only when the run finishes,
    with run.json (`extractor.runsummary`); the report is built after them, and a report
    that fails costs no table (`summary.run_warnings` says so: exit status 3).
    An interrupt (KeyboardInterrupt) keeps the finished pages for `Config.resume`.
    `progress` may wrap the stream of results (the CLI passes a progress bar).
    `engine` processes the pages (see `process_corpus`, the default).
    `stage(what)` is told each step after the pages (grouping, tables, report), which take
    a while on a large run.
    """
    stage = stage or (lambda what: None)
    reference = load_reference(config.reference)
    summary = RunSummary()
    columns = {"documents": DOCUMENT_COLUMNS, "claims": list(CLAIM_COLUMNS)}
    with counting(summary), RunWriter(config.out, write_clean=config.write_clean,
                                      columns=columns, resume=config.resume,
                                      corpus=config.corpus) as writer:
        writer.on_stage = stage
        produced = engine(config, exclude=[writer.out_dir, writer.staging],
                          finished=writer.finished)
        results = progress(produced) if progress is not None else produced
        try:
            for result in results:
                document = result.document.as_dict()
                writer.add(document, [c.as_dict() for c in result.claims],
                           result.clean_text, result.digest)
                summary.add_page(document, len(result.claims), result.warnings)
        finally:  # an engine's workers and connections end with the stream, also on errors
            if hasattr(produced, "close"):
                produced.close()
        writer.ensure_tables()
        writer.close_streams()
        claims_csv = writer.partial_path("claims.csv")
        stage(f"grouping {summary.n_claims} claims")
        groups, updates = check_claims_file(claims_csv, reference, config.consistency)
        summary.n_groups = len(groups)
        writer.finish_updated(claims_csv, updates, groups, summary)
    logger.info("%d pages (%d errors), %d claims, %d groups", summary.n_pages,
                summary.n_errors, summary.n_claims, summary.n_groups)
    return summary
