"""Regression pages: tests/golden/regression/, pages the team wrote itself.

These pages (ko, zh-Hans, zh-Hant, en; other vendors, workloads, sentence shapes, tables
and damage than the seed corpus) and their gold (claims.csv) were written and committed
before the extractor was first run on them, in four batches; see README.md there. The
extractor was then fixed on them, so they are regression pages, not held-out pages: they
say what must keep working, not how the extractor does on pages nobody tuned to (that is
the development set, tests/test_devset.py, and real users' pages). The floors below sit a
little under the figures measured when they were set.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pandas as pd
import pytest

from extractor.config import Config
from extractor.extract.claims import CLAIM_COLUMNS
from extractor.ingest import RawPage
from extractor.pipeline import process_page
from extractor.score import score_tables

REGRESSION = Path(__file__).parent / "golden" / "regression"
PAGES = sorted((REGRESSION / "pages").glob("*.txt"))

# language bucket of a page: the language part of its file name (en_..., b2_ko_...)
LANG_OF = {p.name: next((w for w in p.name.split("_") if w in ("en", "ko", "zh")), "und")
           for p in PAGES}

# (linked F1, precision) floors per language, a little under the figures measured when
# they were set (batches 1-4, 26 pages, 246 required claims): en 0.996/0.993,
# ko 0.992/1.000, zh 0.977/0.980, all 0.989/0.991. Each later batch was scored before the
# fixes it prompted: batch 2 at linked F1 0.831, batch 3 at 0.874, batch 4 at 0.935, so
# expect pages nobody has looked at to score well under these floors.
FLOORS = {
    "en": (0.97, 0.97),
    "ko": (0.96, 0.97),
    "zh": (0.95, 0.95),
    "all": (0.97, 0.97),
}


@lru_cache(maxsize=1)
def _claims() -> pd.DataFrame:
    config = Config()
    rows = []
    for path in PAGES:
        result = process_page(RawPage(path.name, path.read_bytes()), config)
        assert result.document.status == "ok", (path.name, result.document.error)
        rows += [c.as_dict() for c in result.claims]
    return pd.DataFrame(rows, columns=list(CLAIM_COLUMNS))


def _gold() -> pd.DataFrame:
    return pd.read_csv(REGRESSION / "claims.csv", dtype=str, keep_default_na=False)


def test_regression_gold_covers_every_page_and_only_those():
    gold = _gold()
    assert set(gold.doc_id) <= set(LANG_OF)
    assert set(LANG_OF) - set(gold.doc_id) == {p for p in LANG_OF if "no_claims" in p}
    assert set(gold.required) <= {"0", "1"}
    assert {"en", "ko", "zh"} <= set(LANG_OF.values())


@pytest.mark.parametrize("lang", sorted(FLOORS))
def test_regression_scores_stay_above_their_floors(lang):
    scores = score_tables(_gold(), _claims().astype(str), LANG_OF)
    score = scores[lang]
    f1_floor, precision_floor = FLOORS[lang]
    detail = "\n".join(map(str, scores["all"].misses + scores["all"].false_positives))
    assert score.required > 10
    assert score.f1(linked=True) >= f1_floor, detail
    assert score.precision >= precision_floor, detail


def test_pages_of_non_claims_give_no_claims():
    # versions, dates, URLs, file names, section numbers, ICP ids, phone numbers, model names
    claims = _claims()
    quiet = claims[claims.doc_id.str.contains("no_claims")]
    assert quiet.empty, quiet[["doc_id", "surface", "unit"]].to_string()
