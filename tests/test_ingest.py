import os

from extractor.ingest import iter_page_paths, iter_pages, read_page


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
