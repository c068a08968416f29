"""The pipeline: composes the stages and streams pages through them.

`process_page` takes one RawPage to a PageResult and never raises: a page that fails in
any stage gives a document row with status `error` and the reason, and the run goes on.
`run` streams a corpus through `process_page` (in this process or a pool of workers),
hands each result to the output writer as it comes, then runs the consistency stage on
the claims table and finishes the outputs.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from itertools import islice

from extractor.clean import clean_page
from extractor.config import Config
from extractor.consistency import check_consistency, load_reference
from extractor.extract import Claim, extract_claims
from extractor.extract.claims import CLAIM_COLUMNS
from extractor.ingest import RawPage, iter_pages
from extractor.langid import tag_page
from extractor.outputs import RunWriter, read_claims

logger = logging.getLogger(__name__)

DOCUMENT_COLUMNS = ["doc_id", "status", "error", "bytes", "encoding", "lang", "lang_confidence",
                    "zh_variant", "lossy", "lossy_ratio", "repairs", "n_sentences", "n_claims"]


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

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class PageResult:
    document: DocumentRow
    claims: list[Claim] = field(default_factory=list)
    clean_text: str | None = None


def process_page(raw: RawPage, config: Config) -> PageResult:
    """Run one page through clean -> langid -> extract. Never raises."""
    doc = DocumentRow(raw.doc_id, bytes=len(raw.data))
    if raw.error:
        doc.status, doc.error = "error", raw.error
        return PageResult(doc)
    stage = "clean"
    try:
        cleaned = clean_page(raw, config.clean)
        doc.encoding = cleaned.encoding
        doc.lossy, doc.lossy_ratio = cleaned.lossy, cleaned.lossy_ratio
        doc.repairs = ";".join(cleaned.repair_names)
        stage = "langid"
        tagged = tag_page(cleaned, config.langid)
        doc.lang, doc.lang_confidence = tagged.lang.lang, tagged.lang.confidence
        doc.zh_variant = tagged.lang.zh_variant
        doc.n_sentences = len(tagged.sentences)
        stage = "extract"
        claims = extract_claims(tagged, config.claims)
        doc.n_claims = len(claims)
        return PageResult(doc, claims, cleaned.text)
    except Exception as exc:  # one bad page must not stop the run
        logger.exception("page %s failed in %s", raw.doc_id, stage)
        doc.status = "error"
        doc.error = f"{stage} failed: {type(exc).__name__}: {exc}".splitlines()[0][:500]
        return PageResult(doc)


# Worker processes get the config once, through the pool initializer.
_worker_config: Config | None = None


def _init_worker(config: Config) -> None:
    global _worker_config
    _worker_config = config


def _process_chunk_in_worker(chunk: list[RawPage]) -> list[PageResult]:
    return [process_page(raw, _worker_config) for raw in chunk]


PAGES_PER_TASK = 8     # pages sent to a worker at once (amortises the inter-process cost)
TASKS_PER_WORKER = 4   # tasks in flight per worker: bounds the pages held in memory


def process_pages(pages: Iterable[RawPage], config: Config) -> Iterator[PageResult]:
    """Results in corpus order. With `config.jobs != 1`, pages are processed in a pool of
    worker processes; reading stays at most jobs x TASKS_PER_WORKER x PAGES_PER_TASK pages
    ahead of the results (`Pool.imap` would read the whole corpus ahead into memory)."""
    jobs = config.jobs or os.cpu_count() or 1
    if jobs == 1:
        for raw in pages:
            yield process_page(raw, config)
        return
    ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(config,)) as pool:
        in_flight: deque = deque()
        pages = iter(pages)
        while chunk := list(islice(pages, PAGES_PER_TASK)):
            in_flight.append(pool.apply_async(_process_chunk_in_worker, (chunk,)))
            if len(in_flight) >= jobs * TASKS_PER_WORKER:
                yield from in_flight.popleft().get()
        while in_flight:
            yield from in_flight.popleft().get()


@dataclass
class RunSummary:
    n_pages: int = 0
    n_errors: int = 0
    n_claims: int = 0
    n_groups: int = 0


def run(config: Config, progress: Callable[[Iterable], Iterable] | None = None,
        results: Iterable[PageResult] | None = None) -> RunSummary:
    """Process the corpus folder `config.corpus` into `config.out` (OUTPUTS.md).

    The output folder is written atomically: tables appear only when the run finishes.
    `progress` may wrap the stream of results (the CLI passes a progress bar).
    `results` replaces the local page processing by another source of PageResults in
    corpus order (`extractor.distributed.iter_results_on_dask`).
    """
    reference = load_reference(config.reference)
    summary = RunSummary()
    columns = {"documents": DOCUMENT_COLUMNS, "claims": list(CLAIM_COLUMNS)}
    with RunWriter(config.out, write_clean=config.write_clean, columns=columns) as writer:
        if results is None:
            results = process_pages(iter_pages(config.corpus, config.max_page_bytes), config)
        if progress is not None:
            results = progress(results)
        for result in results:
            writer.add(result.document.as_dict(), [c.as_dict() for c in result.claims],
                       result.clean_text)
            summary.n_pages += 1
            summary.n_errors += result.document.status != "ok"
            summary.n_claims += len(result.claims)
        writer.ensure_tables()
        writer.close_streams()
        claims = read_claims(writer.partial_path("claims.csv"))
        groups, claims = check_consistency(claims, reference, config.consistency)
        summary.n_groups = len(groups)
        writer.finish(claims, groups)
    logger.info("%d pages (%d errors), %d claims, %d groups", summary.n_pages,
                summary.n_errors, summary.n_claims, summary.n_groups)
    return summary


def recheck(out_dir, reference_path=None, config: Config | None = None) -> int:
    """Re-run only the consistency stage on an existing output folder; returns the
    number of groups."""
    config = config or Config()
    reference = load_reference(reference_path)
    with RunWriter.reopen(out_dir) as writer:
        claims = read_claims(writer.final_path("claims.csv"))
        groups, claims = check_consistency(claims, reference, config.consistency)
        writer.finish(claims, groups)
    return len(groups)
