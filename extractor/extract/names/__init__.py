"""Names: the systems, workloads and vendors a page names, and what kind each is.

Decides which spans of a page are names, and of what (a page fact, read once per page
before any number). `names` is the one name normaliser (lexicon entries, canonical
forms); `name_variants` the written variants of each entry (a prefix tree over the
tokenizer's word norms); `shapes` unseen product names by shape; `open_names` names no
lexicon lists, by their own shape and what stands around them; `page_names` names the
page defines or abbreviates, and writes again; `alias_finder` the lexicon finder over the
prefix tree, and where open names are placed; `entities` turns them all into a page's
entity rows (`find_entities`); `tasks` MLPerf tasks named in words; `name_kinds` whether a name is
a product, a part or a family; `spacy_entities` the same mentions as a spaCy pipeline's
`doc.ents`, for readers (a run builds no Docs). Imports only `text/`.

Exports: `Entity`, `SYSTEM`, `WORKLOAD`, `VENDOR`, `find_entities`, `canonical_system`,
`canonical_workload`, `vendor_of`, `find_tasks`, `is_family`, `is_part`.

Modules: `names`, `name_variants`, `name_kinds`, `shapes`, `open_names`, `entities`,
`spacy_entities`, `tasks`, `alias_finder`, `page_names`.
"""
from __future__ import annotations

from extractor.lazy_exports import lazy_getattr

_EXPORTS = {"Entity": "entities", "SYSTEM": "entities", "WORKLOAD": "entities",
            "VENDOR": "entities", "find_entities": "entities",
            "canonical_system": "entities", "canonical_workload": "entities",
            "vendor_of": "entities", "find_tasks": "tasks", "is_family": "name_kinds",
            "is_part": "name_kinds"}

__all__ = sorted(_EXPORTS)

__getattr__ = lazy_getattr(__name__, _EXPORTS)
