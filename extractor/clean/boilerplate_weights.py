"""How much text, link text and good running text each element of a page holds: the
evidence `boilerplate` judges elements by.

The masses are computed bottom-up in one pass over the tree. When elements are dropped
(those named like boilerplate), only their ancestors are weighed again: an element's
masses read its own text, its children's masses and its children's tails, and dropping
an element changes nothing else (its tail joins its previous sibling's tail or its
parent's text, both read by the parent alone). Weighing the whole tree twice was a fifth
of the remover's time on the AEB pages.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

_WIDE_RE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_HANGUL_RE = re.compile(r"[\uac00-\ud7a3]")
_SENTENCE_RE = re.compile(r"[.!?。！？；;:：,，、]")


@dataclass
class Weights:
    """The masses of one element."""

    total: float = 0.0      # all text under the element
    links: float = 0.0      # text under <a> elements
    good: float = 0.0       # text of good blocks under the element
    n_links: int = 0        # <a> elements under the element


def text_mass(text: str) -> float:
    """How much text `text` is: non-space characters, Han/kana counted 3 and Hangul 2
    (a Han character carries about as much as a short Latin word).

    >>> text_mass("MLPerf BERT"), text_mass("訓練時間"), text_mass("훈련 시간")
    (10.0, 12.0, 8.0)
    """
    if not text:
        return 0.0
    compact = "".join(text.split())
    if compact.isascii():  # most pieces of markup: no wide characters to weigh
        return float(len(compact))
    return float(len(compact) + 2 * len(_WIDE_RE.findall(compact)) + len(_HANGUL_RE.findall(compact)))


_NOTHING = (0.0, 0.0)

# The remover parses pages into plain lxml.etree trees: lxml.html's element classes make
# lxml call a Python class-lookup function for every element the remover touches (0.3 ms
# a page on the AEB pages). These are the two lxml.html element methods it used.
_string_value = etree.XPath("string()", smart_strings=False)


def text_content(el) -> str:
    """The text of `el` and all its descendants, as lxml.html's `text_content()`.

    >>> text_content(etree.fromstring("<p>BERT <b>5.78</b> min<!-- x --></p>"))
    'BERT 5.78 min'
    """
    return _string_value(el)


def drop_tree(el) -> None:
    """Remove `el` with its children and text, its tail joined to the previous element
    or the parent, as lxml.html's `drop_tree()`.

    >>> p = etree.fromstring("<p>BERT <a>link</a> 5.78 min</p>")
    >>> drop_tree(p[0]); etree.tostring(p, encoding="unicode")
    '<p>BERT  5.78 min</p>'
    """
    parent = el.getparent()
    assert parent is not None
    if el.tail:
        previous = el.getprevious()
        if previous is None:
            parent.text = (parent.text or "") + el.tail
        else:
            previous.tail = (previous.tail or "") + el.tail
    parent.remove(el)


class Weigher:
    """The masses of every element under `root` (`weights`), kept right as elements are
    dropped through `drop` and the tree is brought up to date with `reweigh`.

    `lex` is `boilerplate_lexicon()`, `config` the BoilerplateConfig (a block of running
    text is good from `min_good_mass` on, with at most `max_good_link_share` link text
    and some sentence punctuation)."""

    def __init__(self, root, lex: dict, config) -> None:
        self.root = root
        self.weights: dict = {}
        # text of an element not inside a nested block: (all, link), for its parent to add up
        self._inline: dict = {}
        self._block_tags = lex["block_tags"]
        self._min_good_mass = config.min_good_mass
        self._max_good_link_share = config.max_good_link_share
        # a whole teaser (headline, summary) is often one <a>: everything under it is link text
        self._in_link = {el for a in root.iter("a") for el in a.iter()}
        # the only element iterated that may have no parent is the root itself
        self._root_is_top = root.getparent() is None
        self._stale: dict = {}  # element -> depth below the root, of ancestors of dropped ones
        for el in reversed(list(root.iter())):  # children before their parents
            self._weigh(el)

    def drop(self, el) -> None:
        """Drop `el` (with its subtree) from the tree; its ancestors' masses are stale
        until `reweigh`."""
        ancestors = []
        for ancestor in el.iterancestors():  # nearest first
            ancestors.append(ancestor)
            if ancestor is self.root:
                break
        for depth, ancestor in enumerate(reversed(ancestors)):
            self._stale[ancestor] = depth
        drop_tree(el)

    def reweigh(self) -> None:
        """Weigh the ancestors of the dropped elements again, deepest first. (The dropped
        elements keep their old entries: nothing looks them up in the tree any more.)"""
        for el in sorted(self._stale, key=self._stale.__getitem__, reverse=True):
            self._weigh(el)
        self._stale.clear()

    def _weigh(self, el) -> None:
        """The masses of `el` from its own text and its children's (already weighed)."""
        weights, inline = self.weights, self._inline
        tag = el.tag
        if not isinstance(tag, str):  # comments, processing instructions, entities
            weights[el] = Weights()
            inline[el] = _NOTHING
            return
        # (each lxml property read builds a new Python object: tag, text and tail are read
        # once; the sums are kept in locals, and the spaces between tags weigh nothing)
        text = el.text
        own = text_mass(text) if text and not text.isspace() else 0.0
        total, links, good, n_links = own, 0.0, 0.0, 0
        own_inline, own_inline_links = own, own if tag == "a" else 0.0
        for child in el:
            cw = weights[child]
            tail = child.tail
            tail_mass = text_mass(tail) if tail and not tail.isspace() else 0.0
            total += cw.total + tail_mass
            links += cw.links
            good += cw.good
            n_links += cw.n_links
            child_inline, child_inline_links = inline[child]
            own_inline += tail_mass + child_inline  # (a block child's is zero: see below)
            own_inline_links += child_inline_links
        if tag == "a":
            n_links += 1
        if el in self._in_link:
            links = total
            own_inline_links = own_inline
        if tag in self._block_tags or (el is self.root and self._root_is_top):
            # a block of running text: judge it as a whole (its inline children included)
            if (own_inline >= self._min_good_mass
                    and own_inline_links <= self._max_good_link_share * own_inline
                    and _has_sentence_punctuation(el, self._block_tags)):
                good += own_inline
            inline[el] = _NOTHING
        else:
            inline[el] = (own_inline, own_inline_links)
        weights[el] = Weights(total, links, good, n_links)


def _has_sentence_punctuation(el, block_tags) -> bool:
    parts = [el.text or ""]
    for child in el:
        if child.tag not in block_tags and isinstance(child.tag, str):
            parts.append(text_content(child) if len(child) else child.text or "")
        parts.append(child.tail or "")
    return bool(_SENTENCE_RE.search("".join(parts)))
