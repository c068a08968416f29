"""The script tokenizer: text cut at script and number boundaries.

spaCy's stock tokenisers suit none of our three languages for this job: the Chinese one
(character or jieba segmentation) splits "3.79" into pieces, and the Korean one keeps
"28.3분이" whole, so neither a number nor a name glued to a particle becomes a token of
its own. This tokenizer cuts text into runs of one kind each:

- numbers, with their decimal point and thousands separators (`3.79`, `1,750`);
- letters of one script (Latin, Hangul, Kana, other letters); Han characters one by one,
  as Chinese writes words without spaces (spaCy's own "char" segmentation does the same);
- every other visible character on its own (`-`, `%`, `、`, `?`);

and keeps white space the way spaCy does (one trailing space per token, longer runs and
line breaks as tokens), so the words and spaces rebuild the text and token offsets index
into it. The entity finder (`entities.py`) matches its names on these tokens;
`spacy_entities.py` makes the same tokens a spaCy `Doc`.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate

# Alternatives, tried in order at each position. A number keeps "," and "." only when a
# digit follows them, so "5.67分鐘," ends before the comma and "v1.1." before the dot.
# A word takes one space after it along (spaCy's trailing space); white space runs are
# whole pieces, and only they start with white space (`\s` and `str.isspace` agree on
# str patterns). No group captures: `findall` then returns the pieces as a list built
# in C, which is about twice as fast as reading each match object in Python (profiled:
# this split was a third of the entity stage).
#
# The alternatives before the last two (`[^\W\d_]+`, `.`) start with characters no other
# of them starts with, so their order decides nothing and is the order of how often
# they occur (dev pages: Han, Latin, other marks, Hangul, numbers): marks ("-", "%",
# "、") are every character that is no word character, no space and in none of the
# scripts' ranges (as "×" is in Latin's), which `.` took after six failed tries.
# (callgrind: 997k -> 883k instructions a dev page. Possessive runs, `++`, would save
# 23k more, but they need Python 3.11 and the package supports 3.10.)
_LATIN = "A-Za-z\u00C0-\u024F"
_HANGUL = "\uAC00-\uD7A3\u1100-\u11FF\u3130-\u318F"
_HAN = "\u4E00-\u9FFF\u3400-\u4DBF\uF900-\uFAFF"
_KANA = "\u3040-\u30FF\u31F0-\u31FF"
_TOKEN = re.compile(
    rf"""\s+
      | (?: [{_HAN}]
          | [{_LATIN}]+
          | [^\w\s{_LATIN}{_HANGUL}{_HAN}{_KANA}]
          | [{_HANGUL}]+
          | \d+(?:[.,]\d+)*
          | [{_KANA}]+
          | [^\W\d_]+
          | .
        ) \x20?""",
    re.VERBOSE | re.DOTALL,
)


def token_pieces(text: str, cuts: list[int] | None = None) -> list[str]:
    """The tokens of `text`, each with its trailing space: they tile the text. A piece is
    white space (a token of its own) exactly when its first character is.

    >>> token_pieces("IPU-POD16에서 28.3분이  ok")
    ['IPU', '-', 'POD', '16', '에서 ', '28.3', '분이 ', ' ', 'ok']

    `cuts` are further offsets where a word ends (a vendor glued to a name); white space
    is never cut:

    >>> token_pieces("NVIDIAH100 x", cuts=[6, 11])
    ['NVIDIA', 'H', '100 ', 'x']
    """
    pieces = _TOKEN.findall(text)
    return _cut(pieces, cuts) if cuts else pieces


def has_trailing_space(piece: str) -> bool:
    """Whether a piece of `token_pieces` is a word with its trailing space (not white
    space, which is a token of its own).

    >>> [has_trailing_space(p) for p in ["에서 ", "28.3", " ", "  "]]
    [True, False, False, False]
    """
    return piece[-1] == " " and not piece[0].isspace()


def split_words(text: str, cuts: list[int] | None = None) -> tuple[list[str], list[bool]]:
    """Words and trailing-space flags of `text` (`token_pieces`), as `spacy.tokens.Doc`
    takes them.

    >>> split_words("IPU-POD16에서 28.3분이")
    (['IPU', '-', 'POD', '16', '에서', '28.3', '분이'], [False, False, False, False, True, False, False])
    >>> split_words("為3.79分鐘, 1,750개")[0]
    ['為', '3.79', '分', '鐘', ',', '1,750', '개']
    >>> split_words("  a\\n\\nb  c ")
    (['  ', 'a', '\\n\\n', 'b', ' ', 'c'], [False, False, False, True, False, True])
    >>> split_words("NVIDIAH100", cuts=[6])[0]
    ['NVIDIA', 'H', '100']
    """
    pieces = token_pieces(text, cuts)
    spaces = list(map(has_trailing_space, pieces))
    words = [p[:-1] if spaced else p for p, spaced in zip(pieces, spaces)]
    return words, spaces


def _cut(pieces: list[str], cuts: list[int]) -> list[str]:
    """`pieces` (which tile a text) with every word that spans a cut offset split there
    (a word's trailing space stays with its last part). Only the pieces a cut falls
    inside are read: a page has a few cuts among thousands of pieces."""
    starts = list(accumulate(map(len, pieces), initial=0))
    inside: dict[int, list[int]] = {}  # {piece index: the offsets cutting its word}
    for cut in sorted(set(cuts)):
        i = bisect_right(starts, cut) - 1
        if not 0 <= i < len(pieces) or cut == starts[i]:
            continue  # outside the text, or where a piece starts already
        piece = pieces[i]
        if not piece[0].isspace() and cut < starts[i + 1] - (piece[-1] == " "):
            inside.setdefault(i, []).append(cut - starts[i])
    out: list[str] = []
    done = 0
    for i, offsets in inside.items():
        out += pieces[done:i]
        piece, a = pieces[i], 0
        for b in offsets:
            out.append(piece[a:b])
            a = b
        out.append(piece[a:])
        done = i + 1
    out += pieces[done:]
    return out


def safe_text(text) -> str:
    """`text` with lone surrogates replaced one for one (offsets stay valid): they cannot
    be encoded, and spaCy's string store refuses them."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text)
