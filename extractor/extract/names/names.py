"""Names of systems, workloads and vendors: the one place that normalises and compares them.

- `name_key` is how every stage compares two names (CLAIMS.md, and the scorer
  `shared/tools/score_claims.py`): lower case without spaces, hyphens or underscores;
  `names_agree` is the scorer's rule (one key contains the other).
- `form_key` is the stricter key the lexicons are matched with: a separator between two
  digit groups is kept as '|', so "Llama 2 70B" does not read as "Llama 270B".
- `canonical_system`, `canonical_workload` and `vendor_of` map any written form to the
  canonical name of the lexicons (`systems.json`, `workloads.json`, `vendors.json`, and
  the names generated from the MLPerf results, `systems_mlperf.json`).

`reference.py` and `score.py` import these; `entities.py` finds the names in a text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons

SYSTEM, WORKLOAD, VENDOR = "SYSTEM", "WORKLOAD", "VENDOR"

# Placeholders of a digit group in lexicon forms, and the private-use characters that
# stand for them while a form is tokenised or normalised.
PLACEHOLDERS = {"{n}": "\ue000", "{m}": "\ue001"}
_SEPARATORS = re.compile(r"[\s\-_‐‑–—]+")
_SCORER_SEPARATORS = re.compile(r"[\s_\-]+")
_DIGITLIKE = r"[\d\ue000\ue001]"
_DIGIT_GROUP_SEPARATOR = re.compile(rf"(?<={_DIGITLIKE}){_SEPARATORS.pattern}(?={_DIGITLIKE})")


def name_key(name) -> str:
    """The key two names are compared by (the scorer's `canon`): lower case, no white
    space, hyphens or underscores; '' for anything that is not a string.

    >>> name_key("IPU-POD 16") == name_key("ipu_pod16"), name_key(None)
    (True, '')
    """
    if not isinstance(name, str):
        return ""
    return _SCORER_SEPARATORS.sub("", name.lower())


def names_agree(gold, found) -> bool:
    """The scorer's rule: an empty gold name accepts anything; otherwise one key
    contains the other ("BERT" and "BERT-Large", "GB300" and "GB300 NVL72").

    >>> names_agree("BERT", "BERT-Large"), names_agree("IPU-POD16", ""), names_agree("", "x")
    (True, False, True)
    """
    g, f = name_key(gold), name_key(found)
    if not g:
        return True
    return bool(f) and (g in f or f in g)


def form_key(name: str) -> str:
    """The key lexicon forms are matched with: `name_key`, except that a separator
    between two digit groups becomes '|'.

    >>> form_key("IPU-POD 16"), form_key("Llama-2-70B"), form_key("DGX-A100")
    ('ipupod16', 'llama2|70b', 'dgxa100')
    """
    # (white space at either end is no separator between digit groups: no strip needed)
    s = _DIGIT_GROUP_SEPARATOR.sub("|", name)
    return _SEPARATORS.sub("", s).lower()


@dataclass(frozen=True)
class Entry:
    """One name of a lexicon with its written forms."""

    label: str
    canonical: str
    vendor: str
    forms: tuple[str, ...]
    keys: tuple[re.Pattern, ...]
    #: forms that are common words in another case ("llama" the animal, "LLaMA" the model)
    #: match in their written case only
    case_sensitive: bool = False
    #: a memory (HBM3E): a product only on pages of memory makers (see entities)
    memory: bool = False

    def canonical_of(self, text: str) -> str | None:
        """The canonical name of `text` when it is a form of this entry, else None."""
        return self.canonical_of_key(form_key(text))

    def canonical_of_key(self, key: str) -> str | None:
        """`canonical_of` of a text whose `form_key` is `key`."""
        for rx in self.keys:
            m = rx.fullmatch(key)
            if m:
                return self.canonical.format(**m.groupdict())
        return None


def _form_key_regex(form: str) -> re.Pattern:
    marked = form
    for ph, mark in PLACEHOLDERS.items():
        marked = marked.replace(ph, mark)
    rx = re.escape(form_key(marked))
    rx = rx.replace("\ue000", r"(?P<n>\d+)").replace("\ue001", r"(?P<m>\d+)")
    return re.compile(rx)


def _entry(label: str, e: dict) -> Entry:
    forms = tuple(e["forms"])
    return Entry(label, e["canonical"], e.get("vendor", ""), forms,
                 tuple(_form_key_regex(f) for f in forms),
                 bool(e.get("case_sensitive", False)), bool(e.get("memory", False)))


@lru_cache(maxsize=None)
def entries() -> tuple[Entry, ...]:
    """Every lexicon entry: curated systems and workloads first, then the names generated
    from the MLPerf results, then the vendors. A curated entry owns its name: a generated
    entry of the same canonical name is left out (the curated "SSD" lists only the SSD
    detectors, not the bare word, which is a disk), and so are generated forms a curated
    entry reads."""
    curated = [_entry(SYSTEM, e) for e in lexicons.load("systems.json")["systems"]]
    curated += [_entry(WORKLOAD, e) for e in lexicons.load("workloads.json")["workloads"]]
    owned = {(c.label, name_key(c.canonical)) for c in curated}
    generated_lexicon = lexicons.load("systems_mlperf.json")
    out = list(curated)
    for label, key in ((SYSTEM, "systems"), (WORKLOAD, "workloads")):
        for e in generated_lexicon[key]:
            if (label, name_key(e["canonical"])) in owned:
                continue
            forms = [f for f in e["forms"]
                     if not any(c.label == label and c.canonical_of(f) is not None for c in curated)]
            if forms:
                out.append(_entry(label, dict(e, forms=forms)))
    for vendor, names in lexicons.load("vendors.json")["vendors"].items():
        out.append(Entry(VENDOR, vendor, vendor, tuple(names),
                         tuple(_form_key_regex(f) for f in names)))
    return tuple(out)




@lru_cache(maxsize=8192)
def canonical(label: str, name: str) -> str:
    """Canonical name of `name` as a `label`; unknown names come back tidied (a system
    without the vendor word before it)."""
    key = form_key(name)  # (once, not once for each entry asked)
    for entry in entries():
        if entry.label == label:
            c = entry.canonical_of_key(key)
            if c is not None:
                return c
    return strip_vendor(name) if label == SYSTEM else " ".join((name or "").split())


def canonical_system(name: str) -> str:
    """Canonical system name (CLAIMS.md) of any written form; unknown names come back
    with their white space tidied and without a vendor word before them.

    >>> canonical_system("ipu-pod 16"), canonical_system("DGX-A100"), canonical_system("tpuv4")
    ('IPU-POD16', 'DGX A100', 'TPU v4')
    >>> canonical_system("NVIDIA H200"), canonical_system("Instinct MI325X"), canonical_system("")
    ('H200', 'MI325X', '')
    """
    return canonical(SYSTEM, name or "")


def canonical_workload(name: str) -> str:
    """Canonical workload name (CLAIMS.md) of any written form.

    >>> canonical_workload("ResNet50"), canonical_workload("BERT LARGE"), canonical_workload("LLaMA V2 70B")
    ('ResNet-50', 'BERT-Large', 'Llama 2 70B')
    >>> canonical_workload("Llama-3.1-405B"), canonical_workload("라마2 13B")
    ('Llama 3.1 405B', 'Llama 2 13B')
    """
    return canonical(WORKLOAD, name or "")


@lru_cache(maxsize=8192)
def vendor_of(system: str) -> str:
    """Vendor of a canonical or written system name, '' when unknown: that of the first
    system entry a form of which reads it.

    >>> vendor_of("IPU-POD16"), vendor_of("dgx a100"), vendor_of("XYZ"), vendor_of("Trainium2")
    ('Graphcore', 'NVIDIA', '', 'AWS')
    """
    pattern, vendors = _system_forms()
    m = pattern.fullmatch(form_key(system))
    return "" if m is None else vendors[m.lastindex - 1]


@lru_cache(maxsize=1)
def _system_forms() -> tuple[re.Pattern, tuple[str, ...]]:
    """The form keys of every system entry as one pattern, a group per entry in lexicon
    order (the first entry that reads a key is the group that matches), and the entries'
    vendors by group: one search instead of one per form (a few hundred a name)."""
    systems = [e for e in entries() if e.label == SYSTEM]
    groups = ("|".join(_DIGIT_GROUP_NAME.sub("(?:", rx.pattern) for rx in e.keys) for e in systems)
    return re.compile("|".join(f"({g})" for g in groups)), tuple(e.vendor for e in systems)


def build_tables() -> None:
    """Builds the pattern `vendor_of` reads (the entity finder does, once per process),
    not on the first page that names a product no lexicon lists."""
    _system_forms()


#: a digit group's named group in a form key's pattern (`_form_key_regex`)
_DIGIT_GROUP_NAME = re.compile(r"\(\?P<[nm]>")


def vendor_named(word: str) -> str:
    """The vendor a word names ("엔비디아" -> "NVIDIA"), '' when none.

    >>> vendor_named("엔비디아"), vendor_named("Habana Labs"), vendor_named("Axion")
    ('NVIDIA', 'Intel', '')
    """
    return _vendor_by_key().get(form_key(word or ""), "")


@lru_cache(maxsize=None)
def _vendor_by_key() -> dict[str, str]:
    out: dict[str, str] = {}
    for vendor, names in lexicons.load("vendors.json")["vendors"].items():
        for name in names:
            out.setdefault(form_key(name), vendor)
    return out


def strip_vendor(name: str) -> str:
    """A name without the vendor words before it ("NVIDIA H200" -> "H200").

    >>> strip_vendor("Google  Axion"), strip_vendor("AMD")
    ('Axion', 'AMD')
    """
    words = " ".join((name or "").split()).split(" ")
    while len(words) > 1 and form_key(words[0]) in _vendor_by_key():
        words = words[1:]
    return " ".join(words)
