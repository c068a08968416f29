"""Ingest: find the pages of a corpus folder and read their bytes.

A corpus is a folder searched recursively for `.txt`, `.html`, `.htm` and files without
an extension (hidden files and folders are skipped). `doc_id` is the path relative to
the folder with `/` separators. Pages are yielded one at a time, in a stable order, so
a corpus of any size streams through in constant memory.
"""
from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

PAGE_SUFFIXES = frozenset({".txt", ".html", ".htm", ""})


@dataclass
class RawPage:
    """A page as read from disk. `error` is set (and `data` empty) when it could not be read."""

    doc_id: str
    data: bytes = b""
    error: str = ""


def iter_page_paths(corpus: Path) -> Iterator[Path]:
    """Page files below `corpus`, depth first, sorted by name within each folder.

    Lazy per folder: only the listings of the folders on the current path are held.
    Symbolic links to files are followed (a broken one still yields, to get an error
    row); links to folders are not, so a link loop cannot trap the walk.
    """
    try:
        entries = sorted(os.scandir(corpus), key=lambda e: e.name)
    except OSError as exc:
        logger.warning("cannot list %s: %s", corpus, exc)
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if entry.is_dir(follow_symlinks=False):
            yield from iter_page_paths(Path(entry.path))
        elif Path(entry.name).suffix.lower() in PAGE_SUFFIXES:
            yield Path(entry.path)


def doc_id_for(path: Path, corpus: Path) -> str:
    return path.relative_to(corpus).as_posix()


def read_page(path: Path, corpus: Path, max_bytes: int) -> RawPage:
    """Read one page; an unreadable or oversized file gives a RawPage with `error` set."""
    doc_id = doc_id_for(path, corpus)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            return RawPage(doc_id, error=f"file too large: {size} bytes (limit {max_bytes})")
        return RawPage(doc_id, path.read_bytes())
    except OSError as exc:
        logger.warning("cannot read %s: %s", path, exc)
        return RawPage(doc_id, error=f"cannot read file: {exc.strerror or exc}")


def iter_pages(corpus: Path, max_bytes: int = 50_000_000) -> Iterator[RawPage]:
    """Every page of the corpus folder, read one at a time."""
    for path in iter_page_paths(corpus):
        yield read_page(path, corpus, max_bytes)
