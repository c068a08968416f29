"""Package faces that import their exports on first use (PEP 562 module `__getattr__`):
a module that needs one small part of a package does not load all of it.

>>> import json.encoder
>>> getattr_ = lazy_getattr("json", {"JSONEncoder": "encoder"})
>>> getattr_("JSONEncoder") is json.encoder.JSONEncoder
True
>>> getattr_("loads_fast")
Traceback (most recent call last):
AttributeError: module 'json' has no attribute 'loads_fast'
"""
from __future__ import annotations

import importlib
from typing import Callable


def lazy_getattr(package: str, exports: dict[str, str]) -> Callable[[str], object]:
    """The `__getattr__` of the package `package`: each name of `exports` taken, when first
    asked for, from the module `exports[name]` below the package."""

    def __getattr__(name: str):
        if name in exports:
            return getattr(importlib.import_module(f"{package}.{exports[name]}"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
