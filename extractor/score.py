"""Score a claims table against a gold table with the two rulers of the reference scorer
(`../shared/tools/score_claims.py`, its docstring; rules at the end of CLAIMS.md).

Strict (the figure that counts): a found claim is right when a gold row of its page has its
value, unit, system and workload (an empty gold name wants an empty one) and metric; a
claim matching an optional gold row (required=0) needs value and unit only. A required gold
row is found strictly when such a claim exists. Repeated mentions of one (value, unit,
system, workload, metric) count once.

Lenient: a found claim matches a gold claim of the same page when the values agree to four
significant figures and the units agree (an empty gold unit accepts any unit); it is
*linked* when the system and workload agree too, where the gold names them (canonical
names; `BERT` and `BERT-Large` agree). Required gold rows are the ones to find; a found
claim matching no gold row (required or not) is a false positive; duplicate mentions of
one claim in one page count once.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from extractor.extract.names.names import name_key, names_agree

UNIT_ALIASES = {"minute": "min", "minutes": "min", "hour": "h", "hours": "h", "sec": "s",
                "second": "s", "seconds": "s", "percent": "%", "×": "x", "times": "x",
                "$": "usd"}


__all__ = ["BadScoreInput", "Score", "canonical_name", "format_scores", "names_agree", "same_unit", "same_value",
           "score_files", "score_tables"]


def canonical_name(name: str) -> str:
    """Compare names without case, spaces, hyphens or underscores (`names.name_key`, the
    rule of shared/tools/score_claims.py; `names_agree` comes from there too).

    >>> canonical_name("IPU-POD 16") == canonical_name("ipu_pod16")
    True
    """
    return name_key(name)


def same_value(a, b) -> bool:
    """Equal to four significant figures.

    >>> same_value(28.3, "28.30"), same_value(9, 9.392), same_value(1750, 1750.4)
    (True, False, True)
    """
    try:
        a, b = float(a), float(b)
    except (TypeError, ValueError):
        return False
    return a == b or abs(a - b) <= 5e-4 * max(abs(a), abs(b))


def names_strict(gold: str, found: str) -> bool:
    """The strict ruler's name test: an empty gold name wants an empty one; otherwise
    one canonical name contains the other.

    >>> names_strict("", ""), names_strict("", "H100"), names_strict("GB200", "GB200 NVL72")
    (True, False, True)
    """
    g, f = canonical_name(gold), canonical_name(found)
    if not g:
        return not f
    return bool(f) and (g in f or f in g)


def same_unit(gold: str, found: str) -> bool:
    if not gold:
        return True
    g = UNIT_ALIASES.get(gold.lower(), gold.lower())
    f = UNIT_ALIASES.get((found or "").lower(), (found or "").lower())
    return g == f


@dataclass
class Score:
    required: int = 0
    found: int = 0        # required gold rows matched by value and unit
    linked: int = 0       # ... with system and workload right too
    predicted: int = 0    # distinct claims reported
    correct: int = 0      # distinct claims that match some gold row
    strict_predicted: int = 0  # distinct (value, unit, system, workload, metric) reported
    strict_right: int = 0      # ... whose gold row agrees on every field
    strict_found: int = 0      # required gold rows matched by such a claim
    misses: list = field(default_factory=list)
    false_positives: list = field(default_factory=list)
    wrong_rows: list = field(default_factory=list)

    @property
    def strict_precision(self) -> float:
        return self.strict_right / self.strict_predicted if self.strict_predicted else 0.0

    @property
    def strict_recall(self) -> float:
        return self.strict_found / self.required if self.required else 0.0

    @property
    def strict_f1(self) -> float:
        p, r = self.strict_precision, self.strict_recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def precision(self) -> float:
        return self.correct / self.predicted if self.predicted else 0.0

    def recall(self, linked: bool = False) -> float:
        n = self.linked if linked else self.found
        return n / self.required if self.required else 0.0

    def f1(self, linked: bool = False) -> float:
        p, r = self.precision, self.recall(linked)
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict:
        return {"required": self.required, "quantity_recall": round(self.recall(), 3),
                "linked_recall": round(self.recall(True), 3),
                "precision": round(self.precision, 3), "quantity_f1": round(self.f1(), 3),
                "linked_f1": round(self.f1(True), 3),
                "strict_precision": round(self.strict_precision, 3),
                "strict_recall": round(self.strict_recall, 3), "strict_f1": round(self.strict_f1, 3)}


def _rows(df: pd.DataFrame) -> list[dict]:
    return df.fillna("").astype(str).to_dict("records")


def score_tables(gold: pd.DataFrame, claims: pd.DataFrame,
                 doc_langs: dict[str, str] | None = None) -> dict[str, Score]:
    """Scores per language and `all`. `doc_langs` maps doc_id -> language bucket
    (default: the `lang` column of the page's claims, base language only)."""
    gold_rows, pred_rows = _rows(gold), _rows(claims)
    langs = dict(doc_langs or {})
    for p in pred_rows:
        langs.setdefault(p["doc_id"], (p.get("lang") or "und").split("-")[0])
    gold_by_doc, pred_by_doc, all_by_doc = defaultdict(list), defaultdict(list), defaultdict(list)
    for p in pred_rows:
        all_by_doc[p["doc_id"]].append(p)
    for g in gold_rows:
        gold_by_doc[g["doc_id"]].append(g)
    seen = set()
    for p in pred_rows:
        key = (p["doc_id"], p.get("value"), p.get("unit"), canonical_name(p.get("system")),
               canonical_name(p.get("workload")))
        if key not in seen:
            seen.add(key)
            pred_by_doc[p["doc_id"]].append(p)
    scores: dict[str, Score] = defaultdict(Score)
    for doc in sorted(set(gold_by_doc) | set(pred_by_doc)):
        buckets = (langs.get(doc, "und"), "all")
        golds, preds = gold_by_doc[doc], pred_by_doc[doc]
        found, linked = set(), set()
        strict_found = _score_strict(doc, golds, all_by_doc[doc], buckets, scores)
        for p in preds:
            hits = [i for i, g in enumerate(golds)
                    if same_value(g["value"], p.get("value")) and same_unit(g["unit"], p.get("unit"))]
            for b in buckets:
                scores[b].predicted += 1
                scores[b].correct += bool(hits)
            if not hits:
                scores["all"].false_positives.append(
                    (doc, p.get("value"), p.get("unit"), p.get("sentence", "")[:80]))
            for i in hits:
                found.add(i)
                if (names_agree(golds[i]["system"], p.get("system"))
                        and names_agree(golds[i]["workload"], p.get("workload"))):
                    linked.add(i)
        for i, g in enumerate(golds):
            if g.get("required") != "1":
                continue
            for b in buckets:
                scores[b].required += 1
                scores[b].found += i in found
                scores[b].linked += i in linked
                scores[b].strict_found += i in strict_found
            if i not in linked:
                scores["all"].misses.append(
                    (doc, g["value"], g["unit"], g["system"], g["workload"],
                     "unlinked" if i in found else "missed", g.get("evidence", "")[:60]))
    return dict(scores)


def _strict_rows(preds: list[dict]) -> list[dict]:
    """One claim per (value, unit, system, workload, metric): repeated mentions count once."""
    seen, out = set(), []
    for p in preds:
        key = (p.get("value"), p.get("unit"), canonical_name(p.get("system")),
               canonical_name(p.get("workload")), p.get("metric"))
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _strict_match(g: dict, p: dict) -> bool:
    """The claim reads as the gold row: optional rows need value and unit only."""
    if g.get("required") != "1":
        return True
    return (names_strict(g["system"], p.get("system")) and names_strict(g["workload"], p.get("workload"))
            and (not g.get("metric") or g.get("metric") == p.get("metric")))


def _score_strict(doc: str, golds: list[dict], preds: list[dict], buckets: tuple[str, str],
                  scores: dict[str, Score]) -> set[int]:
    """Counts the page's claims by the strict ruler; returns the gold rows found strictly."""
    found: set[int] = set()
    for p in _strict_rows(preds):
        hits = [i for i, g in enumerate(golds)
                if same_value(g["value"], p.get("value")) and same_unit(g["unit"], p.get("unit"))]
        right = [i for i in hits if _strict_match(golds[i], p)]
        for b in buckets:
            scores[b].strict_predicted += 1
            scores[b].strict_right += bool(right)
        found.update(right)
        if not right:
            g = golds[hits[0]] if hits else None
            wrong = ("FP" if g is None else "SYSTEM" if not names_strict(g["system"], p.get("system"))
                     else "WORKLOAD" if not names_strict(g["workload"], p.get("workload")) else "METRIC")
            scores["all"].wrong_rows.append(
                (wrong, doc, p.get("value"), p.get("unit"),
                 f"{p.get('system') or '-'}/{p.get('workload') or '-'}/{p.get('metric') or '-'}",
                 "gold " + (f"{g['system'] or '-'}/{g['workload'] or '-'}/{g.get('metric') or '-'}" if g else "-")))
    return found


#: the columns each table must have (CLAIMS.md); others are read when there
GOLD_COLUMNS = ("doc_id", "value", "unit", "system", "workload")
CLAIMS_COLUMNS = ("doc_id", "value", "unit")
DOCUMENTS_COLUMNS = ("doc_id", "lang")


class BadScoreInput(ValueError):
    """A table given to the scorer cannot be read, or lacks a column it needs (one line)."""


def read_table(path: Path, what: str, columns: tuple[str, ...]) -> pd.DataFrame:
    """The CSV at `path` as strings; BadScoreInput when it is no CSV or lacks `columns`."""
    try:
        table = pd.read_csv(path, dtype=str, keep_default_na=False)
    except (OSError, ValueError, pd.errors.ParserError, UnicodeDecodeError) as exc:
        # (pandas' EmptyDataError is a ValueError)
        detail = " ".join(str(exc).split())[:200]
        raise BadScoreInput(f"cannot read the {what} table {path}: {detail}") from exc
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise BadScoreInput(f"{path} is no {what} table: no column {', '.join(missing)} "
                            f"(it has: {', '.join(map(str, table.columns[:8])) or 'none'})")
    return table


def score_files(gold_path: Path, claims_path: Path) -> dict[str, Score]:
    """Score claims.csv against a gold CSV; page languages come from the documents.csv
    beside the claims table when there is one. BadScoreInput when a table is not what it
    should be."""
    gold = read_table(gold_path, "gold", GOLD_COLUMNS)
    claims = read_table(claims_path, "claims", CLAIMS_COLUMNS)
    doc_langs = None
    documents = Path(claims_path).with_name("documents.csv")
    if documents.is_file():
        docs = read_table(documents, "documents", DOCUMENTS_COLUMNS)
        doc_langs = {d: (lang or "und").split("-")[0] for d, lang in zip(docs["doc_id"], docs["lang"])}
    return score_tables(gold, claims, doc_langs)


def format_scores(scores: dict[str, Score], show: bool = False) -> str:
    lines = []
    if show and "all" in scores:
        lines += ["MISS\t" + "\t".join(map(str, m)) for m in sorted(scores["all"].misses)]
        lines += ["FP\t" + "\t".join(map(str, f)) for f in sorted(scores["all"].false_positives)]
        lines += ["\t".join(map(str, w)) for w in sorted(scores["all"].wrong_rows, key=str)]
    for bucket in sorted(scores, key=lambda b: (b == "all", b)):
        d = scores[bucket].as_dict()
        lines.append(f"{bucket:5s} " + " ".join(f"{k}={v}" for k, v in d.items()))
    return "\n".join(lines)
