"""One metric per claim key (`extract.key_metrics`): a page's mentions of one factor of
one system are one claim (devset README), so they state one metric, the performance one
when any mention states it. Snippets from set3/ko_02, cut."""
from __future__ import annotations

from extractor.extract.explain import explain_text

TRILLIUM = ("이제 Google은 이 기술의 6세대를 개발했으며 회사에 따르면 Trillium은 TPU v5e 설계에 비해 최대 컴퓨팅 "
            "성능이 4.7배 증가하고 고대역폭 메모리 용량이 2배 증가한 성능을 제공할 예정입니다. "
            "이는 Google이 6개월 전에 발표한 TPU v5p 가속기보다 약 2배 빠른 속도입니다.")


def _twice(text: str) -> list[tuple[str, str, str]]:
    return [(c.system, c.metric, c.flags) for c in explain_text(text).claims if c.value == 2 and c.unit == "x"]


def test_a_factor_stated_twice_of_one_system_takes_the_speedup():
    got = _twice(TRILLIUM)
    assert [(s, m) for s, m, _ in got] == [("Trillium", "speedup"), ("Trillium", "speedup")]
    assert "metric_of_key" in got[0][2] and "metric_of_key" not in got[1][2]


def test_a_factor_stated_once_keeps_its_own_metric():
    first = TRILLIUM.split(". ")[0] + "."
    assert [(s, m) for s, m, _ in _twice(first)] == [("Trillium", "memory")]
