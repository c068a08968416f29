"""Script counts (`langid/scripts.py`): the patterns written for speed against the
rules written plainly."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.langid import scripts

_UPPER = "A-Z\u00c0-\u00d6\u00d8-\u00de"
_LOWER = "a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u024f\u1e00-\u1eff"
# a word of running text, the look-behind first (as it was written before)
word_rule = re.compile(f"(?<![\\w\\\\./@#=&%~])[{_UPPER}]?[{_LOWER}]+(?:['\u2019][{_LOWER}]+)?"
                       f"(?![\\w]|[./@#=&%~_][\\w])")

_CHARS = st.sampled_from(list("aZéÉßÿĀɏḀỿÀÞ'’./@#=&%~_\\ -1\n")
                         + ["IPU", "MLPerf", "Training", "mlperf.org", "id=1", "won't", "학습", "訓練", "ひら", "カ"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_CHARS | st.text(max_size=3), max_size=30))
def test_word_pattern_finds_the_words_of_the_plain_rule(pieces):
    text = "".join(pieces)
    _, word, _ = scripts._patterns()
    assert word.findall(text) == word_rule.findall(text)


def _major_by_rule(text: str) -> list[tuple[str, int]]:
    table = scripts.script_table()
    counts = [(name, sum(map(len, table[name].pattern.findall(text)))) for name in ("hangul", "han", "kana")]
    return [(name, n) for name, n in counts if n]


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("가힣ᄀㄱ一龥㐀豈𠀀々〆ぁゖァヺㇰｦﾝ ・ー1a.?\ufffd")), max_size=40)
       | st.text(max_size=40))
def test_cjk_letters_are_counted_per_script_as_the_plain_rule_counts_them(text):
    assert scripts._major_letters(text) == _major_by_rule(text)


def _latin_by_pattern(text: str) -> int:
    return sum(map(len, scripts.script_table()["latin"].pattern.findall(text)))


@settings(max_examples=500, deadline=None)
@given(st.lists(_CHARS | st.text(max_size=3) | st.characters(max_codepoint=127)
                | st.sampled_from(["\udcff", "\ud800", "训练A", "ş", "Ḁ", "\u0250"]), max_size=40).map("".join))
def test_latin_letters_are_counted_as_the_pattern_counts_them(text):
    assert scripts._latin_letters(text) == _latin_by_pattern(text)


def test_latin_letters_of_real_sentences_are_counted_as_the_pattern_counts_them():
    folder = Path(__file__).parents[2] / "shared" / "testdata" / "langid"
    lines = [line for path in sorted(folder.glob("*.txt")) for line in path.read_text("utf-8").splitlines()]
    if not lines:
        pytest.skip(f"{folder} not beside the repository")
    assert sum(line.isascii() for line in lines) > 1000
    for line in lines:
        assert scripts._latin_letters(line) == _latin_by_pattern(line), line


def test_overlapping_ranges_of_hangul_han_and_kana_are_refused(monkeypatch):
    ranges = dict(scripts._script_ranges())
    ranges["kana"] = [*ranges["kana"], ["4E00", "4E10"]]  # inside Han
    scripts._cjk_runs.cache_clear()
    monkeypatch.setattr(scripts, "_script_ranges", lambda: ranges)
    try:
        with pytest.raises(ValueError, match="overlap"):
            scripts._cjk_runs()
    finally:
        scripts._cjk_runs.cache_clear()
