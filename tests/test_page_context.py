"""Page context: MLPerf suite, round, division and date from a page's text."""
import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.context.context import PageContext
from extractor.extract.context.page_context import (ContextConfig, division_named, find_dates, page_context,
                                                    page_date, scope_at)
from extractor.extract.context.sentence_context import sentence_context

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


# --- rounds from the text ------------------------------------------------------------

@pytest.mark.parametrize("text, suite, rnd", [
    ("Graphcore在本輪MLPerf 1.1訓練中提供了最快的結果", "training", "v1.1"),
    ("We also provide results from our MLPerf Training v2.0 submission", "training", "v2.0"),
    ("For our very first submissions to MLPerf (Training version 1.0), we chose ResNet-50",
     "training", "v1.0"),
    ("MLPerf v1.0 Training Graphcore Results | MLPerf ID: 1.0-1025, 1.0-1026", "training", "v1.0"),
    ("MLPerf™ Inference v3.1 results are out", "inference", "v3.1"),
    ("MLCommons의 MLPerf 훈련 2.0 결과", "training", "v2.0"),
    ("MLPerf 트레이닝 v2.0 결과", "training", "v2.0"),
    ("MLPerf訓練第1.1輪測試", "training", "v1.1"),
    ("MLPerf HPC v1.0 shows", "hpc", "v1.0"),
    ("our MLPerf鈩 Training 1.0 submission", "training", "v1.0"),  # ™ read as GBK
    ("MLPerf™ 1.1 training results of Graphcore", "training", "v1.1"),
])
def test_round_named_in_the_text(text, suite, rnd):
    ctx = page_context(text)
    assert (ctx.suite, ctx.round) == (suite, rnd)


def test_versions_of_other_things_are_not_rounds():
    text = "MLPerf uses ResNet-50 version 1.5; we used SDK 1.4 and PyTorch 1.10 for training."
    assert page_context(text).round == ""
    # a time right after the name is no round; a round the calendar does not know yet
    # counts when a version word or the suite says so
    assert page_context("EfficientNet-B4 (not in MLPerf): 1.8 hours").round == ""
    assert page_context("MLPerf 10.6 minutes").round == ""
    assert page_context("MLPerf Training 5.1 results").round == "v5.1"
    assert page_context("MLPerf v6.0").round == "v6.0"


def test_this_round_outweighs_a_passing_mention_of_the_first_submission():
    text = ("Compared with our first submission in MLPerf v1.0, this round went well. "
            "In this round, MLPerf v1.1, the IPU-POD16 trained ResNet-50 in 28.3 minutes.")
    assert page_context(text).round == "v1.1"


def test_a_lossy_korean_page_keeps_its_ascii_round():
    text = "??? ?? MLPerf 1.1 ?? ????? ?????? BERT? ?? ?? 10.6?? ??????."
    assert scope_at(page_context(text), text.index("10.6")).round == "v1.1"


# --- dates and rounds from dates -----------------------------------------------------

@pytest.mark.parametrize("text, date", [
    ("作者: 時間:2021-12-02 來源:電子產品世界", "2021-12-02"),
    ("Jun 30, 2021\n\nRaising the bar", "2021-06-30"),
    ("May 06, 2021 \\ IPU-POD, Natural Language Processing", "2021-05-06"),
    ("發佈於2021年12月2日", "2021-12-02"),
    ("입력 2021년 12월 2일 오전 10:00", "2021-12-02"),
    ("기사입력 2021. 12. 2. 오전 10:00", "2021-12-02"),
    ("posted 2021-12-02T10:00:00Z", "2021-12-02"),
    ("version 2021.12.2.1 of the tool", ""),
    ("This page was last updated on Wednesday, June 29, 2022", "2022-06-29"),
    ("published 30 June 2021", "2021-06-30"),
    ("from December 2020 to June 2021", ""),  # no day: not a page date
    ("2021-02-30 is not a day", ""),
])
def test_page_date(text, date):
    assert page_date(text) == date


def test_a_cued_date_beats_an_earlier_uncued_one():
    text = "Results of May 06, 2021 revisited. Last updated: 2022-07-01"
    assert page_date(text) == "2022-07-01"
    assert [d for _, d, _ in find_dates(text)] == ["2021-05-06", "2022-07-01"]


def test_a_dated_mlperf_page_without_a_round_takes_it_from_its_date():
    ctx = page_context("Dec 2, 2021 - Graphcore's latest MLPerf training results are out")
    assert (ctx.round, ctx.date, ctx.suite) == ("v1.1", "2021-12-02", "training")


def test_a_named_round_beats_the_date():
    # a page written after v2.0 came out, about the v1.1 results
    ctx = page_context("July 5, 2022. Looking back at MLPerf Training v1.1 results")
    assert ctx.round == "v1.1"


def test_a_dated_page_that_never_mentions_mlperf_has_no_round():
    ctx = page_context("May 06, 2021 - training BERT-Large on IPUs")
    assert (ctx.round, ctx.date) == ("", "2021-05-06")
    assert page_context("May 06, 2021 - BERT", ContextConfig(require_benchmark_mention=False)
                        ).round == "v0.7"


# --- divisions -----------------------------------------------------------------------

@pytest.mark.parametrize("text, division", [
    ("we also submitted in the open division", "open"),
    ("The Closed division requires submitters to use the same model", "closed"),
    ("通過在開放分區展示BERT訓練的結果", "open"),
    ("在封闭分区中", "closed"),
    ("오픈 부문에서 BERT 학습 시간은", "open"),
    ("클로즈드 부문 결과", "closed"),
    ("we have chosen to submit in both the Open and Closed results divisions", ""),
    ("MLPerf has two divisions: open division and closed division", ""),
    ("open source software", ""),
])
def test_division_named(text, division):
    assert division_named(text) == division


# --- the seed pages ------------------------------------------------------------------

SEED_CONTEXTS = {
    # names "MLPerf 1.1" only in its last paragraph: that paragraph's round, not the page's
    "000_90d61f06037f0987.txt": ("", "", ""),
    "002_d58ce1fce8ceb7e9.txt": ("training", "v1.0", "2021-06-30"),
    "004_326eddb6f9dd4344.txt": ("training", "v2.0", "2022-06-29"),
}


@pytest.mark.parametrize("doc_id", sorted(SEED_CONTEXTS))
def test_seed_page_contexts(doc_id):
    path = CORPUS / doc_id
    if not path.is_file():
        pytest.skip("seed corpus absent")
    ctx = page_context(path.read_text(encoding="utf-8", errors="replace"))
    assert (ctx.suite, ctx.round, ctx.date) == SEED_CONTEXTS[doc_id]
    assert ctx.division == ""  # every seed page names both divisions or none


def test_seed_page_with_pinyin_annotations_once_cleaned():
    path = CORPUS / "001_18539dd1a7cf14d9.txt"
    if not path.is_file():
        pytest.skip("seed corpus absent")
    from extractor.clean import CleanConfig, clean_page
    from extractor.ingest import RawPage

    text = clean_page(RawPage(path.name, path.read_bytes()), CleanConfig()).text
    ctx = page_context(text)
    assert (ctx.round, ctx.date) == ("v1.1", "2021-12-02")


# --- robustness ----------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.text())
def test_page_context_never_raises(text):
    assert isinstance(page_context(text), PageContext)


@pytest.mark.parametrize("junk", ["", "\ud800\udfff MLPerf v1.1 \x00", "\x00" * 1000,
                                  "MLPerf " * 20000 + "v1.0", None, b"MLPerf v1.0"])
def test_junk_input(junk):
    assert isinstance(page_context(junk), PageContext)


@settings(deadline=None)  # first examples compile lexicon patterns
@given(st.dates(min_value=datetime.date(1990, 1, 1),
                max_value=datetime.date(2099, 12, 31)))
def test_every_written_form_of_a_date_is_read(d):
    months = ["January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December"]
    iso = d.isoformat()
    forms = [iso, f"{d.year}年{d.month}月{d.day}日", f"{d.year}년 {d.month}월 {d.day}일",
             f"{months[d.month - 1]} {d.day}, {d.year}", f"{d.day} {months[d.month - 1][:3]} {d.year}"]
    for form in forms:
        assert page_date(f"Posted: {form} by the editor") == iso, form


def test_a_round_written_in_full_width_is_read():
    s = "ＭＬＰｅｒｆ １．１ ｏｐｅｎ ｄｉｖｉｓｉｏｎ 5.78分, closed division 6.86分"
    assert page_context(s).round == "v1.1"


# --- scopes and the lead -------------------------------------------------------------

def test_a_heading_governs_its_section_and_a_paragraph_its_table():
    lead = "A long introduction about accelerators and their many uses in practice. " * 7
    text = (f"{lead}\n\nMLPerf Training v2.0 Results\n\nBERT took 5 min.\n\nResNet took 6 min."
            f"\n\nOther news\n\nSomething took 9 min.\n\nIn MLPerf Training v3.0 we did this:"
            f"\n| RetinaNet | 1.51 |\n| BERT | 0.13 |\n\nAfter the table, 7 min.")
    page = page_context(text)
    assert page.round == ""
    rounds = {w: scope_at(page, text.index(w)).round
              for w in ("5 min", "6 min", "9 min", "1.51", "0.13", "7 min")}
    assert rounds == {"5 min": "v2.0", "6 min": "v2.0", "9 min": "", "1.51": "v3.0",
                      "0.13": "v3.0", "7 min": ""}


def test_a_round_in_the_lead_holds_for_the_page():
    text = ("Google concluded the MLPerf v1.1 Training round with two submissions.\n\n"
            + "Filler sentence about the market. " * 20 + "\n\nIt trained in 55 hours.")
    page = page_context(text)
    assert page.round == "v1.1"
    assert sentence_context("It trained in 55 hours.", page, at=14,
                            offset=text.index("It trained")).round == "v1.1"
