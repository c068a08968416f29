"""The context a claim is stated in: which MLPerf suite, round and division, the page's
date, the scale and number format its sentence states, and what a price is per
(claims.csv `context`).

The consistency stage compares like with like by it: a v1.0 time-to-train must not be
checked against a v1.1 result, nor an open-division result against a closed one, nor a
time on one node against one on eight, nor an FP8 figure against a TF32 one, nor an
hourly rental price against a purchase price.

- `PageContext`: the record, written as `;`-joined key=value (`as_string`) and read back
  (`PageContext.parse`); `CONTEXT_FIELDS` in their written order.

A page's context is read from its text by `page_context`, one number's in its sentence
by `sentence_context` (its number format by `number_format`, a price's basis by
`price_basis`); the consistency stage
(`consistency`, `grouping`, `members`, `recovery`, `reference*`) reads only this record.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

__all__ = ["CONTEXT_FIELDS", "PageContext"]

CONTEXT_FIELDS = ("suite", "round", "division", "date", "accelerators", "nodes", "precision",
                  "sparsity", "per", "part", "scale", "variant", "period", "seller")


@dataclass(frozen=True, init=False)
class PageContext:
    """What a page (or a sentence) is about: suite, round, division, and its date."""

    #: MLPerf suite: training, inference, hpc, or '' when unknown
    suite: str = ""
    #: MLPerf round, 'v1.0', 'v1.1', ..., or ''
    round: str = ""
    #: MLPerf division: closed, open, or '' (unknown, or both named)
    division: str = ""
    #: the page's date, 'YYYY-MM-DD', or ''
    date: str = ""
    #: how many accelerators ran the result the sentence states ('3584'), '?' when it
    #: states several and which is this number's is not known, or ''
    accelerators: str = ""
    #: how many nodes ran it ('8'), or ''
    nodes: str = ""
    #: the number format of a compute or throughput figure: precision ('FP8', 'BF16',
    #: ...) and sparsity ('sparse', 'dense'); '?' when the sentence states several and
    #: which is this number's is not known (`extractor.extract.context.number_format`)
    precision: str = ""
    sparsity: str = ""
    #: what a price is per: 'hour', 'day', 'month', 'year' (a rental or subscription),
    #: 'Mtokens' (a price per million tokens); '' for a price paid once, '?' when the
    #: sentence states several (`extractor.extract.context.price_basis`)
    per: str = ""
    #: what the words beside the number say it measures (`extractor.extract.context.facets`):
    #: the part of a memory, bandwidth or power figure ('hbm', 'cache', 'sram',
    #: 'interconnect', 'network', 'io', 'pin', 'cooling'); the scale of a figure
    #: ('chip', 'node', 'rack', 'pod', 'cluster', 'national', 'market'); a product
    #: variant ('china'); the period of a change ('5y', 'since2022', '2025-06', or
    #: 'earlier' for the first value of "from 1200 W to 1400 W"); the seller of a price
    #: ('aws', ...; '?' when the sentence names several)
    part: str = ""
    scale: str = ""
    variant: str = ""
    period: str = ""
    seller: str = ""
    #: where in the page a round or division governs (`scopes`); a page's own
    #: context carries them, a claim's does not
    scopes: tuple = field(default=(), compare=False, repr=False)

    def __init__(self, suite: str = "", round: str = "", division: str = "", date: str = "",  # noqa: A002
                 accelerators: str = "", nodes: str = "", precision: str = "", sparsity: str = "",
                 per: str = "", part: str = "", scale: str = "", variant: str = "",
                 period: str = "", seller: str = "", scopes: tuple = ()):
        # the fields in order, as the generated __init__ takes them, stored in one step: a
        # frozen dataclass's own __init__ calls object.__setattr__ once per field, and a
        # context is made for every claim (profiled: 3x slower; tests/test_context.py
        # checks that this signature lists the fields)
        self.__dict__.update(suite=suite, round=round, division=division, date=date,
                             accelerators=accelerators, nodes=nodes, precision=precision,
                             sparsity=sparsity, per=per, part=part, scale=scale,
                             variant=variant, period=period, seller=seller, scopes=scopes)

    def but(self, **changes) -> PageContext:
        """The context with `changes` to its fields: `dataclasses.replace`, without its
        walk over the fields (a claim's context is changed for every compute figure).

        >>> PageContext("training", "v1.1").but(precision="FP8").as_string()
        'suite=training;round=v1.1;precision=FP8'
        """
        return PageContext(**{**self.__dict__, **changes})

    def as_dict(self) -> dict:
        return {f: getattr(self, f) for f in CONTEXT_FIELDS}

    def as_string(self) -> str:
        """`;`-joined key=value of the non-empty fields, in field order.

        >>> PageContext("training", "v1.1", "", "2021-12-02").as_string()
        'suite=training;round=v1.1;date=2021-12-02'
        >>> PageContext().as_string()
        ''
        """
        # (written for every claim: the fields read straight, joined as they are read)
        d, out = self.__dict__, ""
        for k in CONTEXT_FIELDS:
            if d[k]:
                out = f"{out};{k}={d[k]}" if out else f"{k}={d[k]}"
        return out

    @classmethod
    def parse(cls, s) -> PageContext:
        """The context written by `as_string`; unknown keys and junk are ignored.

        >>> PageContext.parse("suite=training;round=v1.1;division=closed")
        PageContext(suite='training', round='v1.1', division='closed', date='', accelerators='', nodes='', precision='', sparsity='', per='', part='', scale='', variant='', period='', seller='')
        >>> PageContext.parse(None).as_string()
        ''
        """
        if not isinstance(s, str):
            return cls()
        values = {}
        for part in s.split(";"):
            key, sep, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if sep and key in CONTEXT_FIELDS and value:
                values[key] = value
        return cls(**values)

    def without_date(self) -> PageContext:
        """The context with the date dropped (what groups of claims share)."""
        return replace(self, date="")

    def size(self) -> str:
        """The size a result was measured at, as one key: 'a3584' (accelerators), 'n8'
        (nodes), or ''.

        >>> PageContext(accelerators="3584").size(), PageContext(nodes="8").size()
        ('a3584', 'n8')
        """
        return f"a{self.accelerators}" if self.accelerators else \
            (f"n{self.nodes}" if self.nodes else "")

