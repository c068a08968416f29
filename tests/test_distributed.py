"""The engine-side entry point gives the same rows as a local run."""
import pickle

import pandas as pd

from extractor.distributed import process_records

from conftest import CORPUS


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


def test_a_run_on_dask_writes_the_same_tables(tmp_path, seed_run):
    from extractor.config import Config
    from extractor.distributed import iter_results_on_dask
    from extractor.pipeline import run

    config = Config(corpus=CORPUS, out=tmp_path / "dask_out", jobs=2)
    # two pages per partition: several partitions, computed two at a time in processes
    run(config, results=iter_results_on_dask(config, pages_per_partition=2,
                                             scheduler="processes"))
    for name in ("documents.csv", "claims.csv", "consistency.csv"):
        assert (tmp_path / "dask_out" / name).read_bytes() == (seed_run / name).read_bytes(), name
    assert sorted(p.name for p in (tmp_path / "dask_out" / "clean").iterdir()) == \
        sorted(p.name for p in (seed_run / "clean").iterdir())
