"""The names a page uses for a system of a reference table, and the scale of each result.

A reference row names its system as its submitter's system file does ("NVIDIA DGX H100
(8x H100-SXM5-80GB)", "dgxa100_n8_ngc22.04_pytorch", "tpu-v5p-8960", "Bow Pod256",
"HLS-Gaudi2-N48-PT"); a page says "DGX H100", "H100", "DGX A100 x8", "TPU v5p", "Gaudi2".
`row_names(system_name, accelerator)` gives the canonical claim names a row answers to
(the named systems in its system name, found by the claims' own entity finder and the
MLPerf shapes of `lexicons.build_names`, and the accelerator models of its accelerator
field) and the number of nodes its system name states.

The mapping of the shipped table is data generated from it:

    python -m extractor.verdicts.reference_names [--reference extractor/data/mlperf_training_all.csv]

writes `extractor/data/mlperf_training_all.names.json`; `names_for(system_name,
accelerator)` reads it, and derives the names of a row it does not hold (another table
given with `--reference`) the same way.
"""
from __future__ import annotations

import argparse
import csv
import json
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

from extractor import lexicons

DATA = Path(__file__).resolve().parents[1] / "data"
DEFAULT_TABLE = "mlperf_training_all.csv"
NAMES_FILE = "mlperf_training_all.names.json"

#: how a system name states its node count: "dgxa100_n8_...", "HLS-Gaudi2-N48-PT",
#: "Eos-dfw_n1024", "DGX A100 x8 (...)", "Nyx (8x NVIDIA DGX B200)", "8-nodes-64s-..."
_NODES = [re.compile(p, re.IGNORECASE) for p in (
    r"(?:^|[_\-\s])n(\d+)(?=$|[_\-\s.])",
    r"\bx\s*(\d+)\b",
    r"(?:^|\()\s*(\d+)\s*x\s*(?:NVIDIA\s+)?[DH]GX",
    r"\b(\d+)[\s-]*nodes?\b",
)]
#: names of one machine: a system of this shape without a node count is one node
_ONE_NODE = re.compile(r"(?i)(?<![a-z])(?:[DH]GX|HLS|server|node)(?![a-z]{2})")


@lru_cache(maxsize=None)
def _rules() -> tuple[tuple[re.Pattern, str], ...]:
    rules = lexicons.load("reference_names.json").get("systems", [])
    return tuple((re.compile(r["pattern"], re.IGNORECASE), r["canonical"]) for r in rules)


def by_rule(name: str) -> str:
    """A reference system name rewritten by the first rule of reference_names.json that
    matches it (unchanged when none does)."""
    for pattern, template in _rules():
        m = pattern.match(name)
        if m:
            return re.sub(r"\{(\d)\}", lambda g: m.group(int(g.group(1))) or "", template)
    return name


def nodes_of(system_name: str, accelerator_count: int | None = None) -> int | None:
    """Nodes the system name states; 1 for a single machine of at most 8 accelerators.

    >>> nodes_of("dgxa100_n8_ngc22.04_pytorch"), nodes_of("DGX A100 x8 (dgxa100_n8)")
    (8, 8)
    >>> nodes_of("dgxa100_ngc22.04_pytorch", 8), nodes_of("Nyx (8x NVIDIA DGX B200)")
    (1, 8)
    >>> nodes_of("tpu-v5p-12288", 6144) is None, nodes_of("HLS-Gaudi2-N48-PT")
    (True, 48)
    """
    name = system_name or ""
    for pattern in _NODES:
        m = pattern.search(name)
        if m:
            return int(m.group(1))
    if accelerator_count and accelerator_count <= 8 and _ONE_NODE.search(name.replace("_", " ")):
        return 1
    return None


def derive_names(system_name: str, accelerator: str) -> list[str]:
    """Canonical claim names of a row (see the module docstring).

    >>> derive_names("dgxa100_n8_ngc22.04_pytorch", "NVIDIA A100-SXM4-80GB")
    ['DGX A100', 'A100']
    >>> derive_names("Bow-Pod16", "Graphcore Bow IPU")[:1], derive_names("tpu-v5p-12288", "TPU-v5p")
    (['Bow Pod16'], ['TPU v5p'])
    """
    from extractor.extract.names.entities import find_entities  # noqa: PLC0415 - heavy, lazy
    from extractor.extract.names.names import canonical_system  # noqa: PLC0415
    from extractor.lexicons.build_names import accelerator_names, system_names  # noqa: PLC0415

    system_name, accelerator = (system_name or "").strip(), (accelerator or "").strip()
    found: list[str] = []
    ruled = by_rule(system_name)
    if ruled != system_name:
        found.append(ruled)
    found += [e.canonical for e in find_entities(system_name.replace("_", " "), "en")
              if e.label == "SYSTEM" and e.canonical]
    found += [name for _, name in system_names(system_name)]
    found += accelerator_names(accelerator)[1]
    if not found and system_name:
        found.append(ruled)
    out = []
    for name in found:
        name = canonical_system(name) or name
        # "DGX A100 x8": the scale is the row's nodes, the system is the DGX A100
        name = re.sub(r"\s+x\s*\d+$", "", name)
        if name and name not in out:
            out.append(name)
    return out


@lru_cache(maxsize=1)
def _generated() -> dict[str, list[str]]:
    try:
        text = resources.files("extractor.data").joinpath(NAMES_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    return json.loads(text).get("systems", {})


def _key(system_name: str, accelerator: str) -> str:
    return f"{(system_name or '').strip()}|{(accelerator or '').strip()}"


@lru_cache(maxsize=8192)
def names_for(system_name: str, accelerator: str) -> tuple[str, ...]:
    """The claim names of a row: the generated mapping's, else derived."""
    known = _generated().get(_key(system_name, accelerator))
    return tuple(known) if known is not None else tuple(derive_names(system_name, accelerator))


def build(table: Path) -> dict:
    systems: dict[str, list[str]] = {}
    with open(table, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            key = _key(row["system_name"], row.get("accelerator", ""))
            if key not in systems:
                systems[key] = derive_names(row["system_name"], row.get("accelerator", ""))
    return {"_about": ("Generated by `python -m extractor.verdicts.reference_names` from the shipped "
                       "reference table: for each `system_name|accelerator` of it, the "
                       "canonical names pages use for that system (named systems in the "
                       "system name, accelerator models). Do not edit by hand: fix the "
                       "lexicons (systems.json, reference_names.json) and regenerate."),
            "systems": dict(sorted(systems.items()))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference", type=Path, default=DATA / DEFAULT_TABLE)
    ap.add_argument("--out", type=Path, default=DATA / NAMES_FILE)
    args = ap.parse_args(argv)
    data = build(args.reference)
    args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    unnamed = sum(1 for v in data["systems"].values() if not v)
    print(f"{args.out}: {len(data['systems'])} systems, {unnamed} without a name")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
