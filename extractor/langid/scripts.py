"""Script evidence: how many letters of each writing system a text holds.

Scripts decide most of our languages outright (Hangul is Korean, Kana is Japanese), so
this is the first and cheapest evidence. Refinements keep it honest on damaged pages:

- Latin letters are split into *word* letters (`results`, `Training`) and *name* letters
  (`IPU-POD16`, `MLPerf`, `BERT`, `A100`): names are written in Latin in every language,
  so a Korean sentence full of product names is still mostly Korean evidence;
- letters lost to '?', U+FFFD or undecoded UTF-8 (`ê·¸ëž˜`) are counted, so a page of
  `?? ???` can be called undetermined instead of being named after the few product
  names left in it;
- URLs, e-mail addresses, TeX commands, HTML tags and pinyin notes (`計(jì)算`) are
  blanked first, and program punctuation is counted: none of it is a language's text.

The scripts, their code points and weights are data: `lexicons/langid_scripts.json`.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from functools import lru_cache

from extractor import lexicons


@dataclass(frozen=True)
class Script:
    """One writing system from `langid_scripts.json`."""

    name: str
    pattern: re.Pattern
    weight: float
    lang: str = ""
    candidates: tuple[str, ...] = ()


@dataclass
class ScriptCounts:
    """Letters of a text per script (`letters`), with the Latin ones split into word and
    name letters, and the letters lost to '?' or U+FFFD (`lost`)."""

    letters: dict[str, int] = field(default_factory=dict)
    latin_word_letters: int = 0
    #: of the word letters, those in words all in lower case (running text, not a title)
    latin_lower_letters: int = 0
    latin_name_letters: int = 0
    lost: int = 0
    #: of the lost letters, those hidden in undecoded UTF-8 (mojibake)
    lost_to_mojibake: int = 0
    #: characters of program text (`{};=`), counted when there are Latin letters
    code_symbols: int = 0
    #: running-text Latin words, space-separated (sampled evenly when long)
    latin_sample: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


def _char_class(ranges: list[list[str]]) -> str:
    return "".join(f"\\U{int(a, 16):08x}-\\U{int(b, 16):08x}" for a, b in ranges)


@lru_cache(maxsize=1)
def script_table() -> dict[str, Script]:
    """The scripts of `langid_scripts.json`, by name (loaded once)."""
    data = lexicons.load("langid_scripts")
    out = {}
    for name, spec in data["scripts"].items():
        out[name] = Script(name, re.compile(f"[{_char_class(spec['ranges'])}]+"),
                           float(spec.get("weight", 1.0)), spec.get("lang", ""),
                           tuple(spec.get("candidates", ())))
    return out


@lru_cache(maxsize=1)
def _script_ranges() -> dict[str, list[list[str]]]:
    data = lexicons.load("langid_scripts")
    return {name: spec["ranges"] for name, spec in data["scripts"].items()}


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    """(any letter of a script other than Latin/Han/Hangul/Kana, Latin word, pinyin note)."""
    table = lexicons.load("langid_scripts")["scripts"]
    minor = "".join(_char_class(s["ranges"]) for n, s in table.items()
                    if n not in ("latin", "han", "hangul", "kana"))
    upper = "A-Z\u00c0-\u00d6\u00d8-\u00de"
    lower = "a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u024f\u1e00-\u1eff"
    # A word of running text: lower case, or capitalised once ("Training"); not a name
    # with inner capitals or digits ("MLPerf", "A100"), nor glued to another script
    # ("IPU와"), which the lookarounds on \w exclude.
    # Nor a piece of a URL, file name or identifier ("mlperf.org", "1638.png", "id=1").
    # (Written to start with its first letter, the look-behind after it: a pattern that
    # starts with a look-behind is tried at every character of the text. `word_rule` in
    # tests/test_langid_scripts.py is the same pattern written the plain way.)
    word = re.compile(f"[{upper}{lower}](?<![\\w\\\\./@#=&%~].)(?:(?<=[{lower}])[{lower}]*|[{lower}]+)"
                      f"(?:['\u2019][{lower}]+)?(?![\\w]|[./@#=&%~_][\\w])")
    han = _char_class(table["han"]["ranges"])
    # Pinyin notes after Han characters, "計(jì)算": readings, not Latin-script text.
    # (The bracket comes first in the pattern, so the engine only looks behind at brackets.)
    pinyin = re.compile(f"[(\uff08](?<=[{han}][(\uff08])[a-z\u00e0-\u01dc\u0300-\u036f]{{1,8}}[)\uff09]")
    return re.compile(f"[{minor}]"), word, pinyin


_MAJOR = ("hangul", "han", "kana")



@lru_cache(maxsize=1)
def _cjk_runs() -> re.Pattern:
    """Runs of letters of Hangul, Kana or Han, scripts whose ranges must not overlap
    (`_major_letters` counts the last one as what the others leave)."""
    ranges = sorted((int(a, 16), int(b, 16)) for name in _MAJOR for a, b in _script_ranges()[name])
    if any(b1 >= a2 for (_, b1), (a2, _) in zip(ranges, ranges[1:])):
        raise ValueError(f"langid_scripts.json: the ranges of {', '.join(_MAJOR)} overlap")
    return re.compile(f"[{_char_class([r for name in _MAJOR for r in _script_ranges()[name]])}]+")


def _major_letters(text: str) -> list[tuple[str, int]]:
    """(script, letters) of Hangul, Han and Kana in `text`, in that order, those it has.

    Each is counted in the text's CJK letters alone (one run for most sentences,
    against a run per word), the last one as what the others leave.

    >>> _major_letters("IPU-POD16에서 學習 ひらがな")
    [('hangul', 2), ('han', 2), ('kana', 4)]
    """
    cjk = "".join(_cjk_runs().findall(text))
    out, rest = [], len(cjk)
    table = script_table()
    for name in _MAJOR[:-1]:
        n = _count(table[name].pattern, cjk) if rest else 0
        rest -= n
        if n:
            out.append((name, n))
    if rest:
        out.append((_MAJOR[-1], rest))
    return out


def count_scripts(text: str, sample_chars: int = 1000) -> ScriptCounts:
    """Count the letters of `text` per script; keep up to about `sample_chars` of its
    running-text Latin words (names left out) in `latin_sample`, for the n-gram model.

    >>> c = count_scripts("IPU-POD16에서 ResNet-50 학습에 28.3분이 걸렸습니다.")
    >>> c.letters["hangul"], c.latin_word_letters, c.latin_name_letters
    (12, 0, 12)
    >>> count_scripts("???? ?? ??").lost
    8
    >>> count_scripts("Graphcore's IPU-POD16 trains ResNet-50 in 28.3 min").latin_sample
    "Graphcore's trains in min"
    """
    table = script_table()
    minor, word, pinyin = _patterns()
    counts = ScriptCounts()
    text = _without_markup(text)
    if not text.isascii():
        text, counts.lost_to_mojibake = _without_mojibake(text)
    if "(" in text or "\uff08" in text:
        text = pinyin.sub(" ", text)
    latin = _latin_letters(text)
    if latin:
        words = word.findall(text)
        counts.latin_word_letters = sum(map(len, words))
        counts.latin_lower_letters = sum(map(len, filter(str.islower, words)))
        counts.latin_name_letters = latin - counts.latin_word_letters
        counts.letters["latin"] = latin
        counts.latin_sample = _even_sample(words, counts.latin_word_letters + len(words), sample_chars)
    non_ascii = not text.isascii()
    if non_ascii:
        counts.letters.update(_major_letters(text))
    if non_ascii and minor.search(text):
        for name, script in table.items():
            if name not in _MAJOR and name != "latin":
                n = _count(script.pattern, text)
                if n:
                    counts.letters[name] = n
    counts.lost = _count_lost(text) + counts.lost_to_mojibake
    if latin:
        counts.code_symbols = sum(map(text.count, _CODE_SYMBOLS))
    return counts


# Punctuation that prose uses little and program text (JavaScript, CSS, JSON) a lot.
_CODE_SYMBOLS = "{};="


@lru_cache(maxsize=1)
def _mojibake_pattern() -> re.Pattern:
    """UTF-8 read as Latin-1 or cp1252: a lead byte shown as `Â`..`ô`, then continuation
    bytes shown as C1 controls or cp1252's symbols (`ê·¸ëž˜`). Built from the codecs,
    so every continuation byte is covered."""
    lead = bytes(range(0xC2, 0xF5)).decode("latin-1")
    cont = set(bytes(range(0x80, 0xC0)).decode("latin-1"))
    cont |= set(bytes(range(0x80, 0xC0)).decode("cp1252", errors="ignore"))
    return re.compile(f"[{re.escape(lead)}][{re.escape(''.join(sorted(cont)))}]+")


def _without_mojibake(text: str, min_share: float = 0.3) -> tuple[str, int]:
    """(`text` with its mojibake blanked, number of characters it stood for) when at
    least `min_share` of the text's non-space characters are mojibake; else (`text`, 0).
    Undecoded UTF-8 is lost text, not Latin letters: left in, it reads as Czech or
    Albanian.

    >>> _without_mojibake("모델 학습".encode("utf-8").decode("latin-1"))
    ('     ', 4)
    >>> _without_mojibake("Příliš žluťoučký kůň úpěl ďábelské ódy")[1]
    0
    """
    found = _mojibake_pattern().findall(text)
    if not found:
        return text, 0
    chars = sum(map(len, found))
    if chars < min_share * (len(text) - text.count(" ")):
        return text, 0
    return _mojibake_pattern().sub(" ", text), len(found)


def _even_sample(words: list[str], total_chars: int, max_chars: int) -> str:
    """The words joined by spaces; every k-th word when that is longer than `max_chars`."""
    if total_chars > max_chars and words:
        words = words[:: max(1, -(-total_chars // max_chars))]
    return " ".join(words)


_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+\.[\w.-]+")
_TEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_HTML_TAG = re.compile(r"</?[A-Za-z][^<>]{0,300}>")
_SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-")


def _without_markup(text: str) -> str:
    """`text` with URLs, e-mail addresses, TeX commands and HTML tags blanked: they are
    Latin letters in every language.

    >>> _without_markup("本文引用地址:http://www.ex-cimer.com/a.htm 在")
    '本文引用地址:  在'
    """
    if "://" in text or "www." in text:
        text = _blank_urls(text)
    if "@" in text:
        text = _EMAIL.sub(" ", text)
    if "\\" in text:
        text = _TEX_COMMAND.sub(" ", text)
    if "<" in text and ">" in text:
        text = _HTML_TAG.sub(" ", text)
    return text


def _blank_urls(text: str) -> str:
    """Replace each URL (`scheme://...` or `www....`, up to the next space or non-ASCII
    character) by one space. A scan from each '://' rather than a regular expression,
    which would try a scheme at every letter of the page."""
    out, pos, n = [], 0, len(text)
    i = _next_url(text, 0)
    while i >= 0:
        start = i
        if text.startswith("://", i):
            while start > pos and text[start - 1] in _SCHEME_CHARS:
                start -= 1
        end = i
        while end < n and "!" <= text[end] <= "~":
            end += 1
        out.append(text[pos:start])
        out.append(" ")
        pos = end
        i = _next_url(text, end)
    out.append(text[pos:])
    return "".join(out)


def _next_url(text: str, start: int) -> int:
    hits = [i for i in (text.find("://", start), text.find("www.", start)) if i >= 0]
    return min(hits) if hits else -1


def _latin_letters(text: str) -> int:
    """`_count` of the Latin script's pattern. The ASCII letters are counted as the bytes
    a deletion drops from the UTF-8 (whose other characters are all bytes >= 0x80), in
    C: twelve times faster than the pattern's findall. Only a text with a Latin letter
    beyond ASCII (`é`, `ş`) is counted by the pattern: our Korean and Chinese sentences
    have none."""
    if not text.isascii() and _non_ascii_latin().search(text):
        return _count(script_table()["latin"].pattern, text)
    encoded = text.encode("utf-8", "surrogatepass")
    return len(encoded) - len(encoded.translate(None, _ascii_latin_letters()))


@lru_cache(maxsize=1)
def _ascii_latin_letters() -> bytes:
    """The ASCII characters the Latin script's ranges hold (`A-Z`, `a-z`)."""
    pattern = script_table()["latin"].pattern
    return bytes(c for c in range(128) if pattern.fullmatch(chr(c)))


@lru_cache(maxsize=1)
def _non_ascii_latin() -> re.Pattern:
    """A letter of the Latin script's ranges beyond ASCII."""
    ranges = [[f"{max(int(a, 16), 0x80):x}", b] for a, b in _script_ranges()["latin"] if int(b, 16) >= 0x80]
    return re.compile(f"[{_char_class(ranges)}]")


def _count(pattern: re.Pattern, text: str) -> int:
    return sum(map(len, pattern.findall(text)))


def _count_lost(text: str) -> int:
    """Letters lost to '?' or U+FFFD. A lone '?' or two are question marks; once '?' come
    in runs or in numbers, every '?' of the text is counted as a lost letter.

    >>> _count_lost("Is it fast? Yes."), _count_lost("IPU-POD16?? 28.3?? ?? ??")
    (0, 8)
    """
    q = text.count("?")
    lost = q if q and ("??" in text or q >= 3) else 0
    return lost + text.count("\ufffd")


def script_letters(text: str, script: str, max_chars: int) -> str:
    """The runs of one script's letters in `text`, joined by spaces, at most `max_chars`."""
    runs = script_table()[script].pattern.findall(text)
    return " ".join(runs)[:max_chars]
