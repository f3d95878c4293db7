"""No module of the project imports, directly or through others, a module that imports it.

lint-imports checks that apps import only downwards; within an app, a circle (models
importing forms importing publishing importing models) is hidden by imports written
inside functions. This reads every import, those inside functions too.
"""

import ast
from pathlib import Path

from django.conf import settings

APPS = ["core", "rulings", "guides", "pages", "rulesage", "devtools"]


def module_name(path, root):
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root):
    """{module: {project modules it imports}} for the apps under `root`."""
    files = {
        module_name(path, root): path
        for app in APPS
        for path in (root / app).rglob("*.py")
        if "migrations" not in path.parts
    }
    graph = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            targets = []
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            found.update(t for t in targets if t in files and t != name)
        graph[name] = found
    return graph


def circles(graph):
    """The groups of modules that reach each other (Tarjan's strongly connected parts)."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return groups


def test_no_module_imports_itself_round_a_circle():
    assert circles(import_graph(Path(settings.BASE_DIR))) == []


def test_the_check_sees_a_circle_made_inside_a_function(tmp_path, monkeypatch):
    app = tmp_path / "core"
    app.mkdir()
    (app / "__init__.py").write_text("")
    (app / "first.py").write_text("from .second import thing\n")
    (app / "second.py").write_text("def thing():\n    from .first import other\n")
    monkeypatch.setattr("tests.test_import_circles.APPS", ["core"])
    assert circles(import_graph(tmp_path)) == [["core.first", "core.second"]]
