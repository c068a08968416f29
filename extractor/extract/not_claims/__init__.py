"""The one home of the decision "this number is no claim", at both levels it is taken:
`not_claims.quantities` (no quantity at all) and `not_claims.claims` (a quantity, but no
claim). `not_claims.rules.RULES` lists every rule of both levels as one ordered list of
named rules (name, stage, why, test), tried stage by stage in that order; a number
dropped keeps the rule that dropped it (a `Rejection`, recorded when a caller asks:
`extractor explain PAGE`).

The quantity layer (the first half here): a number is no quantity at all when it is a
digit inside a name or code (ResNet-50, A100, Ryzen 9 CPUs, LLaMA V3.1 70B, 가우디3,
i7-1355U), a version or identifier (v1.1, 蓝牙5.4, MLPerf ID 1.0-1025), a date, year or
time (2021-12-02, 6月24日, 2024년 4분기, since 2014, Hot Chips 2025, 2012�12� on a
damaged page), a URL, file name or line of program code, a stock ticker (台積電(2330)), a
process node (5奈米, 4nm, 10㎚급), a display mode (4K 60Hz), or a number in a parenthesis
that defines a unit (38 TOPS(초당 1조 번 연산)). `build_masks` compiles the span masks of
a grammar; `NotAQuantity` holds the tests the quantity finder mixes in (it reads the
finder's `norm`, `g`, `cfg`, `masked`, `lossy`); `not_claims.dates.full_dates` are also the page context's
dates (page_context.find_dates).

The claim layer (the second half): a quantity is no claim when it is part of a name the
entity stage found, matches a not-a-claim pattern of `lexicons/claims_not.json` (versions,
IDs, dates, years, URLs, file names, list numbers), is a count below two ("one CPU"), a
period of the story ("in the six months"), a count of people or companies
(`off_topic_counts`), a Korean numeral read from the middle of a word, or an integer glued
to letters the page lost, whose magnitude may be among them ("70??" for 70만).
`reason_not_claim` gives the name of the first rule of the claim stage that applies.

All words are data: lexicons/claims_not.json, numbers_<lang>.json, context_words.json.
"""
from extractor.extract.not_claims.claims import (about_business, glued_to_lost_word, glued_to_name,
                                                 inside_korean_word, magnitude_lost, not_claim_spans,
                                                 overlaps, reason_not_claim)
from extractor.extract.not_claims.counts import counts_off_topic, counts_parameters
from extractor.extract.not_claims.dates import FullDates, full_dates
from extractor.extract.not_claims.masks import Masks, Spans, build_masks
from extractor.extract.not_claims.quantities import NotAQuantity

__all__ = ["FullDates", "Masks", "NotAQuantity", "Spans", "about_business", "build_masks",
           "counts_off_topic", "counts_parameters", "full_dates", "glued_to_lost_word",
           "glued_to_name", "inside_korean_word", "magnitude_lost", "not_claim_spans", "overlaps",
           "reason_not_claim"]
