"""Systems, workloads and vendors named in a text, with their canonical names.

A finder whose phrase patterns are generated from the lexicons (`lexicons/systems.json`,
`systems_mlperf.json`, `workloads.json`, `vendors.json`), matched on the tokens of the
script tokenizer (`tokenizer.py`), finds

- SYSTEM: IPU-POD16, DGX A100, H100, GB300 NVL72, Gaudi 3, TPU v5p, Snapdragon X Elite,
  블랙웰, 昇腾910B, ... and products no lexicon lists, by shape and context
  (`shapes.py`: "AMD MI325X", "Google Axion processor", "XG900 GPUs"; `open_names.py`:
  a code among Korean or Chinese words, "华为910C", "Ironwood TPU"; `page_names.py`: a
  name the page defines, "트릴리움(Trillium)", "Trainium2 (Trn2)", and wherever the page
  writes such a name again). `Entity.origin` says which: "lexicon", "shape", "definition" or "page";
- WORKLOAD: ResNet-50, BERT-Large, GPT-3, Llama 3.1 405B, 라마2 13B, FLUX.1, ...;
- VENDOR: NVIDIA, Graphcore, 그래프코어, 英偉達, ...

Written forms vary in case, spaces and hyphens ("IPU POD16", "ipu-pod 16", "ResNet50"):
every form in the lexicons becomes a phrase pattern in which hyphens are optional and
spaces free, except that a short letter part stays glued to its number ("A100" but not
"a 100"): the variants and the token norms they are matched by are `name_variants.py`'s.
Names are normalised and compared in `names.py`, the one home of that. The
same finder serves every language: the lexicons hold each name's spellings in all three.
`spacy_entities.py` gives its mentions as a spaCy pipeline's `doc.ents`. The finder
itself (its prefix tree, and where the names found by shape and by what the page says
go) is `alias_finder.py`'s; this module turns its mentions into `Entity` rows and reads
them together (a version glued to a size, a shortened name, a vendor before a name).
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from extractor.extract.names.alias_finder import canonical_in_entry, entity_finder
from extractor.extract.names.names import (SYSTEM, VENDOR, WORKLOAD, canonical_system,
                                           canonical_workload, entries, form_key, name_key, vendor_of)
from extractor.extract.text.tokenizer import safe_text

__all__ = ["SYSTEM", "VENDOR", "WORKLOAD", "Entity", "canonical_system", "canonical_workload",
           "find_entities", "form_key", "name_key", "vendor_of"]


@dataclass
class Entity:
    """A mention of a system, workload or vendor; `start`/`end` index into the text."""

    start: int
    end: int
    text: str
    label: str
    canonical: str
    vendor: str = ""
    #: how the name was found: "lexicon"; or, for a name no lexicon lists, "shape" (its
    #: form and context), "definition" (the page defines or abbreviates it: 트릴리움
    #: (Trillium), Trainium2 (Trn2)) or "page" (written again where a name was found)
    origin: str = "lexicon"

    def as_dict(self) -> dict:
        return asdict(self)




def find_entities(text: str, lang: str = "en") -> list[Entity]:
    """Systems, workloads and vendors in `text`, in order. A bug raises: only
    `pipeline.process_page` turns exceptions into error rows. `lang` is the page's
    language, for the callers' symmetry with the other stages: the lexicons hold every
    name's spellings in all three languages, and the finder is the same for all.

    >>> [(e.label, e.canonical) for e in find_entities("在IPU-POD128上訓練ResNet50的時間", "zh")]
    [('SYSTEM', 'IPU-POD128'), ('WORKLOAD', 'ResNet-50')]
    >>> [(e.canonical, e.vendor) for e in find_entities("NVIDIA H200 and a 100 GB A100-80GB")]
    [('H200', 'NVIDIA'), ('A100', 'NVIDIA')]
    >>> [(e.canonical, e.vendor) for e in find_entities("HabanaGaudi2与Google Axion处理器")]
    [('Gaudi2', 'Intel'), ('Axion', 'Google')]
    """
    if not text or not isinstance(text, str):
        return []
    safe = safe_text(text)
    lexicon = entries()
    out = []
    for m in entity_finder().mentions(safe):
        surface = safe[m.start_char:m.end_char]
        if m.shape is None:
            canonical, vendor = canonical_in_entry(m.entry, surface), lexicon[m.entry].vendor
        else:
            canonical = m.shape.canonical
            vendor = (vendor_of(canonical) if m.label == SYSTEM else "") or m.shape.vendor
        origin = "lexicon" if m.shape is None else m.shape.origin
        out.append(Entity(m.start_char, m.end_char, surface, m.label, canonical, vendor, origin))
    return _fold_vendors(text, _widen_shortened(_split_glued_sizes(safe, out)))


_GLUED_VERSION_SIZE = re.compile(r"(?P<family>[A-Za-z]+) (?P<version>[1-9])(?P<size>\d{1,3})")


def _split_glued_sizes(text: str, ents: list[Entity]) -> list[Entity]:
    """A model's version glued to its size where a space was lost ("Llama270B" is
    Llama 2 70B, not a "Llama 270"): when the lexicon names the split reading and a "B"
    (billions of parameters) follows the digits.

    >>> [(e.text, e.canonical) for e in find_entities("Blackwell在Llama270B模型上", "zh")][1:]
    [('Llama270B', 'Llama 2 70B')]
    """
    for e in ents:
        m = _GLUED_VERSION_SIZE.fullmatch(e.canonical) if e.label == WORKLOAD else None
        if m is None or text[e.end:e.end + 1] != "B":
            continue
        split = f"{m.group('family')} {m.group('version')} {m.group('size')}B"
        canonical = next((c for c in (entry.canonical_of(split) for entry in entries()
                                      if entry.label == WORKLOAD) if c), None)
        if canonical is not None:
            e.canonical, e.end, e.text = canonical, e.end + 1, text[e.start:e.end + 1]
    return ents


def _widen_shortened(ents: list[Entity]) -> list[Entity]:
    """A system's name written with a middle word left out is the whole name the page
    writes elsewhere ("Jetson Orin" where the page names the "Jetson AGX Orin"), when
    exactly one name of the page so reads; words left out at an edge make another
    product ("H100" is no "DGX H100", "Jetson Orin" no "Jetson Orin Nano").

    >>> [e.canonical for e in _widen_shortened([Entity(0, 15, "Jetson AGX Orin", SYSTEM, "Jetson AGX Orin"),
    ...                                         Entity(20, 31, "Jetson Orin", SYSTEM, "Jetson Orin")])]
    ['Jetson AGX Orin', 'Jetson AGX Orin']
    """
    names = {e.canonical for e in ents if e.label == SYSTEM and " " in e.canonical}
    if len(names) < 2:
        return ents
    whole: dict[str, str | None] = {}
    for name in names:
        words = name.split()
        for i in range(1, len(words) - 1):
            short = " ".join(words[:i] + words[i + 1:])
            whole[short] = name if short not in whole else None
    for e in ents:
        if e.label == SYSTEM and whole.get(e.canonical):
            e.canonical = whole[e.canonical]
    return ents


def _fold_vendors(text: str, ents: list[Entity]) -> list[Entity]:
    """"Intel Gaudi3": a vendor right before a system is part of the system's name, not a
    mention of its own; the system takes it as vendor when the lexicon gives none."""
    folded = [e.label == VENDOR and nxt is not None and nxt.label == SYSTEM and not text[e.end:nxt.start].strip()
              for e, nxt in zip(ents, [*ents[1:], None])]
    for e, nxt, fold in zip(ents, ents[1:], folded):
        if fold and not nxt.vendor:
            nxt.vendor = e.canonical
    return [e for e, fold in zip(ents, folded) if not fold]
