"""The reference table of official results, the names that join it to claims, and the
check of a group of claims against it.

- `load_reference(path=None)`: a table of official results; the shipped MLPerf Training
  results of every round (`extractor/data/mlperf_training_all.csv`, 2,211 rows) by
  default. Any table with the same columns (round, division, system_name, benchmark,
  time_to_train_minutes; accelerator and accelerator_count when it has them) may be given.
- `prepare_reference(table) -> DataFrame`: the table with canonical system and benchmark
  names and join keys added (`system`, `benchmark_name`, `system_key`, `benchmark_key`,
  `name_keys`: every claim name the row answers to, `accelerators`, `nodes`: its scale).
- `reference_rows(prepared) -> ReferenceIndex`: the rows indexed by claim name and
  benchmark, so that a group looks up its few candidate rows, not the whole table.
- `system_key(name)`, `benchmark_key(name)`: what two names must share to be the same
  system or benchmark. Case, spaces, hyphens and underscores never matter
  ("Bow-Pod16" = "Bow Pod16"); BERT and BERT-Large are one MLPerf benchmark.

- `check_reference(members, ctx, system_key, benchmark_key, metric, reference, config)
  -> ReferenceCheck`: match/mismatch/none for one group of claims: a time-to-train
  against the reference's times (division and round tried when unknown, a value whose
  unit was lost read in min or h), a relative claim (per cent, factor) against two
  results it implies: the same system's earlier round, or another system its sentence
  names, read both as time reduction and as speed-up.

Name knowledge is data: `extractor/lexicons/reference_names.json`, and the words that say
a claim compares rounds `reference_relative.json`. Canonical claim names and the key
names are compared by come from `extractor.extract.names`, the one name normaliser.
"""
from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import asdict, dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from extractor import lexicons
from extractor.extract.context import PageContext, round_for_date, round_sort_key
from extractor.extract.names import canonical_system as _entity_system
from extractor.extract.names import canonical_workload as _entity_workload
from extractor.extract.names import name_key as _name_key
from extractor.reference_names import names_for, nodes_of

if TYPE_CHECKING:  # the consistency stage's records, read here by their fields only
    from extractor.consistency import ConsistencyConfig, Member

logger = logging.getLogger(__name__)

DEFAULT_REFERENCE = "mlperf_training_all.csv"
#: columns a reference table must have
REFERENCE_COLUMNS = ["round", "division", "system_name", "benchmark", "time_to_train_minutes"]



class ReferenceTableError(ValueError):
    """A reference table that cannot be used (missing columns, unreadable)."""


def load_reference(path: str | Path | None = None) -> pd.DataFrame:
    """The reference table; the shipped MLPerf Training results of every round (v0.5 on)
    when `path` is None. Raises ReferenceTableError when the table lacks the needed columns."""
    if path is None:
        with resources.as_file(resources.files("extractor.data") / DEFAULT_REFERENCE) as p:
            table = pd.read_csv(p, dtype=str, keep_default_na=False)
    else:
        try:
            table = pd.read_csv(path, dtype=str, keep_default_na=False)
        except (OSError, ValueError) as exc:
            raise ReferenceTableError(f"cannot read reference table {path}: {exc}") from exc
    missing = [c for c in REFERENCE_COLUMNS if c not in table.columns]
    if missing:
        raise ReferenceTableError(f"reference table lacks columns: {', '.join(missing)}")
    table["time_to_train_minutes"] = pd.to_numeric(table["time_to_train_minutes"],
                                                   errors="coerce")
    return table


def name_key(name) -> str:
    """Case, spaces, hyphens and underscores removed: what spellings of a name share
    (`names.name_key`, the scorer's rule; kept here under its old name).

    >>> name_key("Bow-Pod16") == name_key("bow pod 16"), name_key(None)
    (True, '')
    """
    return _name_key(name)


@lru_cache(maxsize=None)
def _system_rules() -> tuple[tuple[re.Pattern, str], ...]:
    rules = lexicons.load("reference_names.json").get("systems", [])
    return tuple((re.compile(r["pattern"], re.IGNORECASE), r["canonical"]) for r in rules)


@lru_cache(maxsize=None)
def _benchmarks() -> dict[str, str]:
    table = lexicons.load("reference_names.json").get("benchmarks", {})
    return {name_key(k): v for k, v in table.items()}


@lru_cache(maxsize=4096)
def canonical_reference_system(name: str) -> str:
    """The canonical name of a system as a reference table spells it.

    >>> canonical_reference_system("DGX A100 x1 (dgxa100_ngc21.05_pytorch)")
    'DGX A100'
    >>> canonical_reference_system("DGX A100 x8 (dgxa100_n8_ngc21.05_mxnet)")
    'DGX A100 x8'
    >>> canonical_reference_system("Bow-Pod16")
    'Bow Pod16'
    >>> name_key(canonical_reference_system("NVIDIA DGX A100 (8x A100-SXM4-80GB)"))
    'dgxa100'
    """
    name = (name or "").strip()
    for pattern, template in _system_rules():
        m = pattern.match(name)
        if m:
            name = re.sub(r"\{(\d)\}", lambda g: m.group(int(g.group(1))) or "", template)
            break
    return canonical_system(name)


@lru_cache(maxsize=4096)
def canonical_system(name: str) -> str:
    """A claim's system name, canonical (entities.canonical_system when available)."""
    name = name if isinstance(name, str) else ""
    return (_entity_system(name) or name) if name else ""


@lru_cache(maxsize=4096)
def canonical_benchmark(name: str) -> str:
    """The MLPerf benchmark a workload name stands for, in canonical spelling.

    >>> canonical_benchmark("BERT"), canonical_benchmark("bert"), canonical_benchmark("resnet")
    ('BERT-Large', 'BERT-Large', 'ResNet-50')
    >>> canonical_benchmark("EfficientNet-B4")
    'EfficientNet-B4'
    """
    name = name if isinstance(name, str) else ""
    if name:
        name = _entity_workload(name) or name
    return _benchmarks().get(name_key(name), name.strip())


def system_key(name) -> str:
    """Join key of a claim's system name."""
    return _system_key(name if isinstance(name, str) else "")


def benchmark_key(name) -> str:
    """Join key of a workload or benchmark name (BERT = BERT-Large)."""
    return _benchmark_key(name if isinstance(name, str) else "")


@lru_cache(maxsize=65536)
def _system_key(name: str) -> str:
    return name_key(canonical_system(name))


@lru_cache(maxsize=65536)
def _benchmark_key(name: str) -> str:
    return name_key(canonical_benchmark(name))


def _count(x) -> int | None:
    try:
        n = int(float(x))
    except (TypeError, ValueError):
        return None
    return n if n > 0 else None


def prepare_reference(table: pd.DataFrame) -> pd.DataFrame:
    """The reference with canonical names, join keys and scale; rows without a usable
    time are dropped."""
    extra = ["system", "benchmark_name", "system_key", "benchmark_key", "name_keys",
             "accelerators", "nodes"]
    if table is None or not len(table):
        return pd.DataFrame(columns=REFERENCE_COLUMNS + ["accelerator", "accelerator_count"]
                            + extra)
    ref = table.copy()
    for col in ("accelerator", "accelerator_count"):
        if col not in ref.columns:
            ref[col] = ""
    for col in ("round", "division", "system_name", "benchmark", "accelerator"):
        ref[col] = ref[col].fillna("").astype(str).str.strip()
    ref["round"] = ref["round"].map(lambda r: r if not r or r.startswith("v") else f"v{r}")
    ref["division"] = ref["division"].str.lower()
    ref["time_to_train_minutes"] = pd.to_numeric(ref["time_to_train_minutes"], errors="coerce")
    ref = ref[ref["time_to_train_minutes"].notna() & (ref["time_to_train_minutes"] > 0)].copy()
    names = [names_for(s, a) for s, a in zip(ref["system_name"], ref["accelerator"])]
    ref["system"] = [n[0] if n else canonical_reference_system(s)
                     for n, s in zip(names, ref["system_name"])]
    ref["benchmark_name"] = ref["benchmark"].map(canonical_benchmark)
    ref["system_key"] = ref["system"].map(name_key)
    ref["benchmark_key"] = ref["benchmark_name"].map(name_key)
    ref["name_keys"] = [tuple(dict.fromkeys([k] + [name_key(x) for x in n]))
                        for k, n in zip(ref["system_key"], names)]
    # object columns: a missing count stays None, not a float NaN
    ref["accelerators"] = pd.Series([_count(x) for x in ref["accelerator_count"]],
                                    index=ref.index, dtype=object)
    ref["nodes"] = pd.Series([nodes_of(s, a) for s, a in zip(ref["system_name"],
                                                               ref["accelerators"])],
                             index=ref.index, dtype=object)
    return ref.reset_index(drop=True)


class ReferenceIndex:
    """The prepared rows as named tuples, indexed by (claim name key, benchmark key) and
    by benchmark: a group looks up its candidates instead of scanning 2,000 rows."""

    def __init__(self, reference: pd.DataFrame):
        self.rows = list(reference.itertuples(index=False))
        self.by_name: dict[tuple[str, str], list] = {}
        self.by_benchmark: dict[str, list] = {}
        for r in self.rows:
            for key in r.name_keys:
                self.by_name.setdefault((key, r.benchmark_key), []).append(r)
            self.by_benchmark.setdefault(r.benchmark_key, []).append(r)
        self.name_keys = {k for k, _ in self.by_name}

    def of(self, sys_key: str, bench_key: str) -> list:
        return self.by_name.get((sys_key, bench_key), [])

    def __iter__(self):
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


@dataclass
class ReferenceCheck:
    """What the reference says about a group: `verdict` match/mismatch/none, the
    reference value in the unit of the group's values, and which rows gave it."""

    verdict: str = "none"
    value: float | None = None
    round: str = ""
    division: str = ""
    system: str = ""
    reading: str = ""
    note: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


# --- checks -------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _between_round_cues() -> re.Pattern:
    words = lexicons.load("reference_relative.json").get("between_rounds_cues", [])
    alternation = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(alternation or r"(?!x)x", re.IGNORECASE)


def _significant(x: float) -> float:
    return float(f"{x:.10g}")


def _group_scale(items: list[Member], default: float) -> tuple[float, str]:
    """(base units per unit, unit) of the group's values: the most common known unit."""
    units = Counter((m.unit, round(m.scale, 12)) for m in items if m.scale is not None)
    if not units:
        return default, ""
    (unit, scale), _ = sorted(units.items(), key=lambda kv: (-kv[1], kv[0]))[0]
    return scale, unit


def reference_rows(reference: pd.DataFrame) -> ReferenceIndex:
    """The prepared reference, indexed (`ReferenceIndex`)."""
    return reference if isinstance(reference, ReferenceIndex) else ReferenceIndex(reference)


def _where(rows: list, **equal) -> list:
    """The rows whose fields equal the given values."""
    return [r for r in rows if all(getattr(r, k) == v for k, v in equal.items())]


def _divisions(ctx: PageContext, rows: list, config: ConsistencyConfig) -> list[str]:
    if ctx.division:
        return [ctx.division]
    present = sorted({r.division for r in rows})
    return [d for d in config.divisions if d in present] + \
        [d for d in present if d not in config.divisions]


def _round_may_come_from_date(items: list[Member], rnd: str) -> bool:
    return any(m.context.date and round_for_date(m.context.date, m.context.suite) == rnd
               for m in items)


def _fits_time(m: Member, seconds: float, config: ConsistencyConfig) -> tuple[bool, str]:
    """(fits, unit assumed): a value whose unit is unknown fits when it fits read in any
    of `config.assumed_time_units`, and says which."""
    if m.scale is not None:
        return (m.quantity in ("duration", "", "unknown") and m.covers(seconds, True)), ""
    for unit, scale in config.assumed_time_units:
        if m.covers(seconds / scale, False):
            return True, unit
    return False, ""


def _check_time(items: list[Member], ctx: PageContext, rows: list,
                config: ConsistencyConfig) -> ReferenceCheck:
    rounds_present = sorted({r.round for r in rows}, key=round_sort_key, reverse=True)
    if ctx.round:
        rounds = [ctx.round]
        if config.try_earlier_rounds and _round_may_come_from_date(items, ctx.round):
            rounds += [r for r in rounds_present if round_sort_key(r) < round_sort_key(ctx.round)]
    else:
        rounds = rounds_present
    divisions = _divisions(ctx, rows, config)
    candidates = []
    for ri, rnd in enumerate(rounds):
        for di, div in enumerate(divisions):
            for row in _where(rows, round=rnd, division=div):
                seconds = row.time_to_train_minutes * 60.0
                fits = [_fits_time(m, seconds, config) for m in items]
                n_fit = sum(f for f, _ in fits)
                assumed = sorted({a for f, a in fits if f and a})
                candidates.append(((ri, di), row, seconds, n_fit, assumed))
    if not candidates:
        wanted = ctx.round or "any round"
        return ReferenceCheck(note=f"reference has no {wanted} "
                                   f"{ctx.division + ' ' if ctx.division else ''}result")
    scale, unit = _group_scale(items, 60.0)
    median = sorted(_member_seconds(m) for m in items)[len(items) // 2]
    # most values fitted, then the preferred round and division, then the closest result
    # (a round may list one system twice: 6.769 and 6.703 min for "6.7 minutes")
    best = max(candidates, key=lambda c: (c[3], [-i for i in c[0]], -abs(c[2] - median)))
    pref, row, seconds, n_fit, assumed = best
    if not unit and len(assumed) == 1:  # no stated unit: give the value in the one assumed
        scale = dict(config.assumed_time_units).get(assumed[0], scale)
    if n_fit == len(items):
        note = []
        if not ctx.division or not ctx.round:
            note.append("matched " + " ".join(x for x in (row.division, row.round) if x))
        elif row.round != ctx.round:
            note.append(f"matched the earlier round {row.round}, not the page's {ctx.round}")
        if assumed:
            note.append(f"unit assumed {'/'.join(assumed)}")
        return ReferenceCheck("match", _significant(seconds / scale), row.round, row.division,
                              row.system_name, "", "; ".join(note))
    if not ctx.round:
        # no round stated and no result fits every value: the closest of every round's
        # results is no evidence of a wrong value, rather of a number that is no result
        return ReferenceCheck(note="round not stated and no result of any round fits")
    own = [c for c in candidates if c[0][0] == 0]
    if not own:  # only earlier rounds, tried because the round came from a date
        return ReferenceCheck(note=f"reference has no {ctx.round} result; "
                                   "no earlier round fits")
    closest = min(own, key=lambda c: (abs(c[2] - median), c[0]))
    _, row, seconds, n_fit, _ = closest
    note = [f"stated {median / seconds - 1:+.1%} from the reference"] if seconds else []
    if n_fit:
        note.append(f"{n_fit} of {len(items)} values fit")
    elif not ctx.division:
        note.append("no division fits")
    explained = _each_value_fits(items, candidates, config)
    if explained:
        note.append(explained)
    return ReferenceCheck("mismatch", _significant(seconds / scale), row.round, row.division,
                          row.system_name, "", "; ".join(note))


def _each_value_fits(items: list[Member], candidates: list, config: ConsistencyConfig) -> str:
    """When no one result fits every value but each value fits one (the pages quote the
    closed and the open result, say), which fits which."""
    ordered = sorted(candidates, key=lambda c: c[0])
    fits = {}
    for m in items:
        label = m.label()
        if label in fits:
            continue
        row = next((c[1] for c in ordered if _fits_time(m, c[2], config)[0]), None)
        if row is None:
            return ""
        fits[label] = row
    if len({(r.round, r.division, r.system_name) for r in fits.values()}) < 2:
        return ""
    return "each value fits another result: " + "; ".join(
        f"{label} = {r.division} {r.round} ({r.time_to_train_minutes:g} min)"
        for label, r in fits.items())


def _member_seconds(m: Member) -> float:
    return m.value_norm if m.scale is not None else m.value * 60.0


_READINGS = {
    # per cent: the claim's fraction against the two times
    "percent": (("time_reduction", lambda old, new: (old - new) / old),
                ("speedup", lambda old, new: old / new - 1.0)),
    # factor: how many times faster
    "factor": (("speedup", lambda old, new: old / new),),
}


@dataclass(frozen=True)
class _Reading:
    """One way to read a relative claim against two reference rows."""

    preference: tuple
    name: str
    value: float
    n_fit: int
    old: tuple
    new: tuple


def _readings(pairs, readings, intervals) -> list[_Reading]:
    out = []
    for preference, old, new in pairs:
        for name, reading in readings:
            r = reading(old.time_to_train_minutes, new.time_to_train_minutes)
            out.append(_Reading(preference, name, r, sum(lo <= r <= hi for lo, hi in intervals),
                                old, new))
    return out


def _best(candidates: list[_Reading]) -> _Reading | None:
    if not candidates:
        return None
    return max(candidates, key=lambda c: (c.n_fit, [-i for i in c.preference]))


def _between_rounds(rows: list, ctx: PageContext, divisions: list[str]):
    """(preference, earlier row, later row) of one system: the page's round (else every
    round) against the previous round first, then earlier ones, each division alike."""
    rounds_present = sorted({r.round for r in rows}, key=round_sort_key)
    later_rounds = [ctx.round] if ctx.round else list(reversed(rounds_present))
    for li, later in enumerate(later_rounds):
        earlier = [r for r in rounds_present if round_sort_key(r) < round_sort_key(later)]
        for ei, before in enumerate(reversed(earlier)):
            for di, div in enumerate(divisions):
                olds, news = _where(rows, round=before, division=div), \
                    _where(rows, round=later, division=div)
                for old in olds:
                    for new in news:
                        if _same_setup(old, new):
                            yield (li, ei, di, 0), old, new
                if olds and news:
                    # "2.7x the previous round's best": the fastest result of each round,
                    # whatever its scale, read last (after the like-for-like pairs)
                    old = min(olds, key=lambda r: r.time_to_train_minutes)
                    new = min(news, key=lambda r: r.time_to_train_minutes)
                    if not _same_setup(old, new):
                        yield (li, ei, di, 1), old, new


def _same_setup(old, new) -> bool:
    """Two rounds' results of one system compare only at one scale and by one submitter:
    a round-over-round gain is not a move from 8 to 64 accelerators, nor another
    vendor's server."""
    if old.accelerators and new.accelerators and old.accelerators != new.accelerators:
        return False
    a, b = getattr(old, "submitter", ""), getattr(new, "submitter", "")
    return not a or not b or a == b


def _systems_named(items: list[Member]) -> list[str]:
    """Canonical systems the members' sentences name (entities.find_entities)."""
    try:
        from extractor.extract.entities import find_entities  # noqa: PLC0415
    except Exception:  # noqa: BLE001 - without the entity finder, no cross-system check
        return []
    names = []
    for sentence, lang in dict.fromkeys((m.sentence, m.lang) for m in items):
        try:
            found = find_entities(sentence, (lang or "en").split("-")[0])
        except Exception:  # noqa: BLE001
            logger.debug("find_entities failed on %r", sentence, exc_info=True)
            continue
        names += [e.canonical for e in found if e.label == "SYSTEM" and e.canonical]
    return list(dict.fromkeys(names))


def _against_other_systems(rows: list, reference: list, others: list[str],
                           ctx: PageContext, divisions: list[str]):
    """(preference, other system's row, own row): the own system's result in the page's
    round (else every round) against another system's in the same round, or in the
    latest earlier round it has (a new generation against the old)."""
    rounds_present = sorted({r.round for r in rows}, key=round_sort_key, reverse=True)
    own_rounds = [ctx.round] if ctx.round else rounds_present
    for oi, other in enumerate(others):
        benchmarks = {r.benchmark_key for r in rows}
        other_rows = [r for b in sorted(benchmarks) for r in reference.of(other, b)]
        for ri, rnd in enumerate(own_rounds):
            usable = [r for r in {o.round for o in other_rows}
                      if round_sort_key(r) <= round_sort_key(rnd)]
            if not usable:
                continue
            base_round = max(usable, key=round_sort_key)
            for di, div in enumerate(divisions):
                for old in _where(other_rows, round=base_round, division=div):
                    for new in _where(rows, round=rnd, division=div):
                        yield (oi, ri, di), old, new


def _relative_check(verdict: str, c: _Reading, out_scale: float, names: str,
                    across: bool) -> ReferenceCheck:
    old, new = c.old, c.new
    if across:
        rnd = new.round if old.round == new.round else f"{old.round}->{new.round}"
        system = f"{new.system_name} vs {old.system_name}"
    else:
        rnd, system = f"{old.round}->{new.round}", new.system_name
    note = (f"{old.system + ' ' if across else ''}{old.time_to_train_minutes:g} -> "
            f"{new.system + ' ' if across else ''}{new.time_to_train_minutes:g} min")
    return ReferenceCheck(verdict, _significant(c.value / out_scale), rnd, new.division,
                          system, names, note)


def _check_relative(items: list[Member], ctx: PageContext, rows: list,
                    reference: list, config: ConsistencyConfig) -> ReferenceCheck:
    """A per cent or factor against two reference times, read both ways: the system's own
    earlier round ("24% since our first submission"), else another system the sentence
    names ("31% faster than the DGX A100")."""
    kind = Counter("factor" if m.unit == "x" or m.quantity == "factor"
                   or (not m.unit and m.metric == "speedup") else "percent"
                   for m in items).most_common(1)[0][0]
    readings = _READINGS[kind]
    out_scale = 0.01 if kind == "percent" else 1.0

    def fraction_interval(m: Member) -> tuple[float, float]:
        if m.scale is not None:
            return m.interval(True)
        return m.lo * out_scale, m.hi * out_scale  # unit lost: the value as stated

    intervals = [fraction_interval(m) for m in items]
    divisions = _divisions(ctx, rows, config)
    n = len(items)

    def full_match(candidates: list[_Reading], across: bool) -> ReferenceCheck | None:
        best = _best(candidates)
        if best is None or best.n_fit < n:
            return None
        names = ";".join(dict.fromkeys(
            c.name for c in candidates if c.preference == best.preference
            and c.old is best.old and c.new is best.new and c.n_fit == n))
        return _relative_check("match", best, out_scale, names, across)

    def closest(candidates: list[_Reading], across: bool) -> ReferenceCheck:
        first = min(c.preference[:2] for c in candidates)
        own = [c for c in candidates if c.preference[:2] == first]
        median = sorted((lo + hi) / 2 for lo, hi in intervals)[len(intervals) // 2]
        c = min(own, key=lambda c: (abs(c.value - median), c.preference))
        return _relative_check("mismatch", c, out_scale, c.name, across)

    between = _readings(_between_rounds(rows, ctx, divisions), readings, intervals)
    found = full_match(between, False)
    if found:
        return found
    own_key = rows[0].system_key
    known_systems = reference.name_keys
    others = [k for k in dict.fromkeys(name_key(canonical_system(s))
                                       for s in _systems_named(items))
              if k and k != own_key and k in known_systems]
    across = _readings(_against_other_systems(rows, reference, others, ctx, divisions),
                       readings, intervals)
    found = full_match(across, True)
    if found:
        return found
    if between and any(_between_round_cues().search(m.sentence) for m in items):
        return closest(between, False)
    if across and len(others) == 1:
        return closest(across, True)
    if not between and not across:
        return ReferenceCheck(note="reference has no pair of results to compare")
    return ReferenceCheck(note="no reading fits and the sentence does not say what it "
                               "compares with; left unchecked")


def _system_hint(items: list[Member], ctx: PageContext, reference: list,
                 bench: str, config: ConsistencyConfig) -> str:
    """For a time without a system: the reference rows it would fit, as a note."""
    rows = [r for r in reference.by_benchmark.get(bench, [])
            if (not ctx.round or r.round == ctx.round)
            and (not ctx.division or r.division == ctx.division)]
    fitting = [r for r in rows
               if all(_fits_time(m, r.time_to_train_minutes * 60.0, config)[0] for m in items)]
    if not fitting or len(fitting) > 3:
        return "no system named"
    return "no system named; fits " + ", ".join(
        f"{r.system} {r.division} {r.round} ({r.time_to_train_minutes:g} min)" for r in fitting)


def check_reference(items: list[Member], ctx: PageContext, sys_key: str, bench_key: str,
                    metric: str, reference: pd.DataFrame | list,
                    config: ConsistencyConfig | None = None) -> ReferenceCheck:
    """The reference verdict of one group (`reference` as `prepare_reference` gives it).

    `none` when the metric is not one the reference records, or the reference has no row
    for the system and benchmark (and round); `match` when one row (or, for relative
    claims, one pair of rows in two rounds, read as time reduction or speed-up) fits
    every value; `mismatch` otherwise, with the closest reference value."""
    config = config or ConsistencyConfig()
    if ctx.suite and ctx.suite != "training":
        return ReferenceCheck(note=f"reference holds training results, not {ctx.suite}")
    is_time = metric in config.time_metrics
    if not (is_time or metric in config.relative_metrics) or not bench_key:
        return ReferenceCheck()
    if isinstance(reference, pd.DataFrame):
        reference = reference_rows(reference)
    if not sys_key:
        return ReferenceCheck(note=_system_hint(items, ctx, reference, bench_key, config)
                              if is_time else "no system named")
    rows = reference.of(sys_key, bench_key)
    if not rows:
        return ReferenceCheck()
    rows, scale_note = _at_scale(rows, ctx)
    if not rows:
        return ReferenceCheck(note=scale_note)
    if is_time:
        # a per cent or a count the extractor called a time is not checked as one
        times = [m for m in items if not m.unit or m.quantity == "duration"]
        if not times:
            return ReferenceCheck(note="no value is a duration")
        check = _check_time(times, ctx, rows, config)
    else:
        check = _check_relative(items, ctx, rows, reference, config)
    if scale_note and check.verdict != "none":
        check.note = "; ".join(x for x in (check.note, scale_note) if x)
    return check


def _scale_label(r) -> str:
    parts = []
    if r.nodes:
        parts.append(f"{r.nodes} node{'s' if r.nodes != 1 else ''}")
    if r.accelerators:
        parts.append(f"{r.accelerators} accelerators")
    return ", ".join(parts) or "scale unknown"


def _at_scale(rows: list, ctx: PageContext) -> tuple[list, str]:
    """The rows of the scale the claims state (accelerator count, else nodes), and a note:
    which scale was stated and matched, or, when none was stated and the rows have
    several, which were candidates; no rows when the reference has no result of the
    stated scale."""
    accelerators, nodes = _int(ctx.accelerators), _int(ctx.nodes)
    if accelerators or nodes:
        stated = f"{accelerators} accelerators" if accelerators else f"{nodes} nodes"
        kept = [r for r in rows if (r.accelerators == accelerators if accelerators
                                    else r.nodes == nodes)]
        if not kept:
            have = sorted({_scale_label(r) for r in rows if _within(r, ctx)})
            return [], (f"reference has no result on {stated}"
                        + (f" (has {'; '.join(have[:6])})" if have else ""))
        return kept, f"scale {stated}"
    scales = sorted({r.accelerators or 0 for r in rows if _within(r, ctx)})
    if len(scales) < 2:
        return rows, ""
    shown = ", ".join(str(a) if a else "?" for a in scales[:8])
    more = f" and {len(scales) - 8} more" if len(scales) > 8 else ""
    return rows, f"scale not stated; candidates at {shown}{more} accelerators"


def _within(r, ctx: PageContext) -> bool:
    return (not ctx.round or r.round == ctx.round) and \
        (not ctx.division or r.division == ctx.division)


def _int(x) -> int | None:
    try:
        n = int(x)
    except (TypeError, ValueError):
        return None
    return n if n > 0 else None
