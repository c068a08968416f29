"""What an element's own markup says about it: boilerplate named by its tag (`nav`,
`footer`), its ARIA role, hidden attributes or style, or a class/id name holding a word
of the lexicon (`clean_boilerplate.json`: `nav`, `comment`, `related`, ...), unless the
name also holds a content word (`post-content-sidebar`). `boilerplate` weighs the text;
this module reads the names.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor.clean.lexicon import load_lexicon


@lru_cache(maxsize=None)
def boilerplate_lexicon() -> dict:
    """The lexicon of boilerplate removal (`clean_boilerplate.json`), compiled once."""
    lex = load_lexicon("clean_boilerplate")
    words = lex.get("boilerplate_names", [])
    keep = lex.get("content_names", [])
    return {
        "drop_re": _name_words_re(words, re.IGNORECASE) if words else None,
        # the same words for ASCII names lowercased first (`names_boilerplate`); only
        # when the words are ASCII, so that lowercasing is what ignoring case does
        "drop_lower_re": _name_words_re([w.lower() for w in words])
        if words and all(w.isascii() for w in words) else None,
        "keep_re": _name_words_re(keep, re.IGNORECASE) if keep else None,
        "drop_tags": frozenset(lex.get("drop_tags", [])),
        "drop_roles": frozenset(lex.get("drop_roles", [])),
        "block_tags": frozenset(lex.get("block_tags", [])),
        "skip_tags": frozenset(lex.get("skip_tags", [])),
        "hidden_styles": tuple(lex.get("hidden_styles", [])),
        "teaser_headline_tags": tuple(lex.get("teaser_headline_tags", ["h2", "h3", "h4", "h5", "h6"])),
        "teaser_item_tags": frozenset(lex.get("teaser_item_tags", ["li", "article", "div"])),
    }


def _name_words_re(words: list[str], flags: int = 0) -> re.Pattern:
    # class/id names are split on - _ and spaces; a word matches a name's part or its start
    # ("comments", "comment-list", "share-buttons", "socialShare")
    return re.compile(r"(?:^|[\s_-])(?:" + "|".join(re.escape(w) for w in words) + r")", flags)


def _name_of(el) -> str:
    return f"{el.get('class') or ''} {el.get('id') or ''}".strip()


def is_named_boilerplate(el, lex: dict, verdicts: dict | None = None) -> bool:
    """True for an element its tag, ARIA role, hidden attributes, inline style or class/id
    name mark as boilerplate (`lex`: `boilerplate_lexicon()`). `verdicts` remembers what
    each class/id name said, for the other elements of the page: a page's elements share
    their names (410 named elements, 183 names a page on the AEB pages)."""
    tag = el.tag if isinstance(el.tag, str) else ""
    if tag in lex["drop_tags"]:
        return True
    if not el.attrib:  # most elements: nothing more to read
        return False
    role = (el.get("role") or "").lower()
    if role in lex["drop_roles"]:
        return True
    if el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return True
    style = el.get("style")
    if style and any(h in style.replace(" ", "").lower() for h in lex["hidden_styles"]):
        return True
    name = _name_of(el)
    if not name:
        return False
    if verdicts is None:
        return _name_says_boilerplate(name, lex)
    verdict = verdicts.get(name)
    if verdict is None:
        verdict = verdicts[name] = _name_says_boilerplate(name, lex)
    return verdict


def _name_says_boilerplate(name: str, lex: dict) -> bool:
    """A boilerplate word in the class/id name, and no word that keeps the element."""
    if not names_boilerplate(name, lex):
        return False
    return not (lex["keep_re"] is not None and lex["keep_re"].search(name))


def names_boilerplate(name: str, lex: dict) -> bool:
    """True when a boilerplate word is a part, or starts a part, of a class/id name.

    An ASCII name is lowercased and searched case-sensitively: the same matches as the
    ignore-case pattern (for ASCII text and words ignoring case is lowercasing), at a third
    of the cost (an ignore-case search folds each word's letters at every part start;
    0.9 -> 0.3 ms a page on the 181 AEB pages). Other names keep the ignore-case pattern
    (Unicode case folding, as of the Kelvin sign, is not lowercasing).

    >>> lex = boilerplate_lexicon()
    >>> [names_boilerplate(n, lex) for n in ("col-md-8 Site-Navigation", "메인 MENU", "article-body")]
    [True, True, False]
    """
    if lex["drop_lower_re"] is not None and name.isascii():
        return lex["drop_lower_re"].search(name.lower()) is not None
    return lex["drop_re"] is not None and lex["drop_re"].search(name) is not None
