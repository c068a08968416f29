import os

import pytest

from extractor.corpus_walk import iter_page_paths
from extractor.ingest import binary_kind, iter_pages, read_page


def test_finds_pages_recursively_with_posix_doc_ids(tmp_path):
    (tmp_path / "zh" / "deep").mkdir(parents=True)
    (tmp_path / "a.txt").write_text("a")
    (tmp_path / "zh" / "deep" / "b.html").write_text("b")
    (tmp_path / "zh" / "page").write_text("no extension")
    (tmp_path / "notes.md").write_text("not a page")
    (tmp_path / "image.png").write_bytes(b"\x89PNG")
    (tmp_path / ".hidden.txt").write_text("hidden")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD").write_text("ref")
    ids = [p.doc_id for p in iter_pages(tmp_path)]
    assert ids == ["a.txt", "zh/deep/b.html", "zh/page"]


def test_pages_keep_their_bytes(tmp_path):
    data = "訓練時間為5.78分鐘".encode("big5")
    (tmp_path / "p.txt").write_bytes(data)
    (page,) = list(iter_pages(tmp_path))
    assert page.data == data and page.error == ""


def test_unreadable_page_gets_an_error_not_an_exception(tmp_path):
    os.symlink(tmp_path / "missing-target", tmp_path / "broken.txt")
    (tmp_path / "ok.txt").write_text("fine")
    pages = {p.doc_id: p for p in iter_pages(tmp_path)}
    assert pages["broken.txt"].error.startswith("cannot read file")
    assert pages["ok.txt"].data == b"fine"


def test_oversized_page_is_refused(tmp_path):
    (tmp_path / "big.txt").write_bytes(b"x" * 100)
    page = read_page(tmp_path / "big.txt", tmp_path, max_bytes=10)
    assert "too large" in page.error and page.data == b""


def test_walk_is_lazy(tmp_path):
    (tmp_path / "a.txt").write_text("a")
    paths = iter_page_paths(tmp_path)
    assert next(paths).name == "a.txt"


def test_only_regular_files_are_opened(tmp_path):
    os.mkfifo(tmp_path / "pipe.txt")  # opening it for reading would wait for a writer forever
    (tmp_path / "a.txt").write_text("a")
    pages = {p.doc_id: p for p in iter_pages(tmp_path)}
    assert pages["pipe.txt"].error == "not a regular file: a FIFO"
    assert pages["a.txt"].data == b"a"


def test_oversized_page_reports_its_size(tmp_path):
    (tmp_path / "big.txt").write_bytes(b"x" * 100)
    page = read_page(tmp_path / "big.txt", tmp_path, max_bytes=10)
    assert page.n_bytes == 100


def test_undecodable_name_bytes_are_escaped_in_the_doc_id(tmp_path):
    (tmp_path / os.fsdecode(b"\xb0\xa1.txt")).write_text("a")
    (page,) = iter_pages(tmp_path)
    assert page.doc_id == "\\xb0\\xa1.txt" and page.data == b"a"


def test_excluded_folder_is_not_read(tmp_path):
    (tmp_path / "out" / "clean").mkdir(parents=True)
    (tmp_path / "out" / "clean" / "a.txt.txt").write_text("cleaned")
    (tmp_path / "a.txt").write_text("a")
    assert [p.doc_id for p in iter_pages(tmp_path, exclude=[tmp_path / "out"])] == ["a.txt"]


def test_link_loops_end(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text("a")
    os.symlink(tmp_path, tmp_path / "sub" / "loop")
    assert [p.doc_id for p in iter_pages(tmp_path, follow_links=True)] == ["sub/a.txt"]


@pytest.mark.parametrize("data,kind", [
    (b"%PDF-1.7\n%\xe2\xe3", "PDF"), (b"\x89PNG\r\n\x1a\n\x00\x00", "PNG image"),
    (b"PK\x03\x04\x14\x00", "zip archive"), (b"\x1f\x8b\x08\x00", "gzip archive"),
    (bytes(range(1, 32)) * 20, "control bytes"), (b"<p>28.3 min</p>\x00" * 10, "NUL bytes"),
    ("訓練時間為5.78分鐘".encode("utf-16"), ""), ("학습 시간".encode("cp949"), ""),
    (b"caf\xe9 \x1b[0m 28.3", ""),
])
def test_binary_content_is_told_from_text(data, kind):
    assert binary_kind(data) == kind


# -- pages saved compressed (`page.html.gz`), as crawlers and the AEB benchmark save them

def _aeb_page(shared_dir):
    return sorted((shared_dir / "testdata" / "aeb" / "html").glob("*.html.gz"))[0]


def test_compressed_pages_are_read_decompressed(tmp_path, shared_dir):
    import bz2
    import gzip
    import lzma

    saved = _aeb_page(shared_dir)
    html = gzip.decompress(saved.read_bytes())
    (tmp_path / "a.html.gz").write_bytes(saved.read_bytes())
    (tmp_path / "b.htm.bz2").write_bytes(bz2.compress(html))
    (tmp_path / "c.TXT.XZ").write_bytes(lzma.compress(html))
    (tmp_path / "backup.tar.gz").write_bytes(gzip.compress(b"not a page"))
    (tmp_path / "x.gz").write_bytes(gzip.compress(b"no page suffix inside"))
    pages = list(iter_pages(tmp_path))
    assert [p.doc_id for p in pages] == ["a.html.gz", "b.htm.bz2", "c.TXT.XZ"]
    for page in pages:
        assert page.error == "" and page.data == html and page.n_bytes == len(html)


def test_a_damaged_compressed_page_gets_an_error_row_and_the_others_are_read(tmp_path):
    import gzip

    whole = gzip.compress("訓練時間為5.78分鐘".encode("utf-8") * 50)
    (tmp_path / "cut.html.gz").write_bytes(whole[: len(whole) // 2])
    (tmp_path / "junk.txt.gz").write_bytes(b"plain bytes, no gzip at all")
    (tmp_path / "ok.txt.gz").write_bytes(whole)
    pages = {p.doc_id: p for p in iter_pages(tmp_path)}
    assert pages["cut.html.gz"].error.startswith("cannot decompress (gzip): ")
    assert "end-of-stream" in pages["cut.html.gz"].error
    assert pages["junk.txt.gz"].error.startswith("cannot decompress (gzip): ")
    assert pages["cut.html.gz"].data == b"" and pages["cut.html.gz"].n_bytes == len(whole) // 2
    assert pages["ok.txt.gz"].data == gzip.decompress(whole)


def test_the_size_limit_holds_for_the_decompressed_bytes(tmp_path):
    import gzip

    (tmp_path / "bomb.txt.gz").write_bytes(gzip.compress(b"28.3 minutes " * 100_000))
    assert (tmp_path / "bomb.txt.gz").stat().st_size < 10_000
    page = read_page(tmp_path / "bomb.txt.gz", tmp_path, max_bytes=1_000_000)
    assert page.data == b"" and page.error.startswith("decompressed page too large: over 1000000")


def test_a_compressed_web_page_gives_the_rows_of_the_page_itself(tmp_path, shared_dir):
    import gzip

    from extractor.config import Config
    from extractor.pipeline import run
    from extractor.table_files import read_table

    saved = _aeb_page(shared_dir)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "page.html.gz").write_bytes(saved.read_bytes())
    (tmp_path / "in" / "page.html").write_bytes(gzip.decompress(saved.read_bytes()))
    run(Config(corpus=tmp_path / "in", out=tmp_path / "out"))
    docs = read_table(tmp_path / "out" / "documents.csv").set_index("doc_id")
    compressed, plain = docs.loc["page.html.gz"], docs.loc["page.html"]
    assert compressed["status"] == "ok" and compressed["title"]
    same = ["bytes", "encoding", "lang", "repairs", "title", "date", "n_sentences", "n_claims"]
    assert compressed[same].to_dict() == plain[same].to_dict()
    clean = tmp_path / "out" / "clean"
    assert (clean / "page.html.gz.txt").read_text() == (clean / "page.html.txt").read_text()
