"""What a price is per: the time unit of a rental or subscription price ("$2.69/hour",
"시간당 2달러", "月租5000元", "H100的8卡节点年租赁价格在12-18万人民币"), or the tokens of a
price per output ("$0.60/M tokens"); none for a price paid once (a GPU sold for $25,000).

A cloud H100 at $2.69 an hour, a server rented for 7万人民币 a year and a GPU bought for
$25,000 are all right and none is comparable with another. The basis goes into the
claim's context (`per=hour`, `per=year`, `per=Mtokens`; `PageContext.per`), so that the
consistency stage compares hourly prices with hourly prices, and prices without a basis
(purchase prices) only with each other.

Which basis speaks for a price, in its sentence (`price_basis_at`):
1. one written against the number: right after it ("$2.69/hr", "$2 per GPU-hour",
   "5元/小时") or right before it ("시간당 2달러", "月租5000元", "월 20달러");
2. else the bases named in its span, the clause cut at table cells and brackets as
   `number_format` cuts it ("$3.00–$3.90/GPU-hr": both ends); two different ones there
   make it unknown, written '?' (`number_format.SEVERAL`);
3. else the one of the last clause before the span that names any ("年租赁价格在12-18万
   人民币之间,现在已降至约7万人民币": 7万 is a year's rent too).
Where the sentence names none (`price_basis_of`): the header of its table column
("Price/GPU-hr"), or of the price list it is a line of: a run of short lines under a
line that names a basis ("ProviderPrice/GPU-hr", then "AWS EC2 P5~$3.90", ...). A price a
page states again without its basis ("$6.98 vs $3.00–$3.90") takes the one the page
stated it with (`with_restated_bases`).
The written forms are data (`lexicons/context_price_basis.json`).
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from extractor import lexicons
from extractor.extract.context.context import PageContext
from extractor.extract.context.number_format import SEVERAL, number_span, speaking
from extractor.extract.text.regex_tools import alt, left_bound, with_first_char_guard
from extractor.extract.linking.topics import is_heading

__all__ = ["basis_mentions", "price_basis_at", "price_basis_of", "with_restated_bases"]

#: what may stand between a number and a basis written against it: spaces and an
#: approximation mark ("시간당 약 2달러", "每小时约2美元")
_GAP = re.compile(r"[\s~～≈约約약]{0,3}")
#: how many lines of a price list a header may stand above the line that needs it
MAX_LIST_LINES = 40
_HANGUL = "\uac00-\ud7a3"


@lru_cache(maxsize=None)
def _forms() -> tuple[re.Pattern, dict[str, str]]:
    lex = lexicons.load("context_price_basis.json")
    canonical = {form.lower(): name for name, forms in lex["bases"].items() for form in forms}
    not_after = re.escape(lex["not_after"])
    # 'a year ago', 'a month earlier': a point in time, not what the price is per
    time_points = lex.get("not_before", ())
    not_time_point = rf"(?!\s*(?:{alt(time_points)})\b)" if time_points else ""
    # 'within a week', 'for a year': a span of time, not what the price is per
    not_span = "".join(rf"(?<!\b{re.escape(w)}\s)" for w in lex.get("not_after_words", ()))
    parts = []
    for form in sorted(canonical, key=len, reverse=True):
        if form[0].isascii():
            guard = left_bound(form) + (not_span if form[0].isalpha() else "")
        else:  # '3월 20달러' is March, '今年租金' this year's rent
            hangul = _HANGUL if re.match(f"[{_HANGUL}]", form) else ""
            guard = f"(?<![{not_after}{hangul}])"
        after = not_time_point if form[-1].isascii() and form[-1].isalpha() else ""
        parts.append(guard + alt([form]) + after)
    # the guard skips, at one test, the positions no form can start at (most of them)
    return re.compile(with_first_char_guard("|".join(parts)), re.IGNORECASE), canonical


@lru_cache(maxsize=256)
def basis_mentions(text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, canonical basis) of each basis named in `text`; remembered, since
    every price of a sentence asks.

    >>> basis_mentions("H100 $2.69/hr, 월 20달러, 3월 20달러, 今年租金")
    ((10, 13, 'hour'), (15, 17, 'month'))
    >>> basis_mentions("$39,014, up from $38,373 a year ago"), basis_mentions("$44.2 million per week")
    ((), ((14, 22, 'week'),))
    """
    pattern, canonical = _forms()
    return tuple((m.start(), m.end(), canonical[m.group().lower()])
                 for m in pattern.finditer(text))


def price_basis_at(sentence: str, start: int, end: int) -> str:
    """The basis that speaks for the price `sentence[start:end]` (with its currency), by
    the rule of the module's doc: 'hour', 'day', 'week', 'month', 'year', 'Mtokens', '' for
    none, '?' for several.

    >>> s = "RunPod: B200 $5.98/hr, H100 $2.69/hr (2.22x premium for B200)."
    >>> price_basis_at(s, 13, 18), price_basis_at("시간당 2달러", 4, 7)
    ('hour', 'hour')
    >>> s = "H100的8卡节点年租赁价格在12-18万人民币之间,现在已降至约7万人民币"
    >>> price_basis_at(s, s.index("7万"), s.index("7万") + 5)
    'year'
    >>> price_basis_at("It costs $2 an hour or $30 a month for the plan", 9, 11)
    'hour'
    >>> price_basis_at("The plan is $30, billed hourly or monthly", 12, 15)
    ''
    >>> price_basis_at("H200 칩의 가격을 개당 약 2만7000달러로 정했다", 16, 25)
    ''
    """
    mentions = basis_mentions(sentence)
    if not mentions:
        return ""
    attached = _attached(sentence, mentions, start, end)
    if attached:
        return attached
    named = [(at, name) for at, _, name in mentions]
    return speaking(named, number_span(sentence, start, end), True, sentence)


def _attached(sentence: str, mentions, start: int, end: int) -> str:
    """The basis written right after the number, else right before it, or ''."""
    for at, _, name in mentions:
        if at >= end and _GAP.fullmatch(sentence, end, at):
            return name
    for _, stop, name in reversed(mentions):
        if stop <= start and _GAP.fullmatch(sentence, stop, start):
            return name
    return ""


def header_basis(text: str) -> str:
    """The basis a header or caption names for the cells below it: '' for none, '?'
    for several ("Price/GPU-hr" -> 'hour').

    >>> header_basis("ProviderPrice/GPU-hr"), header_basis("Price ($/hr, $/month)")
    ('hour', '?')
    """
    names = {name for _, _, name in basis_mentions(text or "")}
    if not names:
        return ""
    return names.pop() if len(names) == 1 else SEVERAL


def listed_basis(infos, idx: int) -> str:
    """The basis of the price list line `infos[idx]` belongs to: the first line above it,
    in its run of short lines (`topics.is_heading`: no final punctuation), that names
    one; '' when the line is no short line or no line of its run names one."""
    if not is_heading(infos[idx]):
        return ""
    for j in range(idx - 1, max(-1, idx - 1 - MAX_LIST_LINES), -1):
        if not is_heading(infos[j]):
            return ""
        basis = header_basis(infos[j].text)
        if basis:
            return basis
    return ""


def price_basis_of(infos, idx: int, start: int, end: int, header: str = "") -> str:
    """The basis of the price at `start:end` of sentence `infos[idx]`: its sentence's
    (`price_basis_at`), else its table column's `header`, else its price list's."""
    return (price_basis_at(infos[idx].text, start, end) or header_basis(header)
            or listed_basis(infos, idx))


def with_restated_bases(claims: list, metrics: tuple[str, ...] = ("price",)) -> list:
    """The claims of one page, a price stated without a basis given the one basis the
    page states the same price of the same system with ("$6.98 vs $3.00–$3.90 for
    equivalent hardware" after "Azure ... ~$6.98" under "Price/GPU-hr"). Claims are
    `extract.claims.Claim`s; changed ones are copies."""
    def key(c):
        return c.system, c.value, c.unit

    stated: dict[tuple, set[str]] = {}
    contexts = {}
    for c in claims:
        # without a system, two equal amounts need not be one price ("$60 cheaper" and
        # "saving $60 every year" on a page of deals)
        if c.metric in metrics and c.quantity == "money" and c.system:
            contexts[id(c)] = ctx = PageContext.parse(c.context)
            if ctx.per and ctx.per != SEVERAL:
                stated.setdefault(key(c), set()).add(ctx.per)
    if not stated:
        return claims
    out = []
    for c in claims:
        ctx = contexts.get(id(c))
        bases = stated.get(key(c), ()) if ctx is not None and not ctx.per else ()
        if len(bases) == 1:
            c = replace(c, context=replace(ctx, per=next(iter(bases))).as_string())
        out.append(c)
    return out
