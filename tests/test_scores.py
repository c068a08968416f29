"""Benchmark scores (extractor.extract.numbers.scores): a number without unit given as a score of
a benchmark suite or of a dimensionless index is a claim with an empty unit, quantity
`unknown`, metric `other` and the suite as workload (CLAIMS.md)."""
from __future__ import annotations

import pytest

from extractor.clean import CleanedPage
from extractor.extract.claims import Claim, extract_claims
from extractor.extract.numbers.scores import score_names, score_of
from extractor.langid import tag_page


def claims_of(text: str) -> list[Claim]:
    return extract_claims(tag_page(CleanedPage("t.txt", text)))


def scores(text: str) -> list[tuple]:
    return [(c.value, c.unit, c.quantity, c.metric, c.system, c.workload) for c in claims_of(text)]


@pytest.mark.parametrize("text,want", [
    ("The Snapdragon X Elite scored 2,900 in Geekbench 6 single-core and 14,000 in multi-core.",
     [(2900, "", "unknown", "other", "Snapdragon X Elite", "Geekbench 6"),
      (14000, "", "unknown", "other", "Snapdragon X Elite", "Geekbench 6")]),
    ("骁龙8 Gen 3的安兔兔跑分超过200万分。",
     [(2e6, "", "unknown", "other", "Snapdragon 8 Gen 3", "AnTuTu")]),
    ("긱벤치6 멀티코어 점수는 1만4000점으로, 싱글코어 점수 2900점을 기록했다.",
     [(14000, "", "unknown", "other", "", "Geekbench 6"), (2900, "", "unknown", "other", "", "Geekbench 6")]),
])
def test_benchmark_scores_in_three_languages(text, want):
    got = scores(text)
    assert all(w in got for w in want), got


def test_an_index_score_takes_no_workload():
    # set2/zh_06: the export-control TPP is no benchmark
    got = scores("這意味大陸特供版的Gaudi 3的綜合運算性能(TPP)需要低於4800才能出口。")
    assert (4800, "", "unknown", "other", "Gaudi3", "") in got


@pytest.mark.parametrize("text,number", [
    ("Dimensity 9300在安兔兔V10中跑分为2,130,000分", "9300"),
    ("在安兔兔跑分中,天玑9300拿下了213万分的成绩。", "9300"),
    ("In Geekbench 6, the M4 posts a single-core score of 3,767.", "6"),
])
def test_numbers_of_names_are_no_scores(text, number):
    at = text.index(number)
    assert score_of(text, at, at + len(number), float(number)) is None


def test_a_version_after_a_suite_is_part_of_its_name():
    assert [n.workload for n in score_names("Cinebench R23 멀티코어와 安兔兔V10, Geekbench 6.")] == \
        ["Cinebench R23", "AnTuTu V10", "Geekbench 6"]


def test_numbers_with_units_in_a_benchmark_sentence_keep_their_unit():
    got = scores("On Geekbench 6 the Snapdragon X Elite at 23W scored 2,900.")
    assert (23, "W") in [(g[0], g[1]) for g in got] and (2900, "") in [(g[0], g[1]) for g in got]
