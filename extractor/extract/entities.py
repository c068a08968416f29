"""Systems, workloads and vendors named in a text, with their canonical names.

A blank spaCy pipeline per language, with the script tokenizer (`tokenizer.py`) and an
alias finder whose phrase patterns are generated from the lexicons (`lexicons/systems.json`,
`systems_mlperf.json`, `workloads.json`, `vendors.json`), finds

- SYSTEM: IPU-POD16, DGX A100, H100, GB300 NVL72, Gaudi 3, TPU v5p, Snapdragon X Elite,
  블랙웰, 昇腾910B, ... and products no lexicon lists, by shape and context
  (`shapes.py`: "AMD MI325X", "Google Axion processor", "XG900 GPUs");
- WORKLOAD: ResNet-50, BERT-Large, GPT-3, Llama 3.1 405B, 라마2 13B, FLUX.1, ...;
- VENDOR: NVIDIA, Graphcore, 그래프코어, 英偉達, ...

Written forms vary in case, spaces and hyphens ("IPU POD16", "ipu-pod 16", "ResNet50"):
every form in the lexicons becomes a phrase pattern in which hyphens are optional and
spaces free, except that a short letter part stays glued to its number ("A100" but not
"a 100"). Names are normalised and compared in `names.py`, the one home of that.
"""
from __future__ import annotations

import logging
import re
from dataclasses import asdict, dataclass
from typing import NamedTuple
from functools import lru_cache

from extractor import lexicons
from extractor.extract import shapes
from extractor.extract.names import (PLACEHOLDERS, SYSTEM, VENDOR, WORKLOAD, Entry,
                                     canonical_system, canonical_workload, entries, form_key,
                                     name_key, vendor_of)
from extractor.extract.tokenizer import ScriptTokenizer, blank_pipeline, split_words

logger = logging.getLogger(__name__)

__all__ = ["SYSTEM", "VENDOR", "WORKLOAD", "Entity", "canonical_system", "canonical_workload",
           "entity_pipeline", "find_entities", "form_key", "name_key", "vendor_of"]

_HYPHENS = ["-", "_", "‐", "‑", "–", "—"]


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


# ---------------------------------------------------------------------------------------
# Matching: a PhraseMatcher over normalised tokens for the lexicon forms; names no
# lexicon lists come from their shape and context (`shapes.py`).
#
# The forms are matched on token NORMs in which every digit group reads "0", every hyphen
# "-", and a Korean word that starts with a Korean name reads as that name (particles
# glue to names: 그래프코어의). Each form is expanded into its written variants (parts
# separated by a space, a hyphen, or nothing), so the PhraseMatcher (hash lookups) does
# what optional-token patterns would do at many times the cost; a match then must give
# the form's canonical name back (`names.Entry.canonical_of`), which checks the digits.

_DIGIT_NORM = "0"


def _is_hangul(tok: str) -> bool:
    return bool(tok) and "\uac00" <= tok[0] <= "\ud7a3"


def _short_latin(tok: str) -> bool:
    return tok.isascii() and tok.isalpha() and len(tok) <= 2


def _form_parts(form: str) -> list[tuple[str, str]]:
    """(token, separator before it: '', ' ' or '-') of a lexicon form."""
    marked = form
    for ph in PLACEHOLDERS:
        marked = marked.replace(ph, _DIGIT_NORM)
    words, spaces = split_words(marked)
    parts: list[tuple[str, str]] = []
    sep = ""
    for w, sp in zip(words, spaces):
        if w in _HYPHENS or w.isspace():
            sep = "-" if w in _HYPHENS else (sep or " ")
            continue
        parts.append((w, sep))
        sep = " " if sp else ""
    return parts


def _long_word(tok: str) -> bool:
    return tok.isascii() and tok.isalpha() and len(tok) >= 4


def _joins(prev: str, tok: str, sep: str) -> tuple[str, ...]:
    """How two parts of a form may be joined in a text: as written, with a space, a
    hyphen or nothing; but two long words the form spaces ("Grace Hopper", "Gen Intel
    Xeon") are only ever written spaced, and generating their glued and hyphenated
    variants would only slow the finder's construction down."""
    if not sep:
        return ("",)
    if sep == " " and _long_word(prev) and _long_word(tok):
        return (" ",)
    return (" ", "-", "")


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
        tok, sep = parts[i]
        if i == 0:
            build(1, tok)
            return
        for join in _joins(parts[i - 1][0], tok, sep):
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
    for i in arr[:, 0].nonzero()[0]:
        doc[int(i)].norm_ = _DIGIT_NORM
    # found by array operations, not a Python loop over every token of the page; one
    # comparison per hyphen form (numpy.isin sorts both arrays: costlier for these few)
    orths = arr[:, 1]
    is_hyphen = numpy.zeros(len(orths), dtype=bool)
    for hyphen in _HYPHENS:
        is_hyphen |= orths == arr.dtype.type(doc.vocab.strings.add(hyphen))
    for i in is_hyphen.nonzero()[0]:
        doc[int(i)].norm_ = "-"
    if hangul_names is not None:
        for m in hangul_names.finditer(doc.text if text is None else text):
            span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
            if span is not None and span.start_char == m.start():
                span[0].norm_ = m.group()


def _normalise_pattern(doc, hangul_names: re.Pattern | None) -> None:
    """`_normalise` for the few tokens of a pattern, token by token: the array operations
    of `_normalise` cost more than they save on two thousand tiny docs (profiled: half
    of building the finder)."""
    for tok in doc:
        if tok.text.isdigit():
            tok.norm_ = _DIGIT_NORM
        elif tok.text in _HYPHENS:
            tok.norm_ = "-"
        elif hangul_names is not None and _is_hangul(tok.text):
            m = hangul_names.match(tok.text)
            if m:
                tok.norm_ = m.group()


class AliasEntityFinder:
    """spaCy component: SYSTEM, WORKLOAD and VENDOR entities from the alias lexicons
    (PhraseMatcher) and names found by shape (`shapes.py`); sets `doc.ents` (span ids:
    `e<entry>` or `shape`)."""

    def __init__(self, nlp):
        from spacy.matcher import PhraseMatcher  # noqa: PLC0415

        self.entries = entries()
        variants = [(idx, text, glue) for idx, entry in enumerate(self.entries)
                    for form in entry.forms for text, glue in _form_variants(form)]
        # Korean names first: texts are normalised to them before matching
        names = {w for _, text, _ in variants for w in split_words(text)[0] if _is_hangul(w)}
        self.hangul_names = re.compile(shapes.alternatives(names)) if names else None
        self.phrases = PhraseMatcher(nlp.vocab, attr="NORM")
        # One pattern per token sequence: "A100", "A800" and "A30" all read "A 0" once
        # digits are normalised, and a match then tries the entries in lexicon order
        # (one match per mention, not one per entry).
        self.candidates: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        by_key: dict[str, tuple[list[int], tuple[int, ...], object]] = {}
        for idx, text, glue in variants:
            pattern_doc = nlp.make_doc(text)
            _normalise_pattern(pattern_doc, self.hangul_names)
            key_name = " ".join(t.norm_ for t in pattern_doc) + "|" + ",".join(map(str, glue))
            if key_name not in by_key:
                by_key[key_name] = ([], glue, pattern_doc)
            if idx not in by_key[key_name][0]:
                by_key[key_name][0].append(idx)
        for key_name, (idxs, glue, pattern_doc) in by_key.items():
            self.candidates[nlp.vocab.strings.add(key_name)] = (tuple(idxs), glue)
            self.phrases.add(key_name, [pattern_doc])

    def __call__(self, doc):
        from spacy.tokens import Span  # noqa: PLC0415

        doc.ents = [Span(doc, m.start, m.end, label=m.label, span_id=m.span_id)
                    for m in self.mentions(doc)]
        return doc

    def mentions(self, doc) -> list[_Mention]:
        """The mentions `__call__` makes `doc.ents` of, in order: longest first where they
        overlap (spaCy's `filter_spans`). `find_entities` reads them as they are: making
        spaCy Spans of them and setting and reading `doc.ents` cost a third of this
        component (profiled)."""
        from spacy.util import filter_spans  # noqa: PLC0415

        text = doc.user_data.get("text") or doc.text  # the tokenizer keeps the input
        _normalise(doc, self.hangul_names, text)
        spans = self._lexicon_spans(doc, text)
        spans.extend(_shape_spans(doc, text, spans))
        return filter_spans(spans)

    def _lexicon_spans(self, doc, text: str) -> list[_Mention]:
        from spacy.attrs import IDX, LENGTH, SPACY  # noqa: PLC0415

        matches = self.phrases(doc)
        if not matches:
            return []
        # offsets and trailing spaces of all tokens in one array: reading them token by
        # token through `doc[i]` costs a Python object per token (profiled)
        offsets, lengths, spaced = doc.to_array([IDX, LENGTH, SPACY]).T.tolist()
        spans = []
        memory_page = None
        for key, start, end in matches:
            idxs, glue = self.candidates[key]
            if any(spaced[start + j] for j in glue):
                continue
            start_char, end_char = offsets[start], offsets[end - 1] + lengths[end - 1]
            idx = _entry_of(text[start_char:end_char], idxs)
            if idx is None:
                continue
            entry = self.entries[idx]
            if entry.memory:
                if memory_page is None:
                    memory_page = bool(_memory_makers().search(text))
                if not memory_page or _after_capacity(text, start_char):
                    continue  # a GPU's memory, not a memory product
            spans.append(_Mention(start, end, start_char, end_char, entry.label, f"e{idx}"))
        return spans


class _Mention(NamedTuple):
    """A name found in a doc: its tokens [start, end), characters, label and span id
    (`e<entry>` or `shape`); `filter_spans` reads `start` and `end` as from a Span."""

    start: int
    end: int
    start_char: int
    end_char: int
    label: str
    span_id: str


@lru_cache(maxsize=65536)
def _entry_of(surface: str, idxs: tuple[int, ...]) -> int | None:
    """The first of the candidate entries that reads `surface`: its digits are the
    entry's (M3000 is no IPU-M2000), and a case-sensitive name is in its case ("llama" is
    an animal, "LLaMA" a model). A Korean name read with its particle (그래프코어의) is
    the entry's as it stands. Cached: a page names its few products many times."""
    key = form_key(surface)
    lexicon = entries()
    for idx in idxs:
        entry = lexicon[idx]
        if entry.canonical_of_key(key) is None and not _is_hangul(surface[-1:]):
            continue
        if (entry.case_sensitive and surface.lower() != surface.upper()
                and _case_key(surface) not in _case_variants(entry)):
            continue  # a Korean or Chinese form has no case to check
        return idx
    return None


@lru_cache(maxsize=65536)
def _canonical_in_entry(idx: int, surface: str) -> str:
    """The canonical name a lexicon mention stands for."""
    entry = entries()[idx]
    canonical = entry.canonical_of(surface)
    if canonical is None:  # a Korean name with its particle: 그래프코어의
        canonical = entry.canonical if "{" not in entry.canonical else surface
    return canonical


@lru_cache(maxsize=None)
def _memory_makers() -> re.Pattern:
    """Names of the makers of memory products (vendors.json `memory_makers`)."""
    vendors = lexicons.load("vendors.json")
    forms = [f for maker in vendors.get("memory_makers", []) for f in vendors["vendors"][maker]]
    return re.compile("|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)))


# "192GB HBM3e", "288GB 용량의 HBM3E", "141GB的HBM3e": a capacity, then a few letters
_CAPACITY_BEFORE = re.compile(r"\d\s*[GT]B[^\d.,;:!?。，、\n]{0,8}$", re.IGNORECASE)


def _after_capacity(text: str, start: int) -> bool:
    """Whether a memory name at `start` follows a capacity: then it says what memory a
    product has, and is no product of its own.

    >>> _after_capacity("192GB HBM3e", 6), _after_capacity("SK hynix HBM3E", 9)
    (True, False)
    """
    return bool(_CAPACITY_BEFORE.search(text[max(0, start - 16):start]))


def _shape_spans(doc, text: str, lexicon_spans: list[_Mention]) -> list[_Mention]:
    """Mentions of names found by shape (`shapes.py`) where no lexicon name is: a vendor
    name may lie inside one ("Google Axion"), a known system or workload may not. Their
    canonical names and vendors go to `doc.user_data["shapes"]`."""
    taken = [(s.start_char, s.end_char) for s in lexicon_spans if s.label != VENDOR]
    found = doc.user_data.setdefault("shapes", {})
    out = []
    for shape in shapes.shapes(text):
        if any(a < shape.end and shape.start < b for a, b in taken):
            continue
        span = doc.char_span(shape.start, shape.end)
        if span is None:
            continue
        found[(span.start_char, span.end_char)] = (shape.canonical, shape.vendor)
        out.append(_Mention(span.start, span.end, span.start_char, span.end_char, SYSTEM, "shape"))
    return out


@lru_cache(maxsize=None)
def _case_variants(entry: Entry) -> frozenset[str]:
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
    # "NVIDIAH100", "HabanaGaudi2": a vendor glued to a product name is cut off it, so
    # the name is a token sequence of its own
    nlp.tokenizer = ScriptTokenizer(nlp.vocab, cuts=shapes.glued_vendor_cuts)
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
    """Systems, workloads and vendors in `text`, in order. A bug raises: only
    `pipeline.process_page` turns exceptions into error rows.

    >>> [(e.label, e.canonical) for e in find_entities("在IPU-POD128上訓練ResNet50的時間", "zh")]
    [('SYSTEM', 'IPU-POD128'), ('WORKLOAD', 'ResNet-50')]
    >>> [(e.canonical, e.vendor) for e in find_entities("NVIDIA H200 and a 100 GB A100-80GB")]
    [('H200', 'NVIDIA'), ('A100', 'NVIDIA')]
    >>> [(e.canonical, e.vendor) for e in find_entities("HabanaGaudi2与Google Axion处理器")]
    [('Gaudi2', 'Intel'), ('Axion', 'Google')]
    """
    if not text or not isinstance(text, str):
        return []
    _fresh_pipeline_after(PAGES_PER_PIPELINE)
    # the pipeline's tokenizer and finder, without its `__call__`: the same mentions the
    # finder would set as `doc.ents`, read as they are (see `AliasEntityFinder.mentions`)
    nlp = entity_pipeline(_pipeline_lang(lang))
    doc = nlp.make_doc(text)
    safe_text = doc.user_data["text"]  # the text with lone surrogates replaced
    mentions = nlp.get_pipe("alias_entities").mentions(doc)
    lexicon = entries()
    by_shape = doc.user_data.get("shapes", {})
    out = []
    for m in mentions:
        surface = safe_text[m.start_char:m.end_char]
        if m.span_id.startswith("e"):
            idx = int(m.span_id[1:])
            canonical, vendor = _canonical_in_entry(idx, surface), lexicon[idx].vendor
        else:
            canonical, vendor = by_shape[(m.start_char, m.end_char)]
            vendor = vendor_of(canonical) or vendor
        out.append(Entity(m.start_char, m.end_char, surface, m.label, canonical, vendor))
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
