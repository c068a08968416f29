"""The model cache: a model read back is the model built, and a cache that is damaged,
unwritable or switched off only costs the saving."""
from __future__ import annotations

import logging

import numpy as np
import pytest

from extractor import model_cache
from extractor.clean.char_model import _build_char_model
from extractor.langid.ngrams import _build_model


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(model_cache.CACHE_DIR_VARIABLE, str(tmp_path / "models"))
    return tmp_path / "models"


class Counted:
    """A real builder that counts its calls."""

    def __init__(self, build):
        self.build, self.calls = build, 0

    def __call__(self):
        self.calls += 1
        return self.build()


def test_a_model_read_back_is_the_model_built(cache):
    build = Counted(_build_model)
    built = model_cache.cached_model("ngrams", build, built_from=("langdetect",))
    read = model_cache.cached_model("ngrams", build, built_from=("langdetect",))
    assert build.calls == 1
    assert read is not built
    assert read.langs == built.langs
    assert list(read.index.items()) == list(built.index.items())  # same rows, same order
    assert read.logp.dtype == built.logp.dtype and np.array_equal(read.logp, built.logp)
    assert [p.name.split("-")[0] for p in cache.iterdir()] == ["ngrams"]


def test_the_character_model_guesses_the_same_from_the_cache(cache):
    built = model_cache.cached_model("chars", _build_char_model)
    read = model_cache.cached_model("chars", _build_char_model)
    assert read is not built
    assert list(read.single.items()) == list(built.single.items())
    assert read.pair == built.pair and read.left == built.left
    assert dict(read.by_lead) == dict(built.by_lead)
    # "五?月": the bytes E4 B8 surviving of 个 (E4 B8 AA)
    assert read.best(b"\xe4\xb8", "五", "月") == built.best(b"\xe4\xb8", "五", "月") == "个"


def test_a_damaged_file_is_rebuilt_and_replaced(cache, caplog):
    build = Counted(lambda: {"model": [1, 2, 3]})
    model_cache.cached_model("small", build)
    (path,) = cache.iterdir()
    path.write_bytes(path.read_bytes()[:10])  # truncated, as by a full disk
    with caplog.at_level(logging.WARNING, logger="extractor.model_cache"):
        assert model_cache.cached_model("small", build) == {"model": [1, 2, 3]}
    assert build.calls == 2
    assert "unreadable" in caplog.text and "rebuilding" in caplog.text
    assert model_cache.cached_model("small", build) == {"model": [1, 2, 3]}
    assert build.calls == 2  # the rebuilt file was written whole


def test_a_folder_that_cannot_be_written_only_costs_the_saving(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(model_cache.CACHE_DIR_VARIABLE, str(blocked / "models"))
    build = Counted(lambda: {"model": 1})
    assert model_cache.cached_model("small", build) == {"model": 1}
    assert model_cache.cached_model("small", build) == {"model": 1}
    assert build.calls == 2


@pytest.mark.parametrize("value", ["off", "OFF", ""])
def test_switched_off_nothing_is_written(tmp_path, monkeypatch, value):
    monkeypatch.setenv(model_cache.CACHE_DIR_VARIABLE, value)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    build = Counted(lambda: 7)
    assert model_cache.cached_model("small", build) == 7
    assert model_cache.cached_model("small", build) == 7
    assert build.calls == 2 and not list(tmp_path.iterdir())


def test_the_default_folder_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv(model_cache.CACHE_DIR_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert model_cache.cache_dir() == tmp_path / "extractor"


def test_other_code_or_library_versions_get_another_file_and_the_old_one_goes(cache):
    key = model_cache.cache_key("small", built_from=("numpy",))
    assert key != model_cache.cache_key("small", built_from=("numpy", "pandas"))
    assert key != model_cache.cache_key("small", built_from=("no-such-distribution",))
    assert key == model_cache.cache_key("small", built_from=("numpy",))
    cache.mkdir(parents=True)
    stale = cache / "small-00000000000000000000.pickle"
    other_model = cache / "other-00000000000000000000.pickle"
    stale.write_bytes(b"built by an older version")
    other_model.write_bytes(b"another model")
    model_cache.cached_model("small", lambda: 1, built_from=("numpy",))
    assert sorted(p.name for p in cache.iterdir()) == sorted([key, other_model.name])


def test_the_digest_changes_with_any_code_or_data_file(tmp_path):
    (tmp_path / "lexicons").mkdir()
    (tmp_path / "lexicons" / "units.json").write_text('{"x": 1}')
    (tmp_path / "model.py").write_text("A = 1\n")
    before = model_cache.folder_digest(tmp_path)
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "model.cpython-311.pyc").write_bytes(b"compiled")
    assert model_cache.folder_digest(tmp_path) == before
    (tmp_path / "lexicons" / "units.json").write_text('{"x": 2}')
    assert model_cache.folder_digest(tmp_path) != before
    (tmp_path / "lexicons" / "units.json").write_text('{"x": 1}')
    assert model_cache.folder_digest(tmp_path) == before
    (tmp_path / "model.py").rename(tmp_path / "renamed.py")
    assert model_cache.folder_digest(tmp_path) != before
    assert model_cache.package_digest() == model_cache.folder_digest(model_cache._PACKAGE)
