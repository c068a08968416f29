"""The general quantity layer: every number with its unit in a piece of text.

FIRST VERSION (issue 2); issue 5 deepens it. Contract:

- `find_quantities(text, lang) -> list[Quantity]`, offsets index into `text`; never raises.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

QUANTITY_FIELDS = ["surface", "start", "end", "value", "unit", "quantity", "value_norm", "qualifier"]


@dataclass
class Quantity:
    surface: str
    start: int
    end: int
    value: float
    unit: str = ""
    quantity: str = "unknown"
    value_norm: float | None = None
    qualifier: str = "exact"
    flags: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        d = asdict(self)
        return {k: d[k] for k in QUANTITY_FIELDS}


_UNITS = {  # temporary: issue 5 moves units into extractor/lexicons/
    "minutes": ("min", "duration", 60.0), "分鐘": ("min", "duration", 60.0),
    "分钟": ("min", "duration", 60.0), "小時": ("h", "duration", 3600.0),
    "%": ("%", "percent", 0.01), "x": ("x", "factor", 1.0), "X": ("x", "factor", 1.0),
}
_NUM = re.compile(r"(?<![\w.])(\d+(?:,\d{3})*(?:\.\d+)?)\s?(minutes|分鐘|分钟|小時|%|x\b|X\b)?")


def find_quantities(text: str, lang: str = "en") -> list[Quantity]:
    out = []
    for m in _NUM.finditer(text):
        value = float(m.group(1).replace(",", ""))
        unit, quantity, scale = _UNITS.get(m.group(2) or "", ("", "unknown", None))
        out.append(Quantity(m.group(0).strip(), m.start(), m.start() + len(m.group(0).strip()),
                            value, unit, quantity, value * scale if scale else None))
    return out
