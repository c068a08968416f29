"""The entity finder as a spaCy pipeline, for readers who work with spaCy `Doc`s.

    >>> doc = entity_pipeline("ko")("그래프코어의 IPU-POD16에서 ResNet-50")
    >>> [(e.text, e.label_, e.kb_id_) for e in doc.ents]
    [('IPU-POD16', 'SYSTEM', 'IPU-POD16'), ('ResNet-50', 'WORKLOAD', 'ResNet-50')]

The run itself calls `entities.find_entities`, which matches on the script tokenizer's
words without building a `Doc`; this pipeline tokenises with the same tokenizer and sets
`doc.ents` to the same mentions (label, canonical name as `kb_id`, vendor as `id`), so
what a reader sees in spaCy (displaCy, `doc.ents`) is what the run found.
"""
from __future__ import annotations

from functools import lru_cache

from extractor.extract.names import shapes
from extractor.extract.names.entities import find_entities
from extractor.extract.text.tokenizer import safe_text, split_words

#: longest text the pipeline takes (characters): spaCy refuses texts over 1,000,000 (a
#: guard for its parsers' memory); this pipeline only tokenises and finds names
MAX_TEXT_CHARS = 100_000_000


class ScriptTokenizer:
    """Callable spaCy tokenizer over `tokenizer.split_words`:
    `nlp.tokenizer = ScriptTokenizer(nlp.vocab)`. With `cuts`, a function of the text
    giving offsets, words are also cut there (the entity finder cuts glued vendor names
    off: "NVIDIAH100")."""

    def __init__(self, vocab, cuts=None):
        self.vocab = vocab
        self.cuts = cuts

    def __call__(self, text: str):
        from spacy.tokens import Doc  # noqa: PLC0415

        text = safe_text(text)
        words, spaces = split_words(text, self.cuts(text) if self.cuts is not None else None)
        return Doc(self.vocab, words=words, spaces=spaces)

    # spaCy serialises tokenizers with the pipeline; this one has no state to save.
    def to_bytes(self, **kwargs) -> bytes:
        return b""

    def from_bytes(self, data: bytes, **kwargs) -> "ScriptTokenizer":
        return self

    def to_disk(self, path, **kwargs) -> None:
        return None

    def from_disk(self, path, **kwargs) -> "ScriptTokenizer":
        return self


class _EntityComponent:
    """spaCy component: `doc.ents` from `find_entities` (the Doc's tokens are the
    finder's, so every mention is a span of whole tokens)."""

    def __init__(self, lang: str):
        self.lang = lang

    def __call__(self, doc):
        doc.ents = [doc.char_span(e.start, e.end, label=e.label, kb_id=e.canonical,
                                  span_id=e.vendor)
                    for e in find_entities(doc.text, self.lang)]
        return doc


@lru_cache(maxsize=None)
def entity_pipeline(lang: str = "en"):
    """A blank spaCy pipeline (`en`, or the multi-language `xx` for any other language,
    which needs no jieba or mecab) with the script tokenizer and the entity finder."""
    import spacy  # noqa: PLC0415  (spaCy's import costs half a second: only here)
    from spacy.language import Language  # noqa: PLC0415

    if not Language.has_factory("extractor_entities"):
        Language.factory("extractor_entities", default_config={"lang": "en"})(
            lambda nlp, name, lang: _EntityComponent(lang))
    nlp = spacy.blank(lang if lang == "en" else "xx")
    nlp.tokenizer = ScriptTokenizer(nlp.vocab, cuts=shapes.glued_vendor_cuts)
    nlp.add_pipe("extractor_entities", config={"lang": lang})
    nlp.max_length = MAX_TEXT_CHARS
    return nlp
