"""Checking a public API method's arguments against its annotations, in one place.

``@checked`` reads the method's own type hints once (on its first call) and refuses an
argument of the wrong type with the API's usual error: ``ActionError`` naming the field and
what is allowed ("players: give a whole number, not True"), before anything is read or
written. A string where a list of names is wanted is refused (it would be read as one name
per letter), and ``True`` is not a whole number. The hints are the documentation: the
decorator travels with each method wherever the API's modules are split.

Understood hints: ``Any``, ``str``, ``int``, ``bool``, ``float``, ``None``, unions (``X |
None``), ``Sequence[X]``, ``list[X]``, ``tuple[X, ...]``, ``dict[K, V]``, ``Path`` (also
given as a string) and any class (``isinstance``). A hint that cannot be resolved at run
time (a name imported only for type checking) is not checked.
"""

from __future__ import annotations

import collections.abc
import functools
import inspect
import os
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_NO_CHECK = object()  # a hint that could not be resolved


def checked(func: F) -> F:
    """Refuse arguments whose type does not match ``func``'s annotations (ActionError)."""
    signature: inspect.Signature | None = None  # read on the first call (start-up time)
    hints: dict[str, Any] = {}

    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        nonlocal signature, hints
        if signature is None:
            read = inspect.signature(func)
            hints = _hints(func, read)
            signature = read  # last: another thread sees both or neither
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as err:
            raise _refusal(func.__name__, f"{func.__name__}: {err}") from None
        for name, value in bound.arguments.items():
            hint = hints.get(name, _NO_CHECK)
            if hint is _NO_CHECK:
                continue
            problem = _problem(value, hint)
            if problem:
                raise _refusal(name, f"{name}: give {problem}, not {_shown(value)}")
        return func(*args, **kwargs)

    return run  # type: ignore[return-value]


def _hints(func: Callable[..., Any], signature: inspect.Signature) -> dict[str, Any]:
    """Each checkable parameter's hint, evaluated in the function's module."""
    space = dict(vars(inspect.getmodule(func)))
    space.update({"Any": Any, "Path": Path})
    out: dict[str, Any] = {}
    for name, param in signature.parameters.items():
        if name == "self" or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        annotation = param.annotation
        if annotation is param.empty:
            continue
        if isinstance(annotation, str):
            try:
                annotation = eval(annotation, space)  # the module's own names, as mypy reads them
            except Exception:
                annotation = _NO_CHECK
        out[name] = annotation
    return out


def _problem(value: Any, hint: Any) -> str | None:
    """What ``hint`` allows, when ``value`` does not fit it; None when it fits."""
    return None if _fits(value, hint) else _allowed(hint)


def _fits(value: Any, hint: Any) -> bool:
    if hint is Any or hint is _NO_CHECK or hint is object:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return any(_fits(value, member) for member in typing.get_args(hint))
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is Path:
        return isinstance(value, str | os.PathLike)
    args = typing.get_args(hint)
    if origin in (collections.abc.Sequence, list, tuple):
        kind = {list: list, tuple: tuple}.get(origin, collections.abc.Sequence)
        if not isinstance(value, kind) or isinstance(value, str | bytes):
            return False
        item = args[0] if args else Any
        return all(_fits(v, item) for v in value)
    if origin in (dict, collections.abc.Mapping):
        if not isinstance(value, collections.abc.Mapping):
            return False
        key = args[0] if args else Any
        return all(_fits(k, key) for k in value)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # a hint this checker does not read: the method checks it itself


_WORDS = {str: "text", int: "a whole number", bool: "true or false", float: "a number",
          Path: "a folder path"}


def _allowed(hint: Any) -> str:
    if hint is None or hint is type(None):
        return "nothing (None)"
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return " or ".join(_allowed(m) for m in typing.get_args(hint))
    args = typing.get_args(hint)
    if origin in (collections.abc.Sequence, list, tuple):
        item = _allowed(args[0]) if args and args[0] is not Any else "values"
        return f"a list of {item.removeprefix('a ')} (not one string)"
    if origin in (dict, collections.abc.Mapping):
        return "an object of names and values (a dict)"
    if hint in _WORDS:
        return _WORDS[hint]
    return getattr(hint, "__name__", str(hint))


def _shown(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text[:40]}{'…' if len(text) > 40 else ''}"


def _refusal(field: str, message: str) -> Exception:
    from trackers.engine import ActionError  # the API's usual error (loads with the rules)

    return ActionError(message, field)
