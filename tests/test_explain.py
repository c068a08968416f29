"""`extractor explain PAGE` (extractor.extract.explain): every number of a real page with
its decision, the claims the same as a run's, each drop named by a rule of the list."""
from __future__ import annotations

import subprocess
import sys

from conftest import CORPUS, ROOT

from extractor.config import Config
from extractor.extract.explain import explain_page, link_sources
from extractor.extract.not_claims.rules import BY_NAME, Rejection
from extractor.ingest import read_page
from extractor.pipeline import process_page

DEVSET = ROOT.parent / "shared" / "devset" / "corpus"
PAGE = DEVSET / "set1" / "en_01.txt"


def test_explain_a_real_page_gives_a_run_s_claims_and_a_rule_for_every_other_number():
    e = explain_page(PAGE)
    run = process_page(read_page(PAGE, PAGE.parent, Config().max_page_bytes), Config())
    assert [(c.start, c.end, c.system, c.link) for c in e.claims] == \
        [(c.start, c.end, c.system, c.link) for c in run.claims]
    dropped = [x for _, _, x in e.entries() if isinstance(x, Rejection)]
    assert dropped and all(r.rule in BY_NAME for r in dropped)
    # NVIDIA's page: GPT-3's 3 is part of a name, "four years" the period of a story
    by_surface = {(x.surface, x.rule) for x in dropped}
    assert ("3", "in_name_or_code") in by_surface and ("four years", "period") in by_surface


def test_explain_works_on_every_development_page_and_agrees_with_the_run(devset_run):
    # issue 23: every page of the development set explained, its claims those of the run
    import pandas as pd

    run = pd.read_csv(devset_run / "claims.csv", dtype=str, keep_default_na=False)
    by_doc = run.groupby("doc_id").size().to_dict()
    pages = sorted(p for p in DEVSET.rglob("*.txt"))
    assert len(pages) >= 100
    for page in pages:
        e = explain_page(page)
        assert e.format().splitlines()[0].startswith(page.name), page
        doc_id = page.relative_to(DEVSET).as_posix()
        assert len(e.claims) == by_doc.get(doc_id, 0), doc_id


def test_the_printout_names_rules_and_link_evidence():
    text = explain_page(PAGE).format()
    first, *lines = text.splitlines()
    assert first.startswith("en_01.txt  lang=en")
    claim = next(line for line in lines if "'$0.60'" in line)
    # the claim with its metric, unit and where system and workload came from (`link`)
    assert "CLAIM" in claim and "metric=price" in claim and "unit=USD" in claim
    assert "system=HGX H200 (from sentence, by sentence_system)" in claim and "link=system=sentence;workload=clause" in claim
    dropped = next(line for line in lines if "'four years'" in line)
    assert "DROPPED by period (claim)" in dropped
    assert "  period (claim): the time frame of a story" in text  # the legend of the rules used


def test_link_sources_reads_the_column_as_written():
    assert link_sources("system=clause;workload=page_topic") == {"system": "clause", "workload": "page_topic"}
    assert link_sources("system=table_column;evidence") == {"system": "table_column", "evidence": ""}


def test_explain_on_a_sample_page_from_the_command_line():
    page = sorted(CORPUS.glob("*.txt"))[0]
    proc = subprocess.run([sys.executable, "-m", "extractor", "explain", str(page)], cwd=ROOT,
                          capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stderr.decode()
    out = proc.stdout.decode("utf-8")
    assert out.startswith(page.name) and "CLAIM" in out and "DROPPED by" in out


def test_explain_a_missing_page_is_a_one_line_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "extractor", "explain", str(tmp_path / "nope.txt")],
                          cwd=ROOT, capture_output=True, timeout=300)
    err = proc.stderr.decode().strip()
    assert proc.returncode == 2 and "no such file" in err and len(err.splitlines()) == 1
