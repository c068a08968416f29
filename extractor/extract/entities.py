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

import logging
import re
from dataclasses import asdict, dataclass
from functools import lru_cache

from extractor import lexicons
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
    #: forms that are common words in another case ("llama" the animal, "LLaMA" the model)
    #: match in their written case only
    case_sensitive: bool = False

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
        for e in lexicons.load(lexicon)[key]:
            forms = tuple(e["forms"])
            out.append(_Entry(label, e["canonical"], e.get("vendor", ""), forms,
                              tuple(_form_key_regex(f) for f in forms),
                              bool(e.get("case_sensitive", False))))
    for vendor, names in lexicons.load("vendors.json")["vendors"].items():
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
    vendors = {name_key(v) for names in lexicons.load("vendors.json")["vendors"].values()
               for v in names}
    while len(words) > 1 and name_key(words[0]) in vendors:
        words = words[1:]
    return " ".join(words)


# ---------------------------------------------------------------------------------------
# Matching: a PhraseMatcher over normalised tokens for the lexicon forms, a regular
# expression for unseen product codes.
#
# The forms are matched on token NORMs in which every digit group reads "0", every hyphen
# "-", and a Korean word that starts with a Korean name reads as that name (particles
# glue to names: 그래프코어의). Each form is expanded into its written variants (parts
# separated by a space, a hyphen, or nothing), so the PhraseMatcher (hash lookups) does
# what optional-token patterns would do at many times the cost; a match then must give
# the form's canonical name back (`_Entry.canonical_of`), which checks the digits.

_DIGIT_NORM = "0"


def _is_hangul(tok: str) -> bool:
    return bool(tok) and "\uac00" <= tok[0] <= "\ud7a3"


def _short_latin(tok: str) -> bool:
    return tok.isascii() and tok.isalpha() and len(tok) <= 2


def _form_parts(form: str) -> list[tuple[str, bool]]:
    """(token, separated from the previous token) of a lexicon form."""
    marked = form
    for ph in _PLACEHOLDERS:
        marked = marked.replace(ph, _DIGIT_NORM)
    words, spaces = split_words(marked)
    parts: list[tuple[str, bool]] = []
    sep = False
    for w, sp in zip(words, spaces):
        if w in _HYPHENS or w.isspace():
            sep = True
            continue
        parts.append((w, sep))
        sep = sp
    return parts


def _form_variants(form: str) -> list[tuple[str, tuple[int, ...]]]:
    """Written variants of a form, each with the token positions (in the variant) that
    must have no space after them: a short letter part stays glued to its number, so
    "A100" matches but "a 100" does not.

    >>> [v for v, _ in _form_variants("IPU-POD{n}")]
    ['IPU POD0', 'IPU-POD0', 'IPUPOD0']
    >>> _form_variants("A100")
    [('A100', (0,))]
    """
    parts = _form_parts(form)
    if not parts:
        return []
    variants: list[tuple[str, tuple[int, ...]]] = []
    seen = set()

    def build(i: int, text: str) -> None:
        if i == len(parts):
            words, spaces = split_words(text)
            glue = [j for j in range(len(words) - 1)
                    if not spaces[j] and "-" not in (words[j], words[j + 1])
                    and (_short_latin(words[j]) or _short_latin(words[j + 1]))]
            if text not in seen:
                seen.add(text)
                variants.append((text, tuple(glue)))
            return
        tok, separated = parts[i]
        if i == 0:
            build(1, tok)
            return
        joins = (" ", "-", "") if separated else ("",)
        for join in joins:
            build(i + 1, text + join + tok)

    build(0, "")
    return variants


def _normalise(doc, hangul_names: re.Pattern | None, text: str | None = None) -> None:
    """Set the token NORMs the phrase patterns are written in (see above). Only the
    tokens to change are visited: digit and hyphen tokens found from the token arrays,
    Korean names by a regular expression over the text."""
    import numpy  # noqa: PLC0415  (comes with spaCy)
    from spacy.attrs import IS_DIGIT, ORTH  # noqa: PLC0415

    if not len(doc):
        return
    arr = doc.to_array([IS_DIGIT, ORTH])
    hyphens = numpy.array([doc.vocab.strings.add(h) for h in _HYPHENS], dtype=arr.dtype)
    for i in arr[:, 0].nonzero()[0]:
        doc[int(i)].norm_ = _DIGIT_NORM
    # found by one array operation, not a Python loop over every token of the page
    for i in numpy.isin(arr[:, 1], hyphens).nonzero()[0]:
        doc[int(i)].norm_ = "-"
    if hangul_names is not None:
        for m in hangul_names.finditer(doc.text if text is None else text):
            span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
            if span is not None and span.start_char == m.start():
                span[0].norm_ = m.group()


class AliasEntityFinder:
    """spaCy component: SYSTEM, WORKLOAD and VENDOR entities from the alias lexicons
    (PhraseMatcher) and the shape of product codes; sets `doc.ents` (span ids:
    `e<entry>` or `code`)."""

    def __init__(self, nlp):
        from spacy.matcher import PhraseMatcher  # noqa: PLC0415

        self.entries = _entries()
        variants = [(idx, text, glue) for idx, entry in enumerate(self.entries)
                    for form in entry.forms for text, glue in _form_variants(form)]
        # Korean names first: texts are normalised to them before matching
        names = {w for _, text, _ in variants for w in split_words(text)[0] if _is_hangul(w)}
        self.hangul_names = re.compile("|".join(re.escape(n) for n in sorted(
            names, key=len, reverse=True))) if names else None
        self.phrases = PhraseMatcher(nlp.vocab, attr="NORM")
        self.glue: dict[int, tuple[int, tuple[int, ...]]] = {}
        by_key: dict[str, list] = {}
        for idx, text, glue in variants:
            pattern_doc = nlp.make_doc(text)
            _normalise(pattern_doc, self.hangul_names)
            key_name = f"{idx}|{','.join(map(str, glue))}"
            self.glue[nlp.vocab.strings.add(key_name)] = (idx, glue)
            by_key.setdefault(key_name, []).append(pattern_doc)
        for key_name, docs in by_key.items():
            self.phrases.add(key_name, docs)

    def __call__(self, doc):
        from spacy.tokens import Span  # noqa: PLC0415
        from spacy.util import filter_spans  # noqa: PLC0415

        text = doc.user_data.get("text") or doc.text  # the tokenizer keeps the input
        _normalise(doc, self.hangul_names, text)
        spans = []
        for key, start, end in self.phrases(doc):
            idx, glue = self.glue[key]
            if any(doc[start + j].whitespace_ for j in glue):
                continue
            entry = self.entries[idx]
            span = doc[start:end]
            if entry.canonical_of(span.text) is None and not _is_hangul(span.text[-1:]):
                continue  # the digits are not this entry's (M3000 is no IPU-M2000)
            if entry.case_sensitive and _case_key(span.text) not in _case_variants(entry):
                continue  # "llama" is an animal, "LLaMA" a model
            spans.append(Span(doc, start, end, label=entry.label, span_id=f"e{idx}"))
        spans.extend(_code_spans(doc, text))
        doc.ents = filter_spans(spans)
        return doc


@lru_cache(maxsize=None)
def _code_regex() -> re.Pattern:
    """Unseen product codes (systems.json 'codes'): capitals glued to a model number,
    counted only with a vendor before ("AMD MI300X") or an accelerator word after
    ("H200 GPUs", "MI300X 加速器"), as shop and finance pages are full of codes
    (AW3418DW, R6700, US10YT). A regular expression over the text: as token patterns
    these cost more than all the lexicon forms together (profiled)."""
    codes = lexicons.load("systems.json")["codes"]
    vendors = sorted((v for names in lexicons.load("vendors.json")["vendors"].values()
                      for v in names if v.isascii()), key=len, reverse=True)
    nouns = sorted(codes["accelerator_words"], key=len, reverse=True)
    alt = lambda ws: "|".join(re.escape(w) for w in ws)  # noqa: E731
    return re.compile(
        rf"(?<![A-Za-z0-9])(?:(?P<vendor>{alt(vendors)})\s+)?"
        rf"(?P<code>(?P<prefix>[A-Z]{{1,{int(codes['max_prefix_letters'])}}})"
        rf"\d{{{int(codes['min_digits'])},{int(codes['max_digits'])}}}(?:[A-Z]{{1,2}})?)"
        rf"(?![A-Za-z0-9])(?:[ \t]*(?P<noun>{alt(nouns)})(?![A-Za-z]))?")


def _code_spans(doc, text: str) -> list:
    """Spans of unseen product codes in `doc` (vendor word included, accelerator word not)."""
    from spacy.tokens import Span  # noqa: PLC0415

    not_prefixes = {p.upper() for p in lexicons.load("systems.json")["codes"]["not_prefixes"]}
    out = []
    for m in _code_regex().finditer(text):
        if not (m.group("vendor") or m.group("noun")) or m.group("prefix") in not_prefixes:
            continue
        span = doc.char_span(m.start(), m.end("code"))
        if span is not None:
            out.append(Span(doc, span.start, span.end, label=SYSTEM, span_id="code"))
    return out


@lru_cache(maxsize=None)
def _case_variants(entry: _Entry) -> frozenset[str]:
    """The written variants of a case-sensitive entry, in their case (`_case_key`)."""
    return frozenset(_case_key(text) for form in entry.forms
                     for text, _ in _form_variants(form))


def _case_key(text: str) -> str:
    """`text` without spaces, every digit group written 0: "LLaMA 65B" -> "LLaMA0B"."""
    return re.sub(r"\d+", _DIGIT_NORM, "".join(text.split()))


#: longest text the entity pipeline takes (characters); longer input is searched in full
MAX_PAGE_CHARS = 100_000_000
#: pages after which the pipelines are rebuilt, to bound the vocabulary's growth
PAGES_PER_PIPELINE = 20_000
_pages_seen = 0


@lru_cache(maxsize=None)
def entity_pipeline(lang: str = "en"):
    """The spaCy pipeline that finds entities in `lang` (built once per language)."""
    from spacy.language import Language  # noqa: PLC0415

    if not Language.has_factory("alias_entities"):
        Language.factory("alias_entities")(lambda nlp, name: AliasEntityFinder(nlp))
    from spacy.attrs import IS_DIGIT, NORM  # noqa: PLC0415

    nlp = blank_pipeline(lang)
    # Every word a page brings that the vocabulary has not seen becomes a lexeme, and
    # spaCy computes all its lexical attributes then (shape, prefix, like_url, stop word
    # ...; profiled: a third of this stage). The finder reads two: NORM, which the
    # phrase patterns match on, and IS_DIGIT (`_normalise`); the getters of these two
    # are kept as they are, so every match stays the same.
    getters = nlp.vocab.lex_attr_getters
    nlp.vocab.lex_attr_getters = {attr: getters[attr] for attr in (NORM, IS_DIGIT) if attr in getters}
    if "alias_entities" not in nlp.pipe_names:
        nlp.add_pipe("alias_entities")
    # spaCy refuses texts over 1,000,000 characters (a guard for its parsers' memory);
    # this pipeline only tokenises and matches phrases, and pages are already bounded by
    # the run's max_page_bytes, so a long page is searched rather than skipped.
    nlp.max_length = MAX_PAGE_CHARS
    return nlp


def _fresh_pipeline_after(pages: int) -> None:
    """Count pages through the pipelines and rebuild them every `pages`: spaCy's
    vocabulary and string store keep every word ever seen, which over a long run of
    varied pages would grow memory without bound (measured cost of a rebuild: well under
    a second)."""
    global _pages_seen
    _pages_seen += 1
    if _pages_seen >= pages:
        _pages_seen = 0
        entity_pipeline.cache_clear()


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
    _fresh_pipeline_after(PAGES_PER_PIPELINE)
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
