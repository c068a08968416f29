"""Spam removal: keyword lines injected by mirror sites (casino/adult terms).

Terms are data (`extractor/lexicons/spam_*.json`). Injected spam comes as lists of
keywords ("看屁屁www成人影院,亚洲人妻成人图片,..."); a line is dropped when most of its
list items are spam, otherwise only the spam items are cut, so an article sentence that
shares a line with injected keywords survives. A short line that opens with an
advertisement marker ("【广告】", "[광고]", "Sponsored:") or that spam terms cover for a
good part goes whole.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor.clean.lexicon import ad_line_prefixes, spam_terms, trie_regex
from extractor.clean.tracking import RepairLog, strip_markers

_ITEM_SPLIT_RE = re.compile(r"([,，、|｜;；/\t]+|\s{2,})")
#: share of a line's list items that must be spam for the whole line to go
MIN_SPAM_ITEM_SHARE = 0.5
#: keyword items are short; a longer item is prose that merely mentions a term
MAX_SPAM_ITEM_CHARS = 30
#: share of an item's characters that spam terms must cover for the item to be spam
MIN_TERM_COVERAGE = 0.5
#: a line this short is an injected advertisement when it opens with an ad marker, or
#: when spam terms cover MIN_LINE_COVERAGE of its characters
MAX_AD_LINE_CHARS = 120
MIN_LINE_COVERAGE = 0.25


@lru_cache(maxsize=None)
def _terms_re() -> re.Pattern | None:
    terms = spam_terms()
    if not terms:
        return None
    # matched against lower-cased text (IGNORECASE makes the alternation much slower)
    return re.compile(trie_regex({t.lower() for t in terms}))


@lru_cache(maxsize=None)
def _precheck() -> tuple[re.Pattern | None, tuple[str, ...]]:
    """A fast test for "no spam here": a regex of the non-Latin terms (their first
    characters are rare in Latin text, so it skips fast) and the Latin terms' first words
    as plain substrings."""
    terms = [t.lower() for t in spam_terms()]
    cjk = sorted((t for t in terms if not t.isascii()), key=len, reverse=True)
    words = tuple(sorted({t.split()[0] for t in terms if t.isascii() and t.split()}))
    return (re.compile(trie_regex(cjk)) if cjk else None), words


def _may_hold_spam(lowered: str) -> bool:
    cjk_re, words = _precheck()
    if any(w in lowered for w in words) or any(p in lowered for p in ad_line_prefixes()):
        return True
    return bool(cjk_re and not lowered.isascii() and cjk_re.search(lowered))


def _is_spam_item(item: str, terms_re: re.Pattern) -> bool:
    """A short list item mostly made of spam terms ("看屁屁www成人影院", not
    "in which 91视频APP participated")."""
    item = strip_markers(item).strip()
    if not item or len(item) > MAX_SPAM_ITEM_CHARS:
        return False
    covered = sum(len(m.group()) for m in terms_re.finditer(item.lower()))
    return covered >= MIN_TERM_COVERAGE * len(item.replace(" ", ""))


def _is_ad_line(line: str, terms_re: re.Pattern) -> bool:
    """A short injected advertisement line ("【广告】澳门新葡京 注册就送888元",
    "Buy cheap followers instagram 1000 likes $5")."""
    lowered = strip_markers(line).strip().lower()
    if not lowered or len(lowered) > MAX_AD_LINE_CHARS:
        return False
    if lowered.startswith(ad_line_prefixes()):
        return True
    covered = sum(len(m.group()) for m in terms_re.finditer(lowered))
    return covered >= MIN_LINE_COVERAGE * len(lowered.replace(" ", ""))


def remove_spam(text: str, log: RepairLog) -> str:
    """Drop spam keyword lines and spam list items.

    >>> remove_spam("正文第一句。\\n看屁屁www成人影院,亚洲人妻成人图片,日韩在线 欧美成人\\n正文第二句。", RepairLog())
    '正文第一句。\\n正文第二句。'
    >>> remove_spam("Raw data, in which 91视频APP participated, can be viewed.", RepairLog())
    'Raw data, in which 91视频APP participated, can be viewed.'
    >>> remove_spam("正文。\\n【推荐阅读】点击领取免费流量卡 领券立减50元\\n正文。", RepairLog())
    '正文。\\n正文。'
    """
    terms_re = _terms_re()
    if terms_re is None or not _may_hold_spam(text.lower()):
        return text
    kept = []
    for line in text.split("\n"):
        if _is_ad_line(line, terms_re):
            log.removed("spam_lines", line.strip())
            continue
        if not terms_re.search(line.lower()):
            kept.append(line)
            continue
        parts = _ITEM_SPLIT_RE.split(line)
        items = parts[0::2]
        spam = [_is_spam_item(item, terms_re) for item in items]
        n_items = sum(1 for item in items if item.strip())
        if n_items and sum(spam) / n_items >= MIN_SPAM_ITEM_SHARE:
            log.removed("spam_lines", line.strip())
            continue
        for j, is_spam in enumerate(spam):
            if is_spam:
                log.removed("spam_lines", items[j].strip())
                parts[2 * j] = ""
        kept.append("".join(parts))
    return "\n".join(kept)
