"""Sentence context: the page's context as it holds for one number of one sentence."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.context.context import PageContext
from extractor.extract.context.page_context import division_named
from extractor.extract.context.sentence_context import sentence_context


def test_sentence_context_overrides_the_division_and_round_it_names():
    page = PageContext("training", "v1.1", "", "2021-12-02")
    assert sentence_context("在開放分區的IPU-POD64上BERT訓練時間為8.25分鐘", page).division == "open"
    assert sentence_context("In the closed division of MLPerf v1.0, it took 34.5 minutes",
                            page).as_string() == \
        "suite=training;round=v1.0;division=closed;date=2021-12-02"
    # a sentence naming both divisions cannot be given one
    closed_page = PageContext("training", "v1.1", "closed")
    assert sentence_context("open and closed divisions: 5.78 minutes", closed_page).division == ""
    # a passing mention of an earlier round does not move the sentence there
    assert sentence_context("24% faster than our first MLPerf v1.0 submission", page).round == "v1.1"
    # the page context may be given as its string
    assert sentence_context("nothing here", page.as_string()) == page


def test_a_claim_offset_picks_the_division_and_round_named_before_it():
    page = PageContext("training", "v1.1")
    s = ("In MLPerf v1.0 the IPU-POD16 took 37.1 minutes, and in MLPerf v1.1 it took "
         "28.3 minutes in the closed division and 26.05 minutes in the open division")
    assert sentence_context(s, page, at=s.index("37.1")).round == "v1.0"
    at = s.index("28.3")
    assert (sentence_context(s, page, at=at).round,
            sentence_context(s, page, at=at).division) == ("v1.1", "closed")
    assert sentence_context(s, page, at=s.index("26.05")).division == "open"
    # without an offset a sentence naming both divisions has none
    assert sentence_context(s, page).division == ""
    assert sentence_context(s, page, at=10 ** 9).division == "open"


def test_the_words_of_both_divisions_do_not_name_one_of_them():
    s = ("對于BERT,Graphcore在開放和封閉類別分別提交了IPU-POD16、IPU-POD64和IPU-POD128的結果,"
         "在新的IPU-POD128上的訓練時間為5.78分鐘。")
    page = PageContext("training", "v1.1")
    assert sentence_context(s, page, at=s.index("5.78")).division == ""
    assert division_named(s) == ""


@pytest.mark.parametrize("sentence, number, expected", [
    ("It beat the 10.9 minutes it posted in June.", "10.9", "v3.0"),
    ("Its time of 45 minutes last round fell to 30.", "45", "v3.0"),
    ("It was 12% faster than last round.", "12", "v3.1"),   # a gain: still this round
    ("It trained in 4 minutes.", "4", "v3.1"),
])
def test_a_past_result_speaks_of_the_earlier_round(sentence, number, expected):
    page = PageContext("training", "v3.1")
    assert sentence_context(sentence, page, at=sentence.index(number)).round == expected


def test_full_width_text_keeps_its_offsets():
    s = "ＭＬＰｅｒｆ １．１ ｏｐｅｎ ｄｉｖｉｓｉｏｎ 5.78分, closed division 6.86分"
    assert sentence_context(s, None, at=s.index("6.86")).division == "closed"
    assert sentence_context(s, None, at=s.index("5.78")).division == "open"


# --- robustness ----------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.text())
def test_sentence_context_never_raises(text):
    assert isinstance(sentence_context(text, PageContext(round="v1.0")), PageContext)


@pytest.mark.parametrize("junk", ["", "\ud800\udfff MLPerf v1.1 \x00", "\x00" * 1000,
                                  "MLPerf " * 20000 + "v1.0", None, b"MLPerf v1.0"])
def test_junk_input(junk):
    assert isinstance(sentence_context(junk, None), PageContext)
