"""The context record: PageContext written as a string and read back."""
from hypothesis import given, settings
from hypothesis import strategies as st

from extractor.extract.context.context import PageContext


def test_as_string_keeps_field_order_and_drops_empty_fields():
    ctx = PageContext(suite="training", round="v1.1", division="closed", date="2021-12-02")
    assert ctx.as_string() == "suite=training;round=v1.1;division=closed;date=2021-12-02"
    assert PageContext(round="v2.0", date="2022-06-29").as_string() == "round=v2.0;date=2022-06-29"


@settings(deadline=None)
@given(st.builds(PageContext,
                 suite=st.sampled_from(["", "training", "inference", "hpc"]),
                 round=st.sampled_from(["", "v0.7", "v1.0", "v1.1", "v2.0", "v4.1"]),
                 division=st.sampled_from(["", "closed", "open"]),
                 date=st.sampled_from(["", "2021-12-02", "2022-06-29"])))
def test_parse_inverts_as_string(ctx):
    assert PageContext.parse(ctx.as_string()) == ctx


@settings(deadline=None)
@given(st.text())
def test_parse_never_raises(s):
    assert isinstance(PageContext.parse(s), PageContext)


def test_init_takes_the_fields_in_order_and_freezes_them():
    import dataclasses
    import inspect

    import pytest

    params = list(inspect.signature(PageContext.__init__).parameters)[1:]
    assert params == [f.name for f in dataclasses.fields(PageContext)]
    ctx = PageContext("training", "v1.1", "closed", "2021-12-02", "8")
    assert (ctx.suite, ctx.accelerators, ctx.scopes) == ("training", "8", ())
    assert dataclasses.replace(ctx, nodes="2").nodes == "2"
    assert ctx == PageContext("training", "v1.1", "closed", "2021-12-02", "8", scopes=(1,))
    assert hash(ctx) == hash(PageContext("training", "v1.1", "closed", "2021-12-02", "8"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        ctx.suite = "hpc"
