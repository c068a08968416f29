"""The context of one claim: the page's context (`page_context`) as it holds for the
number at one offset of one sentence (a `context.PageContext`).

- `sentence_context(sentence, page_ctx, at=, offset=) -> PageContext`: the scope of the
  page the number stands in (`page_context.scope_at`), the division and round the sentence
  names itself ("in the open division", "在開放分區", "오픈 부문"), the earlier round
  of a past result ("the 10.9 minutes it posted in June", `rounds.past_round`), and
  the scale stated for it (`scale.scale_at`: "on 3,584 H100 GPUs", "8 nodes").
- `clause_at(sentence, at) -> (start, end)`: the clause holding an offset (clauses end
  at the separators of `lexicons/context_words.json`); where a sentence names several
  divisions, rounds, scales or number formats (`number_format`), the one in the
  number's clause speaks for it.

`claims` asks this for every claim, the page's context once per page. No function
here raises on any str input.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from extractor import lexicons
from extractor.extract.context.context import PageContext
from extractor.extract.context.facets import facet_values
from extractor.extract.context.page_context import (ContextConfig, RoundMention, division_mentions,
                                                    find_round_mentions, half_width, scope_at)
from extractor.extract.text.regex_tools import literal_alternation
from extractor.extract.context.rounds import past_round, round_sort_key, states_past_result
from extractor.extract.context.scale import scale_at, scale_mentions
from extractor.extract.sentences.sentence_facts import fact

__all__ = ["clause_at", "sentence_context"]

_DEFAULT_CONFIG = ContextConfig()


@lru_cache(maxsize=256)
def _rounds_named(text: str, config: ContextConfig) -> tuple[RoundMention, ...]:
    """`find_round_mentions` of a sentence, remembered: every claim of a sentence asks
    for its context (profiled: a sixth of the claim stage before)."""
    return tuple(find_round_mentions(text, config))


@lru_cache(maxsize=256)
def _rounds_named_by_default(text: str) -> tuple[RoundMention, ...]:
    """`_rounds_named` with the default options, keyed by the text alone (hashing the
    options, a dataclass of many fields, for every claim showed in profiles)."""
    return tuple(find_round_mentions(text, _DEFAULT_CONFIG))


@lru_cache(maxsize=None)
def _clause_separator() -> re.Pattern:
    words = lexicons.load("context_words.json").get("clause_separators", [","])
    return re.compile(literal_alternation(words), re.IGNORECASE)


@lru_cache(maxsize=256)
def _separators(text: str) -> tuple[tuple[int, int], ...]:
    """The clause separators of a sentence, remembered: every claim of a sentence asks
    for its clause (as `_rounds_named`)."""
    return tuple([m.span() for m in _clause_separator().finditer(text)])


def clause_at(text: str, at: int) -> tuple[int, int]:
    """(start, end) of the clause of `text` holding offset `at` (clauses end at the
    separators of `context_words.json`: commas, "and", "而", "반면", ...)."""
    return _clause_between(_separators(text), at, len(text))


def _clause_between(separators: tuple[tuple[int, int], ...], at: int, length: int) -> tuple[int, int]:
    """`clause_at` of a text `length` long whose separators are known."""
    start, end = 0, length
    for sep_start, sep_end in separators:
        if sep_end <= at:
            start = sep_end
        elif sep_start > at:
            end = sep_start
            break
    return start, end


def _nearest(mentions: list, at: int | None, pos, label, text: str):
    """The mention that speaks for offset `at`: the one in its clause ("28.3 minutes in
    the closed division, 26.05 in the open division"), else the last one before it, else
    the first after it; None without `at`, or when its clause names two."""
    if at is None or not mentions:
        return None
    start, end = clause_at(text, at)
    inside = [m for m in mentions if start <= pos(m) < end]
    if inside:
        return inside[-1] if len({label(m) for m in inside}) == 1 else None
    before = [m for m in mentions if pos(m) <= at]
    return before[-1] if before else mentions[0]


def _one_machine(text: str, clause: tuple[int, int] | None):
    """The accelerators of a clause that states one machine twice, as nodes and as its
    accelerators ("DGX A100 1대(GPU 8개)는 18.4분", "eight DGX A100 systems (64 GPUs)
    took 2.9 minutes"): not two competing scales but one, counted in accelerators
    (the count the reference rows all state). None otherwise.

    >>> _one_machine("eight DGX A100 systems (64 GPUs) took 2.9 minutes", (0, 50)).count
    64
    """
    if clause is None:
        return None
    inside = [m for m in scale_mentions(text) if clause[0] <= m.start < clause[1]]
    kinds = [m.kind for m in inside]
    if sorted(kinds) != ["accelerators", "nodes"]:
        return None
    nodes, accelerators = sorted(inside, key=lambda m: m.kind != "nodes")
    # the accelerators follow their machine closely: "1대(GPU 8개)", "systems (64 GPUs)"
    if not 0 <= accelerators.start - nodes.end <= 12 or accelerators.count < nodes.count:
        return None
    return accelerators


@dataclass(frozen=True)
class _Scene:
    """What a sentence names for all its numbers (with the default options): its
    half-width text, the divisions it names, the rounds it names not in passing."""

    text: str
    divisions: tuple[tuple[int, str], ...]
    named: frozenset[str]
    own_rounds: tuple[RoundMention, ...]
    #: whether it states a scale at all (`scale.scale_mentions`), a past result
    #: (`rounds.states_past_result`): most sentences do neither
    scaled: bool
    past: bool
    #: its clause separators (`clause_at`) and its length
    separators: tuple[tuple[int, int], ...]
    length: int


def _scene(sentence_text, config: ContextConfig) -> _Scene:
    text = half_width(sentence_text)
    divisions = division_mentions(text)
    named_rounds = _rounds_named_by_default(text) if config is _DEFAULT_CONFIG else _rounds_named(text, config)
    # (most sentences name neither: no comprehension is run for them)
    return _Scene(text, divisions, frozenset([d for _, d in divisions]) if divisions else frozenset(),
                  tuple([m for m in named_rounds if not m.passing]) if named_rounds else (),
                  bool(scale_mentions(text)), states_past_result(text), _separators(text), len(text))


def sentence_context(sentence_text, page_ctx: PageContext | str | None = None,
                     config: ContextConfig | None = None, at: int | None = None,
                     offset: int | None = None, metric: str = "",
                     quantity: str = "", facts: dict | None = None) -> PageContext:
    """The page context, with the division and round that one sentence names itself.

    A round named only in passing ("since our first MLPerf v1.0 submission") does not
    change the sentence's round: such a sentence speaks of the page's round relative to
    the earlier one. A sentence naming both divisions has none, unless `at` (the offset
    of a claim in the sentence) is given: then the division and round named last before
    it (else first after it) speak for it.

    >>> page = PageContext("training", "v1.1", "", "2021-12-02")
    >>> sentence_context("在開放分區的訓練時間為5.78分鐘", page).as_string()
    'suite=training;round=v1.1;division=open;date=2021-12-02'
    >>> sentence_context("24% faster than our first MLPerf v1.0 submission", page).round
    'v1.1'
    >>> s = "34.5 min in the closed division and 27.8 min in the open division"
    >>> sentence_context(s, page).division, sentence_context(s, page, at=s.index("27.8")).division
    ('', 'open')

    With `offset` (where the sentence starts in the page), a round or division named in
    the body governs only its paragraph, table or section (`scopes`); a number
    followed by a past-result cue ("the 10.9 minutes it posted in June") speaks of the
    earlier round; the scale the sentence states for the number (`scale.scale_at`) is
    added.

    >>> s = "It beat the 10.9 minutes it posted in June."
    >>> sentence_context(s, PageContext("training", "v3.1"), at=s.index("10.9")).round
    'v3.0'
    >>> sentence_context("GPT-3 in 10.94 min on 3,584 H100 GPUs", page, at=9).accelerators
    '3584'

    With the claim's `metric` (and `quantity`), what the words beside the number say it
    measures is added (`facets.facets_at`: part, scale, variant, period, seller).
    `facts`: the sentence's `SentenceFacts` (what it names is read once for its numbers).

    >>> s = "Each Blackwell Ultra rack draws 120 kW, and each chip 1,400 W."
    >>> sentence_context(s, at=s.index("120"), metric="power").scale
    'rack'
    """
    # (asked for every claim: the checks of its arguments cost least for what claims pass,
    # a PageContext, an int offset and the default options)
    if type(page_ctx) is not PageContext:
        page_ctx = (PageContext.parse(page_ctx) if isinstance(page_ctx, str) else page_ctx) or PageContext()
    config = config or _DEFAULT_CONFIG
    # the sentence's scene, kept in its `facts` when given (default options only)
    scene = fact(facts, "context_scene", _scene, sentence_text, config) \
        if facts is not None and config is _DEFAULT_CONFIG else _scene(sentence_text, config)
    text = scene.text
    if type(at) is not int:  # an int offset, not a bool
        at = at if isinstance(at, int) and not isinstance(at, bool) else None
    if page_ctx.scopes and isinstance(offset, int):
        page_ctx = scope_at(page_ctx, offset + (at or 0))
    division = _division(scene, at, page_ctx.division) if scene.named else page_ctx.division
    rnd, suite = _round_and_suite(scene, at, page_ctx) if scene.own_rounds else (page_ctx.round, page_ctx.suite)
    if at is not None and scene.past:
        rnd = past_round(text, at, rnd, suite, page_ctx.date, config.past_window)
    clause = _clause_between(scene.separators, at, scene.length) if at is not None else None
    scale = (_one_machine(text, clause) or scale_at(text, at, clause)) if scene.scaled else None
    # '?': the sentence states several scales and which is this number's is not known
    count = (str(scale.count) if scale.count else "?") if scale else ""
    accelerators = count if scale and scale.kind == "accelerators" else ""
    nodes = count if scale and scale.kind == "nodes" else ""
    if metric and at is not None and 0 <= at <= scene.length:
        part, scale_of, variant, period, seller = facet_values(text, at, metric, quantity, clause)
    else:
        part = scale_of = variant = period = seller = ""
    return PageContext(suite, rnd, division, page_ctx.date, accelerators, nodes, "", "", "",
                       part, scale_of, variant, period, seller)


def _division(scene: _Scene, at: int | None, page_division: str) -> str:
    """The division the sentence names for the number at `at`: the one it names alone,
    else the one named nearest the number; the page's when it names none (the caller
    need not ask then)."""
    named = scene.named
    if len(named) == 1 and "both" not in named:
        return next(iter(named))
    if named:
        nearest = _nearest(scene.divisions, at, lambda m: m[0], lambda m: m[1], scene.text)
        return nearest[1] if nearest and nearest[1] != "both" else ""
    return page_division


def _round_and_suite(scene: _Scene, at: int | None, page_ctx: PageContext) -> tuple[str, str]:
    """The round (and suite) the sentence names for itself, not in passing: the one named
    nearest the number when it names several, the weightiest and latest otherwise; the
    page's when it names none (the caller need not ask then)."""
    own, text = scene.own_rounds, scene.text
    rnd, suite = page_ctx.round, page_ctx.suite
    if own:
        best = None
        if len({m.round for m in own}) > 1:
            best = _nearest(own, at, lambda m: m.start, lambda m: m.round, text)
        best = best or max(own, key=lambda m: (m.weight, round_sort_key(m.round)))
        rnd = best.round
        suite = best.suite or suite
    return rnd, suite
