"""Which CJK character a few surviving bytes most likely stood for, given its neighbours.

A wrong decoder drops bytes: "个" (E4 B8 AA) read as GBK before a space keeps E4 B8 and
loses AA, and 64 characters start with E4 B8. The surviving bytes narrow the choice to
the characters whose UTF-8 bytes contain them in order (lead byte first); a character
bigram model then picks the one that fits between its neighbours ("五?月" -> 个, not 一).

The model is built from wordfreq's word lists (Chinese and Korean: many sources of real
text, word frequencies): character and within-word character-pair frequencies, weighted by
word frequency. Traditional characters are looked up by their simplified form (OpenCC),
since wordfreq lists simplified Chinese. It is built on the first page that lost such a
character (0.4-0.5 s) and kept in the model cache (`extractor.model_cache`) for later runs.
"""
from __future__ import annotations

import logging
import math
import re
from collections import defaultdict
from functools import lru_cache

from extractor.model_cache import cached_model

logger = logging.getLogger(__name__)

#: weight of the character's own frequency against its pair frequency (interpolation)
PAIR_SMOOTHING = 0.05
#: wordfreq languages whose words feed the model
MODEL_LANGUAGES = ("zh", "ko")
#: words rarer than this are left out (146,807 of 361,344: memory 143 -> 99 MB, build
#: 1.05 -> 0.56 s; the dev-set copies clean the same within 0.001)
MIN_WORD_FREQUENCY = 1e-7
#: candidates of the pair model that are ranked by their words
SHORTLIST = 16
#: characters of context on each side given to Kiwi (Korean) and to the segmentation
KO_CONTEXT, ZH_CONTEXT = 8, 4
#: the numeral an Arabic number stands for in the model (wordfreq's Chinese words hold
#: no digits, but 几倍, 几个, 几年 are words)
NUMERAL = "几"
_DIGITS_RE = re.compile(r"[0-9]+(?:\.[0-9]+)?")
#: longest word of the segmentation, and the probability of a character in no word
MAX_WORD, UNKNOWN_WORD = 4, 1e-9


def _is_modelled(ch: str) -> bool:
    return "\uac00" <= ch <= "\ud7a3" or "\u4e00" <= ch <= "\u9fff"


_ALL_MODELLED_RE = re.compile("[\uac00-\ud7a3\u4e00-\u9fff]+")


def _is_hangul(ch: str) -> bool:
    return "\uac00" <= ch <= "\ud7a3"


@lru_cache(maxsize=None)
def _simplified(ch: str) -> str:
    if not "\u4e00" <= ch <= "\u9fff":
        return ch
    out = _t2s().convert(ch)
    return out if len(out) == 1 else ch


@lru_cache(maxsize=None)
def _traditional(ch: str) -> str:
    if not "\u4e00" <= ch <= "\u9fff":
        return ch
    out = _s2t().convert(ch)
    return out if len(out) == 1 else ch


@lru_cache(maxsize=1)
def _t2s():
    from opencc import OpenCC

    return OpenCC("t2s")


@lru_cache(maxsize=1)
def _s2t():
    from opencc import OpenCC

    return OpenCC("s2t")


def _script_of(text: str) -> str | None:
    """"hant" when `text` holds more traditional-only than simplified-only characters,
    "hans" for the reverse, None when it shows neither (or as many of each).

    >>> _script_of("功耗仅为其"), _script_of("價格預計"), _script_of("AI 2")
    ('hans', 'hant', None)
    """
    hant = hans = 0
    for c in text:
        if "\u4e00" <= c <= "\u9fff":
            hant += _simplified(c) != c
            hans += _traditional(c) != c
    return "hant" if hant > hans else "hans" if hans > hant else None


def same_script(candidates: list[str], context: str) -> list[str]:
    """The candidates written in the script of their context (a simplified page does not
    lose 倍 to 個, nor a traditional one 說 to 说); all of them when none is, or when the
    context shows no script. (The model knows a traditional character by its simplified
    form, so the two tie on frequency: the page's script must break the tie.)

    >>> same_script(["個", "倍", "们"], "集显快2"), same_script(["说", "說"], "小時後")
    (['倍', '们'], ['說'])
    """
    script = _script_of(context)
    if script == "hans":
        kept = [c for c in candidates if _simplified(c) == c]
    elif script == "hant":
        kept = [c for c in candidates if _traditional(c) == c]
    else:
        return candidates
    return kept or candidates


class CharModel:
    """Character and character-pair frequencies (relative, from wordfreq) and, per UTF-8
    lead byte, the characters of the model that start with it."""

    def __init__(self, words: dict[str, float]):
        self.words = words
        self._candidates: dict[bytes, list[str]] = {}
        single: dict[str, float] = defaultdict(float)
        pair: dict[str, float] = defaultdict(float)
        left: dict[str, float] = defaultdict(float)
        # (each sum is added to in the same order as a loop over every character
        # with its successor would: float sums and first-seen key orders stay the same)
        for word, freq in words.items():
            if _ALL_MODELLED_RE.fullmatch(word):  # most words: no test per character
                for c in word:
                    single[c] += freq
                for i in range(len(word) - 1):
                    pair[word[i:i + 2]] += freq
                    left[word[i]] += freq
                continue
            for i, c in enumerate(word):
                if not _is_modelled(c):
                    continue
                single[c] += freq
                if i + 1 < len(word) and _is_modelled(word[i + 1]):
                    pair[c + word[i + 1]] += freq
                    left[c] += freq
        total = sum(single.values()) or 1.0
        self.single = {c: f / total for c, f in single.items()}
        self.pair, self.left = dict(pair), dict(left)
        self.by_lead: dict[int, list[tuple[str, bytes]]] = defaultdict(list)
        for c in self.single:
            raw = c.encode("utf-8")
            self.by_lead[raw[0]].append((c, raw))
        # the model knows simplified forms; traditional characters are candidates too
        for c, raw in _traditional_chars(self.single):
            self.by_lead[raw[0]].append((c, raw))

    def p(self, ch: str) -> float:
        return self.single.get(_simplified(ch), 0.0)

    def p_next(self, a: str, b: str) -> float:
        """P(b | a): the pair's share of a's pairs, smoothed with b's own frequency."""
        a, b = _simplified(a), _simplified(b)
        pb = self.single.get(b, 0.0)
        n_left = self.left.get(a, 0.0)
        if not n_left:
            return pb
        k = PAIR_SMOOTHING * n_left
        return (self.pair.get(a + b, 0.0) + k * pb) / (n_left + k)

    def score(self, ch: str, prev: str, nxt: str) -> float:
        """log P(ch | prev) + log P(nxt | ch); a neighbour outside the model is ignored,
        a digit reads as the numeral 几 (what follows "2" is what follows 几: 倍, 个)."""
        prev = NUMERAL if prev.isdigit() else prev
        p = self.p_next(prev, ch) if prev and _is_modelled(prev) else self.p(ch)
        if p <= 0:
            return -math.inf
        s = math.log(p)
        if nxt and _is_modelled(nxt):
            q = self.p_next(ch, nxt)
            s += math.log(q) if q > 0 else math.log(1e-12)
        return s

    def candidates(self, survived: bytes) -> list[str]:
        """(Cached: the same few cut sequences recur on every page.)"""
        if survived not in self._candidates:
            self._candidates[survived] = self._find_candidates(survived)
        return self._candidates[survived]

    def _find_candidates(self, survived: bytes) -> list[str]:
        """Characters of the model whose UTF-8 bytes hold `survived` in order, with the
        same first byte when `survived` starts with a lead byte.

        >>> "个" in char_model().candidates(b"\\xe4\\xb8")
        True
        """
        if not survived:
            return []
        if survived[0] >= 0xC0:
            pool = self.by_lead.get(survived[0], [])
            tail = survived[1:]
            if len(tail) == 1:
                # (most cuts: a three-byte letter that kept two of its bytes) one byte
                # is a subsequence where it occurs: a C search, not an iterator per
                # character of a pool of up to 2,700 (dev set, first pass: 1.25 -> 0.4 ms/page)
                return [c for c, raw in pool if len(raw) > 2 and raw.find(tail, 1) >= 0]
            return [c for c, raw in pool if len(raw) > len(survived) and _subsequence(tail, raw[1:])]
        # the lead byte itself was dropped: any character whose tail holds the bytes
        return [c for pool in self.by_lead.values() for c, raw in pool
                if len(raw) > len(survived) and _subsequence(survived, raw[1:])]

    def best(self, survived: bytes, left: str, right: str, fits=None) -> str | None:
        """The most likely character for `survived` after `left` and before `right` (the
        text around it on its line): the pair model's SHORTLIST best, ranked by how
        well each reads in its words: Kiwi's score of the Korean around it, the best
        segmentation of the Chinese around it into wordfreq's words. `fits(character)`,
        when given, keeps only the candidates it accepts (all of them when it accepts none).

        >>> m = char_model()
        >>> m.best("个".encode()[:2], "过去了五", "月"), m.best("인".encode()[:2], "", "공지능(AI)용")
        ('个', '인')
        """
        candidates = self.candidates(survived)
        if fits is not None:
            candidates = [c for c in candidates if fits(c)] or candidates
        return self.likeliest(candidates, left, right)

    def likeliest(self, candidates, left: str, right: str) -> str | None:
        """The candidate character that reads best after `left` and before `right`."""
        prev, nxt = left[-1:], right[:1]
        candidates = same_script(candidates, left + right)
        ranked = sorted(candidates, key=lambda c: -self.score(c, prev, nxt))[:SHORTLIST]
        if len(ranked) < 2:
            return ranked[0] if ranked else None
        return self._read_best(ranked, left, right)

    def best_run(self, candidates: list[list[str]], left: str, right: str) -> str | None:
        """The likeliest characters for neighbouring cut characters, given each one's
        candidates: a beam of SHORTLIST sequences by the pair model, the one that reads
        best in its words taken.

        >>> m = char_model()
        >>> m.best_run([m.candidates("구".encode()[:2]), m.candidates("글".encode()[:2])], "맞서 ", "이 25초")
        '구글'
        """
        beams = [("", 0.0)]
        for i, options in enumerate(candidates):
            if not options:
                return None
            options = same_script(options, left + right)
            nxt = right[:1] if i == len(candidates) - 1 else ""
            beams = sorted(((seq + c, score + self.score(c, (seq or left)[-1:], nxt))
                            for seq, score in beams for c in options),
                           key=lambda b: -b[1])[:SHORTLIST]
        return self._read_best([seq for seq, _ in beams], left, right)

    def _read_best(self, options: list[str], left: str, right: str) -> str:
        """The option (a character or a few) that reads best between `left` and `right`."""
        if _is_hangul(options[0][0]):
            from extractor.clean.korean_loss import kiwi

            analyser = kiwi()
            return max(options, key=lambda o: analyser.analyze(left[-KO_CONTEXT:] + o + right[:KO_CONTEXT],
                                                               top_n=1)[0][1])
        return max(options, key=lambda o: self.segmentation_score(left[-ZH_CONTEXT:] + o + right[:ZH_CONTEXT]))

    def segmentation_score(self, text: str) -> float:
        """log P of the best split of `text` into words of the model (unigram words; a
        character outside every word is a word of its own, very unlikely)."""
        s = _DIGITS_RE.sub(NUMERAL, "".join(_simplified(c) for c in text))
        best = [0.0] + [-math.inf] * len(s)
        for j in range(1, len(s) + 1):
            for i in range(max(0, j - MAX_WORD), j):
                f = self.words.get(s[i:j])
                if f is None:
                    if j - i > 1:
                        continue
                    f = UNKNOWN_WORD
                v = best[i] + math.log(f)
                if v > best[j]:
                    best[j] = v
        return best[-1]


def _subsequence(needle: bytes, hay: bytes) -> bool:
    it = iter(hay)
    return all(b in it for b in needle)


def _traditional_chars(known: dict[str, float]) -> list[tuple[str, bytes]]:
    """Han characters of the common Big5 range whose simplified form the model knows
    but which are not in it themselves."""
    from extractor.clean.charsets import common_cjk_chars

    out = []
    # in code-point order: a set's order changes from process to process (hash seed),
    # and it breaks ties between traditional forms of one simplified character that
    # share a lead byte (產/産, 絶/絕: 41 such groups), so guesses could differ by run
    for c in sorted(common_cjk_chars()):
        if "\u4e00" <= c <= "\u9fff" and c not in known and _simplified(c) in known:
            out.append((c, c.encode("utf-8")))
    return out


def _frequent_words(lang: str) -> dict[str, float]:
    """`wordfreq.get_frequency_dict(lang, "best")` without the words rarer than
    MIN_WORD_FREQUENCY, read from its frequency buckets (most frequent first) without
    making entries for the rarer two fifths of the list.

    >>> _frequent_words("zh")["的"] > 0.01
    True
    """
    from wordfreq import cB_to_freq, get_frequency_list

    freqs: dict[str, float] = {}
    for index, bucket in enumerate(get_frequency_list(lang, "best")):
        freq = cB_to_freq(-index)
        if freq >= MIN_WORD_FREQUENCY:
            freqs.update(dict.fromkeys(bucket, freq))
        elif not freqs.keys().isdisjoint(bucket):
            # a word listed again in a rarer bucket takes that frequency in
            # get_frequency_dict, so it is left out here too
            for word in freqs.keys() & set(bucket):
                del freqs[word]
    return freqs


@lru_cache(maxsize=1)
def char_model() -> CharModel:
    """The process's model: built on first use from wordfreq's lists (0.4-0.5 s), or read
    from the model cache (0.1 s) when this code built it before."""
    return cached_model("char_model", _build_char_model,
                        built_from=("wordfreq", "opencc-python-reimplemented"))


def _build_char_model() -> CharModel:
    logger.debug("building the character model from wordfreq")
    words: dict[str, float] = {}
    for lang in MODEL_LANGUAGES:
        for w, f in _frequent_words(lang).items():
            words[w] = words.get(w, 0.0) + f
    return CharModel(words)
