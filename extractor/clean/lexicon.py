"""Loading of the cleaning stage's language data (extractor/lexicons/clean_*.json, spam_*.json).

Language knowledge is data: adding a language's footer words or spam terms is an edit of
a JSON file, not of code. Files are read once and cached.
"""
from __future__ import annotations

import json
import logging
import re
from functools import lru_cache
from importlib import resources

logger = logging.getLogger(__name__)

LEXICON_PACKAGE = "extractor.lexicons"


@lru_cache(maxsize=None)
def load_lexicon(name: str) -> dict:
    """The parsed JSON lexicon `name` (without `.json`); {} when it is missing or broken.

    >>> isinstance(load_lexicon("no_such_lexicon"), dict)
    True
    """
    try:
        text = resources.files(LEXICON_PACKAGE).joinpath(f"{name}.json").read_text("utf-8")
        return json.loads(text)
    except (OSError, ValueError) as exc:
        logger.warning("lexicon %s unavailable: %s", name, exc)
        return {}


@lru_cache(maxsize=None)
def spam_terms() -> tuple[str, ...]:
    """Spam keywords of every language (files `spam_*.json`, key `terms`), longest first."""
    terms: set[str] = set()
    for entry in resources.files(LEXICON_PACKAGE).iterdir():
        if entry.name.startswith("spam_") and entry.name.endswith(".json"):
            terms.update(load_lexicon(entry.name[:-5]).get("terms", []))
    return tuple(sorted(terms, key=len, reverse=True))


def trie_regex(words) -> str:
    """A regex alternation of `words` written as a prefix tree, which Python's regex
    engine matches far faster than a flat alternation of many literals.

    >>> import re
    >>> rx = re.compile(trie_regex(["成人影院", "成人图片", "人妻", "baccarat"]))
    >>> rx.findall("看成人影院和人妻,baccarat")
    ['成人影院', '人妻', 'baccarat']
    """
    trie: dict = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def _render(node: dict) -> str:
        ends = "" in node
        branches = [re.escape(ch) + _render(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if ends else body

    return _render(trie)
