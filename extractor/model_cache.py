"""Built models kept on disk between runs.

Some models are built from other libraries' data on first use: the character model from
wordfreq's lists (0.4-0.5 s of CPU), the n-gram matrix from langdetect's profiles
(0.2 s). Every run, and with `-j N` before any worker starts, paid that again. Here a
model is pickled to the user's cache folder after it is built, and read back (0.1 s) by
later runs.

A cached model is used only when it was built by the same code from the same data: the
file's name holds a digest of this package's files (code and lexicons), the Python
version and the versions of the libraries the model is built from. Any change rebuilds
it. A missing, unreadable or damaged file is rebuilt too, and a folder that cannot be
written only costs the saving: the cache never changes what a run computes.

Where: `$EXTRACTOR_CACHE_DIR`, else `$XDG_CACHE_HOME/extractor`, else
`~/.cache/extractor`. `EXTRACTOR_CACHE_DIR=off` builds every model afresh. The files are
pickles, so the folder must be the user's own, as the installed code is (it is created
readable by its owner only); do not point it at a folder others can write.
"""
from __future__ import annotations

import hashlib
import logging
import os
import pickle
import sys
import tempfile
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Callable, TypeVar

logger = logging.getLogger(__name__)

T = TypeVar("T")

#: the environment variable that names the cache folder ("off": no cache)
CACHE_DIR_VARIABLE = "EXTRACTOR_CACHE_DIR"

_PACKAGE = Path(__file__).resolve().parent


def cache_dir() -> Path | None:
    """The folder of cached models, or None when caching is off."""
    named = os.environ.get(CACHE_DIR_VARIABLE)
    if named is not None:
        return None if named.strip().lower() in ("", "off", "0", "no") else Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "extractor"


@lru_cache(maxsize=1)
def package_digest() -> str:
    """A digest of this package's code and data files (read once per process, ~5 ms):
    a model built by other code or from other lexicons is not reused."""
    return folder_digest(_PACKAGE)


def folder_digest(folder: Path) -> str:
    """A digest of the names and bytes of the code and data files below `folder`
    (compiled files left out: they follow from the code)."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.suffix in (".py", ".json", ".csv", ".txt") and "__pycache__" not in path.parts:
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "missing"


def cache_key(name: str, built_from: tuple[str, ...] = ()) -> str:
    """The file name of model `name` built by this code with these versions of the
    distributions `built_from` (so an upgraded wordfreq rebuilds the character model)."""
    parts = [package_digest(), sys.version, str(pickle.HIGHEST_PROTOCOL)]
    parts += [f"{d}={_version(d)}" for d in built_from]
    return f"{name}-{hashlib.sha256(' '.join(parts).encode()).hexdigest()[:20]}.pickle"


def cached_model(name: str, build: Callable[[], T], built_from: tuple[str, ...] = ()) -> T:
    """The model `build()` returns, read from the cache when this code built it before,
    else built and written there for later runs."""
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / cache_key(name, built_from)
    try:
        with open(path, "rb") as f:
            model = pickle.load(f)
        logger.debug("model %s read from %s", name, path)
        return model
    except FileNotFoundError:
        pass
    except Exception as exc:  # a damaged or truncated file: rebuilt and overwritten below
        logger.warning("cached model %s unreadable (%s: %s); rebuilding it",
                       path, type(exc).__name__, exc)
    model = build()
    _write(path, model)
    return model


def _write(path: Path, model) -> None:
    """Write atomically (two processes may build the same model at once; a reader sees
    a whole file or none); a folder that cannot be written is logged, not raised."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                pickle.dump(model, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
        logger.debug("model written to %s", path)
        _remove_stale(path)
    except OSError as exc:
        logger.info("model not cached (%s: %s)", type(exc).__name__, exc)


def _remove_stale(path: Path) -> None:
    """Remove the files of the same model built by other code (each 5-20 MB): without
    this, every upgrade would leave one more behind."""
    name = path.name.rsplit("-", 1)[0]
    for other in path.parent.glob(f"{name}-*.pickle"):
        if other != path:
            other.unlink(missing_ok=True)
