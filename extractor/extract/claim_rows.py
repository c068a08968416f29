"""The claims table's rows: `Claim`, one row of claims.csv (OUTPUTS.md, CLAIMS.md), its
columns in order (`CLAIM_COLUMNS`), and the options of claim extraction (`ClaimConfig`)."""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from extractor.extract.quantities.quantities import QuantityConfig


@dataclass
class Claim:
    """One row of claims.csv (OUTPUTS.md, CLAIMS.md); `start`/`end` index into the
    cleaned page text."""

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
    # columns after the contract's (docs/columns.md)
    #: the system a comparison is made against ("than H100", "H100 대비", "相较于H100")
    baseline: str = ""
    #: where system and workload were found: "system=clause;workload=page_topic"
    link: str = ""
    #: the named step that decided each (`linking.resolvers`):
    #: "system=sentence_system;workload=page_topic_workload"
    resolvers: str = ""

    def as_dict(self) -> dict:
        # every field is a plain value: a shallow dict (dataclasses.asdict deep-copies,
        # which showed up in profiles of large runs)
        return {name: getattr(self, name) for name in CLAIM_COLUMNS}


# The claims.csv columns, in order: the fields of Claim (the contract's come first).
CLAIM_COLUMNS = tuple(f.name for f in fields(Claim))


@dataclass
class ClaimConfig:
    """Options of claim extraction."""

    #: a lossy span this many characters or fewer from a number may have eaten its unit
    lossy_window: int = 3
    #: sentences back (same paragraph) a sentence without a workload may take one from
    carry_workload_sentences: int = 3
    #: kinds of lossy span (extractor.clean LossySpan.kind) that may have eaten a unit
    #: right next to a number: letters lost to '?' or U+FFFD. Dropped Korean syllables
    #: are mostly particles, so they alone do not make a bare number a claim.
    unit_loss_kinds: tuple[str, ...] = ("question_marks", "replacement_char")
    #: kinds of lossy span that make a claim `lossy_source` (a replaced spam name is not
    #: a loss of the claim's text)
    lossy_kinds: tuple[str, ...] = ("question_marks", "replacement_char",
                                    "dropped_syllables", "guessed_bytes")
    #: counts below this are no claims: "one CPU", "a single server", "One such model"
    min_count: float = 2
    #: spans of these units are the time frame of a story ("in the six months from
    #: December 2020"), not a benchmark figure (CLAIMS.md lists no such unit)
    period_units: tuple[str, ...] = ("month", "year")
    #: report only numbers linked to a system or a workload. Off: a number with a claim
    #: unit in a sentence about performance, price or capacity is a claim even when no
    #: name is found (new products appear every quarter); it gets a lower confidence
    require_subject: bool = False
    #: kinds of quantity that are claims only with a system or workload named in their
    #: own sentence ("more than 50 members", "two updates" are no claims), except a count of
    #: parameters (`not_claims.counts_parameters`); other kinds
    #: (durations, %, factors, money, sizes, rates) are claims without one unless their
    #: sentence is about a market or business (`not_claims.about_business`)
    named_quantities: tuple[str, ...] = ("count", "unknown")
    #: claims below this confidence are not reported
    min_confidence: float = 0.0
    #: table rows: at most this many rows between a row and its header
    max_table_rows: int = 60
    #: metrics whose figures depend on the number format: their context gets the
    #: precision and sparsity the sentence states for them (`number_format`)
    format_metrics: tuple[str, ...] = ("compute", "throughput", "perf_per_watt")
    #: metrics whose amounts of money depend on what they are per: their context gets
    #: the basis the sentence, table or list states for them (`price_basis`)
    basis_metrics: tuple[str, ...] = ("price",)
    #: options of the quantity layer beneath the claims
    quantities: QuantityConfig = field(default_factory=QuantityConfig)
