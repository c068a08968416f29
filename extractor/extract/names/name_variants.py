"""How a lexicon name may be written in a text: the written variants of its forms, and
the NORM by which a text's tokens are matched against them.

Written forms vary in case, spaces and hyphens ("IPU POD16", "ipu-pod 16", "ResNet50").
`form_variants(form)` expands a lexicon form (`names.Entry.forms`, digit groups as
`{n}`) into its written variants: parts separated by a space, a hyphen, or nothing; a
short letter part stays glued to its number ("A100" but not "a 100"), and two long words
the form spaces are only ever written spaced ("Grace Hopper").

`token_norm(word, hangul_names)`: a token's NORM is its lower case, except that every
digit group reads "0", every hyphen "-", and a Korean word reads as the longest Korean
name it starts with (particles glue to names: 그래프코어의). `case_key` and
`case_variants` are the same in their case, for the names a lexicon marks case-sensitive
("llama" is an animal, "LLaMA" a model).

`entities` builds its finder's prefix tree from these; `names` is where names are
normalised and compared.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor.extract.names.names import PLACEHOLDERS, Entry, form_key
from extractor.extract.text.tokenizer import split_words

__all__ = ["case_key", "case_variants", "form_variants", "is_hangul", "piece_norms", "spelled_by_another",
           "token_norm"]

_HYPHENS = ["-", "_", "‐", "‑", "–", "—"]
_HYPHEN_SET = frozenset(_HYPHENS)
_DIGIT_NORM = "0"
#: the characters `str.isspace` (and so the tokenizer's `\s`) calls white space; none
#: lies above U+3000 (IDEOGRAPHIC SPACE)
_WHITE_SPACE = frozenset(c for c in map(chr, range(0x3001)) if c.isspace())


def is_hangul(tok: str) -> bool:
    return bool(tok) and "\uac00" <= tok[0] <= "\ud7a3"


def _short_latin(tok: str) -> bool:
    return tok.isascii() and tok.isalpha() and len(tok) <= 2


def _form_parts(form: str) -> list[tuple[str, str]]:
    """(token, separator before it: '', ' ' or '-') of a lexicon form."""
    marked = form
    for ph in PLACEHOLDERS:
        marked = marked.replace(ph, _DIGIT_NORM)
    words, spaces = split_words(marked)
    parts: list[tuple[str, str]] = []
    sep = ""
    for w, sp in zip(words, spaces):
        if w in _HYPHENS or w.isspace():
            sep = "-" if w in _HYPHENS else (sep or " ")
            continue
        parts.append((w, sep))
        sep = " " if sp else ""
    return parts


def _long_word(tok: str) -> bool:
    return tok.isascii() and tok.isalpha() and len(tok) >= 4


def _joins(prev: str, tok: str, sep: str) -> tuple[str, ...]:
    """How two parts of a form may be joined in a text: as written, with a space, a
    hyphen or nothing; but two long words the form spaces ("Grace Hopper", "Gen Intel
    Xeon") are only ever written spaced, and generating their glued and hyphenated
    variants would only slow the finder's construction down."""
    if not sep:
        return ("",)
    if sep == " " and _long_word(prev) and _long_word(tok):
        return (" ",)
    return (" ", "-", "")


def form_variants(form: str) -> list[tuple[str, tuple[int, ...]]]:
    """Written variants of a form, each with the token positions (in the variant) that
    must have no space after them: a short letter part stays glued to its number, so
    "A100" matches but "a 100" does not.

    >>> [v for v, _ in form_variants("IPU-POD{n}")]
    ['IPU POD0', 'IPU-POD0', 'IPUPOD0']
    >>> form_variants("A100")
    [('A100', (0,))]
    """
    parts = _form_parts(form)
    if not parts:
        return []
    variants: list[tuple[str, tuple[int, ...]]] = []
    seen = set()

    def build(i: int, text: str) -> None:
        if i == len(parts):
            words, spaces = split_words(text)
            glue = [j for j in range(len(words) - 1)
                    if not spaces[j] and "-" not in (words[j], words[j + 1])
                    and (_short_latin(words[j]) or _short_latin(words[j + 1]))]
            if text not in seen:
                seen.add(text)
                variants.append((text, tuple(glue)))
            return
        tok, sep = parts[i]
        if i == 0:
            build(1, tok)
            return
        for join in _joins(parts[i - 1][0], tok, sep):
            build(i + 1, text + join + tok)

    build(0, "")
    return variants


def _marked_key(form: str) -> str:
    for ph, mark in PLACEHOLDERS.items():
        form = form.replace(ph, mark)
    return form_key(form)


def spelled_by_another(forms) -> list[str]:
    """The forms of one entry that another of its forms already generates (the same
    written variants and the same digit groups): spacing and hyphen variants are
    `form_variants`' to make, not a lexicon's to list page by page.

    >>> spelled_by_another(["Llama 3.1 {n}B", "Llama-3.1-{n}B", "Llama3.1 {n}B", "라마 3.1 {n}B"])
    ['Llama-3.1-{n}B', 'Llama3.1 {n}B']
    """
    forms = list(forms)
    written = [{v for v, _ in form_variants(f)} for f in forms]
    keys = [_marked_key(f) for f in forms]
    return [f for i, f in enumerate(forms)
            if any(j != i and keys[j] == keys[i] and written[i] <= written[j]
                   and (written[i] != written[j] or j < i) for j in range(len(forms)))]


def token_norm(word: str, hangul_names: re.Pattern | None) -> str:
    """The NORM of one token (see the module docstring).

    >>> [token_norm(w, re.compile("그래프코어")) for w in ["IPU", "128", "—", "그래프코어의", "x²"]]
    ['ipu', '0', '-', '그래프코어', 'x²']
    """
    if word.isdigit():
        return _DIGIT_NORM
    if word in _HYPHENS:
        return "-"
    if hangul_names is not None and is_hangul(word):
        m = hangul_names.match(word)
        if m:
            return m.group()
    return word.lower()


def piece_norms(pieces: list[str], hangul_names: re.Pattern | None) -> list[str]:
    """`token_norm` of each token piece (`tokenizer.token_pieces`: a word with its
    trailing space, or white space, which is its own norm), read together: the words
    are lower-cased in one string (no word holds a line break), as a page meets a few
    thousand pieces and a call or more each was a fifth of the entity finder's calls.

    >>> piece_norms(["IPU ", "  ", "128", "—", "그래프코어의 ", "\\n", "Ⅳ", "x²"], re.compile("그래프코어"))
    ['ipu', '  ', '0', '-', '그래프코어', '\\n', 'ⅳ', 'x²']
    """
    words = [p[:-1] if p[-1] == " " and p[0] not in _WHITE_SPACE else p for p in pieces]
    spoken = [i for i, w in enumerate(words) if w[0] not in _WHITE_SPACE]
    spoken_words = [words[i] for i in spoken]
    lowered = "\n".join(spoken_words).lower().split("\n")
    norms = list(words)
    for i, word, low, digits in zip(spoken, spoken_words, lowered, map(str.isdigit, spoken_words)):
        if digits:
            norms[i] = _DIGIT_NORM
        elif word in _HYPHEN_SET:
            norms[i] = "-"
        elif hangul_names is not None and "\uac00" <= word[0] <= "\ud7a3" \
                and (name := hangul_names.match(word)):
            norms[i] = name.group()
        else:
            norms[i] = low
    return norms


@lru_cache(maxsize=None)
def case_variants(entry: Entry) -> frozenset[str]:
    """The written variants of a case-sensitive entry, in their case (`case_key`)."""
    return frozenset(case_key(text) for form in entry.forms
                     for text, _ in form_variants(form))


def case_key(text: str) -> str:
    """`text` without spaces, every digit group written 0: "LLaMA 65B" -> "LLaMA0B"."""
    return re.sub(r"\d+", _DIGIT_NORM, "".join(text.split()))
