"""The entity finder: lexicon names by a prefix tree over token norms, and the names no
lexicon lists (`shapes.py`, `open_names.py`, `page_names.py`) placed where no lexicon name
is. `entities.find_entities` turns its mentions into `Entity` rows.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from itertools import accumulate, compress
from operator import attrgetter
from typing import NamedTuple

from extractor.extract.names import memory_parts, open_names, page_names, shapes
from extractor.extract.names.name_variants import (case_key, case_variants, form_variants, is_hangul,
                                                   piece_norms, token_norm)
from extractor.extract.names.names import SYSTEM, VENDOR, entries, form_key, strip_vendor
from extractor.extract.names.names import build_tables as build_name_tables
from extractor.extract.text.tokenizer import has_trailing_space, split_words, token_pieces

__all__ = ["AliasEntityFinder", "canonical_in_entry", "entity_finder"]


# ---------------------------------------------------------------------------------------
# Matching: a prefix tree over token norms for the lexicon forms; names no lexicon lists
# come from their shape and context (`shapes.py`).
#
# Each form is expanded into its written variants and a token's norm is read as
# `name_variants` says; each variant's norms become a path of the tree, and a text
# matches a variant where its tokens' norms follow that path; a match then must give the
# form's canonical name back (`names.Entry.canonical_of`), which checks the digits.
# White space is no token between words (" ") or a token that matches nothing (line
# breaks, runs of spaces), so a name never spans a line break.

#: token pieces whose norms and root nodes the finder keeps (about 12 MB; a page has a few hundred)
_NORMS_KEPT = 50_000


#: what may follow a name whose abbreviation comes next: " (Trn2)", "(Trn2)"
_BRACKETS_AFTER = frozenset({" ", "\t", "(", "（"})

#: key of a prefix-tree node's list of the entries that end there (norms are strings)
_END = None


class AliasEntityFinder:
    """SYSTEM, WORKLOAD and VENDOR mentions from the alias lexicons (a prefix tree over
    token norms) and names found by shape (`shapes.py`). Built once per process, on the
    first page; the same for every language."""

    def __init__(self):
        self.entries = entries()
        variants = [(idx, text, glue) for idx, entry in enumerate(self.entries)
                    for form in entry.forms for text, glue in form_variants(form)]
        # Korean names first: the norms of Korean words are the names they start with
        names = {w for _, text, _ in variants for w in split_words(text)[0] if is_hangul(w)}
        self.hangul_names = re.compile(shapes.alternatives(names)) if names else None
        # The tree: {norm: node}, a node a dict of the same kind whose `_END` holds the
        # entries a variant of which ends there, in lexicon order, each with the glue
        # positions of its variants ("A100", "A800" and "A30" all read "a 0": one path,
        # tried in lexicon order, one match per mention, not one per entry).
        # Variants are cut into words as texts are, glued vendors included: written
        # glued, "AmazonWebServices" reads "Amazon", "WebServices" in a text, and so in
        # the tree.
        tree: dict = {}
        for idx, text, glue in variants:
            node = tree
            for word in split_words(text, shapes.glued_vendor_cuts(text))[0]:
                node = node.setdefault(token_norm(word, self.hangul_names), {})
            node.setdefault(_END, {}).setdefault(idx, set()).add(glue)
        _freeze(tree)
        self.tree = tree
        #: {piece: norm}, {piece: the tree's root node of its norm or None}: `_first_nodes`
        self._norm_of: dict[str, str] = {}
        self._first_of: dict[str, dict | None] = {}
        # patterns the rules after the tree read on some pages: built now, not on the first such page
        memory_parts.build_tables()
        build_name_tables()
        open_names.build_tables()
        page_names.build_tables()

    def mentions(self, text: str) -> list[_Mention]:
        """The mentions of `text` (no lone surrogates: `tokenizer.safe_text`), in order:
        longest first where they overlap (`_longest_first`)."""
        pieces = token_pieces(text, shapes.glued_vendor_cuts(text))
        starts = list(accumulate(map(len, pieces), initial=0))
        spans = self._lexicon_spans(text, pieces, starts)
        systems = self._systems(text, spans)
        ends = {s.end_char for s in spans if s.label != VENDOR}
        found = sorted(shapes.shapes(text) + open_names.not_continuing(text, open_names.open_names(text), ends),
                       key=_SHAPE_ORDER)
        spans.extend(_shape_spans(text, pieces, starts, spans, found))
        defined = self._defined(text, spans)
        if defined:  # a definition outranks a shape read on the same words ("(Grv4)")
            spans = [s for s in spans if s.shape is None or (s.start_char, s.end_char)
                     not in {(d.start, d.end) for d in defined}]
        spans.extend(_shape_spans(text, pieces, starts, spans, defined))
        spread = page_names.page_spread(text, [s.shape for s in spans if s.shape is not None],
                                        [(s.start_char, s.end_char) for s in spans])
        spans.extend(_shape_spans(text, pieces, starts, spans, spread))
        spans.extend(self._tails(text, pieces, starts, spans, systems))
        spans.extend(self._written_bare(text, pieces, starts, spans, systems))
        return _longest_first(spans)

    def _systems(self, text: str, spans: list[_Mention]) -> list[tuple[int, int, str, str, str]]:
        """(start, end, surface, canonical name, vendor) of the lexicon's systems among
        `spans`, read once for `_tails` and `_written_bare` (the passes after them add
        names by shape only)."""
        lexicon = self.entries
        return [(s.start_char, s.end_char, surface, canonical_in_entry(s.entry, surface), lexicon[s.entry].vendor)
                for s in spans if s.shape is None and s.label == SYSTEM
                for surface in (text[s.start_char:s.end_char],)]

    def _written_bare(self, text: str, pieces: list[str], starts: list[int],
                      spans: list[_Mention], systems: list[tuple[int, int, str, str, str]]) -> list[_Mention]:
        """A lexicon system whose code the lexicon reads only with a vendor or class noun
        ("M3 칩을", "Apple M4": a bare "M3" may be anything) is that product wherever the
        page writes the code again ("M3의 18 TOPS"): the page has said what it is.
        `systems` are `_systems` of the page."""
        named = [shapes.Shape(a, b, canonical, vendor, open_names.PAGE, SYSTEM)
                 for a, b, surface, canonical, vendor in systems
                 if canonical != surface and canonical in surface and any(map(str.isdigit, canonical))]
        if not named:
            return []
        spread = page_names.page_spread(text, named, [(s.start_char, s.end_char) for s in spans],
                                        shortest=2)
        return _shape_spans(text, pieces, starts, spans, spread)

    def _tails(self, text: str, pieces: list[str], starts: list[int],
               spans: list[_Mention], systems: list[tuple[int, int, str, str, str]]) -> list[_Mention]:
        """A lexicon system's name shortened to its last words elsewhere on the page
        (`page_names.name_tails`: "클라우드 AI 100", then "AI 100"), or in Chinese to its
        number (`page_names.number_tails`: "CloudMatrix 384", then "华为384"). `systems`
        are `_systems` of the page."""
        named = [(a, b, canonical, vendor) for a, b, surface, canonical, vendor in systems if " " in surface]
        tails = page_names.name_tails(text, named)
        out = []
        if tails:
            spread = page_names.page_spread(text, tails, [(s.start_char, s.end_char) for s in spans])
            out = _shape_spans(text, pieces, starts, spans, spread)
        numbers = page_names.number_tails(text, named)
        if numbers:
            out += _shape_spans(text, pieces, starts, spans + out, numbers)
        return out

    def _defined(self, text: str, spans: list[_Mention]) -> list[shapes.Shape]:
        """Names the page defines: the other spelling of a name in brackets
        ("트릴리움(Trillium)": 트릴리움 is Trillium), an abbreviation after a name
        ("Trainium2 (Trn2)"), and a Latin name so defined that precedes a class noun
        somewhere on the page. Each takes the label and canonical name of the name it
        spells (`shapes.Shape.label`)."""
        if "(" not in text and "（" not in text:
            return []  # every definition is in brackets
        by_span = {(s.start_char, s.end_char): s for s in spans if s.label != VENDOR}
        out = []
        for s in by_span.values():
            if text[s.end_char:s.end_char + 1] not in _BRACKETS_AFTER:
                continue
            surface = text[s.start_char:s.end_char]
            abbr = page_names.abbreviation_after(text, s.end_char, surface)
            if abbr is not None:
                out.append(self._alias(s, text, *abbr))
        for c0, c1, cjk, l0, l1, latin in page_names.definitions(text):
            named = by_span.get((l0, l1)) or by_span.get((c0, c1))
            if named is not None:
                a, b = (c0, c1) if (named.start_char, named.end_char) == (l0, l1) else (l0, l1)
                out.append(self._alias(named, text, a, b))
            elif page_names.named_before_noun(text, (cjk, latin)):
                name = strip_vendor(" ".join(latin.split()))
                out += [shapes.Shape(c0, c1, name, "", open_names.DEFINITION, SYSTEM),
                        shapes.Shape(l0, l1, name, "", open_names.DEFINITION, SYSTEM)]
        return out

    def _alias(self, named: _Mention, text: str, start: int, end: int) -> shapes.Shape:
        surface = text[named.start_char:named.end_char]
        if named.shape is None:
            canonical = canonical_in_entry(named.entry, surface)
            vendor = self.entries[named.entry].vendor
        else:
            canonical, vendor = named.shape.canonical, named.shape.vendor
        return shapes.Shape(start, end, canonical, vendor, open_names.DEFINITION, named.label)

    def _lexicon_spans(self, text: str, pieces: list[str], starts: list[int]) -> list[_Mention]:
        """Mentions of lexicon names: from every token whose norm starts a path of the
        tree, as far along it as the tokens' norms go. Where a path ends, a variant's
        glued positions must have no space after them, and an entry must read the
        surface (`_entry_of`). The tokens on a path are words (white space reads as no
        name), so a piece ending in " " has a trailing space."""
        firsts = self._first_nodes(pieces)
        norm_of, n, lexicon = self._norm_of, len(pieces), self.entries
        spans = []
        memory_page = None
        for start, node in zip(compress(range(n), firsts), filter(None, firsts)):
            end = start + 1
            while True:
                if _END in node:
                    idxs, glued = node[_END]
                    if glued:
                        idxs = _glued_entries(glued, pieces, start)
                    if idxs:
                        start_char = starts[start]
                        end_char = starts[end] - (pieces[end - 1][-1] == " ")
                        idx = _entry_of(text[start_char:end_char], idxs)
                        if idx is not None and lexicon[idx].memory:
                            if memory_page is None:
                                memory_page = bool(memory_parts.memory_makers().search(text))
                            if (not memory_page or memory_parts.after_capacity(text, start_char)) \
                                    and not memory_parts.counted_memory(text, start_char, end_char):
                                idx = None  # a GPU's memory, not a memory product
                        if idx is not None:
                            spans.append(_Mention(start, end, start_char, end_char,
                                                  lexicon[idx].label, idx, None))
                if end == n:
                    break
                norm = norm_of[pieces[end]]
                if norm not in node:
                    break
                node = node[norm]
                end += 1
        return spans

    def _first_nodes(self, pieces: list[str]) -> list[dict | None]:
        """The tree's root node of each piece's norm (None where no name starts with it); the
        pieces a page meets for the first time (most, on a real run) are read together
        (`piece_norms`)."""
        norm_of, first_of, tree, hangul = self._norm_of, self._first_of, self.tree, self.hangul_names
        if len(norm_of) > _NORMS_KEPT:
            norm_of.clear()  # a long run meets words without end: bound the tables
            first_of.clear()
        new = list(set(pieces).difference(first_of))
        norms = piece_norms(new, hangul)
        norm_of.update(zip(new, norms))
        first_of.update(zip(new, map(tree.get, norms)))
        return list(map(first_of.__getitem__, pieces))


def _freeze(node: dict) -> None:
    """The tree's lists of entries as (entries, None) in lexicon order, or, where a
    variant glues a short letter part to its number, (None, ((entry, glue positions of
    its variants), ...))."""
    for key, child in node.items():
        if key is not _END:
            _freeze(child)
            continue
        glued = tuple((idx, tuple(sorted(glues))) for idx, glues in sorted(child.items()))
        if any(glue for _, glues in glued for glue in glues):
            node[key] = (None, glued)
        else:
            node[key] = (tuple(idx for idx, _ in glued), None)


def _glued_entries(glued: tuple, pieces: list[str], start: int) -> tuple[int, ...]:
    """The entries of a glued path end whose variant the tokens from `start` write glued:
    no space after any of a variant's glued positions (loops, not generators: a page
    meets a few dozen such ends, "A100", "H100", "v5p" ...)."""
    out = []
    for idx, glues in glued:
        for glue in glues:
            for j in glue:
                if pieces[start + j][-1] == " ":
                    break
            else:
                out.append(idx)
                break
    return tuple(out)


class _Mention(NamedTuple):
    """A name found in a text: its tokens [start, end), characters, label, and either its
    lexicon entry or the name found by shape (entry -1)."""

    start: int
    end: int
    start_char: int
    end_char: int
    label: str
    entry: int
    shape: shapes.Shape | None


_START = attrgetter("start")
_END_TOKEN = attrgetter("end")


def _SHAPE_ORDER(s: shapes.Shape) -> tuple[int, int]:
    return (s.start, -s.end)


def _longest_first(spans: list[_Mention]) -> list[_Mention]:
    """The mentions that overlap no longer one, in order of position: the longest (in
    tokens) are taken first, then the earlier of two as long, then a lexicon name before
    a name by shape (spaCy's `filter_spans` rule, which this stage used to call).

    >>> spans = [_Mention(0, 2, 0, 6, "S", 1, None), _Mention(1, 4, 3, 9, "S", 2, None),
    ...          _Mention(4, 5, 10, 12, "S", 3, None)]
    >>> [s.entry for s in _longest_first(spans)]
    [2, 3]
    """
    in_order = sorted(spans, key=_START)
    if all([a.end <= b.start for a, b in zip(in_order, in_order[1:])]):
        return in_order  # none overlaps another (most pages): all are taken
    taken: list[_Mention] = []
    seen = bytearray(max(map(_END_TOKEN, spans)))  # 1 for each token a taken mention holds
    # longest first, then the earlier; as listed where both tie (a stable sort)
    for *_, span in sorted([(s.end - s.start, -s.start, -i, s) for i, s in enumerate(spans)], reverse=True):
        if not seen[span.start] and not seen[span.end - 1]:
            taken.append(span)
            seen[span.start:span.end] = b"\1" * (span.end - span.start)
    return sorted(taken, key=_START)


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
        if entry.canonical_of_key(key) is None and not is_hangul(surface[-1:]):
            continue
        if (entry.case_sensitive and surface.lower() != surface.upper()
                and case_key(surface) not in case_variants(entry)):
            continue  # a Korean or Chinese form has no case to check
        return idx
    return None


@lru_cache(maxsize=65536)
def canonical_in_entry(idx: int, surface: str) -> str:
    """The canonical name a lexicon mention stands for."""
    entry = entries()[idx]
    canonical = entry.canonical_of(surface)
    # a Korean name with its particle: 그래프코어의, "M4 칩의" (a form "M{n} 칩" and 의)
    for cut in range(1, _PARTICLE_CHARS + 1):
        if canonical is not None or not is_hangul(surface[-cut:]) or len(surface) <= cut:
            break
        canonical = entry.canonical_of(surface[:-cut])
    if canonical is None:
        canonical = entry.canonical if "{" not in entry.canonical else surface
    return canonical


#: the longest Korean particle glued to a name (에서는, 으로는)
_PARTICLE_CHARS = 3


def _shape_spans(text: str, pieces: list[str], starts: list[int],
                 spans: list[_Mention], found: list[shapes.Shape]) -> list[_Mention]:
    """Mentions of names found by shape or definition (`shapes.py`, `open_names.py`)
    where no other name is: a vendor name may lie inside one ("Google Axion"), a system
    or workload may not. A name begins where a token does; it ends where one does (a
    token's trailing space is not in it), or inside a Korean word, which it then takes
    whole, particle and all ("트릴리움은"), as lexicon names do."""
    if not found:
        return []
    taken = page_names.Covered(len(text), [(s.start_char, s.end_char) for s in spans if s.label != VENDOR])
    out = []
    n = len(pieces)
    for shape in found:
        if taken.overlaps(shape.start, shape.end):
            continue
        first = bisect_left(starts, shape.start, 0, n)
        last = bisect_left(starts, shape.end, 0, n) - 1
        if first == n or starts[first] != shape.start or last < first:
            continue
        piece = pieces[last]
        end = starts[last + 1] - has_trailing_space(piece)
        if end != shape.end and not (is_hangul(piece) and end > shape.end):
            continue
        taken.add(shape.start, end)
        out.append(_Mention(first, last + 1, shape.start, end, shape.label, -1, shape))
    return out


@lru_cache(maxsize=None)
def entity_finder() -> AliasEntityFinder:
    """The finder (built once per process, on first use: about a tenth of a second)."""
    return AliasEntityFinder()
