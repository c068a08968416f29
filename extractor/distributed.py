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
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from extractor.config import Config
from extractor.ingest import RawPage
from extractor.pipeline import process_page


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
