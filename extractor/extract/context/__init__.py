"""Context: where a claim is stated (claims.csv `context`), so that like meets like.

Decides the page's and each number's context: `context.PageContext` is the record;
`scopes` the paragraph, table or section a round governs; `rounds` the MLPerf round
calendar; `page_context` the page's suite, round, division and date (a page fact), over
the patterns `page_patterns` compiles from the lexicons once;
`sentence_context` the round, division and scale of one number in its sentence, with
`scale` (the accelerators or nodes a sentence states) and `facets` (the part, scale,
variant, period, seller the words beside a number state); `number_format` the precision
and sparsity of a compute figure; `price_basis` what a price is per. Imports `text/`,
`not_claims/` (the page's dates) and `linking/` (`price_basis` asks `topics.is_heading`
whether a line is a heading, which is why context comes after linking).

Exports: `PageContext`, `ContextConfig`, `facets_at`, `scale_at`, `number_format_at`,
`price_basis_of`, `with_restated_bases`, `known_rounds`. (`page_context.page_context`
and `sentence_context.sentence_context` are reached through their modules: the names are
the modules'.)

Modules: `context`, `scopes`, `rounds`, `page_patterns`, `page_context`, `scale`, `facets`,
`sentence_context`, `number_format`, `price_basis`.
"""
from __future__ import annotations

from extractor.lazy_exports import lazy_getattr

_EXPORTS = {"PageContext": "context", "ContextConfig": "page_context",
            "facets_at": "facets", "scale_at": "scale",
            "number_format_at": "number_format", "price_basis_of": "price_basis",
            "with_restated_bases": "price_basis", "known_rounds": "rounds"}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_getattr(__name__, _EXPORTS)
