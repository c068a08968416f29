"""Claims: quantities linked to the metric, system and workload they are about.

`extract_claims(tagged_page) -> list[Claim]` reads a page sentence by sentence, and for
every quantity of a sentence (`quantities.find_quantities`):

1. the not-a-claim rules of `not_claims.rules` (one ordered list, tried stage by stage:
   `claim`, `claim_unit`, `table`, `link`, `page`): names, versions, IDs, dates, list
   numbers, counts below two, periods ... are no claims; a number without a unit is kept
   only where the page lost it (a lossy span next to it, or a word right after it that
   implies one: "최대 2.6 단축") or a table's header gives it one (`tables`); with a list
   `rejections`, each number dropped is recorded with its rule (`extractor explain`);
2. a number of a table row without a unit takes its column header's (`tables`);
3. `linking.link_names`: the system, workload and baseline, from its clause, sentence,
   table, the sentence before, the heading, the page's topic (`topics`), with where each
   came from (the `link` column); `roles` marks what is counted and what is a baseline;
4. `metrics.metric_for`: the metric from the quantity's kind and cue words;
   `sentence_context`: round, division, date, scale; for compute and throughput
   figures the number format (`number_format`: precision=FP8, sparsity=sparse); for
   prices what they are per (`price_basis`: per=hour, per=year);
5. `confidence.claim_confidence`: how much evidence stands behind the claim.

Flags: `lossy_source` (letters lost in the sentence or next to the number),
`unit_missing`, `unit_shared` ("28.3 and 14.5 minutes"), `magnitude_suspect` (digits, a
space, then a Korean counter on a page that lost syllables: "1,750 개의 매개변수" where
"1,750억" was meant), `range`, and the quantity layer's own flags.

The rows and options are `claim_rows` (`Claim`, `CLAIM_COLUMNS`, `ClaimConfig`); where the
page lost letters is `losses.LossIndex`.
"""
from __future__ import annotations

import re
from dataclasses import replace
from operator import attrgetter

from extractor.extract.claim_rows import CLAIM_COLUMNS, Claim, ClaimConfig
from extractor.extract.confidence import claim_confidence
from extractor.extract.text.cues import clause_spans, cues, lang_key
from extractor.extract.names.entities import find_entities
from extractor.extract.linking.link_kinds import claim_kind
from extractor.extract.linking.linking import link_names, memoised, sentence_infos, sources_in_sentence
from extractor.extract.losses import LossIndex, dropped_syllables
from extractor.extract.metric_cues import cue_reading_kinds
from extractor.extract.metrics import measured_spans, metric_by_unit, metric_for
from extractor.extract.context.number_format import number_format_at
from extractor.extract.not_claims import about_business
from extractor.extract.not_claims.claims import bare_cue_follows
from extractor.extract.not_claims.rules import BY_NAME, NumberFacts, Rejection, first, stage_rules
from extractor.extract.context.page_context import page_context
from extractor.extract.context.price_basis import price_basis_of, with_restated_bases
from extractor.extract.key_metrics import with_one_metric_per_key
from extractor.extract.quantities.quantities import Quantity, find_quantities
from extractor.extract.sentences.clauses import clause_at
from extractor.extract.sentences.roles import SentenceInfo, mark_roles
from extractor.extract.sentences.sentence_facts import SentenceFacts
from extractor.extract.numbers.scores import score_of
from extractor.extract.context.sentence_context import sentence_context
from extractor.extract.tables.tables import Table, TableTracker
from extractor.extract.names.tasks import find_tasks
from extractor.extract.linking.topics import PageTopic, previous, refers_back

__all__ = ["CLAIM_COLUMNS", "Claim", "ClaimConfig", "LossIndex", "extract_claims"]


# A Korean counter right after digits ("1,750 개"): on a page that lost syllables, a
# magnitude word (억, 만) may have stood between them.
_KOREAN_COUNTER = re.compile(r"\d\s+(?:개|대|명|건|장|종)")


def extract_claims(page, config: ClaimConfig | None = None,
                   rejections: list[Rejection] | None = None) -> list[Claim]:
    """The claims of a tagged page (`extractor.langid.TaggedPage`). Raises on bugs: only
    `pipeline.process_page` turns an exception into the page's error row. With a list
    `rejections`, every number found to be no claim is appended to it with the rule that
    dropped it (`not_claims.rules`; offsets into the cleaned text), for `explain`."""
    config = config or ClaimConfig()
    cleaned = page.cleaned
    text = cleaned.text or ""
    entities = find_entities(text, getattr(page.lang, "base", "") or "und") if text else []
    # an HTML document's publication date (its metadata) outranks dates in its text
    page_ctx = page_context(text, date=getattr(getattr(cleaned, "metadata", None), "date", ""))
    if page_ctx.suite:  # a page about MLPerf names benchmarks by their tasks too
        entities = _with_tasks(entities, find_tasks(text))
    unit_loss = LossIndex(cleaned, config.unit_loss_kinds)
    any_loss = LossIndex(cleaned, config.lossy_kinds)
    infos = sentence_infos(page, text, entities, unit_loss)
    reader = _PageReader(page, infos, config, unit_loss, any_loss, page_ctx, rejections)
    claims: list[Claim] = []
    seen: set[tuple[int, int]] = set()
    for idx in range(len(infos)):
        for claim in reader.claims_of_sentence(idx):
            if (claim.start, claim.end) in seen or claim.confidence < config.min_confidence:
                if rejections is not None:
                    rule = "duplicate_span" if (claim.start, claim.end) in seen else "below_min_confidence"
                    rejections.append(Rejection(rule, claim.start, claim.end, claim.surface))
                continue
            seen.add((claim.start, claim.end))
            claims.append(claim)
    return with_one_metric_per_key(with_restated_bases(claims, config.basis_metrics))


class _PageReader:
    """Reads a page's sentences in order, keeping what one sentence passes to the next:
    the table header and caption above a row, the page's topic and context."""

    def __init__(self, page, infos: list[SentenceInfo], config: ClaimConfig,
                 unit_loss: LossIndex, any_loss: LossIndex, page_ctx, rejections=None):
        self.page, self.infos, self.config = page, infos, config
        self.doc_id = page.doc_id
        self.rejections = rejections
        self.unit_loss, self.any_loss = unit_loss, any_loss
        self.page_ctx = page_ctx
        self.dropped = dropped_syllables(page.cleaned)
        self.topic = PageTopic.of(infos)
        self.tables = TableTracker(infos, config.max_table_rows)

    def claims_of_sentence(self, idx: int) -> list[Claim]:
        info, config = self.infos[idx], self.config
        table, is_header_row = self.tables.table_of(info)
        if is_header_row:
            if self.rejections is not None:  # (only to say why: a run reads no header's numbers)
                for q in self._quantities(idx):
                    self._reject(idx, "table_header_row", q)
            return []
        sent = info.text
        quantities = self._quantities(idx)
        if table is not None:  # "| 128 | 1993 |" under "Output throughput in TPS": no year
            quantities = table.with_year_like_cells(sent, info.lang, quantities)
        if not quantities:
            return []
        name_spans = [(m.start, m.end) for m in info.systems + info.workloads + info.vendors]
        quantities = _share_units(sent, quantities)
        kept: list[tuple[Quantity, list[str]]] = []
        # what holds for the whole sentence, worked out once for all its numbers (the
        # rules' `about_business`, then roles, subjects, cue words, context: `SentenceFacts`)
        memo = SentenceFacts(info)
        # what the not-a-claim rules read: the sentence's, then each number's in turn
        facts = NumberFacts(sent, None, info.lang, name_spans, info.lossy, config, [])
        facts.table, facts.unit_loss, facts.memo = table, self.unit_loss, memo
        for q in quantities:
            abs0, abs1 = info.start + q.start, info.start + q.end
            facts.q, facts.window = q, (abs0 - config.lossy_window, abs1 + config.lossy_window)
            window = facts.window
            rule = first(_CLAIM_RULES, facts)
            if rule:  # names, patterns, counts below two ...; a number without a unit
                self._reject(idx, rule.name, q)
                continue
            flags = [f for f in q.flags if f] if q.flags else []
            if not q.unit and table is None:
                # lost letters or a cue word beside it stand for its unit, else it is a
                # score ("scored 2,900 in Geekbench 6": a score has no unit; the rule
                # bare_number let it through for that)
                lost = self.unit_loss.overlaps(*window) or bare_cue_follows(sent, q, info.lang)
                flags.append("unit_missing" if lost else "score")
            if info.lossy or self.any_loss.overlaps(*window):
                flags.append("lossy_source")
            kept.append((q, flags))
        if not kept:
            return []
        clauses = clause_spans(sent, info.lang)
        qs = [q for q, _ in kept]
        memo.numbers_kept(qs, tuple(clauses))
        # what every number of the sentence reads of the others: built once, not per number
        memo["cue_readers"], memo["measured"] = _cue_readers(qs), measured_spans(qs)
        info.roles = mark_roles(sent, info.systems + info.workloads, qs, info.lang, clauses,
                                info.comparisons(clauses))
        out = []
        starts, whole = [a for a, _ in clauses], (0, len(sent))
        # what the link-stage rules read: the sentence's, then each claim's in turn
        link_facts = NumberFacts(sent, None, info.lang, (), info.lossy, config)
        link_facts.in_sentence, link_facts.memo = sources_in_sentence(table), memo
        # whether the sentence is about a market and refers back, read by each claim
        memoised(memo, "about_business", about_business, sent, info.lang)
        memoised(memo, "refers_back", refers_back, sent, lang_key(info.lang))
        for q, flags in kept:
            clause = clause_at(clauses, starts, q.start, whole)
            claim = self._claim(idx, q, flags, clause, table, memo, link_facts)
            if claim is not None:
                out.append(claim)
        return out

    def _claim(self, idx: int, q: Quantity, flags: list[str], clause: tuple[int, int],
               table: Table | None, memo: SentenceFacts, facts: NumberFacts) -> Claim | None:
        info, config, infos = self.infos[idx], self.config, self.infos
        sent, lang = info.text, info.lang
        unit, quantity, value_norm = q.unit or "", q.quantity or "unknown", q.value_norm
        metric_text = sent[clause[0]:clause[1]]
        col, col_score = -1, None
        if table is not None:
            col = table.column_at(sent, q.start)
            col_score = table.score_of(col, q.value)  # "| Geekbench 6 single-core |": no unit
            if table.is_label_number(sent, q.start, unit):
                return self._reject(idx, "table_row_name", q)  # "LLaMA V3.1 70B | 64 |"
            metric_text = table.metric_text(sent, col)
            if not unit and col_score is None and not table.own_unit_unread(sent, q.end):
                hq = table.unit_for(sent, col, lang)
                if hq is not None:
                    unit, quantity = hq.unit, hq.quantity
                    value_norm = q.value * hq.value_norm if hq.value_norm is not None else None
                    flags = [f for f in flags if f != "unit_missing"]
            if not unit and col_score is None and not table.unit_lost(sent, col):
                return self._reject(idx, "table_unit_missing", q)

        metric, cue, back = self._metric(idx, q, quantity, unit, metric_text, clause, table, memo)
        # the claim's kind decides what may attach to it (a memory size takes no model)
        kind = claim_kind(metric, q, sent, unit=unit, refers_back=back,
                          business=memo["about_business"],
                          names_model=bool(info.workloads))
        score = col_score or (score_of(sent, q.start, q.end, q.value) if "score" in flags else None)
        link = link_names(infos, idx, q, clause, memo.quantities, table, col, self.topic,
                          config.carry_workload_sentences, memo, kind, score)
        if score is not None:
            quantity = "unknown"
        facts.q, facts.unit, facts.quantity, facts.link = q, unit, quantity, link
        rule = first(_LINK_RULES, facts)
        if rule:  # a bare number or a business figure whose own sentence names no product
            return self._reject(idx, rule.name, q)
        if score is not None:  # a score measures nothing a cue could name (CLAIMS.md)
            metric, cue = "other", True

        flags = self._flags(q, unit, flags)
        confidence = claim_confidence(unit=unit, system_from=link.system_from,
                                      workload_from=link.workload_from, metric_cue=cue,
                                      flags=flags, quantity=quantity, metric=metric)
        context = self._context(idx, q, metric, quantity, metric_text if table is not None else "", memo)
        return Claim(self.doc_id, lang, sent, info.start + q.start, info.start + q.end,
                     q.surface, q.value, unit, quantity, value_norm, metric, link.system,
                     link.workload, link.vendor, q.qualifier or "exact", context, confidence,
                     ";".join(dict.fromkeys(flags)) if flags else "", link.baseline, link.as_string(),
                     link.deciders())

    def _metric(self, idx: int, q: Quantity, quantity: str, unit: str, metric_text: str,
                clause: tuple[int, int], table: Table | None, memo: SentenceFacts) -> tuple[str, bool, bool]:
        """(metric, whether a cue word decided it, whether the sentence refers back): the
        cue nearest the number in its clause, else its sentence; a cell's, from its column
        header and row label; the sentence referred back to, when its own has no cue; a
        unit that says what it measures last."""
        infos, info = self.infos, self.infos[idx]
        sent, lang = info.text, info.lang
        if table is None:
            metric, cue = metric_for(quantity, metric_text, sent, lang, at=(q.start, q.end),
                                     clause=clause, others=memo["cue_readers"],
                                     clauses=memo.clauses, measured=memo["measured"], facts=memo)
        else:
            metric, cue = metric_for(quantity, metric_text, sent, lang)
        back = memo["refers_back"]  # (claims_of_sentence)
        before = previous(infos, idx, crossing=True) if back and not cue else None
        if before is not None:
            # "this is a factor of 1.6x" after "... better performance-per-$ than ...": the
            # sentence that is referred back to names the metric
            metric, cue = metric_for(quantity, "", before.text, lang)
        unit_metric = metric_by_unit(unit) if unit else None
        if unit_metric:  # "in the six months": a period, not a time-to-train
            metric, cue = unit_metric, False
        return metric, cue, back

    def _flags(self, q: Quantity, unit: str, flags: list[str]) -> list[str]:
        """The claim's flags: a lost unit, one end of a range, a Korean count whose
        magnitude syllable may have been dropped."""
        if "unit_missing" not in flags and not unit:
            flags.append("unit_missing")
        if q.qualifier == "range":  # one end of "512~2560": two claims, each flagged
            flags.append("range")
        if unit == "count" and self.dropped and _KOREAN_COUNTER.search(q.surface or ""):
            flags.append("magnitude_suspect")
        return flags

    def _context(self, idx: int, q: Quantity, metric: str, quantity: str, header: str,
                 memo: SentenceFacts) -> str:
        """The claims.csv `context` of a number: its round, division and scale; the number
        format of a compute figure; what a price is per (`header`: a cell's column)."""
        info, config = self.infos[idx], self.config
        sent = info.text
        # `at` picks the division named nearest the number, where a sentence names several;
        # `offset` finds the paragraph or table whose round governs the sentence
        ctx = sentence_context(sent, self.page_ctx, at=q.start, offset=info.start,
                               metric=metric, quantity=quantity, facts=memo)
        # (the context has no format nor basis of its own: it is changed only when one is
        # stated)
        if metric in config.format_metrics:  # 1,979 and 3,958 TFLOPS are FP8 dense and sparse
            fmt = number_format_at(sent, q.start, q.end)
            if fmt.precision or fmt.sparsity:
                ctx = ctx.but(precision=fmt.precision, sparsity=fmt.sparsity)
        if metric in config.basis_metrics and quantity == "money":  # $2.69/hr is no $25,000
            per = price_basis_of(self.infos, idx, q.start, q.end, header)
            if per:
                ctx = ctx.but(per=per)
        return ctx.as_string()


    def _quantities(self, idx: int) -> list[Quantity]:
        """The quantities of sentence `idx`; what is no quantity recorded when asked."""
        info = self.infos[idx]
        if self.rejections is None:
            return list(find_quantities(info.text, info.lang, self.config.quantities))
        rejected: list[Rejection] = []
        quantities = list(find_quantities(info.text, info.lang, self.config.quantities, rejected))
        self.rejections.extend(r.shifted(info.start) for r in rejected)
        return quantities

    def _reject(self, idx: int, rule: str, q: Quantity) -> None:
        """Quantity `q` of sentence `idx` is no claim, by `rule` (recorded when asked)."""
        if self.rejections is not None:
            start = self.infos[idx].start
            self.rejections.append(Rejection(BY_NAME[rule].name, start + q.start, start + q.end, q.surface))
        return None


# the rules of the claim stages (not_claims.rules) tried on each quantity, on each claim
_CLAIM_RULES, _LINK_RULES = stage_rules("claim") + stage_rules("claim_unit"), stage_rules("link")


def _cue_readers(quantities: list[Quantity]) -> tuple[tuple[int, int], ...]:
    """The spans of the numbers whose unit does not say what they measure (%, x): a cue
    word standing nearest one of them is its own ("대역폭 2배·전력효율 40%↑")."""
    reading = cue_reading_kinds()  # (the kinds `reads_cues` tests, read once for all)
    return tuple([(q.start, q.end) for q in quantities if (q.quantity or "unknown") in reading])


def _with_tasks(entities: list, tasks: list) -> list:
    """The page's entities with the benchmark tasks named in words that overlap none."""
    if not tasks:
        return entities
    spans = [(e.start, e.end) for e in entities]
    extra = []
    for t in tasks:  # (a loop: a generator over the page's entities for each task made a call per step)
        for a, b in spans:
            if a < t.end and t.start < b:
                break
        else:
            extra.append(t)
    return sorted(entities + extra, key=attrgetter("start", "end"))


def _share_units(sentence: str, quantities: list[Quantity]) -> list[Quantity]:
    """A bare number coordinated with a quantity takes its unit: "28.3 and 14.5 minutes",
    "34.5和11.7分鐘", "28.3과 14.5분" (coordinating words: claims_links.json)."""
    rx = cues().coordination
    out = list(quantities)
    for i, q in enumerate(out[:-1]):
        nxt = out[i + 1]
        if q.unit or not nxt.unit or nxt.value in (None, 0) or q.value is None:
            continue
        if not rx.fullmatch(sentence[q.end:nxt.start]):
            continue
        scale = nxt.value_norm / nxt.value if nxt.value_norm is not None else None
        out[i] = replace(q, unit=nxt.unit, quantity=nxt.quantity,
                         value_norm=q.value * scale if scale is not None else None,
                         flags=list(q.flags or []) + ["unit_shared"])
    return out
