"""MLPerf rounds: the publication calendar of each suite (lexicon context_rounds.json)."""
import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.context.rounds import known_rounds, round_for_date


@pytest.mark.parametrize("date, rnd", [
    ("2021-06-30", "v1.0"), ("2021-11-30", "v1.0"), ("2021-12-01", "v1.1"),
    ("2022-06-29", "v2.0"), ("2023-07-01", "v3.0"), ("2025-12-31", "v5.1"),
    ("2018-01-01", ""),
])
def test_round_for_date_uses_training_publication_dates(date, rnd):
    assert round_for_date(date) == rnd


def test_rounds_are_listed_in_publication_order():
    rounds = known_rounds("training")
    assert rounds[:3] == ("v0.5", "v0.6", "v0.7") and "v2.1" in rounds


@settings(deadline=None)  # first examples compile lexicon patterns
@given(st.dates(min_value=datetime.date(2015, 1, 1),
                max_value=datetime.date(2030, 12, 31)),
       st.dates(min_value=datetime.date(2015, 1, 1),
                max_value=datetime.date(2030, 12, 31)))
def test_round_for_date_never_goes_back_in_time(a, b):
    a, b = sorted((a, b))
    ra, rb = round_for_date(a.isoformat()), round_for_date(b.isoformat())
    order = list(known_rounds("training"))
    assert (order.index(ra) if ra else -1) <= (order.index(rb) if rb else -1)
