"""Generate `systems_mlperf.json` from the official MLPerf Training results.

    python -m extractor.lexicons.build_names [--reference ../shared/reference/mlperf_training_all.csv]

Reads every round of MLPerf Training (the reference table of `shared/reference/`) and
writes the names it holds as a lexicon the entity finder loads beside the curated
`systems.json` and `workloads.json`:

- accelerators (column `accelerator`: "NVIDIA H100-SXM5-80GB", "AMD Instinct MI325X
  256GB HBM3E", "NVIDIA Blackwell GPU (B200-SXM-180GB)", "TPU-v5p"), reduced to the model
  name pages use (H100, MI325X, B200, TPU v5p) by dropping the vendor, memory size,
  form factor and power limit; a family name beside the model (Blackwell) is kept too;
- named systems (column `system_name`) of the shapes pages quote: DGX/HGX + a GPU,
  a rack (GB200 NVL72), a TPU generation; server SKUs (XE9680x8H100-SXM-80GB) are not
  names a page uses and are left out;
- benchmarks (column `benchmark`) as workloads.

Entries a curated lexicon already covers are still written (the finder prefers the curated
entry, see entities); the output is committed, so a run needs no reference table.
"""
from __future__ import annotations

import argparse
import csv
import json
import re
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_REFERENCE = HERE.parents[2] / "shared" / "reference" / "mlperf_training_all.csv"
OUTPUT = HERE / "systems_mlperf.json"

#: words in an accelerator field that name its maker, not its model
VENDOR_WORDS = {"nvidia": "NVIDIA", "tesla": "NVIDIA", "amd": "AMD", "intel": "Intel",
                "habana": "Intel", "graphcore": "Graphcore", "google": "Google",
                "huawei": "Huawei"}
#: decorations of a model in the accelerator field: memory, form factor, power, marks
_DECORATION = re.compile(
    r"\(R\)|\(\d+W\)|\d+\s*GB\b|\bHBM\d?e?\b|\b(?:SXM\d?|PCIe|NVL|CTS|DLC|SE|NVBridge|H)\b"
    r"|\b(?:Tensor Core|GPU|AI Accelerator|Accelerator)\b|\bA\b(?=\s*$)", re.IGNORECASE)
#: "Ascend 910 Pro A", "Gaudi HL-205": a trim name or board code after the model
_TRIM = re.compile(r"(?<=910)\s+(?:Pro|Premium)\b.*$|\s+HL\s*\d+$")
#: named systems of `system_name` that pages quote, with the vendor of each shape
_SYSTEM_SHAPES = [
    (re.compile(r"(?i)(?<![a-z])([DH]GX)[\s_-]*((?:[ABH]|GB)\d{3}|\d)(?![a-z0-9])"), "NVIDIA"),
    (re.compile(r"(?i)(?<![a-z])(G[BH]\d{3})[\s_-]*(NVL\d+)(?![a-z0-9])"), "NVIDIA"),
]


def accelerator_names(field: str) -> tuple[str, list[str]]:
    """(vendor, names) of an accelerator field of the reference.

    >>> accelerator_names("NVIDIA A100-SXM4-80GB (400W)")
    ('NVIDIA', ['A100'])
    >>> accelerator_names("NVIDIA Blackwell Ultra GPU (B300-SXM-270GB)")
    ('NVIDIA', ['B300', 'Blackwell Ultra'])
    >>> accelerator_names("AMD Instinct MI325X 256GB HBM3E DLC")
    ('AMD', ['Instinct MI325X'])
    >>> accelerator_names("TPU-v5p"), accelerator_names("Ascend910")
    (('Google', ['TPU v5p']), ('Huawei', ['Ascend 910']))
    >>> accelerator_names("H100 NVL Tensor Core GPU (PCIe)"), accelerator_names("Habana Gaudi HL-205")
    (('', ['H100']), ('Intel', ['Gaudi']))
    >>> accelerator_names("Intel(R) Gaudi(R) 2 AI Accelerator"), accelerator_names("N/A")
    (('Intel', ['Gaudi 2']), ('', []))
    """
    text = field.strip()
    vendor = ""
    if text.upper() in ("", "N/A"):
        return "", []
    for word in text.replace("(R)", " ").split():
        vendor = vendor or VENDOR_WORDS.get(word.lower(), "")
    inner = re.search(r"\(([^()]*[A-Za-z][^()]*\d[^()]*)\)", text)
    parts = [inner.group(1), text[:inner.start()]] if inner else [text]
    names = []
    for part in parts:
        bare = re.sub(r"[()]", " ", _DECORATION.sub(" ", part)).replace("-", " ")
        words = [w for w in bare.split()
                 if w.lower() not in VENDOR_WORDS]
        name = _TRIM.sub("", " ".join(words)).strip()
        name = _tidy(name)
        if name and name.upper() != "N/A" and re.search(r"[A-Za-z]", name):
            names.append(name)
    if not vendor and names:
        vendor = "Google" if "TPU" in text.upper() else "Huawei" if "Ascend" in text else ""
    return vendor, list(dict.fromkeys(names))


def _tidy(name: str) -> str:
    """Spacing pages use: "TPU v5p", "Ascend 910", "Gaudi 2", "TPU Trillium" -> "Trillium"."""
    name = re.sub(r"(?i)^TPU\s*v?(\d+[a-z]?)$", r"TPU v\1", name)
    name = re.sub(r"(?i)^TPU\s+trillium$", "Trillium", name)
    name = re.sub(r"(?i)^(Ascend|Gaudi)\s*(\d+)$", lambda m: f"{m.group(1).title()} {m.group(2)}", name)
    return name


def system_names(field: str) -> list[tuple[str, str]]:
    """(vendor, name) of the named systems in a system_name field.

    >>> system_names("HiPerGator NVIDIA DGX B200"), system_names("dgxa100_n8_ngc20.06_mxnet")
    ([('NVIDIA', 'DGX B200')], [('NVIDIA', 'DGX A100')])
    >>> system_names("2xXE9712x4GB200"), system_names("Tyche (GB200-NVL72)")
    ([], [('NVIDIA', 'GB200 NVL72')])
    """
    out = []
    for shape, vendor in _SYSTEM_SHAPES:
        for m in shape.finditer(field):
            family, model = m.group(1).upper(), m.group(2).upper()
            out.append((vendor, f"{family}-{model}" if model.isdigit() else f"{family} {model}"))
    return out


def _forms(name: str) -> list[str]:
    """Written forms of a generated name: the name, and without the family word
    ("Instinct MI325X" -> "MI325X")."""
    forms = [name]
    m = re.match(r"(?i)^(Instinct|Radeon)\s+(.+)$", name)
    if m:
        forms.append(m.group(2))
    return forms


def _canonical(name: str) -> str:
    return re.sub(r"(?i)^Instinct\s+", "", name)


def build(reference: Path) -> dict:
    systems: dict[str, dict] = {}
    counts: Counter = Counter()
    benchmarks: Counter = Counter()
    with open(reference, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            vendor, names = accelerator_names(row["accelerator"])
            found = [(vendor, n) for n in names] + system_names(row["system_name"])
            for v, name in found:
                key = _canonical(name)
                entry = systems.setdefault(key, {"canonical": key, "vendor": v, "forms": []})
                entry["vendor"] = entry["vendor"] or v
                for form in _forms(name):
                    if form not in entry["forms"]:
                        entry["forms"].append(form)
                counts[key] += 1
            benchmarks[row["benchmark"].strip()] += 1
    return {
        "_about": ("Generated by `python -m extractor.lexicons.build_names` from the official "
                   "MLPerf Training results of every round (shared/reference/"
                   "mlperf_training_all.csv): accelerator models and named systems as "
                   "systems, benchmark names as workloads; `rows` is how many results name "
                   "each. Do not edit by hand: curate names in systems.json/workloads.json, "
                   "whose entries win over these."),
        "systems": [dict(systems[k], rows=counts[k]) for k in sorted(systems)],
        "workloads": [{"canonical": b, "forms": [b], "rows": n}
                      for b, n in sorted(benchmarks.items()) if b],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    ap.add_argument("--out", type=Path, default=OUTPUT)
    args = ap.parse_args(argv)
    data = build(args.reference)
    args.out.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(data['systems'])} systems, {len(data['workloads'])} workloads")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
