"""The n-gram model asked about many texts at once: a page's sentences.

`batch_probabilities(queries)` answers exactly as `probabilities` (that is,
`ngrams.language_probabilities`) does one query at a time, with a handful of numpy calls
per page instead of a dozen per sentence: on sentences of a dozen words numpy's call
overhead, not its arithmetic, was the cost. Identical results, because

- the sentences' log-likelihoods are sums of the model's float32 entries, exact in
  float64 in any grouping (`ngrams._word_rows`), and
- the posterior is computed with the same element-wise operations (`*`, `+`, `-`, `exp`,
  `/`), a row's `max` (exact in any order) and each row's sum taken as a 1-D array's, in
  numpy's order for one (tests/test_langid_ngrams.py compares the results bit for bit on
  real sentences).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

import numpy as np

from extractor.langid import ngrams


@dataclass(frozen=True)
class NgramQuery:
    """The arguments of one `ngrams.language_probabilities` call."""

    text: str
    candidates: tuple[str, ...]
    prior_lang: str = ""
    prior: float = 0.0
    ngram_weight: float = 1 / 3
    method: str = "exact"
    seed: int = 0


def probabilities(query: NgramQuery) -> dict[str, float]:
    """P(language | text) for one query (`ngrams.language_probabilities`)."""
    return ngrams.language_probabilities(query.text, query.candidates, query.prior_lang, query.prior,
                                         query.ngram_weight, query.method, query.seed)


def batch_probabilities(queries: list[NgramQuery]) -> list[dict[str, float]]:
    """`[probabilities(q) for q in queries]`, the exact queries scored together."""
    out: list[dict[str, float]] = [{} for _ in queries]
    if ngrams._model() is None:  # (langdetect missing: no query has an answer)
        return out
    exact = []
    for i, query in enumerate(queries):
        if query.method == "sampled":  # langdetect's own detector: one text at a time
            out[i] = probabilities(query)
        elif query.candidates and len(ngrams._columns(query.candidates)):
            exact.append(i)
    if not exact:
        return out
    scored, totals = _sentence_logliks([queries[i].text for i in exact])
    groups: dict[tuple, list[int]] = {}
    for k in scored:  # (rows of `totals`, by the candidates and prior they are scored with)
        query = queries[exact[k]]
        groups.setdefault((query.candidates, query.prior_lang, query.prior), []).append(k)
    row_of = {k: r for r, k in enumerate(scored)}
    for (candidates, prior_lang, prior), members in groups.items():
        loglik = totals[[row_of[k] for k in members]][:, ngrams._columns(candidates)]
        weights = np.array([[queries[exact[k]].ngram_weight] for k in members])
        posterior = _posterior(loglik, weights, ngrams._log_prior(candidates, prior_lang, prior))
        known = ngrams._known(candidates)
        for k, row in zip(members, posterior.tolist()):
            out[exact[k]] = dict(zip(known, row))
    return out


def _sentence_logliks(texts: list[str]) -> tuple[list[int], np.ndarray]:
    """(indexes of the texts with a known n-gram, their log-likelihood vectors as rows),
    each the sum of its words' vectors (`ngrams._loglik`)."""
    words = [text.split() for text in texts]
    index, matrix = ngrams.WORD_VECTORS.gather(chain.from_iterable(words))
    scored, rows, starts = [], [], []
    for k, text_words in enumerate(words):
        known = [row for row in map(index.get, text_words) if row is not None]
        if known:
            scored.append(k)
            starts.append(len(rows))
            rows += known
    if not scored:
        return [], np.zeros((0, 0))
    return scored, np.add.reduceat(matrix.take(rows, axis=0), starts, axis=0)


def _posterior(loglik: np.ndarray, weights: np.ndarray, log_prior: np.ndarray) -> np.ndarray:
    """Rows of P(language | text): `language_probabilities`' arithmetic, row by row."""
    scores = weights * loglik + log_prior
    exp = np.exp(scores - scores.max(axis=1, keepdims=True))
    # Each row summed as the 1-D array it is in `language_probabilities`: along axis 1,
    # numpy adds in another order (row by row, not pairwise), and the last bits differ.
    return exp / np.array([[row.sum()] for row in exp])
