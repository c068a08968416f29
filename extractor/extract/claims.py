"""Claims: quantities linked to the metric, system and workload they are about.

FIRST VERSION (issue 2); issue 5 deepens it. Contract:

- `extract_claims(tagged_page) -> list[Claim]`, columns of claims.csv in `CLAIM_COLUMNS`
  (../shared/spec/OUTPUTS.md, CLAIMS.md); `start`/`end` index into the cleaned text.
- `context` is `;`-joined `key=value` pairs about the page: `suite` (training,
  inference), `round` (v1.0, v1.1, ...), `division` (closed, open), `date` (YYYY-MM-DD).
- `flags` is `;`-joined: lossy_source, unit_missing, magnitude_suspect, range, ...
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from extractor.extract.quantities import find_quantities

CLAIM_COLUMNS = ["doc_id", "lang", "sentence", "start", "end", "surface", "value", "unit",
                 "quantity", "value_norm", "metric", "system", "workload", "vendor",
                 "qualifier", "context", "confidence", "flags"]


@dataclass
class Claim:
    doc_id: str
    lang: str
    sentence: str
    start: int
    end: int
    surface: str
    value: float
    unit: str = ""
    quantity: str = "unknown"
    value_norm: float | None = None
    metric: str = "other"
    system: str = ""
    workload: str = ""
    vendor: str = ""
    qualifier: str = "exact"
    context: str = ""
    confidence: float = 0.5
    flags: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


_SYSTEM = re.compile(r"IPU-POD\d+|DGX A100")
_WORKLOAD = re.compile(r"ResNet-50|BERT(?:-Large)?|EfficientNet-B4")


def extract_claims(page) -> list[Claim]:
    claims = []
    for ts in page.sentences:
        s = ts.sentence
        systems = _SYSTEM.findall(s.text)
        workloads = _WORKLOAD.findall(s.text)
        for q in find_quantities(s.text, ts.lang.base):
            if not q.unit:
                continue
            claims.append(Claim(page.doc_id, ts.lang.lang, s.text, s.start + q.start, s.start + q.end,
                                q.surface, q.value, q.unit, q.quantity, q.value_norm,
                                system=systems[0] if systems else "",
                                workload=workloads[0] if workloads else ""))
    return claims
