"""Class references: "These instances feature ... 20.8 PetaFLOPS", "a single chip could
deliver up to 650 TFLOPS", "这块核显的性能…快2倍", "이 칩은 …".

A demonstrative or distributive word before a class noun refers to a product of that
class named before it. A page classes its names by the class noun it writes right after
them ("Trn2 instances", "Trainium2 processors", "Adreno GPU"), and a page that names an
instance and its chip ("Trainium2-based EC2 Trn2 instances. These instances feature 16
Trainium2 processors that deliver up to 20.8 PetaFLOPS") speaks of the instance when it
says "these instances" and of the chip when it says "a single chip". `referent` walks the
names before the reference, nearest first, skips those the page classes otherwise, and
stops at a name the page does not class (the usual resolvers decide then). Words:
`lexicons/claims_class_references.json`.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.linking.link_query import Candidate, LinkQuery
from extractor.extract.sentences.roles import Mention, SentenceInfo
from extractor.extract.text.cues import lang_key
from extractor.extract.text.regex_tools import literal_alternation, with_first_char_guard

__all__ = ["class_reference_system", "class_references", "page_classes", "referent"]

#: sentences before the reference's a referent is looked for in
LOOK_BACK = 3


@lru_cache(maxsize=64)
def _patterns(lang: str) -> tuple[re.Pattern | None, re.Pattern | None, dict[str, str], re.Pattern | None]:
    """(a class reference, a class noun right after a name, noun -> class, a word that
    makes a reference right after it a scope or a baseline) of a language tag (kept by
    the tag: no `lang_key` call per sentence)."""
    lk = lang_key(lang)
    d = lexicons.load("claims_class_references.json")
    dets = d["determiners"].get(lk)
    noun_class = {n.lower(): cls for cls, by_lang in d["classes"].items() for n in by_lang.get(lk, ())}
    if not dets or not noun_class:
        return None, None, {}, None
    nouns, dets = literal_alternation(noun_class), literal_alternation(dets)
    if lk == "en":
        ref = r"(?<![A-Za-z])(?:" + dets + r")\s+(?:new\s+)?(?P<noun>" + nouns + r")s?(?![A-Za-z])"
        after = r"[ \-]?(?P<noun>" + nouns + r")s?(?![A-Za-z])"
    elif lk == "zh":
        ref = r"(?:" + dets + r")(?:" + literal_alternation(d["zh_classifiers"]) + r")?(?P<noun>" + nouns + r")"
        after = r" ?(?P<noun>" + nouns + r")"
    else:  # ko: the determiner is its own word ("이 칩"; "H100이 칩을" is a particle)
        ref = r"(?<![가-힣A-Za-z0-9])(?:" + dets + r")\s+(?P<noun>" + nouns + r")"
        after = r" ?(?P<noun>" + nouns + r")"
    scope = d["not_after"].get(lk)
    scope_rx = re.compile(("(?<![A-Za-z])(?:" if lk == "en" else "(?:") + literal_alternation(scope) + r")\s*$",
                          re.IGNORECASE) if scope else None
    # searched in every sentence with a number: the guard skips positions no determiner starts at
    return (re.compile(with_first_char_guard(ref), re.IGNORECASE), re.compile(after, re.IGNORECASE),
            noun_class, scope_rx)


def class_references(text: str, lang: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, class) of the class references of a sentence.

    >>> class_references("These instances feature 16 Trainium2 processors", "en")
    ((0, 15, 'instance'),)
    >>> class_references("这块核显的性能比Intel Xe集显快2倍", "zh-Hans"), class_references("H100이 칩을", "ko")
    (((0, 4, 'chip'),), ())
    >>> class_references("delivers 10,755 tokens/second on a single GPU", "en")
    ()
    """
    ref, _, noun_class, scope = _patterns(lang)
    m = ref.search(text) if ref is not None else None
    if m is None:  # (most sentences: one search)
        return ()
    found = []
    while m is not None:
        a = m.start()
        if scope is None or scope.search(text, max(0, a - _SCOPE_REACH), a) is None:
            found.append((a, m.end(), noun_class[m.group("noun").lower()]))
        m = ref.search(text, m.end())
    return tuple(found)


#: how far before a reference the word making it a scope may start ("within a single")
_SCOPE_REACH = 8


def page_classes(infos: list[SentenceInfo]) -> dict[str, frozenset[str]]:
    """canonical name -> the classes the page writes right after it ("Trn2 instances":
    instance). Read once per page, when a sentence first makes a class reference."""
    classes: dict[str, set[str]] = {}
    for info in infos:
        if not info.systems:
            continue
        _, after, noun_class, _ = _patterns(info.lang)
        if after is None:
            continue
        for m in info.systems:
            found = after.match(info.text, m.end)
            if found is not None:
                classes.setdefault(m.entity.canonical, set()).add(noun_class[found.group("noun").lower()])
    return {name: frozenset(cs) for name, cs in classes.items()}


def referent(infos: list[SentenceInfo], idx: int, at: int, cls: str,
             classes: dict[str, frozenset[str]]) -> tuple[Mention | None, str]:
    """(mention, where) of the product of class `cls` a reference at `at` of sentence `idx`
    refers to: the nearest name before it that the page classes so; names the page
    classes otherwise are skipped, a name it does not class ends the search (none)."""
    for j in range(idx, max(-1, idx - 1 - LOOK_BACK), -1):
        info = infos[j]
        roles = info.roles
        for m in reversed(info.systems):
            if (j == idx and m.start >= at) or m.component or roles.of(m).baseline:
                continue
            of = classes.get(m.entity.canonical)
            if of is None:
                return None, ""
            if cls in of:
                return m, "sentence" if j == idx else "previous_sentence"
    return None, ""


def _classes_of(lq: LinkQuery) -> dict[str, frozenset[str]]:
    """The page's classes (`page_classes`), read once a page and kept with its topic."""
    topic = lq.page_topic
    if topic.product_classes is None:
        topic.product_classes = page_classes(lq.infos)
    return topic.product_classes


def class_reference_system(lq: LinkQuery) -> Candidate | None:
    """"These instances feature 16 Trainium2 processors that deliver up to 20.8
    PetaFLOPS": a class reference before the number, with no product of its own between
    it and the number (what it counts is none), refers to the product of that class named
    before it (`referent`)."""
    info, q, memo = lq.info, lq.q, lq.memo
    refs = memo.get("class_references")
    if refs is None:
        refs = memo["class_references"] = class_references(info.text, info.lang)
    if not refs:  # (most sentences)
        return None
    before = [r for r in refs if r[1] <= q.start]
    if not before:
        return None
    at, end, cls = before[-1]
    roles = info.roles
    if any(q.start <= m.start <= q.end + 1 for m in info.systems):
        return None  # "16 Trainium2 processors": a count of a named product is that product's
    since = min(at, lq.clause[0])
    for m in info.systems:
        if since <= m.start < q.start and not (at <= m.start < end) and not m.component \
                and not roles.of(m).counted:
            return None
    m, where = referent(lq.infos, lq.idx, at, cls, _classes_of(lq))
    return Candidate(m, where) if m is not None else None
