"""The records of the quantity layer: `Quantity` (one number with its unit) and
`QuantityConfig`. Their own module so that the not-a-claim rules (not_claims/), which
the quantity finder uses, can name them without importing the finder."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

QUANTITY_FIELDS = ["surface", "start", "end", "value", "unit", "quantity", "value_norm", "qualifier"]
QUALIFIERS = ("exact", "approx", "at_least", "at_most", "range")


@dataclass
class Quantity:
    """One number with its unit. `value` is the number as written, numerals and magnitude
    words resolved (1,750억 -> 175000000000); `unit` a canonical unit of CLAIMS.md or ''
    when none is written; `value_norm` the value in base units (None without a unit)."""
    surface: str
    start: int
    end: int
    value: float
    unit: str = ""
    quantity: str = "unknown"
    value_norm: float | None = None
    qualifier: str = "exact"
    #: why this quantity is special: unit_missing (a lost-letter run follows the number),
    #: range (one end of a range), spelled (written in words), multiplier_word (doubled, 翻倍)
    flags: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        d = asdict(self)
        return {k: d[k] for k in QUANTITY_FIELDS}


@dataclass
class QuantityConfig:
    #: report numbers without a unit (unit '', quantity 'unknown') so claims can decide
    emit_bare: bool = True
    #: characters before a number searched for qualifiers, currency signs and cues
    window: int = 24
    #: characters before a number searched for the context words of an ambiguous unit (分)
    context_window: int = 40
    #: characters around a candidate number searched for dates, times, ids, versions
    mask_margin: int = 24


DEFAULT_CONFIG = QuantityConfig()
