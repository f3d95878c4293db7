"""The project's code uses only the public APIs of Django, Wagtail and their companions.

A framework's private name may change in any release without warning. This reads the
source of the apps, bench/ and scripts/ with `ast` and reports, as file:line and name:

- reading `obj._name` (or `getattr(obj, "_name")`) where the project defines no `_name`;
- overriding a private hook or setting a private attribute of a framework's (in a class
  built on a framework class, or on any object);
- a string naming a framework's private attribute (`request.__dict__["_wagtail_site"]`),
  and any framework attribute read or set through an object's `__dict__`;
- importing a private name or module of a framework, or naming one in a dotted path.
"""

import ast
import importlib.util
import re
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
SOURCES = [
    "api",
    "core",
    "catalogue",
    "rulings",
    "guides",
    "pages",
    "rulesage",
    "devtools",
    "bench",
    "scripts",
]
# Django, Wagtail and the packages they bring that the project builds on.
FRAMEWORKS = [
    "django",
    "wagtail",
    "modelsearch",
    "modelcluster",
    "taggit",
    "modeltranslation",
    "treebeard",
    "django_tasks",
    "csp",
    "axes",
    "permissionedforms",
    "laces",
    "wagtail_modeltranslation",
    "rest_framework",
    "drf_spectacular",
    "corsheaders",
]
# Underscore names documented as public: Django's Model _meta, _default_manager,
# _base_manager and _state; a revisable Wagtail snippet's _revisions; Python's os._exit
# and a named tuple's _replace.
DOCUMENTED = {
    "_meta",
    "_default_manager",
    "_base_manager",
    "_state",
    "_revisions",
    "_exit",
    "_replace",
}
ATTRIBUTE_CALLS = {"getattr", "hasattr", "delattr"}
IDENTIFIER = re.compile(r"^[A-Za-z_]\w*$")
DOTTED_PATH = re.compile(rf"^(?:{'|'.join(FRAMEWORKS)})(?:\.\w+)+$")

# The frameworks' sources are read once, on one worker (`make test`'s --dist loadgroup).
pytestmark = pytest.mark.xdist_group("public_apis")


def undocumented_private(name):
    dunder = name.startswith("__") and name.endswith("__")
    return name.startswith("_") and not dunder and name not in DOCUMENTED


@cache
def project_sources():
    return {
        path: ast.parse(path.read_text(), str(path))
        for directory in SOURCES
        for path in sorted((ROOT / directory).rglob("*.py"))
    }


def outside_functions(node):
    for child in ast.iter_child_nodes(node):
        yield child
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield from outside_functions(child)


def constant_name(call):
    """`"_name"` in `getattr(obj, "_name", …)`, `setattr(…)`, `hasattr(…)`, `delattr(…)`."""
    if (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and len(call.args) >= 2
        and isinstance(call.args[1], ast.Constant)
        and isinstance(call.args[1].value, str)
    ):
        return call.func.id, call.args[1].value
    return None, None


def attribute_names(trees):
    """Every name the given modules make an attribute of something (module-level names,
    classes, methods, attributes set, import aliases), not parameters or local variables."""
    names = set()
    for tree in trees:
        for node in outside_functions(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.split(".")[0])
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del):
                names.add(node.attr)
            elif constant_name(node)[0] == "setattr":
                names.add(constant_name(node)[1])
    return names


def imported(tree):
    """{local name: dotted path it was imported from} for a module."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                found[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                found[alias.asname or alias.name.split(".")[0]] = (
                    alias.name if alias.asname else alias.name.split(".")[0]
                )
    return found


def is_framework(dotted):
    return bool(dotted) and dotted.split(".")[0] in FRAMEWORKS


def origin(expression, imports):
    """Where a base class expression (`models.Model`, `Page`) comes from, if imported."""
    while isinstance(expression, ast.Attribute):
        expression = expression.value
    return imports.get(expression.id) if isinstance(expression, ast.Name) else None


def last_name(expression):
    if isinstance(expression, ast.Attribute):
        return expression.attr
    return expression.id if isinstance(expression, ast.Name) else None


def body_members(cls):
    """{name: line} of the methods and class attributes a class body defines."""
    members = {}
    for statement in cls.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            members[statement.name] = statement.lineno
        elif isinstance(statement, ast.Assign | ast.AnnAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        members[node.id] = node.lineno
    return members


def class_members(cls):
    """{name: line} of what a class defines: methods, class attributes, and attributes
    its methods set on `self` or `cls`."""
    members = body_members(cls)
    for node in ast.walk(cls):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id in {"self", "cls"}
        ):
            members.setdefault(node.attr, node.lineno)
    return members


def project_classes(sources):
    """{class name: [(path, bases, imports, members)]} of the project's classes."""
    classes = {}
    for path, tree in sources.items():
        imports = imported(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, []).append(
                    (path, node.bases, imports, class_members(node))
                )
    return classes


def framework_built(classes):
    """{class name: the project classes (mixins included) whose members end up in it} for
    each class built on a framework class."""

    def ancestry(name, seen):
        """(whether `name` rests on a framework class, the project classes it includes)."""
        if name in seen:
            return False, set()
        seen = seen | {name}
        on_framework, included = False, {name}
        for _path, bases, imports, _members in classes[name]:
            for base in bases:
                if is_framework(origin(base, imports)):
                    on_framework = True
                elif last_name(base) in classes:
                    base_on_framework, base_included = ancestry(last_name(base), seen)
                    on_framework |= base_on_framework
                    included |= base_included
        return on_framework, included

    built = {}
    for name in classes:
        on_framework, included = ancestry(name, frozenset())
        if on_framework:
            built[name] = included
    return built


@cache
def framework_attribute_names():
    """Every name a framework makes an attribute (method, class attribute, attribute set
    anywhere), read once. Their own tests and migrations are left out: a name only a
    framework's test suite sets is no part of the framework."""
    found = set()
    for package in FRAMEWORKS:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            continue
        for location in spec.submodule_search_locations:
            for path in Path(location).rglob("*.py"):
                if {"tests", "migrations"} & set(path.relative_to(location).parts):
                    continue
                try:
                    tree = ast.parse(path.read_text(errors="replace"))
                except SyntaxError:
                    continue
                found |= object_attribute_names(tree)
    return frozenset(found)


def object_attribute_names(tree):
    """The names a module makes attributes of its classes or of other objects (not its own
    module-level names)."""
    names = set()
    for node in ast.walk(tree):
        # What methods set on `self` or `cls` is among the attributes set below.
        if isinstance(node, ast.ClassDef):
            names |= set(body_members(node))
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif constant_name(node)[0] == "setattr":
            names.add(constant_name(node)[1])
    return names


def private_imports(tree):
    """(line, what) for each private framework module or name imported or named."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and is_framework(node.module) and not node.level:
            paths = [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            paths = [alias.name for alias in node.names if is_framework(alias.name)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            paths = [node.value] if DOTTED_PATH.match(node.value) else []
        else:
            continue
        found += [
            (node.lineno, path)
            for path in paths
            if any(undocumented_private(part) for part in path.split("."))
        ]
    return found


def shadowing_candidates(sources, classes, built):
    """{name: [(path, line, what)]} of the private names the project sets or defines where
    they could be a framework's: members of classes built on one, attributes set on
    anything other than `self` or `cls`."""
    candidates = {}

    def add(name, path, line, what):
        if undocumented_private(name):
            candidates.setdefault(name, []).append((path, line, what))

    for class_name, included in built.items():
        for name in included:
            for path, _bases, _imports, members in classes[name]:
                for member, line in members.items():
                    what = f"{class_name} overrides a framework's private {member}"
                    add(member, path, line, what)
    for path, tree in sources.items():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and not (isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"})
            ):
                add(node.attr, path, node.lineno, f"sets a framework's private {node.attr}")
            function, name = constant_name(node)
            if function == "setattr":
                add(name, path, node.lineno, f"sets a framework's private {name}")
    return candidates


def dict_keys(tree):
    """(line, key) for each constant key of an object's `__dict__` read or written:
    `obj.__dict__["k"]`, `obj.__dict__.get("k", …)` (any method), `"k" in obj.__dict__`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript):
            target, key = node.value, node.slice
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            target, key = node.func.value, node.args[0]
        elif isinstance(node, ast.Compare) and len(node.comparators) == 1:
            target, key = node.comparators[0], node.left
        else:
            continue
        if (
            isinstance(target, ast.Attribute)
            and target.attr == "__dict__"
            and isinstance(key, ast.Constant)
            and isinstance(key.value, str)
        ):
            yield node.lineno, key.value


def named_attributes(sources):
    """{name: [(path, line, what)]} of attribute names spelled as strings: private names in
    any string but getattr()'s and its kin's (checked as reads and sets), and any key of an
    object's `__dict__` (a framework's cached value, read or set behind its back)."""
    candidates = {}
    for path, tree in sources.items():
        called = {
            id(node.args[1])
            for node in ast.walk(tree)
            if constant_name(node)[0] in {*ATTRIBUTE_CALLS, "setattr"}
        }
        for line, key in dict_keys(tree):
            candidates.setdefault(key, []).append(
                (path, line, f"uses a framework's {key} through __dict__")
            )
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and IDENTIFIER.match(node.value)
                and undocumented_private(node.value)
                and id(node) not in called
            ):
                candidates.setdefault(node.value, []).append(
                    (path, node.lineno, f"names a framework's private {node.value}")
                )
    return candidates


def findings(sources):
    """'path:line: what' for each use of a framework's private name in `sources`."""
    defined = attribute_names(sources.values())
    classes = project_classes(sources)
    candidates = shadowing_candidates(sources, classes, framework_built(classes))
    strings = named_attributes(sources)
    framework_names = framework_attribute_names()
    found = {
        finding
        for kind in (candidates, strings)
        for name in framework_names & kind.keys()
        for finding in kind[name]
    }
    for path, tree in sources.items():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Load)
                and undocumented_private(node.attr)
                and node.attr not in defined
            ):
                found.add((path, node.lineno, f"reads {node.attr}: {ast.unparse(node)}"))
            function, name = constant_name(node)
            if function in ATTRIBUTE_CALLS and undocumented_private(name) and name not in defined:
                found.add((path, node.lineno, f"reads {name}: {function}(…, {name!r})"))
        found |= {
            (path, line, f"imports a framework's private {dotted}")
            for line, dotted in private_imports(tree)
        }
    return [
        f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{line}: {what}"
        for path, line, what in sorted(found)
    ]


@cache
def project_findings():
    return findings(project_sources())


# The private names used where a framework has no public way, each by one function, with
# the decision record saying why: {name: (module, function, record)}.
DECIDED = {
    "_wagtail_site": ("core/pages.py", "remembered_site", "docs/decisions/site-lookup.md"),
}


def decided(finding):
    path, _line, what = finding.split(":", 2)
    return any(
        path == module and what.endswith(f" {name}") for name, (module, _f, _r) in DECIDED.items()
    )


@pytest.mark.parametrize("directory", SOURCES)
def test_code_uses_framework_public_apis_only(directory):
    found = [
        line
        for line in project_findings()
        if line.startswith(f"{directory}/") and not decided(line)
    ]
    assert not found, "Private names of a framework in use:\n" + "\n".join(found)


@pytest.mark.parametrize("name", DECIDED)
def test_a_decided_private_name_is_used_by_its_one_function(name):
    module, function, record = DECIDED[name]
    uses = [line for line in project_findings() if line.split(":", 2)[2].endswith(f" {name}")]
    assert uses and all(line.startswith(f"{module}:") for line in uses), uses
    tree = project_sources()[ROOT / module]
    (found,) = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == function
    ]
    lines = {int(line.split(":")[1]) for line in uses}
    assert all(found.lineno <= line <= found.end_lineno for line in lines), (function, uses)
    assert function in (ROOT / record).read_text()


ROGUE = """
from django import forms
from django.http import HttpResponse
from django.utils.log import _log_level
import wagtail.admin._internal
from core.forms import TranslatablePageForm


class Mixin:
    def _post_clean(self):
        super()._post_clean()


class Form(Mixin, TranslatablePageForm):
    def _mine(self):
        self._kept = 1
        return self._kept


def respond(request):
    response = HttpResponse()
    response._has_been_logged = True
    setattr(response, "_has_been_logged", True)
    return request._messages, getattr(request, "_cached_user", None), Form()._mine()


BACKEND = "django.core.cache.backends.redis._private"


def site(request, page):
    request.__dict__["_wagtail_site"] = None
    return page.__dict__.get("specific"), "specific" in page.__dict__, page.__dict__["mine"]
"""


def test_the_check_sees_each_kind_of_private_use(tmp_path):
    rogue = tmp_path / "rogue.py"
    sources = {**project_sources(), rogue: ast.parse(ROGUE)}
    assert [line for line in findings(sources) if line.startswith(str(rogue))] == [
        f"{rogue}:4: imports a framework's private django.utils.log._log_level",
        f"{rogue}:5: imports a framework's private wagtail.admin._internal",
        f"{rogue}:10: Form overrides a framework's private _post_clean",
        f"{rogue}:22: sets a framework's private _has_been_logged",
        f"{rogue}:23: sets a framework's private _has_been_logged",
        f"{rogue}:24: reads _cached_user: getattr(…, '_cached_user')",
        f"{rogue}:24: reads _messages: request._messages",
        f"{rogue}:27: imports a framework's private django.core.cache.backends.redis._private",
        f"{rogue}:31: names a framework's private _wagtail_site",
        f"{rogue}:31: uses a framework's _wagtail_site through __dict__",
        f"{rogue}:32: uses a framework's specific through __dict__",
    ]


# Functions a framework keeps for its own use though their names carry no underscore: in
# no documentation nor docstring, they may change as freely as a private name.
UNDOCUMENTED = {"serve_chain"}


def test_code_calls_no_undocumented_framework_function():
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}: {name}"
        for path, tree in project_sources().items()
        for node in ast.walk(tree)
        for name in (
            [node.attr]
            if isinstance(node, ast.Attribute)
            else [alias.name for alias in node.names]
            if isinstance(node, ast.ImportFrom)
            else []
        )
        if name in UNDOCUMENTED
    ]
    assert not found, "Undocumented framework functions in use:\n" + "\n".join(found)
