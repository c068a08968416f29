"""The n-gram model's fast paths against the plain computations they replace, on words
and sentences of the real test sets of ../shared/testdata/langid (lingua's sentences,
UD's Chinese treebank text) and on arbitrary text."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langdetect.utils.ngram import NGram

from extractor.clean import CleanedPage
from extractor.langid import LangIdConfig, decide, explain, ngram_batch, ngrams, tag_page
from extractor.langid.ngram_batch import NgramQuery, batch_probabilities, probabilities
from extractor.langid.scripts import script_table
from extractor.segment import split_sentences

SHARED = Path(__file__).parents[2] / "shared"
TESTDATA = SHARED / "testdata" / "langid"


def _real_lines() -> list[str]:
    files = sorted(TESTDATA.glob("sentences_*.txt")) + sorted(TESTDATA.glob("ud_*.txt"))
    if not files:
        pytest.skip(f"{TESTDATA} not beside the repository")
    return [line for path in files for line in path.read_text("utf-8").splitlines() if line.strip()]


def _article_sentences() -> list[str]:
    """Sentences of the 181 AEB article bodies: English, German, Italian, Portuguese,
    Russian, ... (the Latin and Cyrillic text the n-gram model decides)."""
    path = SHARED / "testdata" / "aeb" / "ground-truth.json"
    if not path.is_file():
        return []
    bodies = [a["articleBody"] for a in json.loads(path.read_text("utf-8")).values()]
    return [s.text for body in bodies for s in split_sentences(body)]


REAL_LINES = _real_lines() if TESTDATA.is_dir() else []
REAL_WORDS = sorted({w for line in REAL_LINES for w in line.split()})
ARTICLE_SENTENCES = _article_sentences()
LATIN = script_table()["latin"].candidates
CYRILLIC = script_table()["cyrillic"].candidates


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
        ngrams.WORD_VECTORS.clear()  # computed, then remembered
        for fast in (ngrams._word_loglik(word), ngrams._word_loglik(word)):
            plain = plain_word_loglik(word)
            assert (fast is None and plain is None) or np.array_equal(fast, plain)


# --- batched scoring (a page's sentences at once) against one query at a time ----------

def _queries(texts, candidates=LATIN, prior_lang="en", prior=0.99, weights=(1 / 3, 1 / 12)):
    return [NgramQuery(t, candidates, prior_lang, prior, weights[i % len(weights)])
            for i, t in enumerate(texts)]


def test_batch_equals_one_query_at_a_time_on_real_article_sentences():
    sentences = ARTICLE_SENTENCES or pytest.skip("aeb test data missing")
    assert len(sentences) > 3000
    for lo in range(0, len(sentences), 40):  # pages of 40 sentences, cache cold and warm
        queries = _queries(sentences[lo:lo + 40])
        queries += _queries(sentences[lo:lo + 5], CYRILLIC, "", 0.0)
        assert batch_probabilities(queries) == [probabilities(q) for q in queries]


def test_batch_equals_one_query_at_a_time_on_the_lingua_and_ud_sentences():
    for lo in range(0, len(REAL_LINES), 64):
        queries = _queries(REAL_LINES[lo:lo + 64], prior_lang="de", prior=0.9)
        assert batch_probabilities(queries) == [probabilities(q) for q in queries]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(REAL_WORDS[::50] + ["", "ÄÖÜ", "\ud800", "MLPerf"]),
                         max_size=12).map(" ".join), max_size=12),
       st.sampled_from([LATIN, CYRILLIC, ("en",), ("xx",), ()]),
       st.sampled_from([("en", 0.99), ("fr", 0.5), ("", 0.0), ("xx", 0.9)]),
       st.lists(st.floats(1e-3, 2.0), min_size=1, max_size=3))
def test_batch_equals_one_query_at_a_time_on_any_mix(texts, candidates, prior, weights):
    queries = _queries(texts, candidates, *prior, weights)
    assert batch_probabilities(queries) == [probabilities(q) for q in queries]


def test_sampled_queries_in_a_batch_are_answered_by_langdetect_one_at_a_time():
    queries = [NgramQuery("la nouvelle carte graphique", LATIN, "en", 0.99, 1 / 3, "sampled", 0),
               *_queries(["water parks", "die neue Grafikkarte"])]
    assert batch_probabilities(queries) == [probabilities(q) for q in queries]


def test_word_cache_stays_bounded_and_right(monkeypatch):
    cache = ngrams._WordVectors(100)
    monkeypatch.setattr(ngrams, "WORD_VECTORS", cache)
    words = REAL_WORDS[:1000] + ["", "...", "1234"]  # (no n-gram known: not in the rows)
    for lo in range(0, len(words), 70):
        asked = words[lo:lo + 70] + words[:10]  # old words come back
        index, matrix = cache.gather(asked)
        assert len(cache.row_of) <= 100 and len(set(cache.row_of.values())) == len(cache.row_of)
        for word in asked:
            plain = plain_word_loglik(word)
            assert (word not in index and plain is None) or np.array_equal(matrix[index[word]], plain)
        for word, row in cache.row_of.items():
            assert np.array_equal(cache.matrix[row], plain_word_loglik(word))
    big = REAL_WORDS[1000:1250]  # more new words than the cache holds, in one page
    index, matrix = cache.gather(big)
    assert all(np.array_equal(matrix[index[w]], plain_word_loglik(w)) for w in big if w in index)
    assert len(cache.row_of) == 100


def test_deferred_decisions_equal_explain_on_real_sentences():
    config = LangIdConfig(latin_prior_lang="de")
    sentences = (ARTICLE_SENTENCES or REAL_LINES)[:2000]
    deferred = []
    decisions = [decide.explain_deferring(s, config, deferred) for s in sentences]
    decide.resolve_deferred(deferred, config)
    assert len(deferred) > 500
    for sentence, decision in zip(sentences, decisions):
        plain = explain(sentence, config)
        assert (decision.result, decision.reason, decision.ngram_probabilities) == \
            (plain.result, plain.reason, plain.ngram_probabilities), sentence


def test_a_failing_batch_falls_back_to_one_text_at_a_time(monkeypatch):
    def broken(queries):
        raise MemoryError("no room for the batch")

    text = "Die neue Grafikkarte ist schnell. La nouvelle carte graphique est rapide. Water parks."
    page = CleanedPage(doc_id="p", text=text)
    want = tag_page(page).as_dict()
    monkeypatch.setattr(decide, "batch_probabilities", broken)
    assert tag_page(page).as_dict() == want
    assert ngram_batch.batch_probabilities is not broken
