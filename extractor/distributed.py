"""Scale-out: run the per-page stages inside an existing distributed engine.

The per-page work (clean -> langid -> extract) needs nothing but the page, so it runs in
any engine's partitions; only the consistency stage needs all claims, and it runs
afterwards on the gathered claims table (`extractor check OUT_DIR`, or
`consistency.check_consistency`). `process_records` is the one function an engine calls:

    # Spark: pages as (doc_id, bytes) pairs, e.g. from sc.binaryFiles(...)
    rows = pages_rdd.mapPartitions(lambda part: process_records(part))
    # Dask:
    rows = dask.bag.from_sequence(pairs, npartitions=64).map_partitions(process_records)

Each output row is a plain dict with a `table` key (`documents` or `claims`) and the
columns of that table, so the engine can split, write and gather them in its own way.

`iter_results_on_dask` does the whole per-page part on Dask (`extractor run --engine
dask`): the pages are read and processed inside the partitions, and only their results
travel back, a few partitions at a time, to the writer of `pipeline.run`. With no
scheduler named it uses Dask's default (the active `distributed.Client`, if one exists
in the process, else local processes).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

import logging
import os

from extractor.config import Config
from extractor.ingest import RawPage, doc_id_for, iter_page_paths, read_page
from extractor.pipeline import PageResult, process_page

logger = logging.getLogger(__name__)


def process_records(records: Iterable[tuple[str, bytes]], config: Config | None = None,
                    include_text: bool = False) -> Iterator[dict]:
    """(doc_id, bytes) pairs in, table rows out (see the module docstring).

    With `include_text`, each documents row carries the cleaned text in `clean_text`.
    Never raises for a bad page: its documents row says `status=error`.
    """
    config = config or Config()
    for doc_id, data in records:
        result = process_page(RawPage(doc_id, bytes(data) if data is not None else b""), config)
        row = {"table": "documents", **result.document.as_dict()}
        if include_text:
            row["clean_text"] = result.clean_text or ""
        yield row
        for claim in result.claims:
            yield {"table": "claims", **claim.as_dict()}


def _process_doc_ids(doc_ids: list[str], config: Config) -> list[PageResult]:
    """One partition: read and process its pages where the partition runs."""
    return [process_page(read_page(config.corpus / doc_id, config.corpus, config.max_page_bytes),
                         config) for doc_id in doc_ids]


def iter_results_on_dask(config: Config, pages_per_partition: int = 64,
                         scheduler: str | None = None) -> Iterator[PageResult]:
    """PageResults of the corpus in corpus order, computed on Dask.

    Only the page names are listed here; at most as many partitions as there are
    workers are in flight at once, so memory here stays bounded by those partitions.
    """
    import dask  # noqa: PLC0415 - optional dependency (pip install 'extractor[scale]')
    import dask.bag as db  # noqa: PLC0415

    doc_ids = [doc_id_for(p, config.corpus) for p in iter_page_paths(config.corpus)]
    if not doc_ids:
        return
    n_parts = max(1, -(-len(doc_ids) // pages_per_partition))
    parts = db.from_sequence(doc_ids, npartitions=n_parts) \
        .map_partitions(_process_doc_ids, config).to_delayed()
    width = max(1, config.jobs or os.cpu_count() or 1)
    logger.info("%d pages in %d partitions on Dask, %d at a time", len(doc_ids), len(parts), width)
    for i in range(0, len(parts), width):
        for results in dask.compute(*parts[i:i + width], scheduler=scheduler):
            yield from results
