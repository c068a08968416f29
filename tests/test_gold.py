"""The sample corpus against its hand-annotated gold (tests/golden/, a copy of
../shared/gold/): page languages, loss, and claims scored by the rules of CLAIMS.md."""
import json
import re

import pandas as pd
import pytest

from extractor.score import score_files

from conftest import GOLDEN

CLEANING_GOLD = json.loads((GOLDEN / "seeds_cleaning.json").read_text(encoding="utf-8")) \
    if (GOLDEN / "seeds_cleaning.json").is_file() else {}


@pytest.fixture(scope="module")
def documents(seed_run):
    return pd.read_csv(seed_run / "documents.csv", keep_default_na=False).set_index("doc_id")


@pytest.fixture(scope="module")
def claims(seed_run):
    return pd.read_csv(seed_run / "claims.csv", keep_default_na=False)


@pytest.mark.parametrize("doc_id", sorted(CLEANING_GOLD))
def test_page_language_and_loss(documents, doc_id):
    gold = CLEANING_GOLD[doc_id]
    row = documents.loc[doc_id]
    assert row["status"] == "ok"
    assert row["lang"] in gold["lang"]
    assert str(row["lossy"]).lower() == str(gold["lossy"]).lower()
    if row["lang"].startswith("zh"):
        assert row["zh_variant"] == row["lang"].split("-")[1]


def test_seed_languages_as_issue_2_states(documents):
    assert documents.loc["000_90d61f06037f0987.txt", "lang"] in ("und", "ko")
    assert documents.loc["000_90d61f06037f0987.txt", "lossy"]
    assert documents.loc["001_18539dd1a7cf14d9.txt", "zh_variant"] == "Hant"
    assert documents.loc["002_d58ce1fce8ceb7e9.txt", "lang"] == "en"
    assert documents.loc["003_2359839294ef8254.txt", "lang"] == "ko"
    assert documents.loc["004_326eddb6f9dd4344.txt", "lang"] == "en"


def test_linked_f1_on_the_seed_gold(seed_run):
    scores = score_files(GOLDEN / "seeds_claims.csv", seed_run / "claims.csv")
    # issue 2 asked for 0.80 overall; issue 5 for 0.95 with precision 0.95 per language
    for bucket, score in scores.items():
        assert score.f1(linked=True) >= 0.95, (bucket, score.as_dict())
        assert score.precision >= 0.95, (bucket, score.as_dict())
    assert scores["all"].recall(linked=True) == 1.0, scores["all"].misses


def test_strict_f1_on_the_seed_gold(seed_run, shared_dir):
    # issue 23: the rows an analyst reads whole (value, unit, system, workload, metric),
    # on the analysts' current gold (tests/golden keeps the older copy without the systems
    # they added since)
    scores = score_files(shared_dir / "gold" / "seeds_claims.csv", seed_run / "claims.csv")
    assert scores["all"].strict_f1 >= 0.95, scores["all"].as_dict()


def test_a_page_of_versions_ids_and_dates_yields_no_claim(claims):
    assert claims[claims["doc_id"] == "004_326eddb6f9dd4344.txt"].empty


# What a claim's surrounding token must not look like (CLAIMS.md "Not claims").
NOT_A_CLAIM = [
    (r"^https?://|www\.|\.(png|jpe?g|gif|html?|js)$", "URL or file name"),
    (r"^\d{4}-\d{2}-\d{2}$", "date"),
    (r"^\d\.\d-\d{4}$", "MLPerf ID"),
    (r"^v\d", "version"),
]


def _token_around(text, start, end):
    """The white-space-delimited token holding text[start:end]."""
    left = max(text.rfind(c, 0, start) for c in " \t\n") + 1
    right = min([i for i in (text.find(c, end) for c in " \t\n") if i >= 0] or [len(text)])
    return text[left:right].strip(",.;:()[]\"'")


def test_no_name_digit_version_id_date_url_or_file_name_is_a_claim(seed_run, claims):
    for row in claims.itertuples():
        text = (seed_run / "clean" / f"{row.doc_id}.txt").read_text(encoding="utf-8")
        token = _token_around(text, row.start, row.end)
        for pattern, what in NOT_A_CLAIM:
            assert not re.search(pattern, token), (what, row.doc_id, token)
        before = text[max(0, row.start - 1):row.start]
        # digits glued to a name (ResNet-50, A100, IPU-POD16, GPT-3) are part of the name;
        # a size with its own unit after a name ("A100-80GB") is a claim of its own
        assert not re.match(r"[A-Za-z]", before), (row.doc_id, text[max(0, row.start - 12):row.end])
        assert before != "-" or row.unit not in ("", "count"), \
            (row.doc_id, text[max(0, row.start - 12):row.end])
        assert not re.search(r"(?i)(?:mlperf|sdk|version|v)\s*$", text[max(0, row.start - 9):row.start]), \
            (row.doc_id, text[max(0, row.start - 12):row.end])
