"""Simplified or Traditional Chinese, from OpenCC's character tables.

A character tells the variant when it exists in one only: `训` (Simplified of `訓`) or
`訓`. We read those characters once from the dictionaries that opencc ships
(`STCharacters.txt`: Simplified -> Traditional, `TSCharacters.txt`: the reverse) and
count them with one regular expression each, which is far cheaper than converting the
text and comparing. Characters that both tables leave unchanged (`的`, `模型`) say
nothing, and a text of only those gets the default variant with a coin-flip confidence.
"""
from __future__ import annotations

import logging
import re
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class VariantEvidence:
    """Characters of a text found only in Simplified or only in Traditional writing."""

    simplified: int
    traditional: int

    def as_dict(self) -> dict:
        return asdict(self)

    def decide(self, default: str = "Hans") -> tuple[str, float]:
        """(`Hans` or `Hant`, confidence): Laplace's rule on the two counts, so no
        evidence is 0.5 and 20 characters of one side are 0.95.

        >>> VariantEvidence(0, 12).decide()
        ('Hant', 0.929)
        >>> VariantEvidence(0, 0).decide()
        ('Hans', 0.5)
        """
        s, t = self.simplified, self.traditional
        variant = "Hant" if t > s else "Hans" if s > t else default
        return variant, round((max(s, t) + 1) / (s + t + 2), 3)


def _dictionary_dir() -> Path | None:
    try:
        import opencc  # noqa: PLC0415
    except ImportError:
        return None
    folder = Path(opencc.__file__).parent / "dictionary"
    return folder if folder.is_dir() else None


def _read_table(path: Path) -> dict[str, list[str]]:
    table = {}
    for line in path.read_text("utf-8").splitlines():
        key, _, values = line.partition("\t")
        if key and values:
            table[key] = values.split()
    return table


@lru_cache(maxsize=1)
def variant_characters() -> tuple[frozenset[str], frozenset[str]]:
    """(Simplified-only, Traditional-only) characters from OpenCC's tables.

    A character is Simplified-only when OpenCC converts it to something else in
    Traditional and no Traditional spelling uses it (and the reverse).
    """
    folder = _dictionary_dir()
    if folder is None:
        logger.warning("opencc dictionaries not found: Chinese variant cannot be told")
        return frozenset(), frozenset()
    st = _read_table(folder / "STCharacters.txt")
    ts = _read_table(folder / "TSCharacters.txt")
    traditional_forms = {c for values in st.values() for c in values} | set(ts)
    simplified_forms = {c for values in ts.values() for c in values} | set(st)
    simp_only = {s for s, trad in st.items() if s not in trad and s not in traditional_forms}
    trad_only = {t for t, simp in ts.items() if t not in simp and t not in simplified_forms}
    return frozenset(simp_only), frozenset(trad_only)


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern | None, re.Pattern | None, frozenset[str], frozenset[str]]:
    """Regular expressions of the Simplified-only and Traditional-only characters of the
    Basic Multilingual Plane, and the sets of those beyond it. re matches a class of BMP
    characters through a bitmap, but a class holding astral characters one by one: 50
    times slower on a page, so the rare astral ones are counted apart."""
    simp, trad = variant_characters()

    def char_class(chars: frozenset[str]) -> re.Pattern | None:
        bmp = sorted(c for c in chars if c <= "\uffff")
        return re.compile("[" + "".join(re.escape(c) for c in bmp) + "]") if bmp else None

    def astral(chars: frozenset[str]) -> frozenset[str]:
        return frozenset(c for c in chars if c > "\uffff")

    return char_class(simp), char_class(trad), astral(simp), astral(trad)


def variant_evidence(text: str) -> VariantEvidence:
    """Count the Simplified-only and Traditional-only characters of `text`.

    >>> variant_evidence("在IPU-POD128上訓練ResNet-50的時間為5.67分鐘")
    VariantEvidence(simplified=0, traditional=6)
    >>> variant_evidence("在IPU-POD128上训练ResNet-50的时间为5.67分钟")
    VariantEvidence(simplified=6, traditional=0)
    """
    simp, trad, simp_astral, trad_astral = _patterns()
    n_simp = len(simp.findall(text)) if simp else 0
    n_trad = len(trad.findall(text)) if trad else 0
    if text and not text.isascii() and max(text) > "\uffff":
        n_simp += sum(1 for c in text if c in simp_astral)
        n_trad += sum(1 for c in text if c in trad_astral)
    return VariantEvidence(n_simp, n_trad)
