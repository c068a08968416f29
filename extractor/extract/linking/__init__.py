"""Linking: the system and workload of each number, decided once, and why.

Decides what a number is about: `linking.sentence_infos` reads a page's sentences and
their names once; `topics` the page's subject and what a sentence inherits (the sentence
before, the heading); `candidates` picks, among a sentence's own names, the one a number
is about (its clause first, what it counts, the baseline), `pairs` pairs k names with k
numbers ("respectively"); `baselines` what a number is compared against;
`link_kinds` what a claim's kind lets it take (a memory size takes
no model from the page); `link_query` the question a number's link answers
(`LinkQuery`) and a resolver's answer (`Candidate`); `resolvers` the named resolvers tried in order (table column,
clause and sentence, caption, the sentence before or the heading, what is counted, the
page's subject, the baseline last), `refinements` what a found name becomes before the
claim's kind is asked (a part's figure its product's), `class_reference` the product a
class reference names ("these instances", "a single chip"); `linking.link_names` runs them for one number and
returns the `Link` with where each name came from (claims.csv `link`). Imports every
package before it except `context/`.

Exports: `link_names`, `sentence_infos`, `claim_kind`, `ClaimKind`, `PageTopic`,
`previous`, `refers_back`, `baseline_of`, `memoised`.

Modules: `candidates`, `pairs`, `baselines`, `topics`, `link_kinds`, `link_query`, `refinements`,
`class_reference`, `resolvers`, `linking`.
"""
from __future__ import annotations

from extractor.lazy_exports import lazy_getattr

_EXPORTS = {"link_names": "linking", "sentence_infos": "linking",
            "claim_kind": "link_kinds", "ClaimKind": "link_kinds", "PageTopic": "topics",
            "previous": "topics", "refers_back": "topics", "baseline_of": "baselines",
            "memoised": "pairs"}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_getattr(__name__, _EXPORTS)
