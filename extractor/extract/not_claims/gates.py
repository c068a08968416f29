"""Facts of a whole text that gate rules of the quantity layer (`rules.Rule.gate`): a rule
whose fact a text lacks rejects none of its numbers, and the quantity finder leaves it out
for that text (`rules.StageTests[kind, lacks]`). `NotAQuantity._masks` reads them once a
text: most texts lack them all.
"""
from __future__ import annotations

import itertools
import re
from functools import lru_cache

from extractor.extract.text.literal_gates import required_literals

#: the facts: a mask span in the text, a token's literal (@, =, ://, .png ...), an
#: ordinal prefix's literal (第, 제), an ordinal suffix's (단계, 号)
GATES = ("masks", "tokens", "ordinal_prefix", "ordinal_suffix")
#: the gates a text lacks (`NotAQuantity.lacks`), by whether it lacks each of `GATES`
#: (one record each, shared: `rules.StageTests` keys its tests by them)
_LACKS = {lacked: frozenset(gate for gate, no in zip(GATES, lacked) if no)
          for lacked in itertools.product((False, True), repeat=len(GATES))}

#: a text that lacks none
NONE_LACKED = _LACKS[(False,) * len(GATES)]


def lacked_gates(norm: str, g, has_spans: bool, holds_tokens: bool) -> frozenset:
    """The `GATES` text `norm` lacks, read with grammar `g` (the rules they gate, `masked`,
    `address_token`, `ordinal_prefix`, `ordinal_suffix`, are not tried on its numbers);
    `has_spans`: a mask span was found in it; `holds_tokens`: it holds a token's literal."""
    prefixes, suffixes = _ordinal_literals(g)
    prefixed = suffixed = False
    for literal in prefixes:
        if literal in norm:
            prefixed = True
            break
    for literal in suffixes:
        if literal in norm:
            suffixed = True
            break
    return _LACKS[not has_spans, not holds_tokens, not prefixed, not suffixed]


@lru_cache(maxsize=8)
def _ordinal_literals(g) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The literals of a grammar's ordinal prefixes and of its suffixes (`_literals`)."""
    return _literals(g.ordinal_prefix_re), _literals(g.ordinal_suffix_re)


def _literals(rx: re.Pattern | None) -> tuple[str, ...]:
    """Literals one of which every match of `rx` holds (literal_gates.required_literals):
    () for no pattern (nothing to match), ("",) when none is known (in every text)."""
    if rx is None:
        return ()
    found = required_literals(rx.pattern, rx.flags)
    return found[0] if found else ("",)
