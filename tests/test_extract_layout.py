"""Issue 23 (item 7): the claim stage's layout. `extract/` is sub-packages of one concern
each, in a one-way import order, with a face each (`__init__.py`: what the sub-package
decides, which names it exports), no import cycles, modules under ~400 lines."""
from __future__ import annotations

import ast
import importlib

import pytest
from conftest import ROOT

EXTRACT = ROOT / "extractor" / "extract"

#: the sub-packages in import order: a module imports (at module level) only modules of
#: its own sub-package and of those before it; the modules of `extract/` itself come last
LAYERS = ("text", "names", "numbers", "not_claims", "quantities", "sentences", "tables",
          "linking", "context")

#: imports inside a function that reach a later sub-package, each to break a cycle the
#: module-level import would make (module, imported module)
LAZY_UPWARD = {("not_claims.quantities", "quantities.quantity_grammar")}

#: modules over 400 lines when the layout was made: to be split, never to grow in number
OVERSIZED: tuple[str, ...] = ()


def _modules() -> dict[str, str]:
    """Dotted name (below extractor.extract) -> its unit: the sub-package, or "" for a
    module of `extract/` itself."""
    out = {}
    for path in EXTRACT.rglob("*.py"):
        rel = path.relative_to(EXTRACT).with_suffix("")
        parts = [p for p in rel.parts if p != "__init__"]
        out[".".join(parts)] = parts[0] if len(rel.parts) > 1 else ""
    return out


def _rank(unit: str) -> int:
    return LAYERS.index(unit) if unit else len(LAYERS)


def _imports(path) -> list[tuple[str, bool]]:
    """The `extractor.extract` modules a file imports, each with whether the import
    is at module level (not inside a function, a class or `if TYPE_CHECKING`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(n) for n in tree.body}
    modules = _modules()
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: relative import"
            names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            names = [a.name for a in node.names]
        for name in names:
            if name.startswith("extractor.extract.") and name[18:] in modules:
                out.append((name[18:], id(node) in top))
    return out


def _path(name: str):
    path = EXTRACT.joinpath(*name.split(".")) if name else EXTRACT
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _graph() -> dict[str, set[str]]:
    return {name: {m for m, top in _imports(_path(name)) if top and m != name}
            for name in _modules()}


def test_every_module_is_in_a_known_sub_package():
    units = set(_modules().values()) - {""}
    assert units == set(LAYERS), "a new sub-package needs its place in LAYERS"


def test_sub_packages_import_one_way():
    modules = _modules()
    wrong = []
    for name, unit in modules.items():
        for target, top in _imports(_path(name)):
            target_unit = modules[target]
            if target_unit == unit or _rank(target_unit) < _rank(unit):
                continue
            if not top and (name, target) in LAZY_UPWARD:
                continue
            wrong.append((name, target, "module level" if top else "in a function"))
    assert not wrong, wrong


def test_no_module_imports_in_a_cycle():
    graph, state, cycle = _graph(), {}, []

    def visit(node, stack):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:  # on the path being walked: a cycle
                cycle.append(stack[stack.index(nxt):] + [nxt])
            elif not state.get(nxt):
                visit(nxt, stack + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if not state.get(node):
            visit(node, [node])
    assert not cycle, cycle


@pytest.mark.parametrize("package", LAYERS)
def test_each_sub_package_has_a_face(package):
    """A docstring saying what it decides; its exports resolve, and none hides a module."""
    face = importlib.import_module(f"extractor.extract.{package}")
    assert face.__doc__ and len(face.__doc__.split()) > 20
    submodules = {p.stem for p in (EXTRACT / package).glob("*.py")}
    for name in getattr(face, "__all__", ()):
        assert name not in submodules, (package, name)
        assert getattr(face, name) is not None, (package, name)


def test_no_new_module_over_400_lines():
    over = {name for name in _modules()
            if len(_path(name).read_text(encoding="utf-8").splitlines()) > 400}
    assert over <= set(OVERSIZED), sorted(over - set(OVERSIZED))
