"""Extraction stage: a tagged page -> its numeric claims (`claims.extract_claims`).

A page goes through the stage as a sequence of passes, each writing a record the next
reads (`claims.extract_claims` and its `_PageReader` are the sequence):

1. page facts, once per page: the names (`names/`: `find_entities`, MLPerf tasks), the
   page's suite, round, division, date and the scopes they govern
   (`context/page_context`, `context/scopes`, `context/rounds`), its sentences with their
   names (`linking.sentence_infos`), its subject (`linking/topics.PageTopic`) and its
   tables (`tables/`: `TableTracker`);
2. sentence facts, per sentence: which table it is a row of, its clauses
   (`text/cues.clause_spans`), the roles of its names and the candidate names of its
   numbers (`sentences/`: `mentions`, `comparisons`, `roles`; `linking/candidates`);
3. numbers: every number with its unit and qualifier (`quantities/`, over `numbers/`),
   the not-a-quantity rules dropping names, versions, dates ...;
4. not-claim decisions: the claim rules of `not_claims/` (`not_claims.rules.RULES`, one
   ordered list tried stage by stage), each number dropped keeping its rule;
5. links: the claim's kind and its system and workload, decided once by named resolvers
   (`linking/`), then the link-stage not-claim rules;
6. rows: the metric (`metrics`), the context of the number (`context/`:
   `sentence_context`, `number_format`, `price_basis`, `facets`), the confidence
   (`confidence`), one `claims.Claim` row each; `explain` shows a page's way through.

Sub-packages depend one way, in this order (each imports only those before it, at
module level; `tests/test_extract_layout.py` enforces it): `text`, `names`, `numbers`,
`not_claims`, `quantities`, `sentences`, `tables`, `linking`, `context`, then the
modules at this level (`claims`, `claim_rows`, `losses`, `metrics`, `metric_cues`, `confidence`, `explain`). The import order is
not the pass order: a record is defined below the pass that fills it (the roles of a
sentence name its `Quantity`s, so `sentences/` sits above `quantities/`).

The names below are imported on first use: a module that needs one small part of the
stage (the claim `context` record, the name normaliser) does not load all of it."""
from __future__ import annotations

from extractor.lazy_exports import lazy_getattr

_EXPORTS = {"Claim": "claims", "ClaimConfig": "claims", "extract_claims": "claims",
            "Entity": "names.entities", "canonical_system": "names.entities",
            "canonical_workload": "names.entities", "find_entities": "names.entities",
            "vendor_of": "names.entities", "Quantity": "quantities.quantities",
            "find_quantities": "quantities.quantities"}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_getattr(__name__, _EXPORTS)
