"""Scale-out: on a real Dask cluster (two worker processes), and inside another engine's
partitions, the pages give the tables of a local run; a page that fails on its worker
costs that page only; --resume and the bounded window hold as on the local engine."""
from __future__ import annotations

import logging
import pickle
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import dask
import pandas as pd
import pytest
from distributed import Client, LocalCluster

from extractor.config import Config
from extractor.distributed import (CorpusNotVisible, DaskEngine, PageRef, SchedulerUnreachable,
                                   process_chunk, process_records)
from extractor.pipeline import PAGES_PER_TASK, TASKS_PER_WORKER, run

from conftest import CORPUS, ROOT

TABLES = ("documents.csv", "claims.csv", "consistency.csv")
CLAIM = "The IPU-POD16 trained ResNet-50 in 28.3 minutes.\n"


def test_partition_rows_match_the_local_run(seed_run):
    pages = [(p.name, p.read_bytes()) for p in sorted(CORPUS.iterdir())]
    half = len(pages) // 2
    rows = list(process_records(pages[:half])) + list(process_records(pages[half:]))
    documents = pd.DataFrame([r for r in rows if r["table"] == "documents"]).drop(columns="table")
    local = pd.read_csv(seed_run / "documents.csv", keep_default_na=False)
    assert documents["doc_id"].tolist() == local["doc_id"].tolist()
    assert documents["lang"].tolist() == local["lang"].tolist()
    assert documents["n_claims"].tolist() == local["n_claims"].tolist()
    n_claims = sum(r["table"] == "claims" for r in rows)
    assert n_claims == len(pd.read_csv(seed_run / "claims.csv"))


def test_rows_are_plain_picklable_dicts_and_bad_pages_are_rows():
    rows = list(process_records([("bad.txt", None), ("x.txt", b"\xff\xfe\x00")],
                                include_text=True))
    assert [r["doc_id"] for r in rows if r["table"] == "documents"] == ["bad.txt", "x.txt"]
    assert pickle.loads(pickle.dumps(rows)) == rows


def test_a_worker_that_cannot_see_the_corpus_says_so(tmp_path):
    ref = PageRef(str(tmp_path / "gone" / "a.txt"), "a.txt")
    with pytest.raises(CorpusNotVisible):
        process_chunk([ref], str(tmp_path / "gone"), Config())


def test_a_worker_reads_a_page_and_knows_an_unchanged_one(tmp_path):
    from extractor.pipeline import page_digest

    (tmp_path / "a.txt").write_text(CLAIM, encoding="utf-8")
    path = str(tmp_path / "a.txt")
    done, = process_chunk([PageRef(path, "a.txt")], str(tmp_path), Config())
    assert done.document.doc_id == "a.txt" and done.document.n_claims == 1
    same = PageRef(path, "a.txt", page_digest(CLAIM.encode()))
    changed = PageRef(path, "a.txt", page_digest(b"other bytes"))
    assert process_chunk([same], str(tmp_path), Config()) == ["reuse"]
    assert process_chunk([changed], str(tmp_path), Config())[0].document.n_claims == 1


def test_an_unreachable_scheduler_is_one_clear_error():
    engine = DaskEngine("tcp://127.0.0.1:1", connect_timeout=1)
    with pytest.raises(SchedulerUnreachable, match="cannot reach the Dask scheduler at "
                                                   "tcp://127.0.0.1:1"):
        next(engine(Config(corpus=CORPUS)))


# ---- on a real cluster: a scheduler and two worker processes -------------------------------

@pytest.fixture(scope="module")
def cluster():
    # a task that kills its worker is given up at once (not retried on the other worker);
    # random ports, no dashboard: nothing to clash with other runs on the machine
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        local = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                             scheduler_port=0, dashboard_address=":0",
                             scheduler_kwargs={"dashboard": False}, timeout=120)
    client = Client(local, set_as_default=False, timeout=120)
    client.wait_for_workers(2, timeout=120)
    yield local, client
    client.close()
    local.close()


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """The sample pages and 15 shortened copies (three tasks, so both workers work), and
    the output folder of a local run over them."""
    base = tmp_path_factory.mktemp("copies")
    corpus = base / "corpus"
    shutil.copytree(CORPUS, corpus)
    pages = sorted(CORPUS.iterdir())
    for i in range(15):
        lines = pages[i % len(pages)].read_bytes().splitlines(keepends=True)
        (corpus / f"copy_{i:03d}.txt").write_bytes(b"".join(lines[:8 + i]) + b"Copy %d.\n" % i)
    run(Config(corpus=corpus, out=base / "local"))
    return corpus, base / "local"


def same_tables(out: Path, local: Path) -> None:
    for name in TABLES:
        assert (out / name).read_bytes() == (local / name).read_bytes(), name
    assert sorted(p.name for p in (out / "clean").iterdir()) == \
        sorted(p.name for p in (local / "clean").iterdir())


def test_the_command_on_a_cluster_writes_the_tables_of_the_local_engine(tmp_path, cluster,
                                                                        copies):
    local_cluster, client = cluster
    corpus, local = copies
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "extractor", "run", corpus, "--out", out, "-q",
                           "--engine", "dask", "--scheduler", local_cluster.scheduler_address],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    same_tables(out, local)
    # the pages were processed on both workers, in tasks of a few pages
    def n_tasks_done(dask_worker) -> int:
        return sum(1 for entry in dask_worker.state.log if "process_chunk" in str(entry[0]))

    processed = client.run(n_tasks_done)
    assert len(processed) == 2 and all(n > 0 for n in processed.values()), processed


def test_pages_sent_as_bytes_give_the_same_tables(tmp_path, cluster, copies):
    local_cluster, _ = cluster
    corpus, local = copies
    run(Config(corpus=corpus, out=tmp_path / "out"),
        engine=DaskEngine(local_cluster.scheduler_address, send_pages=True))
    same_tables(tmp_path / "out", local)


def test_workers_that_cannot_see_the_corpus_are_sent_the_bytes(tmp_path, cluster, copies,
                                                               caplog):
    from distributed import WorkerPlugin

    local_cluster, client = cluster
    corpus, local = copies

    class ElsewhereCorpus(WorkerPlugin):  # workers whose file system lacks the corpus folder
        name = "elsewhere-corpus"

        def setup(self, worker):
            import extractor.distributed as worker_side
            self.original = worker_side.corpus_visible
            worker_side.corpus_visible = lambda corpus: False

        def teardown(self, worker):
            import extractor.distributed as worker_side
            worker_side.corpus_visible = self.original

    client.register_plugin(ElsewhereCorpus())
    try:
        run(Config(corpus=corpus, out=tmp_path / "out"),
            engine=DaskEngine(local_cluster.scheduler_address))
    finally:
        client.unregister_worker_plugin(ElsewhereCorpus.name)
    assert "cannot read the pages" in caplog.text
    same_tables(tmp_path / "out", local)


@pytest.mark.parametrize("send_pages", [False, True])
def test_resume_on_a_cluster_redoes_only_changed_pages(tmp_path, cluster, copies, caplog,
                                                       send_pages):
    local_cluster, _ = cluster
    corpus, _ = copies
    mine = tmp_path / "corpus"
    shutil.copytree(corpus, mine)
    out = tmp_path / "out"
    engine = DaskEngine(local_cluster.scheduler_address, send_pages=send_pages)
    run(Config(corpus=mine, out=out), engine=engine)
    (mine / "copy_007.txt").write_text(CLAIM, encoding="utf-8")
    caplog.set_level(logging.INFO, logger="extractor.distributed")
    run(Config(corpus=mine, out=out, resume=True), engine=engine)
    n_pages = len(list(mine.iterdir()))
    assert f"{n_pages - 1} pages reused from earlier runs" in caplog.text
    run(Config(corpus=mine, out=tmp_path / "fresh"))
    same_tables(out, tmp_path / "fresh")


def test_a_page_whose_task_fails_on_its_worker_gets_an_error_row(tmp_path, cluster, copies,
                                                                 caplog):
    local_cluster, client = cluster
    corpus, local = copies

    def break_page(doc_id):  # sent by value to each worker: a bug outside the stages
        import extractor.distributed as worker_side
        original = worker_side.process_page

        def broken(raw, config):
            if raw.doc_id == doc_id:
                raise RuntimeError("worker bug")
            return original(raw, config)
        worker_side.process_page = broken
        worker_side._unbroken = original

    def repair():
        import extractor.distributed as worker_side
        worker_side.process_page = worker_side._unbroken

    client.run(break_page, "copy_012.txt")
    try:
        run(Config(corpus=corpus, out=tmp_path / "out"),
            engine=DaskEngine(local_cluster.scheduler_address))
    finally:
        client.run(repair)
    docs = pd.read_csv(tmp_path / "out" / "documents.csv", keep_default_na=False)
    local_docs = pd.read_csv(local / "documents.csv", keep_default_na=False)
    bad = docs["doc_id"] == "copy_012.txt"
    assert docs.loc[bad, "status"].tolist() == ["error"]
    assert docs.loc[bad, "error"].tolist() == ["worker: RuntimeError: worker bug"]
    assert docs["doc_id"].tolist() == local_docs["doc_id"].tolist()
    assert docs[~bad].equals(local_docs[~bad])  # its task's other pages were redone alone
    claims = pd.read_csv(tmp_path / "out" / "claims.csv", keep_default_na=False)
    local_claims = pd.read_csv(local / "claims.csv", keep_default_na=False)
    assert claims["doc_id"].tolist() == \
        [d for d in local_claims["doc_id"] if d != "copy_012.txt"]


def test_a_page_that_kills_its_worker_gets_an_error_row(tmp_path, cluster):
    local_cluster, client = cluster
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("a.txt", "b.txt", "c.txt"):
        (corpus / name).write_text(CLAIM, encoding="utf-8")
    (corpus / "b.txt").write_text("crash " + CLAIM, encoding="utf-8")

    from distributed import WorkerPlugin

    class CrashOn(WorkerPlugin):  # installed on every worker, also those started anew
        """A page function that ends its worker process on pages starting with the
        marker, as a segfault or the kernel's OOM killer would."""
        name = "crash-on"

        def __init__(self, marker):
            self.marker = marker

        def setup(self, worker):
            import os

            import extractor.distributed as worker_side
            self.original = original = worker_side.process_page

            def crashing(raw, config):
                if raw.data.startswith(self.marker):
                    os._exit(1)
                return original(raw, config)
            worker_side.process_page = crashing

        def teardown(self, worker):
            import extractor.distributed as worker_side
            worker_side.process_page = self.original

    client.register_plugin(CrashOn(b"crash "))
    try:
        run(Config(corpus=corpus, out=tmp_path / "out"),
            engine=DaskEngine(local_cluster.scheduler_address))
    finally:
        client.unregister_worker_plugin(CrashOn.name)
        client.wait_for_workers(2, timeout=120)  # the nanny restarts the dead ones
    docs = pd.read_csv(tmp_path / "out" / "documents.csv", keep_default_na=False)
    assert docs["status"].tolist() == ["ok", "error", "ok"]
    assert docs.loc[1, "error"].startswith("worker: KilledWorker")
    assert docs["n_claims"].tolist() == [1, 0, 1]


def test_the_cluster_gets_only_a_bounded_window_of_pages_ahead(tmp_path, cluster, monkeypatch):
    import extractor.distributed as driver_side

    local_cluster, client = cluster
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for i in range(300):
        (corpus / f"{i:03d}.txt").write_text(f"Page {i}: it took {i} minutes.", encoding="utf-8")
    listed = []
    entries = driver_side.iter_entries

    def counted(*args, **kwargs):
        for entry in entries(*args, **kwargs):
            listed.append(entry)
            yield entry
    monkeypatch.setattr(driver_side, "iter_entries", counted)
    results = DaskEngine(local_cluster.scheduler_address)(Config(corpus=corpus))
    first = next(results)
    assert first.document.doc_id == "000.txt"
    n_threads = sum(client.nthreads().values())
    assert len(listed) <= (n_threads * TASKS_PER_WORKER + 1) * PAGES_PER_TASK
    rest = [r.document.doc_id for r in results]
    assert rest == [f"{i:03d}.txt" for i in range(1, 300)]


def test_an_interrupted_run_on_a_cluster_keeps_its_pages_and_resume_finishes_it(tmp_path,
                                                                                cluster):
    from test_badinput import journal_lines, previous_outputs, start_run, tables, \
        wait_for_pages

    local_cluster, _ = cluster
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    for i, page in enumerate(sorted(CORPUS.iterdir()) * 5):  # 30 pages: four tasks
        lines = page.read_bytes().splitlines(keepends=True)
        (corpus / f"short_{i:03d}.txt").write_bytes(b"".join(lines[:4 + i]) + b"Copy %d.\n" % i)
    run(Config(corpus=corpus, out=tmp_path / "local"))
    out = tmp_path / "out"
    previous = previous_outputs(tmp_path)
    on_cluster = ("--engine", "dask", "--scheduler", local_cluster.scheduler_address)
    proc = start_run(corpus, out, *on_cluster)
    wait_for_pages(proc, out, 1)
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=120)
    assert proc.returncode == 130, proc.stderr.read()
    assert tables(out) == previous  # the previous run's outputs, whole
    kept = journal_lines(out)
    assert kept >= 1
    done = subprocess.run([sys.executable, "-m", "extractor", "-v", "run", corpus, "--out", out,
                           "-q", "--resume", *on_cluster], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert tables(out) == tables(tmp_path / "local")
    reused = re.search(r"(\d+) pages reused", done.stderr)
    assert reused and int(reused.group(1)) >= kept


def test_a_crawl_beside_the_pages_is_read_here_and_its_pages_sent(tmp_path, cluster):
    from test_warc import write_warc

    local_cluster, _ = cluster
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    write_warc(corpus / "crawl.warc.gz")
    run(Config(corpus=corpus, out=tmp_path / "local"))
    run(Config(corpus=corpus, out=tmp_path / "out"),
        engine=DaskEngine(local_cluster.scheduler_address))
    same_tables(tmp_path / "out", tmp_path / "local")
    docs = pd.read_csv(tmp_path / "out" / "documents.csv", keep_default_na=False)
    assert docs["doc_id"].str.startswith("crawl.warc.gz").sum() >= 2


@pytest.mark.parametrize("one_file", ["crawl.warc.gz", "page.txt"])
def test_one_file_as_the_corpus_is_read_here_and_its_pages_sent(tmp_path, cluster, one_file):
    from test_warc import write_warc

    local_cluster, _ = cluster
    path = tmp_path / one_file
    if one_file.endswith(".warc.gz"):
        write_warc(path)
    else:
        shutil.copy(sorted(CORPUS.iterdir())[0], path)
    run(Config(corpus=path, out=tmp_path / "local"))
    done = subprocess.run([sys.executable, "-m", "extractor", "run", path, "--out",
                           tmp_path / "out", "-q", "--engine", "dask", "--scheduler",
                           local_cluster.scheduler_address],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    same_tables(tmp_path / "out", tmp_path / "local")
    docs = pd.read_csv(tmp_path / "out" / "documents.csv", keep_default_na=False)
    assert (docs["status"] == "ok").all() and docs["n_claims"].sum() > 0
