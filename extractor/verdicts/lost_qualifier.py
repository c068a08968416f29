"""Whether a damaged page may have lost a value's qualifier, so that its exactness is
unknown (the verdicts then compare it as approximate: `members.MemberFactory`).

- `qualifier_lost(lang, qualifier, surface, sentence, flags) -> bool`.

A value's qualifier may be lost when all of these hold, each read from the claims
table (the stage reads nothing else):

- the claim's language writes a qualifier right before its number (Chinese, Korean:
  lexicon `verdicts_lost_qualifier.json`);
- the claim stage read no qualifier (`exact`): a qualifier it read is not lost;
- the cleaning stage reported lost letters next to the number or in its sentence (flag
  `lossy_source`: a lossy span of cleaning within the claim stage's window of the
  number, or a lossy sentence);
- in the claim's sentence, every place its surface stands is right after a mark of a
  lost letter (`?`, U+FFFD): "比上一代 H100 快约?1.8 倍". The claims table gives the
  number's place in the cleaned page (`start`), not in its sentence, so a surface stated
  twice in one sentence counts only when both places are so marked.

Not in the tables: whether that very mark is one of cleaning's lossy spans (flag
`lossy_source` says only that one is near, or that the sentence has one). Cleaning
marks every `?` glued to a following letter or digit on a page that shows `?` damage,
so the two coincide; the smallest addition that would say it outright is a claims flag
set where a lossy span ends at the number's start.
"""
from __future__ import annotations

from functools import lru_cache

from extractor import lexicons

__all__ = ["qualifier_lost"]


@lru_cache(maxsize=1)
def _lexicon() -> tuple[frozenset[str], str]:
    lexicon = lexicons.load("verdicts_lost_qualifier.json")
    return frozenset(lexicon["languages"]), "".join(lexicon["marks"])


def qualifier_lost(lang: str, qualifier: str, surface: str, sentence: str,
                   flags) -> bool:
    """Whether a lost letter stands where the value's qualifier would be (module
    docstring).

    >>> s = "显存升级:首次使用?141GB HBM3e?显存,带宽高达?4.8 TB/s,比上一代 H100 快约?1.8 倍"
    >>> qualifier_lost("zh-Hans", "exact", "1.8 倍", s, ["lossy_source"])
    True
    >>> qualifier_lost("zh-Hans", "exact", "1.8 倍", s, [])  # cleaning reported no loss
    False
    >>> qualifier_lost("zh-Hans", "approx", "1.8 倍", s, ["lossy_source"])
    False
    >>> qualifier_lost("en", "exact", "1.8x", "It is ?1.8x faster", ["lossy_source"])
    False
    >>> qualifier_lost("zh-Hans", "exact", "3.35 TB/s", "H100:80GB HBM3,带宽 3.35 TB/s。",
    ...                ["lossy_source"])
    False
    """
    if qualifier not in ("", "exact") or "lossy_source" not in flags or not surface:
        return False
    languages, marks = _lexicon()
    if lang.split("-", 1)[0] not in languages:
        return False
    at = sentence.find(surface)
    if at < 0:
        return False
    while at >= 0:
        if at == 0 or sentence[at - 1] not in marks:
            return False
        at = sentence.find(surface, at + 1)
    return True
