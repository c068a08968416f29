"""Memory named as a part of a product: "192GB HBM3e" says what memory a product has, and
"36GB HBM3E 메모리를 8개" counts the units it carries. The name finder asks these two
questions of a memory name on a page of a memory maker, where such a name may otherwise
be the page's product (the words: `lexicons/names_memory.json`, the makers:
`vendors.json` `memory_makers`)."""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons

# "192GB HBM3e", "288GB 용량의 HBM3E", "141GB的HBM3e": a capacity, then a few letters
_CAPACITY_BEFORE = re.compile(r"\d\s*[GT]B[^\d.,;:!?。，、\n]{0,8}$", re.IGNORECASE)


@lru_cache(maxsize=None)
def memory_makers() -> re.Pattern:
    """Names of the makers of memory products (vendors.json `memory_makers`)."""
    vendors = lexicons.load("vendors.json")
    forms = [f for maker in vendors.get("memory_makers", []) for f in vendors["vendors"][maker]]
    return re.compile("|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)))


@lru_cache(maxsize=None)
def _count_patterns() -> tuple[re.Pattern, re.Pattern]:
    """(a count after the name, a count before its capacity), from names_memory.json."""
    words = lexicons.load("names_memory.json")

    def alternation(key: str) -> str:
        return "|".join(words[key])  # the entries are pattern fragments ("stacks?\\b")

    after = re.compile(rf"\s*(?:{alternation('memory_nouns')})?\s*(?:{alternation('particles_after_noun')})?"
                       rf"\s*(?:[×x*]\s*)?\d+\s*(?:{alternation('counters_after')})(?!\s*의)", re.IGNORECASE)
    before = re.compile(rf"(?:\b\d+\s*[×x*]|\d+\s*(?:{alternation('counters_before')})"
                        rf"|\b(?:{alternation('number_words_before')}))\s*\d+(?:\.\d+)?\s*[GT]B\s*$",
                        re.IGNORECASE)
    return after, before


def build_tables() -> None:
    """Compile the patterns now (the finder is built), not on the first page that needs them."""
    memory_makers()
    _count_patterns()


def after_capacity(text: str, start: int) -> bool:
    """Whether a memory name at `start` follows a capacity: then it says what memory a
    product has, and is no product of its own.

    >>> after_capacity("192GB HBM3e", 6), after_capacity("SK hynix HBM3E", 9)
    (True, False)
    """
    return bool(_CAPACITY_BEFORE.search(text[max(0, start - 16):start]))


def counted_memory(text: str, start: int, end: int) -> bool:
    """Whether a memory name is counted, right after it or before its capacity: then it
    names the memory units a product carries, and a capacity before it is each unit's
    ("36GB HBM3E 메모리를 8개": 36GB is the HBM3E's, eight of them the product's).

    >>> counted_memory("36GB HBM3E 메모리를 8개 탑재", 5, 10), counted_memory("192GB HBM3e, 8TB/s", 6, 11)
    (True, False)
    >>> counted_memory("eight 36GB HBM3E stacks", 11, 16), counted_memory("141GB HBM3e와 8개의 GPU", 6, 11)
    (True, False)
    >>> counted_memory("搭载8颗36GB HBM3E", 9, 14), counted_memory("8개의 36GB HBM3E", 9, 14)
    (True, True)
    """
    after, before = _count_patterns()
    return bool(after.match(text, end, end + 24)) or bool(before.search(text[max(0, start - 24):start]))
