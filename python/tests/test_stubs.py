"""The type stubs (lud64/*.pyi) match the module: every public name a stub
declares exists in the module with the same parameters, and every public name
of the module (functions, classes, their methods and properties) is in its
stub. The parameters of compiled functions are read from the signature
pybind11 writes first in each docstring, or from __text_signature__; no
docstring or signature names a C++ type."""
import ast
import importlib
import inspect
import pathlib
import re
import types

import pytest

import lud64

PACKAGE = pathlib.Path(lud64.__file__).parent
STUBS = sorted(PACKAGE.glob("*.pyi"))
# Dunder methods a stub must declare when the class defines them.
DUNDERS = {"__init__", "__call__", "__len__", "__getitem__", "__contains__", "__iter__"}
ATTRIBUTE = "attribute"
REEXPORT = "re-export"  # checked in the stub of the module it comes from


def module_of(stub):
    return lud64 if stub.stem == "__init__" else importlib.import_module(f"lud64.{stub.stem}")


def stub_parameters(node):
    arguments = node.args
    names = [a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs]
    if arguments.vararg:
        names.append("*" + arguments.vararg.arg)
    return tuple(n for n in names if n not in ("self", "cls"))


def read_stub(stub):
    """({name: set of parameter tuples, None for a value, ATTRIBUTE for an
    annotated name or REEXPORT}, {class: that of its members}) of a stub. A class's annotated
    names may be attributes of its instances alone."""
    tree = ast.parse(stub.read_text())
    names, classes = {}, {}

    def collect(body, table):
        for node in body:
            if isinstance(node, ast.FunctionDef):
                table.setdefault(node.name, set()).add(stub_parameters(node))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                table[node.target.id] = ATTRIBUTE
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    table[target.id] = None
            elif isinstance(node, ast.ImportFrom):  # `import x as x` re-exports x
                for alias in node.names:
                    if alias.asname == alias.name:
                        table[alias.name] = REEXPORT
            elif isinstance(node, ast.ClassDef):
                table[node.name] = None
                collect(node.body, classes.setdefault(node.name, {}))
    collect(tree.body, names)
    return names, classes


def split_top_level(text):
    parts, depth, current = [], 0, ""
    for char in text:
        depth += char in "([{" and 1 or char in ")]}" and -1 or 0
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return parts + [current] if current.strip() else parts


def runtime_parameters(name, obj):
    """The set of parameter-name tuples of a callable (one per overload)."""
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    if isinstance(obj, (types.FunctionType, types.MethodType)) or (
            getattr(obj, "__text_signature__", None)):
        parameters = inspect.signature(obj).parameters.values()
        return {tuple(("*" + p.name) if p.kind == p.VAR_POSITIONAL else p.name
                      for p in parameters if p.name not in ("self", "cls"))}
    doc = obj.__doc__ or ""
    signatures = re.findall(rf"^(?:\d+\. )?{re.escape(name)}\((.*)\) ->", doc, re.MULTILINE)
    assert signatures, f"{name}: no signature in its docstring: {doc[:200]!r}"
    found = set()
    for signature in signatures:
        names = [part.split(":")[0].split("=")[0].strip() for part in split_top_level(signature)]
        found.add(tuple(n for n in names if n not in ("self", "*", "/")))
    return found


def public_members(cls):
    """The public names of a class, and its dunders of DUNDERS (not the slot
    wrappers of a compiled class's defaults: Position() only raises)."""
    return {name for name, member in vars(cls).items()
            if (not name.startswith("_") or name in DUNDERS)
            and not isinstance(member, types.WrapperDescriptorType)}


def check_callable(where, name, obj, declared):
    if declared == REEXPORT:
        return
    if declared in (None, ATTRIBUTE):
        assert not callable(obj) or isinstance(obj, type) or isinstance(obj, property), \
            f"{where}{name}: a function, declared as a value"
        return
    assert callable(obj), f"{where}{name}: declared as a function, is {type(obj).__name__}"
    assert runtime_parameters(name, obj) == declared, f"{where}{name}: parameters differ"


@pytest.mark.parametrize("stub", STUBS, ids=[s.stem for s in STUBS])
def test_stub_matches_the_module(stub):
    module = module_of(stub)
    names, classes = read_stub(stub)
    for name, declared in names.items():
        if name.startswith("_") and not hasattr(module, name):
            continue  # a private alias of the stub's own (a type)
        assert hasattr(module, name), f"{stub.name}: {name} is not in {module.__name__}"
        check_callable(f"{module.__name__}.", name, getattr(module, name), declared)
    defined = {name for name, obj in vars(module).items() if not name.startswith("_")
               and not isinstance(obj, types.ModuleType)
               and (module is lud64 or getattr(obj, "__module__", module.__name__)
                    in (module.__name__, "lud64"))}
    assert defined <= set(names), f"{stub.name} lacks {sorted(defined - set(names))}"
    for class_name, members in classes.items():
        cls = getattr(module, class_name)
        missing = public_members(cls) - set(members)
        assert not missing, f"{stub.name}: {class_name} lacks {sorted(missing)}"
        for name, declared in members.items():
            if declared == ATTRIBUTE:
                continue  # an attribute, perhaps of instances alone
            assert hasattr(cls, name), f"{stub.name}: {class_name}.{name} does not exist"
            obj = inspect.getattr_static(cls, name)
            if isinstance(obj, property) or declared is None:
                continue  # a property (declared with @property) or a class attribute
            check_callable(f"{class_name}.", name, obj, declared)


def test_every_public_module_has_a_stub():
    stems = {stub.stem for stub in STUBS}
    sources = {path.stem for path in PACKAGE.glob("*.py")} | {"_core"}
    assert sources - {"_version"} <= stems


def test_no_docstring_names_a_cpp_type():
    seen = set()

    def visit(obj):
        if id(obj) in seen:
            return
        seen.add(id(obj))
        doc = getattr(obj, "__doc__", None) or ""
        assert "::" not in doc, f"{getattr(obj, '__qualname__', obj)}: {doc[:300]}"
        if isinstance(obj, (type, types.ModuleType)):
            for name, member in vars(obj).items():
                if not name.startswith("__") and (isinstance(member, type) or callable(member)
                                                  or isinstance(member, property)):
                    visit(member)
    for module in (lud64, lud64._core):
        visit(module)
