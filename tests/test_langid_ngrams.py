"""The n-gram model's fast paths against the plain computations they replace, on words
and sentences of the real test sets of ../shared/testdata/langid (lingua's sentences,
UD's Chinese treebank text) and on arbitrary text."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langdetect.utils.ngram import NGram

from extractor.langid import ngrams

TESTDATA = Path(__file__).parents[2] / "shared" / "testdata" / "langid"


def _real_lines() -> list[str]:
    files = sorted(TESTDATA.glob("sentences_*.txt")) + sorted(TESTDATA.glob("ud_*.txt"))
    if not files:
        pytest.skip(f"{TESTDATA} not beside the repository")
    return [line for path in files for line in path.read_text("utf-8").splitlines() if line.strip()]


REAL_LINES = _real_lines() if TESTDATA.is_dir() else []
REAL_WORDS = sorted({w for line in REAL_LINES for w in line.split()})


def plain_word_rows(token: str) -> list[int]:
    """The rows as first written: a Python call per character, langdetect's loop order."""
    model = ngrams._model()
    if not token.isascii():
        token = NGram.normalize_vi(token)
    normalized = "".join(NGram.normalize(c) for c in token)
    rows = []
    for word in normalized.split():
        if len(word) > 1 and word.isupper():
            continue
        padded = f" {word} "
        for i in range(1, len(padded)):
            for n in (1, 2, 3):
                if i + 1 < n:
                    break
                gram = padded[i + 1 - n:i + 1]
                if gram != " " and gram in model.index:
                    rows.append(model.index[gram])
    return rows


def plain_word_loglik(token: str):
    """A token's log-likelihood vector summed in langdetect's n-gram order."""
    rows = plain_word_rows(token)
    return ngrams._model().logp.take(rows, axis=0).sum(axis=0, dtype=np.float64) if rows else None


def test_model_entries_are_in_the_range_that_makes_sums_exact():
    # _word_rows' docstring: float32 entries in [-16, -1] are multiples of 2**-23, and
    # float64 sums of fewer than 2**26 of them stay below 2**30: exact in any order
    logp = ngrams._model().logp
    assert logp.dtype == np.float32 and logp.min() >= -16 and logp.max() <= -1


def test_word_rows_match_the_plain_extraction_on_every_real_word():
    assert len(REAL_WORDS) > 10_000
    for word in REAL_WORDS:
        assert sorted(ngrams._word_rows(word)) == sorted(plain_word_rows(word)), word


def test_word_loglik_is_the_plain_sum_exactly_on_real_words():
    for word in REAL_WORDS[::7]:
        fast, plain = ngrams._word_loglik(word), plain_word_loglik(word)
        assert (fast is None and plain is None) or np.array_equal(fast, plain), word


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=()), max_size=40))
def test_word_rows_match_the_plain_extraction_on_any_token(token):
    for word in token.split():
        assert sorted(ngrams._word_rows(word)) == sorted(plain_word_rows(word))
        fast, plain = ngrams._word_loglik.__wrapped__(word), plain_word_loglik(word)
        assert (fast is None and plain is None) or np.array_equal(fast, plain)
