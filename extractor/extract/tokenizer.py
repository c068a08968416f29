"""A spaCy tokenizer that splits at script and number boundaries.

spaCy's stock tokenisers suit none of our three languages for this job: the Chinese one
(character or jieba segmentation) splits "3.79" into pieces, and the Korean one keeps
"28.3분이" whole, so neither a number nor a name glued to a particle becomes a token of
its own. This tokenizer cuts text into runs of one kind each:

- numbers, with their decimal point and thousands separators (`3.79`, `1,750`);
- letters of one script (Latin, Hangul, Kana, other letters); Han characters one by one,
  as Chinese writes words without spaces (spaCy's own "char" segmentation does the same);
- every other visible character on its own (`-`, `%`, `、`, `?`);

and keeps white space the way spaCy does (one trailing space per token, longer runs and
line breaks as tokens), so `doc.text == text` and token offsets index into `text`.
"""
from __future__ import annotations

import re

from spacy.tokens import Doc
from spacy.vocab import Vocab

# Alternatives, tried in order at each position. A number keeps "," and "." only when a
# digit follows them, so "5.67分鐘," ends before the comma and "v1.1." before the dot.
# No group captures: `findall` then returns the pieces as a list built in C, which is
# about twice as fast as reading each match object in Python (profiled: this split was
# a third of the entity stage). A piece is white space exactly when its first character
# is (`\s` and `str.isspace` agree on str patterns, and only the first alternative
# starts with white space).
_TOKEN = re.compile(
    r"""\s+
      | \d+(?:[.,]\d+)*
      | [A-Za-z\u00C0-\u024F]+
      | [\uAC00-\uD7A3\u1100-\u11FF\u3130-\u318F]+
      | [\u4E00-\u9FFF\u3400-\u4DBF\uF900-\uFAFF]
      | [\u3040-\u30FF\u31F0-\u31FF]+
      | [^\W\d_]+
      | .""",
    re.VERBOSE | re.DOTALL,
)


def split_words(text: str, cuts: list[int] | None = None) -> tuple[list[str], list[bool]]:
    """Words and trailing-space flags of `text`, as `spacy.tokens.Doc` takes them.

    >>> split_words("IPU-POD16에서 28.3분이")
    (['IPU', '-', 'POD', '16', '에서', '28.3', '분이'], [False, False, False, False, True, False, False])
    >>> split_words("為3.79分鐘, 1,750개")[0]
    ['為', '3.79', '分', '鐘', ',', '1,750', '개']
    >>> split_words("  a\\n\\nb  c ")
    (['  ', 'a', '\\n\\n', 'b', ' ', 'c'], [False, False, False, True, False, True])

    `cuts` are further offsets where a word ends (a vendor glued to a name):

    >>> split_words("NVIDIAH100", cuts=[6])[0]
    ['NVIDIA', 'H', '100']
    """
    words: list[str] = []
    spaces: list[bool] = []
    pieces = _TOKEN.findall(text)
    if cuts:
        pieces = _cut(pieces, cuts)
    for piece in pieces:
        if piece[0].isspace():
            # spaCy stores one " " after a token as its trailing space; anything else
            # (line breaks, runs of spaces, leading space) becomes a token of its own.
            if words and not spaces[-1] and piece[0] == " ":
                spaces[-1] = True
                piece = piece[1:]
            if piece:
                words.append(piece)
                spaces.append(False)
            continue
        words.append(piece)
        spaces.append(False)
    return words, spaces


def _cut(pieces: list[str], cuts: list[int]) -> list[str]:
    """`pieces` (which tile a text) with every piece that spans a cut offset split there."""
    out: list[str] = []
    todo = sorted(set(cuts))
    pos = 0
    k = 0
    for piece in pieces:
        end = pos + len(piece)
        while k < len(todo) and todo[k] <= pos:
            k += 1
        start = pos
        while k < len(todo) and todo[k] < end:
            out.append(piece[start - pos:todo[k] - pos])
            start = todo[k]
            k += 1
        out.append(piece[start - pos:])
        pos = end
    return out


class ScriptTokenizer:
    """Callable spaCy tokenizer: `nlp.tokenizer = ScriptTokenizer(nlp.vocab)`. With
    `cuts`, a function of the text giving offsets, words are also cut at those offsets
    (the entity finder cuts glued vendor names off: "NVIDIAH100")."""

    def __init__(self, vocab: Vocab, cuts=None):
        self.vocab = vocab
        self.cuts = cuts

    def __call__(self, text: str) -> Doc:
        text = _safe(text)
        words, spaces = split_words(text, self.cuts(text) if self.cuts is not None else None)
        doc = Doc(self.vocab, words=words, spaces=spaces)
        # doc.text rebuilds the string token by token; components that need the text
        # read it here (it is equal to doc.text by construction)
        doc.user_data["text"] = text
        return doc

    # spaCy serialises tokenizers with the pipeline; this one has no state to save.
    def to_bytes(self, **kwargs) -> bytes:
        return b""

    def from_bytes(self, data: bytes, **kwargs) -> "ScriptTokenizer":
        return self

    def to_disk(self, path, **kwargs) -> None:
        return None

    def from_disk(self, path, **kwargs) -> "ScriptTokenizer":
        return self


def _safe(text: str) -> str:
    """`text` with lone surrogates replaced one for one (offsets stay valid): spaCy's
    string store cannot encode them."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in text)


def blank_pipeline(lang: str):
    """A new blank spaCy pipeline for `lang` (`en`, `zh`, `ko`; anything else gets the
    multi-language one) with the script tokenizer. Callers keep it (building one costs
    spaCy's start-up); `entities.entity_pipeline` caches it per language.

    The blank Chinese and Korean languages would load jieba / mecab otherwise; building
    them from `spacy.blank("xx")`'s vocabulary avoids that dependency.
    """
    import spacy  # noqa: PLC0415  (import cost paid once, on first use)

    code = lang if lang == "en" else "xx"
    nlp = spacy.blank(code)
    nlp.tokenizer = ScriptTokenizer(nlp.vocab)
    return nlp
