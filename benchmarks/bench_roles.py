"""Roles in comparisons over a scored run: does a comparison's claim name the system that
performs, or the baseline?

    python benchmarks/bench_roles.py ../shared/devset/gold.csv /tmp/roles-dev/claims.csv

Prints two figures (issue 9, item 3):

* `cue_rows`: gold rows (required, naming a system) whose evidence holds a comparison cue
  ("than", "vs", "대비", "보다", "比", "相比", ...: `claims_links.json` baselines), how many
  of them a predicted claim of the same value and unit finds, and how many of those name
  the gold system;
* `took_baseline_wrong`: of those cue rows, predicted claims whose system is a name its
  sentence compares against (right after a cue before a name, or right before a cue after
  a name) while the gold row names another system: the baseline taken for the performer;
* `baseline_filled`: predicted factors and shares (x, %) in a sentence with a cue that
  name a baseline;
* `system_is_compared_name`: every predicted claim whose system is such a name (right
  only for a baseline's own figure: "H100의 700W보다", "18.6 minutes for 8 A100 GPUs").

The cue words come from the lexicon, but the test of "compared against" is a plain text
window, independent of `extractor.extract.sentences.roles`, so the figure does not grade itself.
"""
from __future__ import annotations

import argparse
import csv
import json
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINKS = ROOT / "extractor" / "lexicons" / "claims_links.json"
#: cue words that mostly mean something else ("is", "and"): not counted alone
TOO_COMMON = frozenset(("是", "與", "与", "較", "较", "over", "against"))
#: "2X the compute power of a TPU v3", "double the computing power of V100"
TIMES_OF = ("power of", "throughput of", "performance of", "speed of", "bandwidth of", "capacity of")


def canon(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", (name or "").lower())


def names_agree(gold: str, pred: str) -> bool:
    g, p = canon(gold), canon(pred)
    return not g or (bool(p) and (g in p or p in g))


def same_value(a: str, b: str) -> bool:
    try:
        x, y = float(a), float(b)
    except (TypeError, ValueError):
        return False
    return x == y or abs(x - y) <= 5e-4 * max(abs(x), abs(y))


def cue_words() -> tuple[list[str], list[str]]:
    """(words before a baseline, words after one), of every language; the "N times the X
    of" patterns are spelled out as their usual words."""
    links = json.loads(LINKS.read_text(encoding="utf-8"))["baselines"]
    before = sorted({w for d in links.values() for w in d.get("before", ())} | set(TIMES_OF),
                    key=len, reverse=True)
    after = sorted({w for d in links.values() for w in d.get("after", ()) + d.get("after_phrase", ())},
                   key=len, reverse=True)
    return before, after


def has_cue(text: str, before: list[str], after: list[str]) -> bool:
    low = text.lower()
    for w in before + after:
        if w[:1].isascii() and w[:1].isalpha():
            if re.search(r"(?<![a-z])" + re.escape(w.lower()) + r"(?![a-z])", low):
                return True
        elif w in text and w not in TOO_COMMON:
            return True
    return False


def cue_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Where `word` stands in `text`, a Latin word only between word bounds."""
    low, w = text.lower(), word.lower()
    rx = re.escape(w)
    if w[:1].isascii() and w[:1].isalpha():
        rx = r"(?<![a-z])" + rx + r"(?![a-z])"
    return [m.span() for m in re.finditer(rx, low)]


def compared_names(sentence: str, before: list[str], after: list[str]) -> str:
    """The windows of the sentence where a compared name may stand, spaces and hyphens
    dropped: 40 characters after a before-cue, 20 before an after-cue."""
    def width(w: str) -> int:  # a Chinese name follows its cue closely
        return 40 if w[:1].isascii() else 12
    windows = [canon(sentence[e:e + width(w)]) for w in before if w not in TOO_COMMON
               for _, e in cue_spans(sentence, w)]
    windows += [canon(sentence[max(0, s - 16):s]) for w in after for s, _ in cue_spans(sentence, w)]
    return "\x00".join(windows)


def doc_lang(doc_id: str) -> str:
    m = re.search(r"(ko|zh|en)_", doc_id)
    return m.group(1) if m else "seed"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("gold")
    ap.add_argument("pred")
    ap.add_argument("-v", "--verbose", action="store_true", help="list the claims that took the baseline")
    args = ap.parse_args()
    before, after = cue_words()
    gold = [g for g in csv.DictReader(open(args.gold, encoding="utf-8"))]
    pred_by_doc = defaultdict(list)
    for p in csv.DictReader(open(args.pred, encoding="utf-8")):
        pred_by_doc[p["doc_id"]].append(p)

    # every predicted claim whose system is a name its sentence compares against; and of
    # the factors and shares of sentences with a cue, how many name a baseline
    took_any = defaultdict(int)
    filled = defaultdict(lambda: [0, 0])
    for rows in pred_by_doc.values():
        for p in rows:
            if p["unit"] in ("x", "%") and has_cue(p["sentence"], before, after):
                filled[doc_lang(p["doc_id"])][0] += 1
                filled[doc_lang(p["doc_id"])][1] += bool(p["baseline"])
            sysname = canon(p["system"])
            if sysname and sysname in compared_names(p["sentence"], before, after):
                took_any[doc_lang(p["doc_id"])] += 1
                if args.verbose:
                    print("COMPARED", p["doc_id"], p["value"], p["unit"], p["system"], p["baseline"],
                          p["sentence"][:120], sep="\t")
    by_lang = defaultdict(lambda: [0, 0, 0])  # cue rows, found, gold system
    took = defaultdict(int)
    took_rows = []
    for g in gold:
        if g["required"] != "1" or not g["system"] or not has_cue(g["evidence"], before, after):
            continue
        lang = doc_lang(g["doc_id"])
        hits = [p for p in pred_by_doc[g["doc_id"]] if same_value(g["value"], p["value"])
                and (not g["unit"] or g["unit"] == p["unit"])]
        counts = by_lang[lang]
        counts[0] += 1
        if not hits:
            continue
        counts[1] += 1
        if any(names_agree(g["system"], p["system"]) for p in hits):
            counts[2] += 1
            continue
        for p in hits:
            sysname = canon(p["system"])
            if sysname and sysname in compared_names(p["sentence"], before, after):
                took[lang] += 1
                took_rows.append((g["doc_id"], g["value"], g["unit"], g["system"], p["system"],
                                  p["baseline"], g["evidence"][:60]))
                break
    if args.verbose:
        for row in took_rows:
            print("TOOK", *row, sep="\t")
    total = [sum(c[i] for c in by_lang.values()) for i in range(3)]
    for lang in sorted(by_lang) + ["all"]:
        c = total if lang == "all" else by_lang[lang]
        t = sum(took.values()) if lang == "all" else took[lang]
        a = sum(took_any.values()) if lang == "all" else took_any[lang]
        f = [sum(v[i] for v in filled.values()) for i in range(2)] if lang == "all" else filled[lang]
        print(f"{lang:4s} cue_rows={c[0]:3d} found={c[1]:3d} gold_system={c[2]:3d} "
              f"({c[2] / c[1] if c[1] else 0:.3f} of found) took_baseline_wrong={t:3d} "
              f"system_is_compared_name={a:3d} baseline_filled={f[1]}/{f[0]}")


if __name__ == "__main__":
    main()
