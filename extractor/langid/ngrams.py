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


# Word vectors met before, oldest first. Running text repeats its words, so a page costs
# a few vector sums; the oldest half goes when it is full (32k words: about 20 MB).
_WORD_VECTORS: dict[str, np.ndarray | None] = {}
_MAX_CACHED_WORDS = 32768


def _word_loglik(token: str):
    """Log-likelihood of one token under every language (a vector), or None when
    langdetect knows none of its n-grams."""
    try:
        return _WORD_VECTORS[token]
    except KeyError:
        pass
    rows = _word_rows(token)
    vector = _model().logp.take(rows, axis=0).sum(axis=0, dtype=np.float64) if rows else None
    _remember({token: vector})
    return vector


def word_logliks(tokens) -> dict[str, np.ndarray | None]:
    """`_word_loglik` of each of `tokens`, the ones not cached computed together: one
    numpy gather and one segmented sum for all of them, not two calls per word (the same
    vectors: the sums are exact, see `_word_rows`)."""
    found, missing = {}, []
    for token in dict.fromkeys(tokens):
        vector = _WORD_VECTORS.get(token, _WORD_VECTORS)
        if vector is _WORD_VECTORS:
            missing.append(token)
        else:
            found[token] = vector
    if not missing:
        return found
    rows = [_word_rows(token) for token in missing]
    new = dict.fromkeys(missing)  # None where no n-gram is known
    known = [i for i, r in enumerate(rows) if r]
    if known:
        starts = np.cumsum([0] + [len(rows[i]) for i in known[:-1]])
        gathered = _model().logp.take([row for i in known for row in rows[i]], axis=0)
        sums = np.add.reduceat(gathered, starts, axis=0, dtype=np.float64)
        new.update(zip([missing[i] for i in known], sums))
    _remember(new)
    found.update(new)
    return found


def _remember(vectors: dict[str, np.ndarray | None]) -> None:
    _WORD_VECTORS.update(vectors)
    excess = len(_WORD_VECTORS) - _MAX_CACHED_WORDS
    if excess > 0:  # the oldest half (or more, after a huge page): trimmed once in many pages
        for token in list(itertools.islice(_WORD_VECTORS, max(excess, _MAX_CACHED_WORDS // 2))):
            del _WORD_VECTORS[token]


def _loglik(text: str):
    vectors = [v for v in map(_word_loglik, text.split()) if v is not None]
    # (np.sum's own reduction, without its Python wrapper: this runs per sentence)
    return np.add.reduce(np.array(vectors), axis=0) if vectors else None


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
