"""Script evidence: how many letters of each writing system a text holds.

Scripts decide most of our languages outright (Hangul is Korean, Kana is Japanese), so
this is the first and cheapest evidence. Two refinements keep it honest on our pages:

- Latin letters are split into *word* letters (`results`, `Training`) and *name* letters
  (`IPU-POD16`, `MLPerf`, `BERT`, `A100`): names are written in Latin in every language,
  so a Korean sentence full of product names is still mostly Korean evidence;
- letters lost to '?' or U+FFFD are counted, so a page of `?? ???` can be called
  undetermined instead of being named after the few product names left in it.

The scripts, their code points and weights are data: `lexicons/langid_scripts.json`.
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from importlib import resources


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

    def as_dict(self) -> dict:
        return asdict(self)


def _char_class(ranges: list[list[str]]) -> str:
    return "".join(f"\\U{int(a, 16):08x}-\\U{int(b, 16):08x}" for a, b in ranges)


@lru_cache(maxsize=1)
def scripts() -> dict[str, Script]:
    """The scripts of `langid_scripts.json`, by name (loaded once)."""
    data = json.loads(resources.files("extractor.lexicons").joinpath("langid_scripts.json")
                      .read_text("utf-8"))
    out = {}
    for name, spec in data["scripts"].items():
        out[name] = Script(name, re.compile(f"[{_char_class(spec['ranges'])}]+"),
                           float(spec.get("weight", 1.0)), spec.get("lang", ""),
                           tuple(spec.get("candidates", ())))
    return out


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    """(any letter of a script other than Latin/Han/Hangul/Kana, Latin word, pinyin note)."""
    table = json.loads(resources.files("extractor.lexicons").joinpath("langid_scripts.json")
                       .read_text("utf-8"))["scripts"]
    minor = "".join(_char_class(s["ranges"]) for n, s in table.items()
                    if n not in ("latin", "han", "hangul", "kana"))
    upper = "A-Z\u00c0-\u00d6\u00d8-\u00de"
    lower = "a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u024f\u1e00-\u1eff"
    # A word of running text: lower case, or capitalised once ("Training"); not a name
    # with inner capitals or digits ("MLPerf", "A100"), nor glued to another script
    # ("IPU와"), which the lookarounds on \w exclude.
    # Nor a piece of a URL, file name or identifier ("mlperf.org", "1638.png", "id=1").
    word = re.compile(f"(?<![\\w\\\\./@#=&%~])[{upper}]?[{lower}]+(?:['\u2019][{lower}]+)?"
                      f"(?![\\w]|[./@#=&%~_][\\w])")
    han = _char_class(table["han"]["ranges"])
    # Pinyin notes after Han characters, "計(jì)算": readings, not Latin-script text.
    pinyin = re.compile(f"(?<=[{han}])[(\uff08][a-z\u00e0-\u01dc\u0300-\u036f]{{1,8}}[)\uff09]")
    return re.compile(f"[{minor}]"), word, pinyin


_MAJOR = ("hangul", "han", "kana")


def count_scripts(text: str) -> ScriptCounts:
    """Count the letters of `text` per script.

    >>> c = count_scripts("IPU-POD16에서 ResNet-50 학습에 28.3분이 걸렸습니다.")
    >>> c.letters["hangul"], c.latin_word_letters, c.latin_name_letters
    (12, 0, 12)
    >>> count_scripts("???? ?? ??").lost
    8
    """
    table = scripts()
    minor, word, pinyin = _patterns()
    counts = ScriptCounts()
    text = _without_markup(text)
    if "(" in text or "\uff08" in text:
        text = pinyin.sub(" ", text)
    latin = _count(table["latin"].pattern, text)
    if latin:
        words = word.findall(text)
        counts.latin_word_letters = sum(map(len, words))
        counts.latin_lower_letters = sum(len(w) for w in words if w.islower())
        counts.latin_name_letters = latin - counts.latin_word_letters
        counts.letters["latin"] = latin
    if not text.isascii():
        for name in _MAJOR:
            n = _count(table[name].pattern, text)
            if n:
                counts.letters[name] = n
        if minor.search(text):
            for name, script in table.items():
                if name not in _MAJOR and name != "latin":
                    n = _count(script.pattern, text)
                    if n:
                        counts.letters[name] = n
    counts.lost = _count_lost(text)
    return counts


_URL = re.compile(r"(?:[a-z][a-z0-9+.-]*://|www\.)[!-~]+|[\w.+-]+@[\w-]+\.[\w.-]+", re.I)
_TEX_COMMAND = re.compile(r"\\[A-Za-z]+")


def _without_markup(text: str) -> str:
    """`text` with URLs, e-mail addresses and TeX commands blanked: they are Latin
    letters in every language."""
    if "://" in text or "www." in text or "@" in text:
        text = _URL.sub(" ", text)
    if "\\" in text:
        text = _TEX_COMMAND.sub(" ", text)
    return text


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


def latin_words(text: str, max_chars: int) -> str:
    """The running-text Latin words of `text` (names left out), joined by spaces; at most
    about `max_chars`, taken evenly across the text when it is longer.

    >>> latin_words("Graphcore's IPU-POD16 trains ResNet-50 in 28.3 minutes", 100)
    "Graphcore's trains in minutes"
    """
    _, word, _ = _patterns()
    words = word.findall(_without_markup(text))
    total = sum(len(w) + 1 for w in words)
    if total > max_chars and words:
        step = total / max_chars
        words = words[:: max(1, int(step + 0.999))]
    return " ".join(words)


def script_letters(text: str, script: str, max_chars: int) -> str:
    """The runs of one script's letters in `text`, joined by spaces, at most `max_chars`."""
    runs = scripts()[script].pattern.findall(text)
    return " ".join(runs)[:max_chars]
