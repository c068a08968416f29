"""Passes over the quantities of a text that join neighbours: ranges (512~2560, 12-18万,
5 to 10 minutes) and lists that share one unit (499、699、1499美元).
`RangePasses` is mixed into the quantity finder (it reads the finder's `norm`, `g`).
"""
from __future__ import annotations

from extractor.extract.numbers.numbers import numeral_tables, parse_number, round_sig
from extractor.extract.quantities.quantity_grammar import unit_info


class RangePasses:
    """Ranges and lists of quantities (a mixin of the quantity finder)."""

    # -- ranges: 512~2560, 5-10, 5至10, 5 to 10 minutes --

    def _mark_ranges(self, qs: list) -> None:
        for a, b in zip(qs, qs[1:]):
            gap = self.norm[a.end:b.start]
            conn = gap.strip()
            if conn not in self.g.range_connectors or "range" in a.flags:
                continue
            symbolic = not conn.isalpha()
            if symbolic and len(gap) > 3:
                continue
            if not symbolic:
                # 'to' and 'and' make a range only when the unit is written once, at the end
                if a.unit:
                    continue
                if conn.lower() in ("and", "or") and not self._word_before(a.start, self.g.range_between):
                    continue
            if a.unit and b.unit and a.unit != b.unit:
                continue
            if a.value >= b.value:
                continue  # ranges ascend; 787-9 and a 3-2 score are not ranges
            self._share_magnitude(a, b)
            unit = b.unit or a.unit
            for q in (a, b):
                if q.unit != unit:
                    q.quantity, factor = unit_info(unit)
                    q.unit = unit
                    q.value_norm = round_sig(q.value * factor) if factor is not None else None
                    if "unit_missing" in q.flags and unit:
                        q.flags.remove("unit_missing")
                q.qualifier = "range"
                q.flags.append("range")

    def _share_magnitude(self, a, b) -> None:
        """The magnitude word closing a range applies to its first end too: 12-18万 is
        120000 to 180000, 3억9000~4억1000만 is 3.9e8 to 4.1e8 (not 300009000), and so
        does a Latin magnitude read as one (14-14.5W/片, numbers_zh.json latin_magnitudes)."""
        head_a, head_b = _numeral_head(a.surface), _numeral_head(b.surface)
        magnitude = _trailing_magnitude(head_b)
        if not head_a or not head_a[-1].isdigit() or "spelled" in a.flags:
            return
        latin = self.g.latin_magnitudes.get(b.surface[len(head_b):len(head_b) + 1]) if not magnitude else None
        if latin and b.value > (parse_number(head_b) or b.value):  # (the W was read as one)
            value = parse_number(head_a) * latin  # 14-14.5W/片: W (万) closes both ends
        elif magnitude:
            value = parse_number(head_a + magnitude)
        else:
            return
        if value is None or not a.value < value < b.value:
            return
        a.value = round_sig(value)
        a.value_norm = None if a.value_norm is None else round_sig(value * unit_info(a.unit)[1])

    # -- lists: 價格分別為499、699、1499美元, "$2, $3 and 4 dollars" --

    def _share_list_units(self, qs: list) -> None:
        """Bare numbers listed before a quantity take its unit, from the right, so the
        whole list gets it: 499、699、1499美元 are three prices in USD."""
        for a, b in zip(reversed(qs[:-1]), reversed(qs[1:])):
            if a.unit or not b.unit or b.unit == "count" or "range" in a.flags:
                continue
            if self.norm[a.end:b.start].strip().lower() not in self.g.list_separators:
                continue
            if not a.value or not b.value or not 0.01 <= a.value / b.value <= 100:
                continue  # list numbering and years do not share a price's unit
            a.unit, (a.quantity, factor) = b.unit, unit_info(b.unit)
            a.value_norm = round_sig(a.value * factor) if factor is not None else None
            a.flags.append("unit_shared")

def _numeral_head(surface: str) -> str:
    """The numeral at the start of a quantity's surface (digits and magnitude characters).

    >>> _numeral_head("18万人民币"), _numeral_head("4억1000만원"), _numeral_head("12")
    ('18万', '4억1000만', '12')
    """
    t = numeral_tables()
    end = 0
    for i, ch in enumerate(surface):
        if ch.isdigit() or ch in ".," or ch in t.cjk_big or (ch in t.cjk_small and i):
            end = i + 1
        else:
            break
    return surface[:end]


def _trailing_magnitude(numeral: str) -> str:
    """The magnitude characters that close a numeral: '万' of 18万, '万亿' of 2万亿."""
    t = numeral_tables()
    i = len(numeral)
    while i and (numeral[i - 1] in t.cjk_big or numeral[i - 1] in t.cjk_small):
        i -= 1
    return numeral[i:] if i else ""
