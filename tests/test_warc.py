"""Crawls (extractor.warc): WARC files written here with warcio, read back as pages."""
from __future__ import annotations

import gzip
import io
import logging
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from warcio.archiveiterator import ArchiveIterator
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from extractor.config import Config
from extractor.ingest import iter_pages
from extractor.outputs import read_table
from extractor.pipeline import run
from extractor.warc import iter_warc_pages

from conftest import ROOT

EN = ("<!DOCTYPE html><html><head><title>IPU-POD16 trains ResNet-50</title>"
      "<meta property='article:published_time' content='2021-12-02T09:00:00Z'></head><body>"
      "<nav><a href='/'>Home</a> <a href='/ai'>AI</a></nav><article><h1>IPU-POD16 trains ResNet-50</h1>"
      "<p>Graphcore\u2019s IPU-POD16 trained ResNet-50 in 28.3 minutes in MLPerf Training, "
      "the company said on Thursday.</p><p>The IPU-POD64 trained BERT in 8.5 minutes, about "
      "20% faster than in the previous round, it said.</p></article></body></html>")
KO = "엔비디아 H100은 BERT를 5.78분 만에 학습했다."


def write_warc(path, gz: bool = True) -> None:
    """A crawl as a crawler writes one: warcinfo, a request, pages and other responses."""
    with open(path, "wb") as f:
        w = WARCWriter(f, gzip=gz)
        w.write_record(w.create_warcinfo_record(path.name, {"software": "test"}))

        def response(uri, status, headers, body):
            http = StatusAndHeaders(status, headers, protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(uri, "response", payload=io.BytesIO(body),
                                                http_headers=http))
        w.write_record(w.create_warc_record("https://news.example.com/a", "request",
                                            payload=io.BytesIO(b"GET /a HTTP/1.1\r\n\r\n")))
        # a cp1252 page whose charset only its HTTP header declares
        response("https://news.example.com/a", "200 OK",
                 [("Content-Type", "text/html; charset=windows-1252")], EN.encode("cp1252"))
        response("https://news.example.com/gone", "404 Not Found",
                 [("Content-Type", "text/html")], b"<html><body>Not found</body></html>")
        response("https://news.example.com/logo.png", "200 OK", [("Content-Type", "image/png")],
                 b"\x89PNG\r\n\x1a\n" + bytes(64))
        # an EUC-KR text page sent gzip-compressed
        response("https://ko.example.com/b", "200 OK",
                 [("Content-Type", "text/plain; charset=euc-kr"), ("Content-Encoding", "gzip")],
                 gzip.compress(KO.encode("euc-kr")))


@pytest.mark.parametrize("gz", [True, False])
def test_html_and_text_responses_are_pages_and_the_rest_is_counted(tmp_path, caplog, gz):
    path = tmp_path / ("crawl.warc.gz" if gz else "crawl.warc")
    write_warc(path, gz)
    with caplog.at_level(logging.INFO, logger="extractor.warc"):
        pages = list(iter_pages(tmp_path))
    assert [p.error for p in pages] == ["", ""]
    assert all(p.doc_id.startswith(f"{path.name}#urn:uuid:") for p in pages)
    assert [p.url for p in pages] == ["https://news.example.com/a", "https://ko.example.com/b"]
    assert pages[0].data == EN.encode("cp1252") and pages[0].charset == "windows-1252"
    assert pages[1].data == KO.encode("euc-kr")  # the content encoding undone
    assert "2 pages; 4 other records skipped" in caplog.text
    assert "HTTP status 404: 1" in caplog.text and "content type image/png: 1" in caplog.text


def test_a_crawl_given_as_the_corpus_writes_its_tables_and_resumes(tmp_path):
    crawl = tmp_path / "crawl.warc.gz"
    write_warc(crawl)
    out = tmp_path / "out"
    summary = run(Config(corpus=crawl, out=out))
    assert (summary.n_pages, summary.n_errors) == (2, 0)
    docs = read_table(out / "documents.csv").set_index("url")
    en, ko = docs.loc["https://news.example.com/a"], docs.loc["https://ko.example.com/b"]
    assert (en["encoding"], en["lossy"], en["site"], en["date"]) == ("cp1252", False, "news.example.com", "2021-12-02")
    assert en["title"] == "IPU-POD16 trains ResNet-50"
    assert (ko["encoding"], ko["lang"]) == ("cp949", "ko")
    text = (out / en["clean_path"]).read_text("utf-8")
    assert "Graphcore\u2019s IPU-POD16 trained ResNet-50 in 28.3 minutes" in text and "Home" not in text
    claims = read_table(out / "claims.csv")
    minutes = claims[claims["surface"].str.startswith("28.3")].iloc[0]
    assert "date=2021-12-02" in minutes["context"]  # the page's date from its metadata
    assert set(claims["doc_id"]) == set(docs["doc_id"])
    # --resume: records are keyed by doc_id and bytes like files
    before = read_table(out / "documents.csv")
    import extractor.pipeline as pipeline
    calls = []
    original = pipeline.process_page
    pipeline.process_page = lambda raw, config: calls.append(raw.doc_id) or original(raw, config)
    try:
        run(Config(corpus=crawl, out=out, resume=True))
    finally:
        pipeline.process_page = original
    assert calls == []
    assert read_table(out / "documents.csv").equals(before)


@pytest.mark.parametrize("gz", [True, False])
def test_a_truncated_crawl_gives_an_error_row_and_keeps_the_pages_before(tmp_path, gz):
    whole = tmp_path / "whole.warc"
    write_warc(whole, gz)
    data = whole.read_bytes()
    first = list(iter_warc_pages(whole, "w", 10**6))[0]
    with open(whole, "rb") as f:  # where the records after the first page start
        records = ArchiveIterator(f)
        starts = [records.get_record_offset() for _ in records]
    # inside the 404 record's header, inside its body, inside the last record
    for cut in (starts[3] + 30, (starts[3] + starts[4]) // 2, len(data) - 40):
        broken = tmp_path / ("cut.warc.gz" if gz else "cut.warc")
        broken.write_bytes(data[:cut])
        pages = list(iter_warc_pages(broken, broken.name, 10**6))
        assert pages[0].data == first.data and not pages[0].error
        assert pages[-1].doc_id == broken.name
        assert pages[-1].error.startswith("damaged WARC file: unreadable after"), pages[-1].error


def test_a_file_that_is_no_warc_gets_one_error_row_and_the_run_goes_on(tmp_path):
    (tmp_path / "notes.warc").write_bytes(b"WARC/1.0\r\nthis is not a record\r\n\r\n")
    (tmp_path / "junk.warc.gz").write_bytes(b"\x1f\x8b\x08\x00garbage")
    (tmp_path / "a.txt").write_text("The IPU-POD16 trained ResNet-50 in 28.3 minutes.\n")
    out = tmp_path / "out"
    run(Config(corpus=tmp_path, out=out))
    docs = read_table(out / "documents.csv").set_index("doc_id")
    assert docs.loc["a.txt", "status"] == "ok"
    for name in ("notes.warc", "junk.warc.gz"):
        assert docs.loc[name, "status"] == "error"
        assert docs.loc[name, "error"].startswith("damaged WARC file"), docs.loc[name, "error"]


def test_one_page_file_is_a_corpus(tmp_path):
    page = tmp_path / "news" / "a.html"
    page.parent.mkdir()
    page.write_text(EN, encoding="utf-8")
    (tmp_path / "news" / "other.txt").write_text("not read")
    out = tmp_path / "out"
    run(Config(corpus=page, out=out))
    docs = read_table(out / "documents.csv")
    assert list(docs["doc_id"]) == ["a.html"] and docs.loc[0, "title"] == "IPU-POD16 trains ResNet-50"


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_crawl_cut_anywhere_keeps_a_prefix_of_its_pages_and_never_raises(tmp_path, data):
    gz = data.draw(st.booleans())
    whole = tmp_path / f"whole-{gz}.warc"
    if not whole.exists():
        write_warc(whole, gz)
    full = whole.read_bytes()
    pages = [(p.doc_id.split("#", 1)[1], p.data, p.url) for p in iter_warc_pages(whole, "w", 10**6)]
    cut = data.draw(st.integers(0, len(full) - 1))
    broken = tmp_path / "cut.warc"
    broken.write_bytes(full[:cut])
    got = list(iter_warc_pages(broken, "cut.warc", 10**6))
    ok = [(p.doc_id.split("#", 1)[1], p.data, p.url) for p in got if not p.error]
    errors = [p for p in got if p.error]
    assert ok == pages[:len(ok)]  # whole pages, in order, with their own bytes
    assert len(errors) <= 1 and (not errors or got[-1] is errors[0])
    # a cut between two records leaves a valid, shorter crawl; a cut inside one (past its
    # first bytes, before its trailer and gzip footer) is said
    with open(whole, "rb") as f:
        records = ArchiveIterator(f)
        starts = [records.get_record_offset() for _ in records] + [len(full)]
    if any(start + 10 < cut < end - 32 for start, end in zip(starts, starts[1:])):
        assert errors and errors[0].doc_id == "cut.warc", cut


def test_extractor_run_on_a_crawl_writes_the_tables(tmp_path):
    crawl = tmp_path / "crawl.warc.gz"
    write_warc(crawl)
    out = tmp_path / "OUT"
    done = subprocess.run([sys.executable, "-m", "extractor", "run", str(crawl), "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "2 pages (0 failed)" in done.stderr
    for table in ("documents", "claims", "consistency"):
        assert (out / f"{table}.csv").is_file() and (out / f"{table}.parquet").is_file()
    assert len(read_table(out / "claims.csv")) >= 3
