"""How many groups each verdict holds: the run's summary figures and its verdict chart.

`verdict_counts(verdicts)` counts every verdict the consistency stage writes, apart: the
pages' verdict (`agree`, `within_page`, `conflict`, `single`) and the reference verdict
(`match`, `mismatch`, `none`), in that order, then any other value a table holds (a
verdict another branch's stage adds is counted under its own name, never folded into
another). `verdict_chart(counts)` lays the counts out as two panels of bars (coordinates
in SVG user units); the template draws them, each bar linking to the groups it counts.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

__all__ = ["PAGE_VERDICTS", "REFERENCE_VERDICTS", "VerdictCount", "VerdictChart",
           "verdict_counts", "verdict_chart"]

#: consistency.csv `verdict`, in the order a reader meets them, with what each says
PAGE_VERDICTS = (("agree", "agree across pages"),
                 ("within_page", "differ within one page"),
                 ("conflict", "conflict across pages"),
                 ("single", "one page, nothing to compare"))
#: consistency.csv `reference_verdict`
REFERENCE_VERDICTS = (("match", "match the official result"),
                      ("mismatch", "mismatch the official result"),
                      ("none", "no official result to check"))
#: verdicts a reviewer must look at: their figure is marked when not zero
ALARMS = {("verdict", "conflict"), ("reference_verdict", "mismatch")}


@dataclass
class VerdictCount:
    column: str     # consistency.csv column: verdict or reference_verdict
    verdict: str    # the value as the table writes it
    label: str      # what it says, for a reader
    n: int
    #: text the groups table is filtered by (the verdict, when no other verdict holds it
    #: as a part: "match" is in every "mismatch" row); '' lists all groups
    filter: str = ""

    @property
    def alarm(self) -> bool:
        return self.n > 0 and (self.column, self.verdict) in ALARMS


def verdict_counts(verdicts: list[tuple[str, str]]) -> list[VerdictCount]:
    """The groups per verdict, pages' verdicts first, then the reference's; each known
    verdict counted even at zero, an unknown one after those of its column.

    >>> [(c.verdict, c.n) for c in verdict_counts([("agree", "none"), ("within_page", "match"),
    ...                                            ("within_page", "none")])]
    [('agree', 1), ('within_page', 2), ('conflict', 0), ('single', 0), ('match', 1), ('mismatch', 0), ('none', 2)]
    """
    out = []
    for i, (column, known) in enumerate((("verdict", PAGE_VERDICTS),
                                         ("reference_verdict", REFERENCE_VERDICTS))):
        counts = Counter(pair[i] for pair in verdicts)
        labels = dict(known)
        names = list(labels) + sorted(v for v in counts if v not in labels)
        for name in names:
            shared = any(name != other and name in other for other in names)
            out.append(VerdictCount(column, name, labels.get(name, name or "(empty)"),
                                    counts.get(name, 0), "" if shared or not name else name))
    return out


BAR_LEFT = 280       # SVG user units: labels left of the bars
BAR_RIGHT = 660      # the longest bar ends here; its count follows
BAR_HEIGHT = 18
BAR_GAP = 6
PANEL_GAP = 16


@dataclass
class Bar:
    count: VerdictCount
    y: float
    width: float


@dataclass
class VerdictChart:
    height: float
    bars: list[Bar] = field(default_factory=list)
    #: (y, title) of each panel's heading
    headings: list[tuple[float, str]] = field(default_factory=list)
    left: float = BAR_LEFT
    width: float = 720


def verdict_chart(counts: list[VerdictCount]) -> VerdictChart:
    """Two panels of bars, the pages' verdicts and the reference's, each bar as long as
    its count against the largest of its panel.

    >>> chart = verdict_chart(verdict_counts([("agree", "none"), ("single", "none")]))
    >>> [(b.count.verdict, b.width) for b in chart.bars][:4]
    [('agree', 380.0), ('within_page', 0.0), ('conflict', 0.0), ('single', 380.0)]
    """
    chart = VerdictChart(0.0)
    y = 0.0
    for column, title in (("verdict", "pages against each other (verdict)"),
                          ("reference_verdict", "against the official record "
                                                "(reference_verdict)")):
        panel = [c for c in counts if c.column == column]
        most = max((c.n for c in panel), default=0) or 1
        y += PANEL_GAP
        chart.headings.append((y - 4, title))
        for c in panel:
            chart.bars.append(Bar(c, y, round((BAR_RIGHT - BAR_LEFT) * c.n / most, 1)))
            y += BAR_HEIGHT + BAR_GAP
    chart.height = y + 4
    return chart
