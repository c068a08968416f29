"""Loading of the cleaning stage's language data (extractor/lexicons/clean_*.json, spam_*.json).

Language knowledge is data: adding a language's footer words or spam terms is an edit of
a JSON file, not of code. Files are read once and cached.
"""
from __future__ import annotations

import logging
import re
from functools import lru_cache

from extractor import lexicons

logger = logging.getLogger(__name__)


def load_lexicon(name: str) -> dict:
    """The parsed JSON lexicon `name` (without `.json`); {} when it is missing or broken,
    so that a cleaning step without its data is skipped rather than failing the page.

    >>> isinstance(load_lexicon("no_such_lexicon"), dict)
    True
    """
    try:
        return lexicons.load(name)
    except (OSError, ValueError) as exc:
        logger.warning("lexicon %s unavailable: %s", name, exc)
        return {}


@lru_cache(maxsize=None)
def spam_terms() -> tuple[str, ...]:
    """Spam keywords of every language (files `spam_*.json`, key `terms`), longest first."""
    terms: set[str] = set()
    for filename in lexicons.names("spam_"):
        terms.update(load_lexicon(filename[:-5]).get("terms", []))
    return tuple(sorted(terms, key=len, reverse=True))


@lru_cache(maxsize=None)
def ad_line_prefixes() -> tuple[str, ...]:
    """Lower-cased openings of injected advertisement lines, every language (files
    `spam_*.json`, key `ad_line_prefixes`): "【广告】", "[광고]", "sponsored:"."""
    prefixes: set[str] = set()
    for filename in lexicons.names("spam_"):
        prefixes.update(p.lower() for p in load_lexicon(filename[:-5]).get("ad_line_prefixes", []))
    return tuple(sorted(prefixes, key=len, reverse=True))


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
