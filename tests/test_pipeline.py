"""The pipeline end to end: contract tables, streaming, and bad pages that lose nothing else."""
import csv
import json
import logging
import os

import pandas as pd
import pytest

from extractor.config import Config
from extractor.ingest import RawPage
from extractor.extract import extract_claims
from extractor.pipeline import CLAIM_COLUMNS, DOCUMENT_COLUMNS, process_page, run
from extractor.verdicts import GROUP_COLUMNS

from conftest import CORPUS

CONTRACT = {
    "documents.csv": DOCUMENT_COLUMNS,
    "claims.csv": ["doc_id", "lang", "sentence", "start", "end", "surface", "value", "unit",
                   "quantity", "value_norm", "metric", "system", "workload", "vendor",
                   "qualifier", "context", "confidence", "flags"],
    "consistency.csv": ["group_id", "system", "workload", "metric", "context", "n_docs", "langs",
                        "values", "verdict", "reference_value", "reference_verdict", "doc_ids"],
}


def header(path):
    with open(path, encoding="utf-8", newline="") as f:
        return next(csv.reader(f))


def test_run_writes_every_contract_file(seed_run):
    for name, columns in CONTRACT.items():
        assert header(seed_run / name)[: len(columns)] == columns, name
        assert (seed_run / name.replace(".csv", ".parquet")).is_file()
    assert header(seed_run / "consistency.csv")[: len(GROUP_COLUMNS)] == GROUP_COLUMNS
    docs = pd.read_csv(seed_run / "documents.csv", keep_default_na=False)
    assert sorted(docs["doc_id"]) == sorted(os.listdir(CORPUS))
    for doc_id in docs["doc_id"]:
        assert (seed_run / "clean" / f"{doc_id}.txt").is_file()
    report = (seed_run / "report.html").read_text(encoding="utf-8")
    # one script, the report's own (allowed by its CSP hash): nothing from a page runs
    assert report.startswith("<!DOCTYPE html>") and report.count("<script") == 1
    assert all(doc_id in report for doc_id in docs["doc_id"])
    assert "<mark>" in report  # claims are shown marked in their sentences
    assert 'href="clean/' in report


def test_claim_offsets_index_into_the_cleaned_text(seed_run):
    claims = pd.read_csv(seed_run / "claims.csv", keep_default_na=False)
    assert len(claims) > 0
    texts = {}
    for row in claims.itertuples():
        if row.doc_id not in texts:
            texts[row.doc_id] = (seed_run / "clean" / f"{row.doc_id}.txt").read_text(encoding="utf-8")
        text = texts[row.doc_id]
        assert text[row.start:row.end] == row.surface, (row.doc_id, row.surface)
        assert row.surface in row.sentence


def test_documents_count_their_claims(seed_run):
    docs = pd.read_csv(seed_run / "documents.csv", keep_default_na=False)
    claims = pd.read_csv(seed_run / "claims.csv", keep_default_na=False)
    counts = claims.groupby("doc_id").size()
    for row in docs.itertuples():
        assert row.n_claims == counts.get(row.doc_id, 0)
        assert row.status == "ok" and row.error == ""


BAD_PAGES = {
    "empty.txt": b"",
    "binary.html": bytes(range(256)) * 40,
    "nul.txt": b"\x00\x00MLPerf\x00 28.3 minutes\x00",
    "lone_surrogate.txt": "ResNet-50 in 28.3 minutes \udcff".encode("utf-8", "surrogatepass"),
    "deep_html.html": b"<div>" * 5000 + b"IPU-POD16 took 28.3 minutes" + b"</div>" * 5000,
}


def test_bad_pages_never_crash_the_run_or_lose_other_pages(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name, data in BAD_PAGES.items():
        (corpus / name).write_bytes(data)
    (corpus / "good.txt").write_text("The IPU-POD16 trained ResNet-50 in 28.3 minutes.\n",
                                     encoding="utf-8")
    os.symlink(corpus / "missing", corpus / "broken.txt")
    out = tmp_path / "out"
    summary = run(Config(corpus=corpus, out=out))
    docs = pd.read_csv(out / "documents.csv", keep_default_na=False).set_index("doc_id")
    assert summary.n_pages == len(BAD_PAGES) + 2
    assert set(docs.index) == set(BAD_PAGES) | {"good.txt", "broken.txt"}
    assert docs.loc["broken.txt", "status"] == "error"
    assert docs.loc["broken.txt", "error"].startswith("cannot read file")
    assert docs.loc["good.txt", "status"] == "ok"
    errors = docs[docs["status"] == "error"]
    assert (errors["error"] != "").all()
    claims = pd.read_csv(out / "claims.csv", keep_default_na=False)
    assert 28.3 in claims[claims["doc_id"] == "good.txt"]["value"].tolist()


def test_a_stage_failure_becomes_an_error_row(monkeypatch):
    # A bug in one stage must cost only that page: the failure is reported, with the stage.
    def broken_extractor(page, config):
        raise ValueError("unexpected sentence shape\nsecond line")

    monkeypatch.setattr("extractor.pipeline.extract_claims", broken_extractor)
    result = process_page(RawPage("x.txt", b"IPU-POD16 took 28.3 minutes."), Config())
    assert result.document.status == "error"
    assert result.document.error == "extract: ValueError: unexpected sentence shape"
    assert result.document.lang == "en"  # what the earlier stages found is kept
    assert result.claims == []


def test_empty_corpus_writes_header_only_tables(tmp_path):
    (tmp_path / "corpus").mkdir()
    run(Config(corpus=tmp_path / "corpus", out=tmp_path / "out"))
    assert header(tmp_path / "out" / "documents.csv") == DOCUMENT_COLUMNS
    assert header(tmp_path / "out" / "claims.csv")[:18] == CONTRACT["claims.csv"]
    assert pd.read_csv(tmp_path / "out" / "claims.csv").empty


def test_worker_processes_give_the_same_tables(tmp_path, seed_run):
    out = tmp_path / "parallel"
    run(Config(corpus=CORPUS, out=out, jobs=2))
    for name in ("documents.csv", "claims.csv", "consistency.csv"):
        assert (out / name).read_bytes() == (seed_run / name).read_bytes(), name


def test_claim_columns_come_from_the_claim_record():
    assert list(CLAIM_COLUMNS[:18]) == CONTRACT["claims.csv"]


def test_worker_pool_reads_only_a_bounded_window_ahead():
    from extractor.pipeline import PAGES_PER_TASK, TASKS_PER_WORKER, process_pages

    read = []

    def pages():
        for i in range(200):
            read.append(i)
            yield RawPage(f"{i:03d}.txt", f"Page {i}: it took {i} minutes.".encode())

    results = process_pages(pages(), Config(jobs=2))
    first = next(results)
    assert first.document.doc_id == "000.txt"
    assert len(read) <= (2 * TASKS_PER_WORKER + 1) * PAGES_PER_TASK
    rest = [r.document.doc_id for r in results]
    assert rest == [f"{i:03d}.txt" for i in range(1, 200)]


@pytest.mark.parametrize("jobs", [0, -2])
def test_fewer_than_one_worker_is_a_bug_of_the_caller(jobs):
    from extractor.pipeline import process_pages

    with pytest.raises(ValueError, match="Config.jobs must be a whole number of 1 or more"):
        next(process_pages(iter([RawPage("a.txt", b"x")]), Config(jobs=jobs)))


def test_the_time_budget_holds_in_a_worker_thread_and_ends_with_its_page():
    import threading
    import time

    slow = RawPage("slow.txt", ("IPU-POD16 took 28.3 minutes. " * 20_000).encode())
    fast = RawPage("fast.txt", b"The IPU-POD16 trained ResNet-50 in 28.3 minutes.")
    process_page(fast, Config())  # warm, so that the fast page is fast
    found = {}

    def worker():  # as a Dask worker runs pages: in a thread that signals cannot reach
        found["slow"] = process_page(slow, Config(page_time_budget=0.05))
        found["fast"] = process_page(fast, Config(page_time_budget=5))
        time.sleep(0.2)  # a budget that ended with its page must not fire later
        found["after"] = True

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join(timeout=60)
    assert "PageTimeout: over the time budget of 0.05 s" in found["slow"].document.error
    assert found["fast"].document.status == "ok" and found["fast"].document.n_claims == 1
    assert found["after"]


def test_documents_name_each_page_clean_file_after_the_contract_columns(seed_run):
    assert header(seed_run / "documents.csv")[13:] == ["clean_path", "title", "date", "url", "site"]
    docs = pd.read_csv(seed_run / "documents.csv", keep_default_na=False)
    for row in docs.itertuples():
        assert row.clean_path == f"clean/{row.doc_id}.txt"
        assert (seed_run / row.clean_path).is_file()


def test_binary_content_is_an_error_row_with_its_size():
    result = process_page(RawPage("scan.html", b"%PDF-1.4\n" + b"x" * 100), Config())
    assert (result.document.status, result.document.error) == ("error", "binary (PDF)")
    assert result.document.bytes == 109


def test_resume_reuses_finished_pages_and_gives_the_same_tables(tmp_path, seed_run, caplog):
    out = tmp_path / "out"
    run(Config(corpus=CORPUS, out=out))
    caplog.set_level("INFO", logger="extractor.pipeline")
    run(Config(corpus=CORPUS, out=out, resume=True))
    assert f"{len(os.listdir(CORPUS))} pages reused from earlier runs" in caplog.text
    for name in ("documents.csv", "claims.csv", "consistency.csv"):
        assert (out / name).read_bytes() == (seed_run / name).read_bytes(), name


def test_a_stage_bug_is_logged_with_its_traceback(monkeypatch, caplog):
    def broken_tagger(page, config):
        raise KeyError("lang")

    monkeypatch.setattr("extractor.pipeline.tag_page", broken_tagger)
    result = process_page(RawPage("x.txt", b"IPU-POD16 took 28.3 minutes."), Config())
    assert result.document.error == "langid: KeyError: 'lang'"
    assert any(r.exc_info and r.exc_info[0] is KeyError for r in caplog.records)


def test_warm_up_pages_run_clean_in_each_language_and_build_every_lexicon_set():
    """The pages `warm_up` runs before forking workers must keep working as the lexicons
    change (a page that fails would warm nothing and log an error on every run), and
    must build the grammar of every lexicon set a page or sentence can use."""
    from extractor import pipeline
    from extractor.extract.quantities.quantity_grammar import grammar

    langs = set()
    for text in pipeline._WARM_UP_PAGES:
        result = process_page(RawPage("warm-up", text.encode("utf-8")), Config())
        assert result.document.status == "ok", result.document.error
        assert result.claims, text
        langs.add(result.document.lang)
    assert langs == {"en", "ko", "zh-Hant", "zh-Hans"}
    grammar.cache_clear()
    pipeline.warm_up(Config())
    assert grammar.cache_info().currsize == 4  # en; en+ko; en+zh; und: en+ko+zh


def one_group_corpus(corpus, n_pages: int, depth: int) -> None:
    """`n_pages` pages saying the same thing, in a folder `depth` long names deep: the one
    claim group that spans them has a doc_ids cell of n_pages x (depth x 251) characters."""
    folder = corpus.joinpath(*[f"{i:02d}" + "n" * 248 for i in range(depth)])
    folder.mkdir(parents=True)
    for i in range(n_pages):
        (folder / f"p{i:04d}.txt").write_text(
            f"Page {i}. The IPU-POD16 trained ResNet-50 in 28.3 minutes.\n", encoding="utf-8")


def test_a_group_whose_doc_ids_cell_is_over_512_kb_writes_every_table(tmp_path):
    """Issue 25 item 2, the done-when case at a smaller size of the same shape (10,000
    pages: benchmarks/bench_one_group.py)."""
    one_group_corpus(tmp_path / "c", n_pages=150, depth=15)
    summary = run(Config(corpus=tmp_path / "c", out=tmp_path / "out", write_clean=False))
    assert summary.n_pages == 150 and summary.n_groups >= 1
    groups = pd.read_parquet(tmp_path / "out" / "consistency.parquet")
    assert groups["n_docs"].max() == 150
    assert groups["doc_ids"].str.len().max() > 2 * (1 << 18)
    for name in ("documents", "claims", "consistency"):
        assert (tmp_path / "out" / f"{name}.parquet").is_file()
    assert (tmp_path / "out" / "report.html").is_file()


def test_a_report_whose_chart_raises_still_leaves_every_table(tmp_path, monkeypatch, seed_run):
    """Issue 25 item 1: the report is a view of finished tables; a view that raises (here
    the chart, broken on purpose) costs no table: the tables are committed, report.html
    says what failed, run.json holds a run warning."""
    def broken_chart(*args):
        raise ValueError("math domain error")

    monkeypatch.setattr("extractor.report.time_to_train_charts", broken_chart)
    out = tmp_path / "out"
    summary = run(Config(corpus=CORPUS, out=out))
    for name in ("documents.csv", "claims.csv", "consistency.csv"):
        assert (out / name).read_bytes() == (seed_run / name).read_bytes(), name
        assert (out / name.replace(".csv", ".parquet")).is_file()
    assert summary.has_warnings
    report = (out / "report.html").read_text(encoding="utf-8")
    assert "could not be built" in report and "ValueError: math domain error" in report
    facts = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert facts["status"] == "finished with warnings"
    assert facts["warnings"][0]["stage"] == "report"
    assert "ValueError: math domain error" in facts["warnings"][0]["message"]
    assert not list(tmp_path.glob(".out.*"))  # no staging, no lock left beside it


def test_run_json_counts_what_was_read_skipped_and_failed(tmp_path, monkeypatch):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "good.txt").write_text("The IPU-POD16 trained ResNet-50 in 28.3 minutes.\n")
    (corpus / "paper.txt").write_bytes(b"%PDF-1.7\n" + bytes(200))
    (corpus / "elf").write_bytes(b"\x7fELF\x02\x01\x01" + bytes(200))
    (corpus / "big.txt").write_bytes(b"x" * 2000)
    os.symlink(corpus / "missing", corpus / "broken.txt")
    (corpus / "bad.txt").write_text("The bad page trained ResNet-50 in 9 minutes.\n")
    real_extract = extract_claims

    def extract_warning_or_bug(page, config):  # a stage that warns, and one that breaks
        if "bad page" in page.cleaned.text:
            raise ValueError("a bug")
        logging.getLogger("extractor.extract.claims").warning("odd sentence in %s", "x")
        return real_extract(page, config)

    monkeypatch.setattr("extractor.pipeline.extract_claims", extract_warning_or_bug)
    summary = run(Config(corpus=corpus, out=tmp_path / "out", max_page_bytes=1000))
    facts = json.loads((tmp_path / "out" / "run.json").read_text(encoding="utf-8"))
    assert facts["status"] == "finished" and not summary.has_warnings
    assert facts["pages"] == {"inputs": 6, "read": 1, "failed": 1,
                              "skipped": {"binary": 1, "pdf": 1, "too_large": 1,
                                          "unreadable": 1}}
    assert facts["report"] == "written"
    assert facts["warnings"] == [{"kind": "page", "stage": "claims",
                                  "logger": "extractor.extract.claims",
                                  "message": "odd sentence in x", "count": 1,
                                  "doc_ids": ["good.txt"]}]


@pytest.mark.parametrize("step,where", [("remove_pinyin", "step 'pinyin' failed"),
                                        ("measure_loss", "step 'loss' failed")])
def test_a_cleaning_step_that_fails_fails_the_page_and_says_which(monkeypatch, step, where):
    """Issue 25 item 8: a failing cleaning step was skipped unrecorded, and a failed loss
    measurement reported lossy_ratio 0.0; both looked like results."""
    def broken(*args):
        raise ValueError("a bug")

    monkeypatch.setattr(f"extractor.clean.{step}", broken)
    result = process_page(RawPage("x.txt", "在IPU-POD128上训练BERT的时间为5.78分钟。".encode()),
                          Config())
    assert result.document.status == "error"
    assert result.document.error == f"clean: CleaningStepError: {where}: ValueError: a bug"
    assert result.document.lossy_ratio == 0.0 and result.claims == []


def test_the_run_tells_its_total_and_each_step_after_the_pages(tmp_path):
    """Issue 25 item 10: the progress bar had no total (so no ETA) and was silent while
    the run grouped claims, wrote Parquet and built the report."""
    from extractor.pipeline import count_inputs

    config = Config(corpus=CORPUS, out=tmp_path / "out")
    steps = []
    summary = run(config, stage=steps.append)
    assert count_inputs(config) == summary.n_pages == len(os.listdir(CORPUS))
    assert [s.split()[0] for s in steps] == ["grouping", "writing", "building"]


def test_inputs_passed_over_without_a_row_are_counted_in_run_json(tmp_path):
    """The hook for the corpus walk: an input it passes over without a row (a .pdf, a
    .docx) is counted by `count_skipped` into the run in progress."""
    from extractor.pipeline import process_corpus
    from extractor.runsummary import count_skipped

    def engine(config, **kwargs):  # the local engine, with a walk that passes two files over
        count_skipped("pdf", "paper.pdf")
        count_skipped("not_a_page", "notes.docx")
        yield from process_corpus(config, **kwargs)

    summary = run(Config(corpus=CORPUS, out=tmp_path / "out"), engine=engine)
    skipped = json.loads((tmp_path / "out" / "run.json").read_text())["pages"]["skipped"]
    assert skipped == {"binary": 0, "pdf": 1, "too_large": 0, "unreadable": 0, "not_a_page": 1}
    assert summary.n_pages == len(os.listdir(CORPUS))
