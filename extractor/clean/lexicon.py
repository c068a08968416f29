"""Loading of the cleaning stage's language data (extractor/lexicons/clean_*.json, spam_*.json).

Language knowledge is data: adding a language's footer words or spam terms is an edit of
a JSON file, not of code. Files are read once and cached.
"""
from __future__ import annotations

import json
import logging
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
