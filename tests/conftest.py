"""Shared fixtures: the repository's paths and one pipeline run over the sample corpus."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Models built by the tests (and by the CLI runs they start) are cached in a folder of
# this test session, not in the user's cache: each session builds them once, and
# test_model_cache sees both paths. Removed when the session ends.
_MODEL_CACHE = tempfile.TemporaryDirectory(prefix="extractor-test-models-")
os.environ["EXTRACTOR_CACHE_DIR"] = _MODEL_CACHE.name

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"
GOLDEN = ROOT / "tests" / "golden"
# ../shared beside the repository (the CI clone has it there too)
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def seed_run(tmp_path_factory):
    """Output folder of `extractor run corpus/` (run once per test session)."""
    from extractor.config import Config
    from extractor.pipeline import run

    out = tmp_path_factory.mktemp("seed_run")
    run(Config(corpus=CORPUS, out=out))
    return out


@pytest.fixture(scope="session")
def shared_dir():
    if not SHARED.is_dir():
        pytest.skip("../shared is not beside the repository")
    return SHARED


@pytest.fixture(scope="session")
def devset_run(shared_dir, tmp_path_factory):
    """Output folder of `extractor run ../shared/devset/corpus` (once per test session:
    the claim scores and the verdict figures read the same run)."""
    from extractor.config import Config
    from extractor.pipeline import run

    out = tmp_path_factory.mktemp("devset_run")
    run(Config(corpus=shared_dir / "devset" / "corpus", out=out, write_clean=False))
    return out
