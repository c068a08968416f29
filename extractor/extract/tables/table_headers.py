"""What a table's header cells say: whether a row is a header, the unit a header cell
gives its column's cells ("Time (min)", "Average latency in seconds"), and whether a
header cell may name a product no lexicon lists ("Groq", "MTT S4000"). The words are
`lexicons/tables.json`.
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractor import lexicons
from extractor.extract.text.cues import LANGS, cues, lang_key
from extractor.extract.quantities.quantities import Quantity, find_quantities
from extractor.extract.numbers.scores import score_names

#: a cell holding a value: "8.0 TB/s", "$5.98/hr", "~500W", "192GB HBM3e"
VALUE_CELL = re.compile(r"[~≈<>]?\s*[$¥€£]?\s*\d")
COUNTED_NAME = re.compile(r"\d+\s*[x×]\s+\S")


def is_header(cells: list[str]) -> bool:
    """A header row: two filled cells or more, no value among them ("8.0 TB/s", "$5.98/hr"
    and "~500W" are values), or one filled cell over empty ones (spanning columns).

    >>> is_header(["Model", "Time (min)"]), is_header(["Memory", "192GB HBM3e"])
    (True, False)
    >>> is_header(["Metric", "SN40L node", "8x H100"])
    True
    """
    filled = [c for c in cells if c]
    # "8x H100" names a column's system: a count of a name, not a value
    values = [c for c in filled if VALUE_CELL.match(c) and not COUNTED_NAME.match(c)]
    # one filled cell over empty ones is a header spanning columns ("| | Time (min) | |")
    spanning = len(filled) == 1 and len(cells) >= 3 and not cells[0]
    return (len(filled) >= 2 or spanning) and not values and \
        not all(set(c) <= set("-:= ") for c in filled)


#: a header cell that may name a product: Latin letters, digits and a few joiners,
#: possibly after a CJK brand ("骁龙X Elite"), at most 32 characters
_NAME_CELL = re.compile(r"[^\W_][\w .+\-/]{0,31}")


def name_like(cell: str, lang: str) -> bool:
    """A header cell that may name a product: letters and digits with a Latin letter, or
    a name in any letters with a model number (`numbered_name`: "智铠100"); no unit, no
    metric word, not a word of tables.json `not_column_names` ("Change").

    >>> name_like("MTT S4000", "zh"), name_like("智铠100", "zh"), name_like("FP16算力", "zh")
    (True, True, False)
    >>> name_like("Time (min)", "en"), name_like("2024年", "zh"), name_like("긱벤치 6 점수", "ko")
    (False, False, False)
    """
    if not cell:
        return False
    latin = _NAME_CELL.fullmatch(cell) is not None and re.search(r"[A-Za-z]", cell) is not None
    if not latin and not numbered_name(cell, lang):
        return False
    # (a numbered name in Chinese may open with a character the units read: 天玑 is no day)
    if cell.lower() in _not_names() or latin and header_unit(cell, lang) is not None:
        return False
    if score_names(cell):  # "Geekbench 6 single-core", "긱벤치 6 점수": a column of scores
        return False
    lk = lang_key(lang)
    low = cell.lower()
    for lg in ([lk] if lk in LANGS else LANGS):
        for rx in cues().metric_cues[lg].values():
            if rx is not None and rx.search(low):
                return False
    return True


#: a product named in any letters with a model number: "天玑9300", "아이폰 15", "骁龙8 Gen 3";
#: it opens with a letter (not "2024年")
_NUMBERED_NAME = re.compile(r"(?=.*\d)[^\W\d_][\w .+\-]{1,19}")


def numbered_name(cell: str, lang: str) -> bool:
    """A row label that names a product in any script by its model number, where the
    label column's header says the rows are products ("| 机型 |", "| 제품 |").

    >>> numbered_name("天玑9300", "zh"), numbered_name("아이폰 15", "ko"), numbered_name("메모리(GB)", "ko")
    (True, True, False)
    """
    return bool(_NUMBERED_NAME.fullmatch(cell))


@lru_cache(maxsize=1)
def column_axes() -> frozenset[str]:
    lex = lexicons.load("tables.json")
    return frozenset(w.lower() for ws in lex["system_column_axes"].values() for w in ws) | {""}


@lru_cache(maxsize=1)
def row_axes() -> frozenset[str]:
    lex = lexicons.load("tables.json")
    return frozenset(w.lower() for ws in lex["row_system_axes"].values() for w in ws)


@lru_cache(maxsize=1)
def _not_names() -> frozenset[str]:
    lex = lexicons.load("tables.json")
    return frozenset(w.lower() for w in lex["not_column_names"])


LOST_LETTERS = re.compile(r"\?\?|\ufffd|[(\[]\?+[/)\]]")


def strip_brackets(text: str) -> str:
    return re.sub(r"[(\[（][^)\]）]*[)\]）]", "", text)


def name_of_cell(cell: str) -> str:
    """What of a header cell or row label may be a name: without its bracketed notes and
    the footnote mark right after them ("Cerebras (16-bit)1" -> "Cerebras").

    >>> name_of_cell("Cerebras (16-bit)1"), name_of_cell("MTT S4000 (48GB)")
    ('Cerebras', 'MTT S4000')
    """
    return re.sub(r"\s*[(\[（][^)\]）]*[)\]）]\d{0,2}", "", cell).strip()


@lru_cache(maxsize=1)
def _header_words() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    lex = lexicons.load("tables.json")
    return lex["header_units"], {lg: tuple(ws) for lg, ws in lex["unit_intro"].items()}


def _unit_probes(header_cell: str, lang: str, brackets_only: bool) -> list[str]:
    """What of a header cell may name its unit: bracketed parts, the whole cell, the words
    after a unit-introducing word ("Average latency in seconds"), abbreviations
    ("(TPS)") spelled out."""
    abbrev, intro = _header_words()
    inner = re.findall(r"[(\[（]([^)\]）]+)[)\]）]", header_cell)
    probes = inner + ([] if brackets_only else [header_cell])
    if not brackets_only:
        words = header_cell.split()
        lk = lang[:2].lower()
        for i, w in enumerate(words[:-1]):
            if w.lower() in intro.get(lk, ()):
                probes.append(" ".join(words[i + 1:]))
        for w in intro.get(lk, ()):
            if w.endswith((":", "：")) and w in header_cell:
                probes.append(header_cell.split(w, 1)[1])
    spelled = [abbrev[p.strip()] for p in probes + header_cell.split() if p.strip() in abbrev]
    # the unit as the cell's last word after others ("FP8 TFLOPS", "Number of cores")
    words = strip_brackets(header_cell).split()
    last = [words[-1]] if not brackets_only and len(words) > 1 and not re.search(r"\d", words[-1]) else []
    return [p for p in probes if p.strip()] + spelled + last


# Every row of a table asks again for the unit of the same header cells: remember the
# answers (a pure function of its arguments; callers only read the Quantity returned).
@lru_cache(maxsize=4096)
def header_unit(header_cell: str, lang: str, brackets_only: bool = False) -> Quantity | None:
    """The unit a column header gives its cells: "Throughput (tokens/s)", "Time (min)".

    >>> header_unit("처리량(토큰/초)", "ko").unit, header_unit("Minutes", "en").unit
    ('tokens/s', 'min')
    >>> header_unit("Average latency in seconds", "en").unit, header_unit("Output (TPS)", "en").unit
    ('s', 'tokens/s')
    >>> header_unit("Gaudi2 time to train, MLPerf 3.0", "en", brackets_only=True) is None
    True
    """
    counted = None  # "Output tokens/s" counts tokens only until "tokens/s" is read
    for probe in _unit_probes(header_cell, lang, brackets_only):
        for q in find_quantities("1 " + probe.strip(), lang):
            if q.start == 0 and q.unit and q.value == 1:
                if q.unit != "count":
                    return q
                counted = counted or q
    return counted


def unit_cell(cell: str, lang: str) -> bool:
    """A header cell naming a unit other than a count: "Time (min)", "Power (W)"."""
    q = header_unit(cell, lang)
    return q is not None and q.unit != "count"


#: words of a caption after a unit-introducing word probed for the unit ("in output tokens/sec")
_CAPTION_UNIT_WORDS = 4
_CLAUSE_END = re.compile(r"[.,;:!?。，；：、]\s|[。，；：、]|[.,;:!?]$")


@lru_cache(maxsize=1024)
def caption_unit(caption: str, lang: str) -> Quantity | None:
    """The unit a caption gives a table's bare cells: in brackets ("推理吞吐量比較(tokens/s):"),
    or the few words after a unit-introducing word, when no number is among them ("User
    throughput in output tokens/sec (higher is better)"; not "trained in 311 minutes": a
    figure of the prose, not the cells' unit).

    >>> caption_unit("Table 1. User throughput in output tokens/sec (higher is better).", "en").unit
    'tokens/s'
    >>> caption_unit("Gaudi2 trained GPT-3 in 311 minutes on 384 chips", "en") is None
    True
    """
    for inner in re.findall(r"[(\[（]([^)\]）]+)[)\]）]", caption):
        # "(tokens/s)", "(단위: 토큰/초)", not "(8 GPUs)": a count of the prose
        q = header_unit(inner, lang) if not re.search(r"\d", inner) else None
        if q is not None and q.unit != "count":
            return q
    _abbrev, intro = _header_words()
    for clause in _CLAUSE_END.split(strip_brackets(caption)):
        words = clause.split()
        for i, w in enumerate(words[:-1]):
            tail = words[i + 1:i + 1 + _CAPTION_UNIT_WORDS]
            if w.lower() in intro.get(lang[:2].lower(), ()) and not any(c.isdigit() for c in "".join(tail)):
                q = header_unit(" ".join(tail), lang)
                if q is not None and q.unit != "count":
                    return q
    return None


@lru_cache(maxsize=1)
def _caption_marks() -> re.Pattern:
    marks = {m for ms in lexicons.load("tables.json")["caption_marks"].values() for m in ms}
    alts = "|".join(re.escape(m) for m in sorted(marks, key=len, reverse=True))
    return re.compile(rf"\s*(?:{alts})\s*\d{{1,3}}(?:[.:：>\]】)]|\s|$)", re.IGNORECASE)


def is_marked_caption(line: str) -> bool:
    """A table's numbered caption: "Table 1. User throughput ...", "表2：", "<표 3>".

    >>> is_marked_caption("Table 1."), is_marked_caption("표 2 주요 사양"), is_marked_caption("Tablets 3 ways")
    (True, True, False)
    """
    return _caption_marks().match(line) is not None
