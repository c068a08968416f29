"""Scale-out: the per-page stages on a Dask cluster, or inside any other engine.

The per-page work (read -> clean -> langid -> extract) needs nothing but the page, so it
runs anywhere; only the consistency stage needs all claims, and it runs afterwards, in
the process that writes the outputs, on the gathered claims table.

`DaskEngine` is the engine of `extractor run --engine dask [--scheduler ADDRESS]`: the
pages go to the workers of a `dask.distributed` cluster in tasks of a few pages, at most
a few tasks per worker thread in flight, and their results come back in corpus order to
the writer of `pipeline.run`: memory here does not grow with the corpus, and the journal,
`--resume`, error rows and the output folder's guarantees are those of a local run.

Pages are read where the cluster runs: the workers are sent the pages' paths (the corpus
must then be at the same absolute path on every worker: a shared or copied folder); the
pages of a crawl file (WARC) are read here, as the file streams, and sent. With
`send_pages` (`--send-pages`) they are read here and their bytes sent instead; the engine
also falls back to that, with a warning, as soon as a worker reports that it cannot see
the corpus folder.

For another engine, `process_records` is the one function to call in its partitions:

    # Spark: pages as (doc_id, bytes) pairs, e.g. from sc.binaryFiles(...)
    rows = pages_rdd.mapPartitions(lambda part: process_records(part))
    # Dask bags:
    rows = dask.bag.from_sequence(pairs, npartitions=64).map_partitions(process_records)

Each output row is a plain dict with a `table` key (`documents` or `claims`) and the
columns of that table, so the engine can split, write and gather them in its own way;
`extractor check OUT_DIR` (or `consistency.check_consistency`) then runs the consistency
stage on the gathered claims.
"""
from __future__ import annotations

import asyncio
import logging
import os
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from extractor.config import Config
from extractor.corpus_walk import iter_entries
from extractor.ingest import (RawPage, doc_id_for, iter_pages, read_entry,
                              read_page, unreadable_page)
from extractor.pipeline import (PAGES_PER_TASK, TASKS_PER_WORKER, DocumentRow, PageResult,
                                failed_page, page_digest, process_page, reused_result)
from extractor.runfolder import FinishedPages
from extractor.runsummary import count_skipped
from extractor.warc import is_warc_name

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


class EngineError(Exception):
    """The cluster was lost, or has no worker: the run cannot go on (one line)."""


class SchedulerUnreachable(EngineError):
    """No Dask scheduler answers at the address given."""


class CorpusNotVisible(Exception):
    """A worker cannot see the corpus folder at the path it was sent."""


#: seconds to wait for a Dask scheduler to answer (`--connect-timeout`): a port that is
#: silent, speaks HTTP or sends junk must not hold the run (and its output folder)
CONNECT_TIMEOUT = 10.0


def check_scheduler(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Raise SchedulerUnreachable (one line) unless a Dask scheduler answers its identity
    at `address` within `timeout` seconds: Dask's own connect waits for the other end's
    handshake without a limit, and reads junk as a frame of exabytes."""
    comm = _distributed().comm
    try:
        scheme, location = comm.parse_address(address)
        comm.registry.get_backend(scheme)
        if scheme in ("tcp", "tls"):
            comm.parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise SchedulerUnreachable(f"not a Dask scheduler address: {address!r} ({exc})") from None
    try:
        identity = asyncio.run(asyncio.wait_for(_identity(address, timeout), timeout))
    except (TimeoutError, asyncio.TimeoutError, OSError) as exc:
        raise SchedulerUnreachable(f"cannot reach the Dask scheduler at {address}: no answer "
                                   f"within {timeout:g} s (--connect-timeout): {_one_line(exc)}") from None
    except Exception as exc:  # noqa: BLE001 - what Dask raises reading another protocol
        raise SchedulerUnreachable(f"cannot reach the Dask scheduler at {address}: what answers "
                                   f"is no Dask scheduler ({type(exc).__name__}: {_one_line(exc)})") from None
    if not isinstance(identity, dict) or identity.get("type") != "Scheduler":
        raise SchedulerUnreachable(f"cannot reach the Dask scheduler at {address}: what answers "
                                   f"is no Dask scheduler ({str(identity)[:80]})")


async def _identity(address: str, timeout: float):
    comm = await _distributed().comm.connect(address, timeout=timeout)
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:160] or type(exc).__name__


def _distributed():
    try:
        import distributed  # noqa: PLC0415 - optional (pip install 'extractor[scale]')
    except ImportError:
        raise EngineError("--engine dask needs dask.distributed: "
                          "pip install 'extractor[scale]'") from None
    return distributed


@dataclass(frozen=True)
class PageRef:
    """A page for a worker to read: its absolute path, and the digest of the bytes an
    earlier run finished it with ('' : none), so that the worker can tell it is unchanged."""

    path: str
    doc_id: str
    digest: str = ""


#: what a worker returns for a PageRef whose bytes are those of the finished page
REUSE = "reuse"


def corpus_visible(corpus: str) -> bool:
    """Whether the corpus folder is there, on the machine this runs on."""
    return os.path.isdir(corpus)


def process_chunk(items: list[PageRef | RawPage], corpus: str,
                  config: Config) -> list[PageResult | str]:
    """One task, run on a worker: each page read there (PageRef) or sent (RawPage), then
    processed; REUSE for a page that an earlier run finished with the same bytes."""
    if any(isinstance(item, PageRef) for item in items) and not corpus_visible(corpus):
        raise CorpusNotVisible(f"no folder {corpus} on this worker")
    out: list[PageResult | str] = []
    for item in items:
        if isinstance(item, PageRef):
            raw = read_page(Path(item.path), Path(corpus), config.max_page_bytes,
                            config.follow_links)
            if item.digest and not raw.error and page_digest(raw.data) == item.digest:
                out.append(REUSE)
                continue
            item = raw
        out.append(process_page(item, config))
    return out


@dataclass
class DaskEngine:
    """Runs the per-page stages on a `dask.distributed` cluster (see the module's doc).

    `scheduler`: the address of a running scheduler (`tcp://host:8786`); None uses the
    active `distributed.Client` of this process if there is one, else starts a local
    cluster of `Config.jobs` worker processes for the run.
    """

    scheduler: str | None = None
    #: read pages here and send their bytes, for workers that cannot see the corpus folder
    send_pages: bool = False
    #: seconds to wait for the scheduler to answer (`check_scheduler`), then for a first worker
    connect_timeout: float = CONNECT_TIMEOUT
    worker_timeout: float = 120.0
    #: told (kind, path) of each file of the corpus whose name is no page's (default: the
    #: run summary's count, as the local engine does)
    skipped: object | None = count_skipped

    def __call__(self, config: Config, exclude: Iterable = (),
                 finished: FinishedPages | None = None) -> Iterator[PageResult]:
        """The results of every input of `config.corpus` in corpus order (the engine
        signature of `pipeline.process_corpus`)."""
        run = _DaskRun(self, config, finished if finished is not None else FinishedPages([]))
        try:
            yield from run.results(list(exclude))
        finally:
            run.close()


class _DaskRun:
    """One run's connection to the cluster, its window of tasks and its fallbacks."""

    def __init__(self, engine: DaskEngine, config: Config, finished: FinishedPages):
        self.engine = engine
        self.config = config
        self.finished = finished
        self.corpus = os.path.abspath(config.corpus)
        # one file as the corpus (a page or a crawl) is read here and its pages sent: the
        # workers' side reads pages by path below a corpus folder
        self.send_pages = engine.send_pages or not os.path.isdir(self.corpus)
        self.n_reused = 0
        self.client, self.cluster, self.own_client = _connect(engine, config.jobs)
        try:
            self.client.wait_for_workers(1, timeout=engine.worker_timeout)
        except BaseException as exc:
            self.close()
            if isinstance(exc, Exception):
                raise EngineError(f"no Dask worker at {self.client.scheduler.address} "
                                  f"after {engine.worker_timeout:g} s") from exc
            raise
        n_threads = sum(self.client.nthreads().values()) or 1
        self.window = n_threads * TASKS_PER_WORKER
        logger.info("Dask: %d worker threads at %s; pages %s", n_threads,
                    self.client.scheduler.address, "sent" if self.send_pages else "read there")

    def close(self) -> None:
        if self.own_client:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def results(self, exclude: list) -> Iterator[PageResult]:
        items = self._pages(exclude) if self.send_pages else self._refs(exclude)
        in_flight: deque = deque()
        while chunk := list(islice(items, PAGES_PER_TASK)):
            if self.send_pages:  # set on the way when a worker could not see the corpus
                chunk = [self._read_here(item) for item in chunk]
            in_flight.append((chunk, self._submit(chunk)))
            if len(in_flight) >= self.window:
                yield from self._collect(*in_flight.popleft())
        while in_flight:
            yield from self._collect(*in_flight.popleft())
        if len(self.finished):
            logger.info("%d pages reused from earlier runs", self.n_reused)

    def _pages(self, exclude: list) -> Iterator[RawPage | PageResult]:
        """Pages read here (--send-pages): what the local engine reads."""
        for raw in iter_pages(Path(self.corpus), self.config.max_page_bytes,
                              self.config.follow_links, exclude=exclude,
                              skipped=self.engine.skipped):
            yield self._reused_or(raw)

    def _reused_or(self, raw: RawPage) -> RawPage | PageResult:
        """A page read here, or its result from an earlier run if its bytes are unchanged."""
        result = reused_result(raw, self.finished)
        if result is None:
            return raw
        self.n_reused += 1
        return result

    def _refs(self, exclude: list) -> Iterator[PageRef | RawPage | PageResult]:
        """Paths for the workers to read; inputs that cannot be read are rows here, and
        the pages of a crawl (WARC) file are read here and sent."""
        corpus = Path(self.corpus)
        for path, error in iter_entries(corpus, self.config.follow_links, exclude,
                                        self.engine.skipped):
            if error:
                yield process_page(unreadable_page(path, corpus, error), self.config)
            elif is_warc_name(path.name):
                for raw in read_entry(path, corpus, self.config.max_page_bytes,
                                      self.config.follow_links):
                    yield self._reused_or(raw)
            else:
                doc_id = doc_id_for(path, corpus)
                yield PageRef(os.path.abspath(path), doc_id, self.finished.digest(doc_id))

    def _submit(self, items: list):
        """The task of the items still to process (None: there are none)."""
        todo = [item for item in items if not isinstance(item, PageResult)]
        if not todo:
            return None
        # the config goes with each task (1 KB): scattered data dies with its worker
        return self.client.submit(process_chunk, todo, self.corpus, self.config, pure=False)

    def _collect(self, items: list, future) -> list[PageResult]:
        """The results of `items` in order, `future` being their task (`_submit`)."""
        todo = [item for item in items if not isinstance(item, PageResult)]
        done = iter(self._task_results(todo, future) if todo else [])
        return [item if isinstance(item, PageResult) else next(done) for item in items]

    def _task_results(self, todo: list, future) -> list[PageResult]:
        try:
            out = future.result()
        except CorpusNotVisible as exc:
            self._send_pages_from_now_on(exc)
            here = [self._read_here(item) for item in todo]
            return self._collect(here, self._submit(here))
        except Exception as exc:
            _raise_if_lost(future, exc)
            out = self._one_by_one(todo, exc)
        return [self._resolved(item, result) for item, result in zip(todo, out)]

    def _one_by_one(self, todo: list, exc: Exception) -> list[PageResult | str]:
        """A task failed: each of its pages again in a task of its own, so that only the
        page that fails alone gets an error row. One after the other: a page that kills
        its worker would also fail the tasks queued on that worker."""
        logger.warning("a Dask task of %d pages failed (%s: %s): retrying them one by one",
                       len(todo), type(exc).__name__, exc)
        out: list[PageResult | str] = []
        for item in todo:
            future = self._submit([item])
            try:
                out.extend(future.result())
            except CorpusNotVisible as exc_one:
                self._send_pages_from_now_on(exc_one)
                here = [self._read_here(item)]
                out.extend(self._collect(here, self._submit(here)))
            except Exception as exc_one:
                _raise_if_lost(future, exc_one)
                logger.error("page %s failed on its Dask worker: %s: %s", item.doc_id,
                             type(exc_one).__name__, exc_one)
                out.append(_failed(item, f"worker: {type(exc_one).__name__}: {exc_one}"))
        return out

    def _send_pages_from_now_on(self, exc: CorpusNotVisible) -> None:
        if not self.send_pages:
            logger.warning("a Dask worker cannot read the pages (%s): sending their bytes "
                           "from here from now on (--send-pages)", exc)
            self.send_pages = True

    def _resolved(self, item: PageRef | RawPage, result: PageResult | str) -> PageResult:
        if not isinstance(result, str):
            return result
        rows = self.finished.get(item.doc_id, item.digest)  # result == REUSE
        if rows is None:  # its journal entry went away: the page is done again
            again = [PageRef(item.path, item.doc_id)]
            return self._collect(again, self._submit(again))[0]
        self.n_reused += 1
        return PageResult.from_rows(*rows, digest=item.digest)

    def _read_here(self, item: PageRef | RawPage) -> RawPage | PageResult:
        """A page the workers cannot read, read here."""
        if not isinstance(item, PageRef):
            return item
        return self._reused_or(read_page(Path(item.path), Path(self.corpus),
                                         self.config.max_page_bytes, self.config.follow_links))


def _connect(engine: DaskEngine, jobs: int):
    """(client, cluster started for this run or None, whether the client is ours)."""
    distributed = _distributed()
    if engine.scheduler:
        check_scheduler(engine.scheduler, engine.connect_timeout)
        try:
            client = distributed.Client(engine.scheduler, timeout=engine.connect_timeout,
                                        set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise SchedulerUnreachable(f"cannot reach the Dask scheduler at "
                                       f"{engine.scheduler}: {exc}") from exc
        return client, None, True
    try:
        return distributed.default_client(), None, False
    except ValueError:
        pass
    # one thread a process: the stages hold the GIL; the scheduler's HTTP server on a free
    # port and no dashboard, so that runs side by side do not clash on port 8787
    cluster = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                       dashboard_address=":0",
                                       scheduler_kwargs={"dashboard": False})
    return distributed.Client(cluster, set_as_default=False), cluster, True


def _raise_if_lost(future, exc: Exception) -> None:
    """A task that raised on its worker has status 'error'; any other failure (cancelled,
    connection lost) is the cluster's, not a page's."""
    if future.status != "error":
        raise EngineError(f"lost the Dask cluster: {type(exc).__name__}: {exc}") from exc


def _failed(item: PageRef | RawPage, message: str) -> PageResult:
    if isinstance(item, RawPage):
        size = item.n_bytes
    else:
        try:
            size = os.stat(item.path).st_size
        except OSError:
            size = 0
    return failed_page(DocumentRow(item.doc_id, bytes=size), message)
