"""Page context: which MLPerf suite, round and division a page speaks of, and the
page's date (a `context.PageContext`).

- `page_context(text) -> PageContext`: what holds for the whole page. A round named in
  its title or lead ("MLPerf 1.1", "MLPerf Training v2.0", "Training version 1.0",
  "MLPerf ID: 1.0-1025"), or next to "this round"/"本輪"/"이번", wins (mentions next to
  "first submission"/"上一輪"/"이전" count less); failing any, the round the page's date
  implies (`rounds`, lexicon `context_rounds.json`). A round or division named in the
  body governs only its paragraph, the table below it or the section its heading opens
  (`scopes`); the page context carries those scopes, and `scope_at` reads the one at an
  offset.
- `find_round_mentions`, `find_dates`/`page_date`, `division_named`/`division_mentions`:
  the rounds, dates and divisions a text names, which `sentence_context` reads too.

The context of one claim, in its sentence (the division and round the sentence names,
a past result's round, the scale), is `sentence_context`'s. All language knowledge
(suite, division and cue words, month names, round dates) is data in
`extractor/lexicons/context_*.json`. No function here raises on any str input.
"""
from __future__ import annotations

import bisect
import datetime as dt
import re
from dataclasses import dataclass
from functools import lru_cache

from extractor.extract.context.context import PageContext
from extractor.extract.context.page_patterns import patterns as _patterns
from extractor.extract.text.literal_gates import innermost_literals
from extractor.extract.context.rounds import all_rounds, pick_round, round_for_date
from extractor.extract.context.scopes import block_at, blocks, innermost, scopes_of

__all__ = ["ContextConfig", "RoundMention", "division_mentions", "division_named", "find_dates",
           "find_round_mentions", "half_width", "page_context", "page_date", "scope_at"]


@dataclass(frozen=True)
class ContextConfig:
    """Options of the page context and of the sentence context (`sentence_context`)."""

    #: infer the round from the page's date when the text names none
    infer_round_from_date: bool = True
    #: ... but only when the page mentions the benchmark (MLPerf/MLCommons) at all: a
    #: dated blog post about BERT is not about any MLPerf round
    require_benchmark_mention: bool = True
    #: characters around a round mention searched for "this round"/"first submission" cues
    cue_window: int = 20
    #: characters after a benchmark name searched for the suite ("MLPerf ... Training")
    suite_window: int = 30
    #: a line no longer than this, without a sentence end, is a heading
    heading_chars: int = 120
    #: paragraphs starting within this many characters of the page's start are its title
    #: and lead: a round or division they name holds for the whole page
    title_chars: int = 400
    #: characters after a number searched for a past-result cue ("posted in June")
    past_window: int = 40



# --- detection ----------------------------------------------------------------------

@dataclass(frozen=True)
class RoundMention:
    """One place where the text names a round, with how much it counts."""

    round: str
    suite: str
    start: int
    weight: float
    current: bool
    passing: bool


# Full-width ASCII and the ideographic space, to ASCII: what NFKC would do to them, but
# one character for one, so that offsets into the text (a claim's `at`) stay true.
_HALF_WIDTH = {**{c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}, 0x3000: 0x20}
# str.translate walks every character through a dict lookup (profiled: a large part of
# this module's cost on pages); most pages hold no full-width character at all
_HAS_FULL_WIDTH = re.compile("[\uff01-\uff5e\u3000]")


def half_width(text) -> str:
    """Full-width digits, letters and signs as ASCII, offsets kept; '' for a non-str.

    >>> half_width("ＭＬＰｅｒｆ　１．１")
    'MLPerf 1.1'
    """
    if not isinstance(text, str):
        return ""
    return text.translate(_HALF_WIDTH) if _HAS_FULL_WIDTH.search(text) else text


def _suite_of(word: str | None) -> str:
    if not word:
        return ""
    for name, pattern in _patterns().suites.items():
        if pattern.fullmatch(word):
            return name
    return ""


def find_round_mentions(text: str, config: ContextConfig | None = None) -> list[RoundMention]:
    """Every round the text names, in text order, with a weight: 1, plus 2 next to a
    "this round" cue, less next to a "first submission" cue, plus 0.5 when the suite is
    named with it.

    >>> [(m.round, m.current) for m in find_round_mentions("在本輪MLPerf 1.1訓練中")]
    [('v1.1', True)]
    >>> [m.round for m in find_round_mentions("SDK 1.4 and ResNet-50 version 1.5")]
    []
    """
    text = half_width(text)
    return _round_mentions(text, config or ContextConfig(), _patterns().benchmark.search(text) is not None)


def _round_mentions(text: str, config: ContextConfig, mentions_benchmark: bool) -> list[RoundMention]:
    """`find_round_mentions` of a half-width text, told whether it names the benchmark
    (the page's context searches the page for it once, for all that asks)."""
    p = _patterns()
    found: dict[int, RoundMention] = {}
    matchers = []
    if mentions_benchmark:  # (the first two open with the benchmark's name)
        matchers = [(p.round_after_benchmark, 1.0), (p.round_in_id, 0.75), (p.round_after_suite, 1.0)]
    for pattern, base in matchers:
        for m in pattern.finditer(text):
            num = m.group("num")
            groups = m.groupdict()
            suite = _suite_of(groups.get("suite"))
            # "MLPerf: 1.8 hours" is no round: a number the calendar does not know must
            # come with a version word or the suite ("MLPerf Training 5.1")
            if f"v{num}" not in all_rounds() and not (suite or groups.get("version")
                                                       or pattern is p.round_in_id):
                continue
            lo, hi = max(0, m.start() - config.cue_window), m.end() + config.cue_window // 2
            window = text[lo:hi]
            current = bool(p.current_cue.search(window))
            passing = bool(p.passing_cue.search(window)) and not current
            weight = base + 2.0 * current - 0.75 * passing + 0.5 * bool(suite)
            start = m.start("num")
            if start not in found or found[start].weight < weight:
                found[start] = RoundMention(f"v{num}", suite, start, max(weight, 0.1),
                                            current, passing)
    return [found[k] for k in sorted(found)]


def find_dates(text: str) -> list[tuple[int, str, bool]]:
    """Every full date (with a day) in the text: (offset, 'YYYY-MM-DD', next to a date
    cue such as "last updated" or "時間").

    >>> [d for _, d, _ in find_dates("時間:2021-12-02 ... Jun 30, 2021; 2021년 12월 2일")]
    ['2021-12-02', '2021-06-30', '2021-12-02']
    """
    return _dates(half_width(text))


def _dates(text: str) -> list[tuple[int, str, bool]]:
    """`find_dates` of a half-width text."""
    p = _patterns()
    out = []

    def add(pos, year, month, day):
        try:
            date = dt.date(int(year), int(month), int(day)).isoformat()
        except (ValueError, TypeError, OverflowError):
            return
        cue = bool(p.date_cue.search(text[max(0, pos - 30):pos]))
        out.append((pos, date, cue))

    for m in p.iso_date.finditer(text):
        add(m.start(), m.group(1), m.group(2), m.group(3))
    for m in p.cjk_date.finditer(text):
        add(m.start(), m.group(1), m.group(2), m.group(3))
    if _may_name_month(text):
        for m in p.month_day_year.finditer(text):
            add(m.start(), m.group(3), p.months.get(m.group(1).lower()), m.group(2))
        for m in p.day_month_year.finditer(text):
            add(m.start(), m.group(3), p.months.get(m.group(2).lower()), m.group(1))
    return sorted(out)


def _may_name_month(text: str) -> bool:
    """Whether the text holds a month's name (`months`, in lower case): a date of the two
    patterns with the month in words adds nothing unless its month is one of them, so a
    text without one (most Korean and Chinese pages) is not searched for them (both try
    every letter or digit of the page: profiled)."""
    low = text.lower()
    return any([name in low for name in _month_stems()])


@lru_cache(maxsize=1)
def _month_stems() -> tuple[str, ...]:
    """The month names no other one holds ("jan" holds for "january")."""
    return innermost_literals(_patterns().months)


def page_date(text: str) -> str:
    """The page's date: the first date next to a cue ("last updated", "時間:"), else the
    first date in the text, else ''.

    >>> page_date("This page was last updated on Wednesday, June 29, 2022")
    '2022-06-29'
    """
    return _page_date(half_width(text))


def _page_date(text: str) -> str:
    """`page_date` of a half-width text."""
    dates = _dates(text)
    if not dates:
        return ""
    cued = [d for d in dates if d[2]]
    return (cued or dates)[0][1]


@lru_cache(maxsize=256)
def division_mentions(text: str) -> tuple[tuple[int, str], ...]:
    """(offset, division) of every division named; 'both' for "open and closed", whose
    own words ("開放和封閉類別" holds "封閉類別") do not count again."""
    # the named group that matched (the phrases hold no group of their own: the one not None)
    return tuple((m.start(), next(k for k, v in m.groupdict().items() if v is not None))
                 for m in _patterns().any_division.finditer(text))


def _division_counts(text: str) -> dict[str, int]:
    """How often each division is named; "open and closed" counts for both."""
    counts = {name: 0 for name in _patterns().divisions}
    for _, name in division_mentions(text):
        for division in (counts if name == "both" else (name,)):
            counts[division] += 1
    return counts


def division_named(text: str) -> str:
    """The one division the text names, '' when it names none or both.

    >>> division_named("in the open division"), division_named("在開放分區"), division_named("오픈 부문에서")
    ('open', 'open', 'open')
    >>> division_named("open and closed divisions")
    ''
    """
    return _division_named(half_width(text))


def _division_named(text: str) -> str:
    """`division_named` of a half-width text."""
    counts = _division_counts(text)
    named = [name for name, n in counts.items() if n]
    return named[0] if len(named) == 1 else ""


def _suite_near_benchmark(text: str, mentions: list[RoundMention], config: ContextConfig,
                          benchmarks: list) -> str:
    """The suite named most (weighted) with the rounds and near the benchmark's names
    (`benchmarks`: their matches in `text`); '' when none, or a tie."""
    p = _patterns()
    votes = {name: 0.0 for name in p.suites}
    for m in mentions:
        if m.suite:
            votes[m.suite] += m.weight
    for b in benchmarks:
        window = text[max(0, b.start() - 10):b.end() + config.suite_window]
        for name, pattern in p.suites.items():
            votes[name] += len(pattern.findall(window))
    best = max(votes.values(), default=0)
    winners = [name for name, v in votes.items() if v == best]
    return winners[0] if best > 0 and len(winners) == 1 else ""


def page_context(text, config: ContextConfig | None = None, date: str = "") -> PageContext:
    """What the page speaks of (see the module docstring). `date` is the page's date when
    its metadata gives it ('YYYY-MM-DD': an HTML document's publication date); else the
    date is read from the text. Raises on bugs: only `pipeline.process_page` turns an
    exception into the page's error row.

    >>> page_context("作者: 時間:2021-12-02 ... 在本輪MLPerf 1.1訓練中").as_string()
    'suite=training;round=v1.1;date=2021-12-02'
    >>> page_context("Jun 30, 2021. Our first MLPerf results ... MLPerf v1.0 Training Results").round
    'v1.0'
    >>> page_context("Results of the MLPerf Training benchmark", date="2021-12-02").as_string()
    'suite=training;round=v1.1;date=2021-12-02'
    """
    return _page_context(half_width(text or ""), config or ContextConfig(), date)


def _page_context(text: str, config: ContextConfig, date: str = "") -> PageContext:
    # (`text` is half-width: the readers below are not asked to make it so again, nor to
    # search the page for the benchmark's name each; profiled: each pass over a page counts)
    benchmarks = list(_patterns().benchmark.finditer(text))
    mentions = _round_mentions(text, config, bool(benchmarks))
    suite = _suite_near_benchmark(text, mentions, config, benchmarks)
    date = date or _page_date(text)
    date_round = round_for_date(date, suite)
    page_blocks = blocks(text, config.heading_chars, config.title_chars)
    whole_page = [m for m in mentions if m.current or block_at(page_blocks, m.start).title]
    rnd = pick_round(whole_page, date_round)
    if not rnd and config.infer_round_from_date:
        if not config.require_benchmark_mention or benchmarks:
            rnd = date_round
    title_text = " ".join([text[b.start:b.end] for b in page_blocks if b.title])
    division = _division_named(title_text)
    scopes = scopes_of(text, page_blocks, [m for m in mentions if m not in whole_page],
                       _division_in_blocks(text), pick_round)
    return PageContext(suite, rnd, division, date, scopes=scopes)


def _division_in_blocks(text: str):
    """`_division_named` of a block (start, end) of the half-width page `text`: a block
    holding no division phrase of the page names none (the phrases are words of one
    line, so a block's phrases are the page's inside it), and most pages hold none."""
    named_at = [start for start, _ in division_mentions(text)]

    def division_of(start: int, end: int) -> str:
        i = bisect.bisect_left(named_at, start)
        return _division_named(text[start:end]) if i < len(named_at) and named_at[i] < end else ""
    return division_of


def scope_at(ctx: PageContext, pos: int) -> PageContext:
    """The page context at offset `pos` of the page: the innermost scope holding it
    overrides round, suite and division.

    >>> text = "MLPerf results\\n\\nIn MLPerf Training v2.0, X took 5 min.\\n\\nY took 9 min."
    >>> page = page_context(text, ContextConfig(title_chars=10))  # past the lead
    >>> scope_at(page, 40).round, scope_at(page, 60).round
    ('v2.0', '')
    """
    inner = innermost(ctx.scopes, pos)
    if inner is None:
        return ctx.but(scopes=())
    return PageContext(inner.suite or ctx.suite, inner.round or ctx.round,
                       inner.division or ctx.division, ctx.date)
