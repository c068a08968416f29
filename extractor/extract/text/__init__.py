"""Text: how the claim stage searches a sentence, before it knows what is in it.

Decides nothing about claims; every later pass builds on it. `regex_tools` builds the
patterns (alternations of literals, first-character guards, the Hangul and Han classes),
`skipping` and `literal_gates` let a pattern skip ahead in C to where it can match,
`tokenizer` cuts text at script and number boundaries, and `cues` compiles the cue words
of each language once (clause breaks, back references, baselines, coordination; its
`clause_spans` cuts a sentence into clauses). Imports nothing else of `extract/`.

Exports: `lang_key`, `clause_spans`, `words_regex`, `LANGS`, `split_words`,
`with_first_char_guard`, `literal_alternation`. (`cues.cues()` is reached through its
module: the name is the module's.)

Modules: `regex_tools`, `skipping`, `literal_gates`, `tokenizer`, `cues`.
"""
from __future__ import annotations

from extractor.lazy_exports import lazy_getattr

_EXPORTS = {"lang_key": "cues", "clause_spans": "cues", "words_regex": "cues",
            "LANGS": "cues", "split_words": "tokenizer",
            "with_first_char_guard": "regex_tools", "literal_alternation": "regex_tools"}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_getattr(__name__, _EXPORTS)
