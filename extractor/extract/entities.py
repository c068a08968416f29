"""Systems, workloads and vendors named in a text, with their canonical names.

A blank spaCy pipeline per language, with the script tokenizer (`tokenizer.py`) and an
EntityRuler whose token patterns are generated from the alias lexicons
(`lexicons/systems.json`, `workloads.json`, `vendors.json`), finds

- SYSTEM: IPU-POD16, Bow Pod64, DGX A100, H100, Gaudi2, TPU v4, Ascend 910, and unseen
  product codes of the same shape (1-3 capitals glued to a model number: H200, MI300X);
- WORKLOAD: ResNet-50, BERT-Large, GPT-3, EfficientNet-B4, Llama 2 70B, RetinaNet, ...;
- VENDOR: NVIDIA, Graphcore, 그래프코어, 英偉達, ...

Written forms vary in case, spaces and hyphens ("IPU POD16", "ipu-pod 16", "ResNet50"):
every form in the lexicons becomes a token pattern in which hyphens are optional and
spaces free, except that a short letter part stays glued to its number ("A100" but not
"a 100"). `canonical_system` and `canonical_workload` map any written form to the
canonical name of CLAIMS.md, and are what other stages use to compare names.
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import asdict, dataclass
from functools import lru_cache
from importlib import resources

from extractor.extract.tokenizer import blank_pipeline, split_words

logger = logging.getLogger(__name__)

SYSTEM, WORKLOAD, VENDOR = "SYSTEM", "WORKLOAD", "VENDOR"
_HYPHENS = ["-", "_", "‐", "‑", "–", "—"]
# Placeholders of a digit group in lexicon forms, and the private-use characters that
# stand for them while a form is tokenised or normalised.
_PLACEHOLDERS = {"{n}": "\ue000", "{m}": "\ue001"}
_SEPARATORS = re.compile(r"[\s\-_‐‑–—]+")
_DIGITLIKE = r"[\d\ue000\ue001]"


@dataclass
class Entity:
    """A mention of a system, workload or vendor; `start`/`end` index into the text."""

    start: int
    end: int
    text: str
    label: str
    canonical: str
    vendor: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


@lru_cache(maxsize=None)
def load_lexicon(name: str) -> dict:
    """A JSON lexicon of `extractor/lexicons/`, read once."""
    with resources.files("extractor.lexicons").joinpath(name).open(encoding="utf-8") as f:
        return json.load(f)


def name_key(name: str) -> str:
    """The form of a name that comparisons use: lower case, no spaces, hyphens or
    underscores, except that a separator between two digit groups becomes '|' (so
    "Llama 2 70B" does not read as "Llama 270B").

    >>> name_key("IPU-POD 16"), name_key("Llama-2-70B"), name_key("DGX-A100")
    ('ipupod16', 'llama2|70b', 'dgxa100')
    """
    s = re.sub(rf"(?<={_DIGITLIKE}){_SEPARATORS.pattern}(?={_DIGITLIKE})", "|", name.strip())
    return _SEPARATORS.sub("", s).lower()


@dataclass(frozen=True)
class _Entry:
    label: str
    canonical: str
    vendor: str
    forms: tuple[str, ...]
    keys: tuple[re.Pattern, ...]

    def canonical_of(self, text: str) -> str | None:
        key = name_key(text)
        for rx in self.keys:
            m = rx.fullmatch(key)
            if m:
                return self.canonical.format(**m.groupdict())
        return None


def _form_key_regex(form: str) -> re.Pattern:
    marked = form
    for ph, mark in _PLACEHOLDERS.items():
        marked = marked.replace(ph, mark)
    rx = re.escape(name_key(marked))
    rx = rx.replace("\ue000", r"(?P<n>\d+)").replace("\ue001", r"(?P<m>\d+)")
    return re.compile(rx)


@lru_cache(maxsize=None)
def _entries() -> tuple[_Entry, ...]:
    out = []
    for label, lexicon, key in ((SYSTEM, "systems.json", "systems"),
                                (WORKLOAD, "workloads.json", "workloads")):
        for e in load_lexicon(lexicon)[key]:
            forms = tuple(e["forms"])
            out.append(_Entry(label, e["canonical"], e.get("vendor", ""), forms,
                              tuple(_form_key_regex(f) for f in forms)))
    for vendor, names in load_lexicon("vendors.json")["vendors"].items():
        out.append(_Entry(VENDOR, vendor, vendor, tuple(names),
                          tuple(_form_key_regex(f) for f in names)))
    return tuple(out)


def _canonical(label: str, name: str) -> str:
    for entry in _entries():
        if entry.label == label:
            c = entry.canonical_of(name)
            if c is not None:
                return c
    return _code_canonical(name) if label == SYSTEM else " ".join((name or "").split())


def canonical_system(name: str) -> str:
    """Canonical system name (CLAIMS.md) of any written form; unknown names come back
    with their white space tidied.

    >>> canonical_system("ipu-pod 16"), canonical_system("DGX-A100"), canonical_system("tpuv4")
    ('IPU-POD16', 'DGX A100', 'TPU v4')
    >>> canonical_system("NVIDIA H200"), canonical_system("")
    ('H200', '')
    """
    return _canonical(SYSTEM, name or "")


def canonical_workload(name: str) -> str:
    """Canonical workload name (CLAIMS.md) of any written form.

    >>> canonical_workload("ResNet50"), canonical_workload("BERT LARGE"), canonical_workload("LLaMA V2 70B")
    ('ResNet-50', 'BERT-Large', 'Llama 2 70B')
    """
    return _canonical(WORKLOAD, name or "")


def vendor_of(system: str) -> str:
    """Vendor of a canonical or written system name, '' when unknown.

    >>> vendor_of("IPU-POD16"), vendor_of("dgx a100"), vendor_of("XYZ")
    ('Graphcore', 'NVIDIA', '')
    """
    for entry in _entries():
        if entry.label == SYSTEM and entry.canonical_of(system) is not None:
            return entry.vendor
    return ""


def _code_canonical(name: str) -> str:
    """An unseen product code without the vendor word before it ("NVIDIA H200" -> "H200")."""
    words = " ".join((name or "").split()).split(" ")
    vendors = {name_key(v) for names in load_lexicon("vendors.json")["vendors"].values()
               for v in names}
    while len(words) > 1 and name_key(words[0]) in vendors:
        words = words[1:]
    return " ".join(words)


# ---------------------------------------------------------------------------------------
# Token patterns


def _is_hangul(tok: str) -> bool:
    return bool(tok) and "\uac00" <= tok[0] <= "\ud7a3"


def _form_pattern(form: str) -> list[dict] | None:
    """The EntityRuler token pattern of one written form."""
    marked = form
    for ph, mark in _PLACEHOLDERS.items():
        marked = marked.replace(ph, mark)
    words, spaces = split_words(marked)
    # (token, separated-from-previous) pairs, hyphens and spaces folded into the flag
    toks: list[tuple[str, bool]] = []
    sep = False
    for w, sp in zip(words, spaces):
        if w in _HYPHENS or w.isspace():
            sep = True
            continue
        toks.append((w, sep))
        sep = sp
    if not toks:
        return None
    pattern: list[dict] = []
    for i, (tok, separated) in enumerate(toks):
        if i:
            prev = toks[i - 1][0]
            glued = not separated and (_short_latin(prev) or _short_latin(tok))
            if glued:
                pattern[-1]["SPACY"] = False
            pattern.append({"ORTH": {"IN": _HYPHENS}, "OP": "?"})
        if tok in _PLACEHOLDERS.values():
            pattern.append({"IS_DIGIT": True})
        elif _is_hangul(tok) and i == len(toks) - 1:
            # a Korean name takes its particle in the same token: 그래프코어의
            pattern.append({"TEXT": {"REGEX": "^" + re.escape(tok)}})
        else:
            pattern.append({"LOWER": tok.lower()})
    return pattern


def _short_latin(tok: str) -> bool:
    return tok.isascii() and tok.isalpha() and len(tok) <= 2


def _code_patterns() -> list[dict]:
    """Patterns of unseen product codes (systems.json 'codes')."""
    codes = load_lexicon("systems.json")["codes"]
    prefix = {"REGEX": f"^[A-Z]{{1,{int(codes['max_prefix_letters'])}}}$",
              "NOT_IN": [p.upper() for p in codes["not_prefixes"]]}
    number = {"IS_DIGIT": True, "LENGTH": {">=": int(codes["min_digits"]),
                                           "<=": int(codes["max_digits"])}}
    vendor_words = [v.lower() for names in load_lexicon("vendors.json")["vendors"].values()
                    for v in names if v.isascii()]
    head = [{"TEXT": prefix, "SPACY": False}]
    bare = head + [number]
    suffixed = head + [dict(number, SPACY=False), {"TEXT": {"REGEX": "^[A-Z]{1,2}$"}}]
    out = []
    for p in (bare, suffixed):
        out.append({"label": SYSTEM, "pattern": p, "id": "code"})
        out.append({"label": SYSTEM, "pattern": [{"LOWER": {"IN": vendor_words}}] + p,
                    "id": "code"})
    return out


def _all_patterns() -> list[dict]:
    out = []
    for i, entry in enumerate(_entries()):
        for form in entry.forms:
            p = _form_pattern(form)
            if p:
                out.append({"label": entry.label, "pattern": p, "id": f"e{i}"})
    return out + _code_patterns()


@lru_cache(maxsize=None)
def entity_pipeline(lang: str = "en"):
    """The spaCy pipeline that finds entities in `lang` (built once per language)."""
    nlp = blank_pipeline(lang)
    if "entity_ruler" not in nlp.pipe_names:
        ruler = nlp.add_pipe("entity_ruler", config={"overwrite_ents": True,
                                                     "validate": False})
        ruler.add_patterns(_all_patterns())
    return nlp


def _pipeline_lang(lang: str) -> str:
    base = (lang or "").split("-")[0].lower()
    return base if base in ("en", "zh", "ko") else "xx"


def find_entities(text: str, lang: str = "en") -> list[Entity]:
    """Systems, workloads and vendors in `text`, in order; never raises.

    >>> [(e.label, e.canonical) for e in find_entities("在IPU-POD128上訓練ResNet50的時間", "zh")]
    [('SYSTEM', 'IPU-POD128'), ('WORKLOAD', 'ResNet-50')]
    >>> [(e.canonical, e.vendor) for e in find_entities("NVIDIA H200 and a 100 GB A100-80GB")]
    [('H200', 'NVIDIA'), ('A100', 'NVIDIA')]
    """
    if not text or not isinstance(text, str):
        return []
    try:
        doc = entity_pipeline(_pipeline_lang(lang))(text)
    except Exception:  # bad input must not stop the page; log and find nothing
        logger.exception("entity search failed on %d chars", len(text))
        return []
    entries = _entries()
    out = []
    for ent in doc.ents:
        label, surface = ent.label_, ent.text
        if ent.ent_id_.startswith("e"):
            entry = entries[int(ent.ent_id_[1:])]
            canonical = entry.canonical_of(surface)
            if canonical is None:  # a Korean name with its particle: 그래프코어의
                canonical = entry.canonical if "{" not in entry.canonical else surface
            vendor = entry.vendor
        else:
            canonical = _code_canonical(surface)
            vendor = vendor_of(canonical) or _vendor_word(surface)
        out.append(Entity(ent.start_char, ent.end_char, surface, label, canonical, vendor))
    return _fold_vendors(text, out)


def _fold_vendors(text: str, ents: list[Entity]) -> list[Entity]:
    """"Intel Gaudi3": a vendor right before a system is part of the system's name, not a
    mention of its own; the system takes it as vendor when the lexicon gives none."""
    out: list[Entity] = []
    for i, e in enumerate(ents):
        nxt = ents[i + 1] if i + 1 < len(ents) else None
        if (e.label == VENDOR and nxt is not None and nxt.label == SYSTEM
                and not text[e.end:nxt.start].strip()):
            if not nxt.vendor:
                nxt.vendor = e.canonical
            continue
        out.append(e)
    return out


def _vendor_word(surface: str) -> str:
    first = surface.split(" ")[0]
    for entry in _entries():
        if entry.label == VENDOR and entry.canonical_of(first) is not None:
            return entry.canonical
    return ""
