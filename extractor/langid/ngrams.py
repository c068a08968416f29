"""Which language a text of one script is in, from langdetect's character n-grams.

Where the script does not decide (Latin, Cyrillic, Arabic, Devanagari text), we use
langdetect's language profiles, with two changes to how they are used:

- *exact scoring* (the default): every 1-, 2- and 3-gram of the text is scored against
  the profiles, instead of langdetect's random sampling of n-grams until it converges.
  The result is deterministic without a seed and about a hundred times faster (no
  iterations), which `extractor langid` over millions of lines needs. langdetect's own
  seeded detector stays available (`method="sampled"`) for comparison.
- *a prior*, combined with the n-gram likelihood by Bayes' rule: our Latin-script pages
  are overwhelmingly English, and two words ("water parks") carry too little to
  overrule that, while a sentence of French does. The likelihood is tempered
  (`ngram_weight`), because the overlapping 1/2/3-grams count every letter three times
  and would make a naive product wildly over-confident.
"""
from __future__ import annotations

import itertools
import json
import logging
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from extractor.model_cache import cached_model

logger = logging.getLogger(__name__)

# langdetect's smoothing: every n-gram probability is raised by alpha / BASE_FREQ.
_ALPHA, _BASE_FREQ = 0.5, 10000


@dataclass(frozen=True)
class _Model:
    langs: tuple[str, ...]
    index: dict  # n-gram -> row of `logp`
    logp: object  # numpy array (n-grams x languages) of log probabilities


@lru_cache(maxsize=1)
def _model() -> _Model | None:
    """langdetect's profiles as a log-probability matrix (n-grams x languages), built
    from the JSON profiles langdetect ships (0.2 s and 20 MB, against langdetect's own
    factory's 0.7 s and its Python lists of floats), or read from the model cache
    (`extractor.model_cache`, 0.07 s) when this code built it before."""
    return cached_model("langdetect_ngrams", _build_model, built_from=("langdetect",))


def _build_model() -> _Model | None:
    try:
        import langdetect  # noqa: PLC0415
    except ImportError:
        logger.warning("langdetect missing: Latin-script languages fall back to the prior")
        return None
    folder = Path(langdetect.__file__).parent / "profiles"
    langs, index, rows, cols, probs = [], {}, [], [], []
    for path in sorted(folder.iterdir()):
        try:
            profile = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            logger.warning("unreadable langdetect profile %s", path)
            continue
        col = len(langs)
        langs.append(profile["name"])
        grams, freqs = _profile_grams(profile)
        # rows numbered in order of first appearance, as one setdefault per n-gram
        # would, with the per-n-gram loops in C
        index.update(zip([g for g in grams if g not in index], itertools.count(len(index))))
        rows.append(np.fromiter(map(index.__getitem__, grams), dtype=np.intp, count=len(grams)))
        cols.append(np.full(len(grams), col, dtype=np.intp))
        probs.append(freqs)
    if len(langs) < 2:
        return None
    matrix = np.zeros((len(index), len(langs)), dtype=np.float64)
    matrix[np.concatenate(rows), np.concatenate(cols)] = np.concatenate(probs)
    logp = np.log(matrix + _ALPHA / _BASE_FREQ).astype(np.float32)
    return _Model(tuple(langs), index, logp)


def _profile_grams(profile: dict) -> tuple[list[str], np.ndarray]:
    """The 1- to 3-grams of a langdetect profile and their relative frequencies (count /
    n-grams of that length, as langdetect's `add_profile`), lengths without a count
    left out."""
    n_words = profile["n_words"]
    freq = profile["freq"]
    grams = [g for g in freq if 1 <= len(g) <= 3 and n_words[len(g) - 1]]
    counts = np.fromiter(map(freq.__getitem__, grams), dtype=np.float64, count=len(grams))
    totals = np.array([0] + list(n_words[:3]), dtype=np.float64)
    lengths = np.fromiter(map(len, grams), dtype=np.intp, count=len(grams))
    return grams, counts / totals[lengths]


class _NormalizedChars(dict):
    """A `str.translate` table that maps each character to langdetect's normalised one
    (`NGram.normalize`), filled in as characters are met: the whole token is normalised
    in C instead of a Python call per character."""

    def __missing__(self, code: int) -> str:
        from langdetect.utils.ngram import NGram  # noqa: PLC0415

        self[code] = normalized = NGram.normalize(chr(code))
        return normalized


_NORMALIZED_CHARS = _NormalizedChars()


def _word_rows(token: str) -> list[int]:
    """Rows of the n-grams of one white-space-free token, extracted as langdetect does
    (characters normalised, words padded with spaces, all-capital words skipped).

    The rows come grouped by n-gram length, not in langdetect's order: their sum is the
    same in any order, since every entry of the model is a float32 between -10 and -1
    (a multiple of 2**-23), so float64 sums of fewer than 2**26 of them are exact."""
    get = _model().index.get
    if not token.isascii():
        from langdetect.utils.ngram import NGram  # noqa: PLC0415

        token = NGram.normalize_vi(token)
    rows = []
    for word in token.translate(_NORMALIZED_CHARS).split():
        if len(word) > 1 and word.isupper():
            continue
        rows += [row for row in map(get, _word_grams(word)) if row is not None]
    return rows


def _word_grams(word: str) -> list[str]:
    """The 1-, 2- and 3-grams of a word padded with a space each side, the 1-gram of a
    lone space left out (langdetect's n-grams of one word).

    >>> _word_grams("ai")
    ['a', 'i', ' a', 'ai', 'i ', ' ai', 'ai ']
    """
    padded = f" {word} "
    return [*word, *[padded[i:i + 2] for i in range(len(padded) - 1)],
            *[padded[i:i + 3] for i in range(len(padded) - 2)]]


class _WordVectors:
    """Log-likelihood vectors of the words met before, as rows of one array, the oldest
    word's row reused when it is full (32k words: 14 MB). Running text repeats its words,
    so a page costs a few vector sums; and its words' vectors are gathered by one `take`,
    not stacked from an array object per word."""

    def __init__(self, capacity: int):
        self.capacity = capacity
        self.matrix: np.ndarray | None = None  # (capacity x languages), made on first use
        self.row_of: dict[str, int] = {}
        self.owners: list[str | None] = [None] * capacity
        self.next_row = 0
        self.unknown: set[str] = set()  # tokens with no n-gram langdetect knows

    def gather(self, tokens) -> tuple[dict[str, int], np.ndarray]:
        """(row of each distinct known token in the returned matrix, matrix of their
        vectors). Tokens not met before are computed together: one gather and one
        segmented sum for all of them (the same vectors: the sums are exact, see
        `_word_rows`)."""
        hits, missing = {}, []
        for token in dict.fromkeys(tokens):
            row = self.row_of.get(token)
            if row is not None:
                hits[token] = row
            elif token not in self.unknown:
                missing.append(token)
        new_tokens, new_vectors = _new_word_vectors(missing, self.unknown)
        if self.matrix is None:
            self.matrix = np.empty((self.capacity, new_vectors.shape[1]))
        matrix = np.concatenate([self.matrix.take(list(hits.values()), axis=0), new_vectors])
        index = dict(zip([*hits, *new_tokens], range(len(matrix))))
        self._store(new_tokens, new_vectors)  # (after the gather: it may reuse hits' rows)
        if len(self.unknown) > self.capacity:
            self.unknown.clear()
        return index, matrix

    def _store(self, tokens: list[str], vectors: np.ndarray) -> None:
        tokens, vectors = tokens[-self.capacity:], vectors[-self.capacity:]
        rows = []
        for token in tokens:
            row = self.next_row
            self.next_row = (row + 1) % self.capacity
            if self.owners[row] is not None:
                del self.row_of[self.owners[row]]
            self.owners[row] = token
            self.row_of[token] = row
            rows.append(row)
        self.matrix[rows] = vectors

    def clear(self) -> None:
        self.__init__(self.capacity)


def _new_word_vectors(tokens: list[str], unknown: set[str]) -> tuple[list[str], np.ndarray]:
    """(the tokens with a known n-gram, their vectors as rows); the others go to `unknown`."""
    model = _model()
    rows = [_word_rows(token) for token in tokens]
    known = [i for i, r in enumerate(rows) if r]
    unknown.update(tokens[i] for i, r in enumerate(rows) if not r)
    if not known:
        return [], np.empty((0, model.logp.shape[1]))
    starts = np.cumsum([0] + [len(rows[i]) for i in known[:-1]])
    gathered = model.logp.take([row for i in known for row in rows[i]], axis=0)
    return [tokens[i] for i in known], np.add.reduceat(gathered, starts, axis=0, dtype=np.float64)


WORD_VECTORS = _WordVectors(32768)


def _word_loglik(token: str):
    """Log-likelihood of one token under every language (a vector), or None when
    langdetect knows none of its n-grams."""
    index, matrix = WORD_VECTORS.gather([token])
    return matrix[0] if index else None


def _loglik(text: str):
    words = text.split()
    index, matrix = WORD_VECTORS.gather(words)
    rows = [row for row in map(index.get, words) if row is not None]
    # (np.sum's own reduction, without its Python wrapper)
    return np.add.reduce(matrix.take(rows, axis=0), axis=0) if rows else None


@lru_cache(maxsize=64)
def _columns(candidates: tuple[str, ...]) -> np.ndarray:
    """The model's columns of the known candidates, as an index array (a list would be
    converted on every use)."""
    langs = _model().langs
    cols = np.array([langs.index(c) for c in candidates if c in langs], dtype=np.intp)
    cols.flags.writeable = False  # (shared by every call)
    return cols


def language_probabilities(text: str, candidates: tuple[str, ...], prior_lang: str = "",
                           prior: float = 0.0, ngram_weight: float = 1 / 3,
                           method: str = "exact", seed: int = 0) -> dict[str, float]:
    """P(language | text) over `candidates` (langdetect codes), summing to 1.

    `prior` is the prior probability of `prior_lang` (the rest share 1 - prior equally);
    0 means a uniform prior. Returns {} when the text has no n-gram langdetect knows.

    >>> p = language_probabilities("water parks", ("de", "en", "fr", "nl"), "en", 0.99)
    >>> max(p, key=p.get)
    'en'
    >>> p = language_probabilities("la nouvelle carte graphique", ("de", "en", "fr", "nl"), "en", 0.99)
    >>> max(p, key=p.get)
    'fr'
    """
    model = _model()
    if model is None or not candidates:
        return {}
    cols = _columns(candidates)
    if not len(cols):
        return {}
    if method == "sampled":
        loglik = _sampled_loglik(text, _known(candidates), seed, ngram_weight)
    else:
        total = _loglik(text)
        loglik = total[cols] if total is not None else None
    if loglik is None:
        return {}
    scores = ngram_weight * np.asarray(loglik, dtype=np.float64) + _log_prior(candidates, prior_lang, prior)
    exp = np.exp(scores - scores.max())
    probs = (exp / exp.sum()).tolist()
    return dict(zip(_known(candidates), probs))


@lru_cache(maxsize=64)
def _known(candidates: tuple[str, ...]) -> tuple[str, ...]:
    langs = _model().langs
    return tuple(c for c in candidates if c in langs)


@lru_cache(maxsize=64)
def _log_prior(candidates: tuple[str, ...], prior_lang: str, prior: float):
    """Log prior over the known candidates: `prior` for `prior_lang`, the rest equal."""
    known = _known(candidates)
    if not (0 < prior < 1) or prior_lang not in known or len(known) < 2:
        return np.zeros(len(known))
    other = math.log((1 - prior) / (len(known) - 1))
    return np.array([math.log(prior) if c == prior_lang else other for c in known])


def _sampled_loglik(text: str, langs: tuple[str, ...], seed: int, ngram_weight: float) -> list[float] | None:
    """langdetect's own (randomised, seeded) probabilities of `langs`, as log-likelihoods
    that the tempering by `ngram_weight` leaves as they are: already a posterior."""
    from langdetect import detector_factory  # noqa: PLC0415
    from langdetect.lang_detect_exception import LangDetectException  # noqa: PLC0415

    detector_factory.init_factory()  # langdetect's own factory, cached by langdetect
    factory = detector_factory._factory
    detector = factory.create()
    detector.seed = seed
    detector.append(text)
    try:
        detector.get_probabilities()
    except LangDetectException:
        return None
    order = factory.langlist
    return [math.log(max(detector.langprob[order.index(lang)], 1e-300)) / ngram_weight for lang in langs]
