"""Hostile inputs (issue 25, items 3, 4, 6, 9): each gets a row, a count or a one-line
error, never a traceback, a hang or a page read from outside the corpus."""
import contextlib
import gzip
import re
import socket
import threading

import pytest

from extractor.cli import main

from conftest import CORPUS, GOLDEN


def _one_line(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("content", ["name,score\nx,1\n", "", "\x00\x01\x02garbage\n\"unclosed"])
def test_score_given_a_wrong_csv_is_a_one_line_error(tmp_path, capsys, content):
    wrong = tmp_path / "wrong.csv"
    wrong.write_text(content)
    assert main(["score", str(GOLDEN / "seeds_claims.csv"), str(wrong)]) == 2
    assert "wrong.csv" in _one_line(capsys)
    assert main(["score", str(wrong), str(GOLDEN / "seeds_claims.csv")]) == 2
    assert "wrong.csv" in _one_line(capsys)


def test_score_given_a_claims_table_beside_a_wrong_documents_table(tmp_path, capsys):
    claims = tmp_path / "claims.csv"
    claims.write_bytes((GOLDEN / "seeds_claims.csv").read_bytes())
    (tmp_path / "documents.csv").write_text("doc,language\nx,en\n")
    assert main(["score", str(GOLDEN / "seeds_claims.csv"), str(claims)]) == 2
    assert "documents.csv" in _one_line(capsys)


def _page_with_a_tag_of(n_attributes: int, quoted_gt: bool = False) -> bytes:
    # the shape that took libxml2 299 s (300,000 attributes on one tag, 2 MB), small
    first = 'title=">" ' if quoted_gt else ""  # a `>` in a quoted value does not end the tag
    attributes = first + " ".join(f'data-a{i}="{i}"' for i in range(n_attributes))
    return ("<html><head><title>IPU</title></head><body>"
            "<p>Graphcore's IPU-POD16 trained ResNet-50 in 28.3 minutes.</p>"
            f"<div {attributes}>Graphcore</div>" + "<p>More of the story.</p>" * 12
            + "</body></html>").encode()


@pytest.mark.parametrize("quoted_gt", [False, True])
def test_a_tag_with_too_many_attributes_is_cut_before_any_parse(quoted_gt):
    """libxml2 is quadratic in a tag's attributes, in C that no budget or SIGTERM stops:
    the page is bounded before a parser sees it, and the cut is a recorded repair."""
    from extractor.clean import BoilerplateConfig
    from extractor.config import Config
    from extractor.ingest import RawPage
    from extractor.pipeline import process_page

    config = Config()
    config.clean.boilerplate = BoilerplateConfig(max_tag_attributes=50)  # real default 256
    result = process_page(RawPage("many.html", _page_with_a_tag_of(3000, quoted_gt)), config)
    assert result.document.status == "ok", result.document.error
    assert "excess_attributes" in result.document.repairs.split(";")
    assert "28.3 minutes" in result.clean_text


def test_bound_attributes_keeps_real_pages_as_they_are(shared_dir):
    from extractor.clean.parse_bound import bound_attributes
    from extractor.clean.tracking import RepairLog

    import gzip

    for path in sorted((shared_dir / "testdata" / "aeb" / "html").iterdir())[:60]:
        text = gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")
        assert bound_attributes(text, RepairLog()) is text


@contextlib.contextmanager
def _not_a_scheduler(answer: bytes | None):
    """A local port that accepts one connection and is silent (answer None), or sends
    `answer`; it stops by itself within seconds whatever happens."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(5)
    done = threading.Event()

    def serve():
        with server:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                if answer is not None:
                    conn.sendall(answer)
                done.wait(5)  # until the client gave up

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        done.set()
        thread.join(6)


@pytest.mark.parametrize("answer", [None, b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n",
                                    b"\xff" * 64], ids=["silent", "http", "junk"])
def test_a_scheduler_address_where_no_scheduler_answers_is_a_one_line_error(tmp_path, capsys,
                                                                            answer):
    pytest.importorskip("distributed")
    out = tmp_path / "out"
    with _not_a_scheduler(answer) as address:
        code = main(["run", str(CORPUS), "--out", str(out), "--engine", "dask",
                     "--scheduler", address, "--connect-timeout", "0.5"])
    err = _one_line(capsys)
    assert code == 2 and "scheduler" in err and address in err, err
    assert not out.exists() and not list(tmp_path.glob(".out*"))  # checked before the lock


@pytest.mark.parametrize("address", [":notaport", "bogus://x", "tcp://127.0.0.1:notaport"])
def test_a_scheduler_address_that_is_no_address_is_a_one_line_error(tmp_path, capsys, address):
    pytest.importorskip("distributed")
    out = tmp_path / "out"
    assert main(["run", str(CORPUS), "--out", str(out), "--engine", "dask",
                 "--scheduler", address]) == 2
    assert "not a Dask scheduler address" in _one_line(capsys)
    assert not out.exists()


def _swap_for_link(path, target):
    """Replace `path` (a file or a folder) by a symbolic link to `target`."""
    import shutil

    shutil.move(path, path.with_name(".moved-" + path.name))
    path.symlink_to(target, target_is_directory=target.is_dir())


@pytest.fixture
def outside(tmp_path):
    secret = tmp_path / "outside"
    secret.mkdir()
    (secret / "b.txt").write_text("SECRET shadow line")
    (secret / "c.txt").write_text("SECRET shadow line")
    return secret


def test_a_file_swapped_for_a_link_after_the_listing_is_not_read(tmp_path, outside):
    from extractor.ingest import iter_pages

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text("IPU-POD16 trained ResNet-50 in 28.3 minutes.")
    (corpus / "b.txt").write_text("an ordinary page")
    pages = iter_pages(corpus)
    assert next(pages).doc_id == "a.txt"  # the folder is listed: b.txt was a file
    _swap_for_link(corpus / "b.txt", outside / "b.txt")
    (page,) = list(pages)
    assert page.doc_id == "b.txt" and page.data == b"" and "link leaves the corpus" in page.error


def test_a_folder_swapped_for_a_link_after_the_listing_is_not_entered(tmp_path, outside):
    from extractor.ingest import iter_pages

    corpus = tmp_path / "corpus"
    (corpus / "sub").mkdir(parents=True)
    (corpus / "a.txt").write_text("IPU-POD16 trained ResNet-50 in 28.3 minutes.")
    (corpus / "sub" / "c.txt").write_text("an ordinary page")
    pages = iter_pages(corpus)
    assert next(pages).doc_id == "a.txt"  # the corpus folder is listed: sub was a folder
    _swap_for_link(corpus / "sub", outside)
    rest = list(pages)
    assert not any(b"SECRET" in p.data for p in rest)
    assert [(p.doc_id, "link leaves the corpus" in p.error) for p in rest] == [("sub", True)]


def test_a_crawl_swapped_for_a_link_after_the_listing_is_not_read(tmp_path, outside):
    from extractor.ingest import iter_pages

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text("IPU-POD16 trained ResNet-50 in 28.3 minutes.")
    (corpus / "b.warc").write_text("not yet")
    (outside / "b.warc").write_bytes(b"WARC/1.0\r\n")
    pages = iter_pages(corpus)
    next(pages)
    _swap_for_link(corpus / "b.warc", outside / "b.warc")
    (page,) = list(pages)
    assert page.doc_id == "b.warc" and "link leaves the corpus" in page.error


def test_a_name_of_latin1_bytes_and_the_name_spelling_its_escape_are_two_pages(tmp_path):
    import os

    from extractor.ingest import iter_pages, name_bytes

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    names = [b"caf\xe9.txt", b"caf\\xe9.txt"]  # Latin-1 bytes; a name literally `caf\xe9.txt`
    for i, name in enumerate(names):
        with open(os.path.join(os.fsencode(corpus), name), "wb") as f:
            f.write(f"page {i}".encode())
    pages = list(iter_pages(corpus))
    assert len({p.doc_id for p in pages}) == 2
    assert sorted(name_bytes(p.doc_id) for p in pages) == sorted(names)


# ---- crawls -------------------------------------------------------------------------------

def _crawl(tmp_path):
    from test_warc import write_warc

    plain = tmp_path / "plain.warc"
    write_warc(plain, gz=False)
    return plain.read_bytes()


def _with_first_page_record(data: bytes, change) -> bytes:
    """The crawl with the header of its first page record (its third record) changed."""
    starts = [m.start() for m in re.finditer(rb"WARC/1\.0\r\n", data)]
    record = data[starts[2]:starts[3]]
    return data[:starts[2]] + change(record) + data[starts[3]:]


def _pages(path, max_bytes=10**6):
    from extractor.warc import iter_warc_pages

    return list(iter_warc_pages(path, path.name, max_bytes))


def test_a_crawl_gzipped_whole_gives_all_its_pages(tmp_path):
    data = _crawl(tmp_path)
    whole = tmp_path / "whole.warc.gz"
    whole.write_bytes(gzip.compress(data))
    assert [(p.data, p.error) for p in _pages(whole)] == \
        [(p.data, p.error) for p in _pages(tmp_path / "plain.warc")]
    assert len(_pages(whole)) == 2


@pytest.mark.parametrize("gz", [False, True])
def test_a_record_whose_content_length_is_short_is_an_error_row_not_a_cut_page(tmp_path, gz):
    def shorten(record):
        n = int(re.search(rb"Content-Length: (\d+)", record).group(1))
        return record.replace(b"Content-Length: %d" % n, b"Content-Length: %d" % (n - 300), 1)
    data = _with_first_page_record(_crawl(tmp_path), shorten)
    short = tmp_path / ("short.warc.gz" if gz else "short.warc")
    short.write_bytes(gzip.compress(data) if gz else data)
    first, second = _pages(short)
    assert first.data == b"" and "Content-Length (" in first.error and "is shorter" in first.error
    assert second.error == "" and second.data  # the next page is read as it is


def test_a_record_over_the_page_size_limit_is_not_read_and_says_its_size(tmp_path):
    """Its header's Content-Length says it is too large: its bytes are never read into a
    page (a crawl's 8 GB record was read to its end), and the row says its size."""
    _crawl(tmp_path)
    first, second = _pages(tmp_path / "plain.warc", max_bytes=10)
    match = re.fullmatch(r"record too large: (\d+) bytes \(limit 10\)", first.error)
    assert match and first.data == b"" and first.size == int(match.group(1)) > 10, first.error
    assert second.error.startswith("record too large")


def test_a_response_without_its_target_uri_says_so(tmp_path):
    data = _with_first_page_record(_crawl(tmp_path),
                                   lambda r: re.sub(rb"WARC-Target-URI: [^\r]*\r\n", b"", r))
    broken = tmp_path / "nouri.warc"
    broken.write_bytes(data)
    (page,) = _pages(broken)
    assert page.error.startswith("damaged WARC file") and "WARC-Target-URI" in page.error


# ---- declared charsets ----------------------------------------------------------------------

ZH_HANT = ("在IPU-POD128上訓練ResNet-50的時間為5.67分鐘，比英偉達DGX A100快1.6倍。"
           "Graphcore表示，這是該公司第二次參加MLPerf訓練基準測試。")


@pytest.mark.parametrize("declared", ["Shift_JIS", "GB2312"])
@pytest.mark.parametrize("where", ["http", "meta"])
def test_big5_declared_as_another_cjk_codec_is_read_as_big5(declared, where):
    from extractor.clean import CleanConfig, clean_page
    from extractor.ingest import RawPage

    if where == "meta":
        raw = RawPage("a.html", (f'<html><head><meta charset="{declared}"></head><body><p>'
                                 + ZH_HANT + "</p></body></html>").encode("big5"))
    else:
        raw = RawPage("a.txt", ZH_HANT.encode("big5"), charset=declared)
    page = clean_page(raw, CleanConfig())
    assert page.encoding.startswith("big5") and "訓練ResNet-50的時間為5.67分鐘" in page.text


def test_a_declared_cjk_codec_that_fits_is_kept():
    from extractor.clean.encoding import decode_bytes

    text = "엔비디아 H100은 BERT를 5.78분 만에 학습했다."
    assert decode_bytes(text.encode("euc-kr"), "EUC-KR") == (text, "cp949")
    assert decode_bytes(ZH_HANT.encode("gb18030"), "GBK") == (ZH_HANT, "gb18030")


# ---- skipped inputs, counted by kind -----------------------------------------------------------

def test_inputs_that_are_no_pages_are_counted_by_kind(tmp_path, outside):
    """What run.json reports: the inputs skipped, by kind, also those without a row."""
    import json
    import os

    from extractor.config import Config
    from extractor.pipeline import run

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text("IPU-POD16 trained ResNet-50 in 28.3 minutes.")
    (corpus / "paper.txt").write_bytes(b"%PDF-1.7\n" + bytes(range(256)))
    (corpus / "paper.pdf").write_bytes(b"%PDF-1.7\n")  # no page by its name: no row
    (corpus / "logo.html").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64))
    (corpus / "notes.docx").write_bytes(b"PK\x03\x04")
    (corpus / "big.txt").write_text("x" * 2000)
    os.mkfifo(corpus / "pipe.txt")
    (corpus / "out.txt").symlink_to(outside / "b.txt")
    config = Config(corpus=corpus, out=tmp_path / "out", write_clean=False)
    config.max_page_bytes = 1000
    run(config)
    skipped = json.loads((tmp_path / "out" / "run.json").read_text())["pages"]["skipped"]
    assert {k: v for k, v in skipped.items() if v} == \
        {"binary": 1, "pdf": 2, "too_large": 1, "unreadable": 2, "other_file": 1}, skipped


def test_a_large_record_of_an_uncompressed_crawl_is_sought_past_not_read(tmp_path):
    import io

    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    from extractor.warc import iter_warc_pages

    crawl = tmp_path / "video.warc"
    with open(crawl, "wb") as f:
        w = WARCWriter(f, gzip=False)
        for uri, media, body in (("https://x.example/v.mp4", "video/mp4", bytes(8 << 20)),
                                 ("https://x.example/a", "text/html", b"<p>28.3 minutes</p>")):
            http = StatusAndHeaders("200 OK", [("Content-Type", media)], protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(uri, "response", payload=io.BytesIO(body),
                                                http_headers=http))

    class Counted(io.FileIO):
        n_read = 0

        def readinto(self, buffer):
            n = super().readinto(buffer)
            Counted.n_read += n or 0
            return n

    (page,) = iter_warc_pages(crawl, crawl.name, 10**6,
                              opener=lambda path: io.BufferedReader(Counted(path)))
    assert page.data == b"<p>28.3 minutes</p>" and not page.error
    assert Counted.n_read < (1 << 20)  # of a file of 8 MB
