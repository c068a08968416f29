"""The options of the verdicts stage (`ConsistencyConfig`), with documented defaults: the
first module of the package, imported by all the others and importing none of them."""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ConsistencyConfig"]


@dataclass
class ConsistencyConfig:
    """Options of the consistency stage."""

    #: relative tolerance added to the tolerance implied by the stated precision
    rel_tolerance: float = 0.005
    #: half-width of an `approx` value ("about 10", "약 10"), relative
    approx_tolerance: float = 0.05
    #: how far above its value an `at_least` value reaches ("just over 9": up to 9.9)
    at_least_span: float = 0.10
    #: give values whose unit was lost the unit of an agreeing claim of another page
    recover_units: bool = True
    #: metrics checked against the reference's times
    time_metrics: tuple[str, ...] = ("time_to_train",)
    #: metrics checked against two rounds of the reference (earlier vs later time)
    relative_metrics: tuple[str, ...] = ("improvement", "speedup")
    #: a page whose round may come from its date alone may speak of an earlier round:
    #: try earlier rounds when the page's own round does not fit
    try_earlier_rounds: bool = True
    #: divisions tried, in this order, when a claim's division is unknown
    divisions: tuple[str, ...] = ("closed", "open")
    #: units (seconds each) a time whose unit the page lost may be read in
    assumed_time_units: tuple[tuple[str, float], ...] = (("min", 60.0), ("h", 3600.0))
    #: metrics whose groups are split by the scale a page states (accelerators, nodes):
    #: a time on one node and on eight nodes are different results
    scale_metrics: tuple[str, ...] = ("time_to_train", "throughput", "improvement", "speedup",
                                      "latency")
    #: metrics whose values are relative by nature: a factor there is no other kind of
    #: value than the rest of its group (elsewhere "2x the memory" is not "141 GB")
    relative_value_metrics: tuple[str, ...] = ("improvement", "speedup", "perf_per_price",
                                               "perf_per_watt", "ratio")
    #: metrics whose values carry a unit of their own (dollars, bytes, FLOPS, watts,
    #: seconds): a per cent there is a change ("prices cut by 44%"), no value to compare
    #: with "$25,000", and gets a group of its own as a factor does
    unit_metrics: tuple[str, ...] = ("price", "memory", "bandwidth", "compute", "power",
                                     "throughput", "latency", "time_to_train")
    #: metrics whose groups are split by what is counted ("2 racks" vs "5U")
    counted_metrics: tuple[str, ...] = ("count",)
    #: values of one key more than this many times apart are not compared (each cluster
    #: of values gets a group): 989, 1,979 and 3,958 TFLOPS of one GPU may disagree; 80 GB
    #: and 3.35 TB, one GPU's 1,979 TFLOPS and a country's 246 EFLOPS do not measure
    #: one thing
    magnitude_gap: float = 5.0
    #: metrics whose figures are keyed by their part and scale (`GroupKey.part`, `scale`)
    #: and split by magnitude
    #: (not times: 0.5 h and 0.5 min of one result are a disagreement to show)
    spec_metrics: tuple[str, ...] = ("price", "memory", "bandwidth", "compute", "power",
                                     "throughput", "count")
    #: per metric, the key fields that vary its figure (the workload a speed-up or a
    #: time was measured on; the number format of a compute figure): in a group whose
    #: key lacks one, a page stating several values ("1.5x to 2.5x on most benchmarks")
    #: holds figures of several workloads, and pages' differing values are no conflict
    #: (`judgement.judge`; a best case, "up to 30x", is one figure, an upper bound)
    varying_fields: tuple[tuple[str, tuple[str, ...]], ...] = (
        ("speedup", ("benchmark",)), ("improvement", ("benchmark",)),
        ("throughput", ("benchmark",)), ("latency", ("benchmark",)),
        ("time_to_train", ("benchmark",)), ("perf_per_watt", ("benchmark",)),
        ("perf_per_price", ("benchmark",)), ("compute", ("precision", "sparsity")))
