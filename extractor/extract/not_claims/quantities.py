"""Numbers that are no quantity at all: the quantity layer's half of `not_claims`.

A number is no quantity when it is a digit inside a name or code (ResNet-50, A100, Ryzen 9
CPUs, LLaMA V3.1 70B, 가우디3, i7-1355U), a version or identifier (v1.1, 蓝牙5.4, MLPerf ID
1.0-1025), a date, year or time (2021-12-02, 6月24日, 2024년 4분기, since 2014, Hot Chips
2025, 2012�12� on a damaged page), a URL, file name or line of program code, a stock
ticker (台積電(2330)), a process node (5奈米, 4nm, 10㎚급), a display mode (4K 60Hz), or a
number in a parenthesis that defines a unit (38 TOPS(초당 1조 번 연산)). The span masks
(dates, URLs, code ...) are compiled in `masks`; `NotAQuantity` holds the tests the quantity finder
mixes in (it reads the finder's `norm`, `g`, `cfg`, `masked`, `lossy`);
`quantity_rules` has the tests of the quantity stages of `rules.RULES`, which name them
and give their order. Dates with a day are in `dates` (the page context reads them too).
"""
from __future__ import annotations

import re
import string

from extractor.extract.not_claims.gates import NONE_LACKED, lacked_gates
from extractor.extract.not_claims.masks import NO_SPANS, Spans
from extractor.extract.numbers.numbers import numeral_tables
from extractor.extract.text.regex_tools import HAN, HANGUL, is_hangul


_TOKEN_BREAKS = frozenset(" \n\t\u00a0")  # end the token before a number (`_in_address_token`)
# The word right before a number, matched at one attempt on the reversed window (forward
# with `\Z` the engine tries every position: profiled); scripts do not overlap, so the
# greedy run is the whole word either way.
_WORD_BEFORE_REVERSED = re.compile(rf"[ \t\u00a0]*([A-Za-z#.\-]+|[{HANGUL}]+|[{HAN}]+)")


# (The searches in a window before a number, `rx.search(norm, s - k, s)`, need no
# max(0, s - k): the engine starts a window that starts before the text at 0.)

#: what digits glued after one of these belong to: a name or a code (A100, FP16, #3, №5)
_NAME_OR_CODE_BEFORE = frozenset(string.ascii_letters + "_#/\\№")
_ASCII_LETTERS = frozenset(string.ascii_letters)

#: kinds of quantity whose unit a page may define in a parenthesis after it (38 TOPS(초당 …)),
#: and the characters a unit gloss may hold before its rate word ("(EF·1초에 …")
_GLOSSED_KINDS, _GLOSS_OPENER_WITHIN = frozenset({"compute", "bandwidth", "throughput"}), 6


class NotAQuantity:
    """The tests of the quantity finder that rule a number out (a mixin; the finder gives
    it `words_before`, a dict to remember the word before each offset in, and
    `holds_tokens`, None until a number asks whether the text holds a token's literal)."""

    #: the gates of `rules.RULES` the text lacks (`rules.StageTests`): set by `_masks`
    lacks: frozenset = NONE_LACKED

    def _masks(self, matches, folded: str) -> Spans:
        """Non-quantity spans: global ones over the text, the rest in merged windows around
        the candidates (`matches`, of one pattern, in order; searching only there is what
        keeps the layer fast); `folded` is the text case-folded (`Masks.local_re_for`).
        Notes in `lacks` the `gates.GATES` the text lacks (their rules are not tried)."""
        norm = self.norm
        masks = self.g.masks
        spans = [m.span() for m in masks.global_re.finditer(norm)] if masks.global_gate.holds(norm) else []
        if masks.triggers is None or masks.triggers.search(norm):
            spans += _conditional_spans(masks, norm)
        windows: list[list[int]] = []
        margin = self.cfg.mask_margin
        for m in matches:  # (in order: the matches of one pattern)
            s, e = m.span()
            if windows and s - margin <= windows[-1][1]:
                windows[-1][1] = e + margin  # (the ends of matches in order grow)
            else:
                windows.append([s - margin, e + margin])
        if windows:
            finditer = masks.local_re_for(norm, folded).finditer
            for ws, we in windows:  # (a window past the text's ends: the engine clips it)
                for mm in finditer(norm, ws, we):
                    spans.append(mm.span())
        if self.holds_tokens is None:
            self.holds_tokens = masks.token_gate.holds(norm)
        self.lacks = lacked_gates(norm, self.g, bool(spans), self.holds_tokens)
        if not spans:
            return NO_SPANS  # (most texts: no record made, nothing to sort)
        spans.sort()
        return Spans(spans)

    # -- what a number is not --

    _TOKEN_RIGHT = re.compile(r"\S{0,300}")

    def _in_address_token(self, c) -> bool:
        """Inside an e-mail address, file name, URL or query parameter (press2021@x.ai,
        1638413962408997.png, id=145304570664993)."""
        if self.holds_tokens is None:
            self.holds_tokens = self.g.masks.token_gate.holds(self.norm)
        if not self.holds_tokens:
            return False  # no address, file or parameter anywhere in the text
        s, e = c.s, c.e
        norm, lo = self.norm, max(0, s - 300)
        if s and norm[s - 1] in _TOKEN_BREAKS:
            left = ""  # most numbers follow a space: the token starts here, no search back
        else:
            cut = max(norm.rfind(" ", lo, s), norm.rfind("\n", lo, s), norm.rfind("\t", lo, s), norm.rfind("\u00a0", lo, s))
            left = norm[(cut + 1 if cut >= 0 else lo):s]
        right = self._TOKEN_RIGHT.match(self.norm, e).group()
        if not left and not right:
            return False
        if left and self.g.scaled_prefix_re is not None and self.g.scaled_prefix_re.fullmatch(left):
            return False  # Y=590 billion: a currency sign, not a parameter
        return bool(self.g.masks.token_re.search(left + self.norm[s:e] + right))

    def _after_scaled_prefix(self, s: int) -> bool:
        """PS6m, Y=590: a damaged currency sign before the number."""
        return s > 0 and self.norm[s - 1] in self.g.scaled_prefix_ends \
            and bool(self.g.scaled_prefix_re.search(self.norm, s - 4, s))

    def _after_negative_word(self, s: int) -> bool:
        """minus-260: a hyphen after a negative word is its sign, not a name's (ResNet-50)."""
        return s > 1 and self.norm[s - 1] == "-" and bool(self.g.negative_re.search(self.norm, s - 9, s - 1))

    _TOKEN_BEFORE_HYPHEN = re.compile(r"[A-Za-z0-9]{1,20}\Z")

    def _code_before_hyphen(self, hyphen: int) -> bool:
        """The token before a hyphen holds a letter (ResNet, GPT, i7, R9) and is not an
        amount with a magnitude letter (5k-20k) or with its unit (1.5x-2x, 2GB-4GB)."""
        m = self._TOKEN_BEFORE_HYPHEN.search(self.norm, hyphen - 20, hyphen)
        if not m or not any(c.isalpha() for c in m.group()):
            return False
        token = m.group()
        if token[:-1].isdigit() and token[-1] in self.g.scale_letters:
            return False
        return not self._amount_ends_at(hyphen)

    _LAST_DIGIT = re.compile(r"\d(?=\D{1,12}\Z)")

    def _amount_ends_at(self, hyphen: int) -> bool:
        """A number and its unit end at the hyphen: the first end of a range (1.5x-2x,
        1TB/s-2TB/s), not a name (ResNet-50, whose letters hold no unit)."""
        d = self._LAST_DIGIT.search(self.norm, hyphen - 13, hyphen)
        if not d:
            return False
        unit = self._unit_at(d.end(), d.start())
        return bool(unit) and unit[1] == hyphen

    def _cjk_glued_name(self, c) -> bool:
        """780M核显, 4K视频: a magnitude letter glued to a number and then to CJK text
        names a product or a display mode; an amount would take a unit (13B参数)."""
        e = c.e
        return c.surface[-1:].isalpha() and not unit_lost_after(self, c) and e < len(self.norm) and (
            "\u4e00" <= self.norm[e] <= "\u9fff" or is_hangul(self.norm[e]))

    def _word_before(self, s: int, words: set) -> bool:
        """The word before offset s (within the window) is one of `words`, compared in
        lower case without dots and hyphens at its ends."""
        return self._word_ending_at(s) in words  # (None is in no set of words)

    def _word_ending_at(self, s: int) -> str | None:
        """The word before offset s (within the window), in lower case without dots and
        hyphens at its ends, or None."""
        read = self.words_before  # (read once a number: a version, a year and a range ask for it)
        if s in read:
            return read[s]
        lo = s - self.cfg.window
        m = _WORD_BEFORE_REVERSED.match(self.norm[lo if lo > 0 else 0:s][::-1])
        if m is None:
            read[s] = None
            return None
        word = m[1][::-1].lower()
        if word[0] in ".-" or word[-1] in ".-":  # (most words end in letters: no strip)
            word = word.strip(".-")
        read[s] = word
        return word

    def _is_name_or_code(self, c) -> bool:
        """Digits of a name or code, unless an amount's sign precedes them."""
        s, e, norm = c.s, c.e, self.norm
        prev = norm[s - 1] if s else ""
        if prev in _NAME_OR_CODE_BEFORE \
                or (prev in "-–" and s >= 2 and self._code_before_hyphen(s - 1)) \
                or (prev == "." and s >= 2 and norm[s - 2].isdigit()):
            # A100, FP16, v1.1, M2000, #3; ResNet-50, GPT-3, CIFAR-10, Bow-2000, i7-1355U
            # (5k-20k is a range); 1.2.3
            return not self._amount_sign_before(s)
        # 3-D, 2-D are names (50-layer is a count)
        return norm[e:e + 1] == "-" and norm[e + 1:e + 2] in _ASCII_LETTERS \
            and not self._unit_at(e, s) and not self.g.count_re.match(norm, e) \
            and not self._amount_sign_before(s)

    def _is_version(self, c) -> bool:
        """A version after its cue word, unless an amount's sign precedes it."""
        s = c.s
        word = self._word_ending_at(s)
        if word is None:
            return False
        # version 1.5, SDK 1.4, MLPerf 1.1, Phase 2; Training 2.0
        return (word in self.g.version_cues or (
            "." in c.surface and word in self.g.version_cues_decimal
            and not self._unit_at(c.e, s))) and not self._amount_sign_before(s)

    def _amount_sign_before(self, s: int) -> bool:
        """A currency sign, a damaged one or a negative word before digits makes them an
        amount, whatever letter precedes them ($100, PS6m, minus-260)."""
        if self.g.prefix_re.search(self.norm, s - 8 if s > 8 else 0, s):
            return True
        prev = self.norm[s - 1] if s else ""  # (each test below reads it first)
        return (prev in self.g.scaled_prefix_ends and self._after_scaled_prefix(s)) \
            or (prev == "-" and self._after_negative_word(s))

    # a capitalised word inside a sentence, then the number: Ryzen 9, Xeon Platinum 8380, BR 104

    _MID_SENTENCE_NAME = re.compile(r"[^\s.!?:|•·][ \t\u00a0]+[A-Za-z&]*[A-Z][A-Za-z&]*[ \t\u00a0]\Z")
    # a capitalised word after a number names a model: 737 Max, 2080 Ti
    _NAME_AFTER = re.compile(r"[ \t\u00a0][A-Z][a-z]{1,12}\b")
    # a model name (and its version) before a model size: LLaMA V3.1 70B, Llama 2 70B, 라마2 7B

    _MODEL_NAME_BEFORE = re.compile(
        rf"(?:[A-Za-z]*[A-Z][\w\-]*|[{HANGUL}]+\d*)[ \t\u00a0](?:[vV]?\d+(?:\.\d+)*[ \t\u00a0])?\Z")

    _KOREAN_NAME_BEFORE = re.compile(rf"[{HANGUL}A-Za-z][ \t\u00a0]\Z")

    def _name_digits(self, c) -> bool:
        """Digits that are part of a product or model name by their neighbours (CLAIMS.md:
        name parts are not claims): Ryzen 9 CPUs, 가우디3 칩, 가우디 3 프로세서, LLaMA V3.1 70B."""
        s, e, surface, unit, end = c.s, c.e, c.surface, c.unit, c.end
        norm, names = self.norm, self.g.number_names
        if surface[-1:] in names["size_suffixes"] and not surface[-2:-1].isalpha():
            after = norm[e:e + 12].lstrip(" \t\u00a0").lower()
            if after.startswith(tuple(names["parameter_words"])):
                return False  # 13B参数, 70B parameters: a parameter count
            if after.startswith(tuple(names["model_words"])) \
                    or self._MODEL_NAME_BEFORE.search(norm, s - 30, s):
                return True
        if "." in surface or unit not in ("", "count"):
            return False
        unit_spaced = norm[e:end][:1].isspace()
        if s and is_hangul(norm[s - 1]) and (not unit or unit_spaced):
            return True  # 가우디3 칩당, 라마2: digits glued to a Korean name
        if unit != "count" or not unit_spaced:
            return False
        if self._MID_SENTENCE_NAME.search(norm, s - 40, s) and not self._qual_before(s):
            return True  # Ryzen 9 CPUs, Xeon Platinum 8380 processors, Biren BR 104 GPU
        # 가우디 3 프로세서: Korean counts follow their noun (프로세서 8개), so a number
        # between a name and a device noun is the name's
        noun = norm[e:end].strip()
        return noun in names["korean_device_nouns"] and bool(self._KOREAN_NAME_BEFORE.search(norm, s - 2, s))

    def _bare_name_digits(self, c) -> bool:
        """A bare whole number inside a name: S&P 500, Ryzen 7, Gaudi 3 (after a capitalised
        word inside a sentence), 737 Max (three digits or more before a capitalised word)."""
        s, e, surface = c.s, c.e, c.surface
        if not surface.isdigit() or unit_lost_after(self, c):
            return False
        named = self._MID_SENTENCE_NAME.search(self.norm, s - 40, s) or \
            (len(surface) >= 3 and self._NAME_AFTER.match(self.norm, e))
        return bool(named) and not self._qual_before(s)  # "Over 100" is an amount

    # An amount in the last two words before a phrase such as "an hour" makes it a rate's
    # denominator ("$2 an hour"); digits inside a name ("ResNet-50 in an hour") do not.
    _AMOUNT_BEFORE = re.compile(r"(?:^|\s)[$€£¥]?\d[\d.,]*(?:\s*\S+)?\s+\Z")

    def _is_rate_denominator(self, c) -> bool:
        """'an hour' after an amount: the denominator of a rate ($2 an hour)."""
        from extractor.extract.quantities.quantity_grammar import unit_info  # noqa: PLC0415 - the grammar builds masks here
        return unit_info(c.unit)[0] == "duration" and bool(self._AMOUNT_BEFORE.search(self.norm, c.s - 24, c.s))

    def _drop_unit_glosses(self, qs: list) -> list:
        """Numbers in a parenthesis that defines the unit before it are no quantities:
        38 TOPS(초당 1조 번 연산), 10Gbps(초당 10기가비트), 42.5 엑사플롭스(EF·1초에 100경 번)."""
        if "(" not in self.norm and "（" not in self.norm:
            return qs
        out = []
        gloss_end = -1
        for i, q in enumerate(qs):
            if q.start >= gloss_end and i and qs[i - 1].quantity in _GLOSSED_KINDS:
                gloss_end = self._gloss_after(qs[i - 1].end, q.start)
            if q.start < gloss_end:
                self._reject_quantity("unit_gloss", q)
                continue
            out.append(q)
        return out

    def _gloss_after(self, unit_end: int, number_start: int) -> int:
        """The end of a unit-defining parenthesis opened at `unit_end`, or -1."""
        norm = self.norm
        if unit_end >= len(norm) or norm[unit_end] not in "(（":
            return -1
        opening = norm[unit_end + 1: unit_end + 1 + _GLOSS_OPENER_WITHIN + 12]
        if not any(opener in opening[:_GLOSS_OPENER_WITHIN + len(opener)] for opener in self.g.gloss_openers):
            return -1
        close = min((i for i in (norm.find(")", unit_end), norm.find("）", unit_end)) if i >= 0), default=-1)
        return close if close > number_start else -1

    # (a CJK character may touch the name: 支持DP 1.4, 一个eUSB 2.0)
    _NAME_BEFORE = re.compile(r"(?<![A-Za-z0-9_\-])[A-Za-z]*[A-Z][A-Za-z]*[ \t\u00a0]\Z")

    def _after_name(self, s: int) -> bool:
        return bool(self._NAME_BEFORE.search(self.norm, s - 30, s))

    _DAY_COMMA_BEFORE = re.compile(r"(?<![\d.,])\d{1,2},?[ \t\u00a0]+\Z")

    _YEAR_TO_BEFORE = re.compile(r"(?<!\d)(?:1[89]|20)\d\d[ \t\u00a0]*(?:to|-|–|and|through|until|~|至|到)[ \t\u00a0]*\Z", re.I)

    def _is_year(self, c) -> bool:
        s, e, surface, value = c.s, c.e, c.surface, c.value
        if not (1900 <= value <= 2099 and len(surface) == 4 and surface.isdigit()):
            return False
        if self._unit_at(e, s):
            return False
        lo, hi = self.g.bare_years
        if lo <= value <= hi and (self._word_before(s, self.g.year_cues) or self._after_name(s)):
            return True  # since 2014 yield ..., Hot Chips 2025 machine learning: no count
        if self.g.count_re.match(self.norm, e):
            return False
        year = int(value)
        if not year & (year - 1):
            return False  # 2048 is a batch size, a power of two, not a year
        if lo <= year <= hi:
            return True  # 2019, the 2020 primary
        if self._word_before(s, self.g.year_cues):
            return True
        if self._DAY_COMMA_BEFORE.search(self.norm, s - 6, s) or self._YEAR_TO_BEFORE.search(self.norm, s - 14, s):
            return True  # Nov. 15, 2019 / from 2010 to 2015
        if self.lossy and self.norm.startswith("?", e):
            return True  # 2021? on a page whose letters were lost: 2021년 / 2021年
        return s > 0 and self.norm[s - 1] == "(" and self.norm.startswith(")", e)

    def _needs_unit(self, c) -> bool:
        """Spelled numerals that are also common words stand as numbers only before a unit."""
        kind, surface = c.kind, c.surface
        if kind in ("kon", "kos"):
            return True
        if kind == "zh":
            t = numeral_tables()
            has_digit = any(c in t.cjk_digits for c in surface)
            has_unit = any(c in t.cjk_small or c in t.cjk_big for c in surface)
            return len(surface) < 2 or not (has_digit and has_unit) or surface.lower() in self.g.ambiguous_alone
        if kind == "en":
            return surface.lower() in self.g.ambiguous_alone
        return False


def _conditional_spans(masks, norm: str) -> list[tuple[int, int]]:
    """The spans of the masks that need a rare word (a code line's opener, a process
    node's unit ...), each searched only when `norm` holds one of its words."""
    spans = []
    for opener in masks.code_openers:
        if opener in norm:
            spans += [m.span() for m in masks.code_line_re.finditer(norm)]
            break
    for words, rx in masks.conditional:
        for word in words:
            if word in norm:
                spans += [m.span() for m in rx.finditer(norm)]
                break
    return spans


def unit_lost_after(f, c) -> bool:
    """Letters lost right after the number: its unit may be among them (flagged, kept)."""
    return f.lossy and f.norm.startswith("?", c.e)
