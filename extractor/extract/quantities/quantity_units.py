"""What follows (or precedes) a number: its unit, currency sign, rate word and qualifier.
`UnitReader` is mixed into the quantity finder (it reads the finder's `norm`, `g`, `cfg`).
"""
from __future__ import annotations

import re

from extractor.extract.not_claims.rules import BY_NAME
from extractor.extract.quantities.quantity_grammar import unit_info
from extractor.extract.text.regex_tools import SP

_DECADE, _DAY_OF_MONTH = BY_NAME["decade"], BY_NAME["day_of_month"]
_SPACED_SLASH = re.compile(rf"{SP}/{SP}")
#: compute units and their efficiency per watt (a per-watt word before the number)
_PER_WATT = {"TOPS": "TOPS/W", "TFLOPS": "TFLOPS/W", "GFLOPS": "GFLOPS/W"}
_SENTENCE_END = re.compile(r"[。！？!?]|\.\s")
_CLAUSE_END = re.compile(r"[,，、;；。！？!?]|\.\s")
#: characters after a unit searched for its needs_later words (20兆次光線追蹤運算)
_LATER_WINDOW = 12


class UnitReader:
    """Reads the unit and qualifiers around a number (a mixin of the quantity finder)."""

    def _read_unit(self, kind: str, s: int, e: int, value: float):
        """(unit, start, end, qualifier after) of the number at s..e, or the rule
        (not_claims.rules.Rule) when the number turns out not to be a quantity (a decade,
        a day of the month)."""
        norm, g = self.norm, self.g
        magnitude_end = self._latin_magnitude(s, e) if g.latin_magnitude_re is not None else 0
        e = magnitude_end or e
        unit, end = self._unit_after(s, e)
        if magnitude_end and not unit:
            unit, end = self._per_item_price(e) or (unit, end)
        start = s
        if not unit:  # $300,000, US$ 5, 百分之25, a factor of 2
            unit, start = self._unit_before(s, e)
        if unit and unit_info(unit)[0] == "money" and not norm[s:e][-1:].isalpha():
            scale = self._money_scale_at(e)
            if scale:
                self._scale, end = scale[0], scale[1]  # £6m
        if self.holds_rate_word is None:  # (one search a text, not two a number: most texts hold none)
            self.holds_rate_word = bool(g.rate_prefixes) and g.rate_prefix_heads.search(norm) is not None
        rate_words = self.holds_rate_word
        rate = g.rate_prefix_re.search(norm, max(0, s - 12), s) if rate_words else None
        if rate_words and rate is None and unit in ("", "count") and \
                g.rate_prefix_heads.search(norm, max(0, s - 20), s):
            # a qualifier may stand between the rate word and the number: 每秒可处理约22000张
            qual = g.qual_before_re.search(norm, max(0, s - self.cfg.window), s)
            if qual:
                rate = g.rate_prefix_re.search(norm, max(0, qual.start() - 12), qual.start())
        if rate and unit in ("", "count"):  # 초당 1만2000장의 이미지, 每秒处理1.2万张图像
            item = g.rate_item_re.match(norm, e)
            times = g.rate_times_re.match(norm, e) if g.rate_times_re is not None and not item else None
            if times:  # 초당 35번 읽어낼: how many times a second, a count
                unit, end = "count", times.end()
            else:
                unit = g.rate_items.get(item.group("item"), "items/s") if item else "items/s"
                end = item.end() if item else end
        if unit and g.currency_word_re is not None and unit_info(unit)[0] == "money":
            unit, start = self._named_currency(unit, s, e, start, end)
        after_qual, qual_end = self._qual_after(end)
        if not unit and after_qual:  # 100여 개, 100多个, 100+ models: the qualifier stands between
            unit2, end2 = self._unit_after(s, qual_end)
            if unit2:
                unit, end = unit2, end2
                after_qual = self._qual_after(end)[0] or after_qual
        whole = value == int(value)
        if unit == "x" and whole:  # 8x H100 GPUs, 8 x A100: a number of devices, not a factor
            device = g.device_count_re.match(norm, end) or self._DEVICE_AFTER.match(norm, end)
            if device:
                unit, end = "count", device.end()
        if unit == "s" and end == e + 1 and whole and int(value) % 10 == 0 and kind == "arabic":
            return _DECADE  # the 80s, the 1990s: decades, not seconds
        if unit == "count" and not whole and not rate:
            unit, end = "", e  # 1.1 tasks: counts are whole; the noun belongs to something else
        if not unit and g.day_of_month_re and whole and 1 <= value <= 31 and g.day_of_month_re.match(norm, e):
            return _DAY_OF_MONTH  # 31일 밝혔다, 23日发布: a day of the month
        if rate and unit in ("B", "KB", "MB", "GB", "TB", "PB") and unit_info(unit + "/s")[1]:
            unit += "/s"  # 每秒2TB: a bandwidth
        if unit in _PER_WATT and g.per_watt_re is not None and g.per_watt_re.search(norm, max(0, s - 6), s):
            unit = _PER_WATT[unit]  # 와트당 10 TOPS: an efficiency
        if kind == "kon" and unit and not norm[e:end][:1].isspace():
            unit, end = "", e  # 세대 (generation) is not 세 + 대: native numerals stand apart from counters
        return unit, start, end, after_qual

    def _named_currency(self, unit: str, s: int, e: int, start: int, end: int) -> tuple[str, int]:
        """(unit, start) of an amount of money once a currency named before it is read:
        新台幣約135元 is TWD though 元 alone reads as yuan."""
        g, norm = self.g, self.norm
        cur = g.currency_word_re.search(norm, max(0, s - 10), s)
        if cur:
            return g.currency_words[cur.group("cur")], min(start, cur.start())
        if norm[e:end].strip() in g.generic_currency:
            # "報價約新台幣1,000萬元,單卡約40萬元": a bare 元 keeps the currency named
            # last before it in the sentence
            named = [mm for mm in g.currency_any_re.finditer(norm, max(0, s - 40), s)
                     if not _SENTENCE_END.search(norm, mm.end(), s)]
            if named:
                return g.currency_words[named[-1].group()], start
        return unit, start

    def _latin_magnitude(self, s: int, e: int) -> int:
        """The end of a Latin letter standing for a magnitude after the number (9W/片: W
        is 万 before a counter or a currency), its scale set; 0 when there is none (a power
        word before it keeps W watts: 功耗700W/卡)."""
        g, norm = self.g, self.norm
        magnitude = g.latin_magnitude_re.match(norm, e) if g.latin_magnitude_re is not None else None
        if not magnitude or (g.latin_magnitude_power_re is not None and g.latin_magnitude_power_re.search(
                _CLAUSE_END.split(norm[max(0, s - 20):s])[-1])):
            return 0
        self._scale = g.latin_magnitudes[magnitude.group("m")]
        return magnitude.end("m")

    def _per_item_price(self, e: int) -> tuple[str, int] | None:
        """(currency, end) of an amount in 万 before a per-item slash: 9W/片 is 90,000 yuan a chip."""
        per_item = self.g.per_item_re.match(self.norm, e) if self.g.per_item_re is not None else None
        return (self.g.per_item_currency, per_item.end()) if per_item else None

    def _unit_before(self, s: int, e: int) -> tuple[str, int]:
        """(unit, start) of a currency sign or prefix before the number ($300,000, US$ 5,
        百分之25; a damaged sign before an amount with a magnitude: PS6m), or ("", s)."""
        g, norm = self.g, self.norm
        prefix = g.prefix_re.search(norm, s - 14, s)  # (EndingWords: from 0 at most)
        # a Latin prefix starts a word: "versus $3.22" is not "us $3.22"
        while prefix and prefix.group()[:1].isascii() and prefix.group()[:1].isalpha() \
                and prefix.start() > 0 and norm[prefix.start() - 1].isalnum():
            prefix = g.prefix_re.search(norm, prefix.start() + 1, s)
        if prefix:
            symbol = prefix.group().strip()
            return g.prefix_units.get(symbol) or g.prefix_units.get(symbol.lower(), ""), prefix.start()
        if g.scaled_prefix_re is not None:
            scaled = g.scaled_prefix_re.search(norm, s - 4 if s > 4 else 0, s)
            if scaled and (norm[s:e][-1:].isalpha() or self._money_scale_at(e)):
                return g.scaled_prefixes[scaled.group()], scaled.start()  # PS6m, Y=590 billion
        return "", s

    def _unit_at(self, e: int, s: int):
        m = self.g.unit_re.match(self.norm, e)
        if not m:
            return None
        alias = m.group("u")
        if "/" in alias:  # "GB / s" is the alias "GB/s" (most units hold no slash)
            alias = _SPACED_SLASH.sub("/", alias)
        spec = self.g.unit_specs.get(alias) or self.g.unit_specs_ci.get(alias.lower())
        if spec is None:
            return None
        if spec.attached and (m.group("sp") or m.groupdict().get("adj")):
            return None
        if spec.needs_after:
            after = self.norm[m.end(): m.end() + 8].lstrip(" \t\u00a0")
            if not after.startswith(spec.needs_after):
                return None
        if spec.needs_later:
            later = _CLAUSE_END.split(self.norm[m.end(): m.end() + _LATER_WINDOW], 1)[0]
            if not any(w in later for w in spec.needs_later):
                return None
        if spec.needs_context:
            window = self.norm[max(0, s - (spec.context_window or self.cfg.context_window)): s]
            if not any(w in window for w in spec.needs_context):
                return None
        if spec.scale != 1.0:
            self._scale = spec.scale  # read by _candidate: 三成 is 30 %
        return spec.unit, m.end()

    def _unit_after(self, s: int, e: int) -> tuple[str, int]:
        found = self._unit_at(e, s)
        if found:
            return found
        m = self.g.count_re.match(self.norm, e)
        if m:
            return "count", m.end()
        return "", e

    def _money_scale_at(self, e: int) -> tuple[float, int] | None:
        """(magnitude, end) of a magnitude letter closing an amount of money: the m of £6m."""
        m = self.g.money_scale_re.match(self.norm, e) if self.g.money_scale_re else None
        return (self.g.money_scales[m.group()], m.end()) if m else None

    def _qual_before(self, s: int) -> str:
        m = self.g.qual_before_re.search(self.norm, s - self.cfg.window, s)  # (EndingWords: from 0 at most)
        if m is None and s and self.norm[s - 1] == "?":
            # a letter lost to '?' between a qualifier and its number ('快约?1.8 倍',
            # '高达?4.8TB/s' on a damaged copy) leaves the qualifier saying what the number is
            m = self.g.qual_before_re.search(self.norm, s - 1 - self.cfg.window, s - 1)
        if not m:
            return ""
        return self.g.qual_before_lower.get(m.group().strip().lower()) or ""

    def _qual_after(self, end: int) -> tuple[str, int]:
        m = self.g.qual_after_re.match(self.norm, end)
        if not m:
            return "", end
        return self.g.qual_after_lower.get(m.group().strip().lower(), ""), m.end()

    _DEVICE_AFTER = re.compile(r"[ \t\u00a0]?[A-Z]{1,3}\d{1,4}[A-Za-z]?s?(?![\w-])")
