"""The pass registry's table against the code: every pass module imported, every pass listed."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from ttc.pipelines.grammar import PassSpec, PipelineError, build_pass
from ttc.pipelines.pass_base import TtcPass
from ttc.pipelines.registry import PASS_PACKAGES, PASSES, all_passes, get_pass


def _defined_passes() -> list[type[TtcPass]]:
    """Every TtcPass subclass with a flag of its own defined under the pass packages, found by
    importing each of their modules."""
    for package_name in PASS_PACKAGES:
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            importlib.import_module(info.name)
    found: list[type[TtcPass]] = []
    pending = list(TtcPass.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if "name" in cls.__dict__ and cls.__module__.startswith(
                tuple(package + "." for package in PASS_PACKAGES)):
            found.append(cls)
    return found


def test_the_table_lists_exactly_the_passes_the_packages_define() -> None:
    defined = _defined_passes()
    flags = [cls.name for cls in defined]
    assert len(flags) == len(set(flags)), "two pass classes have one flag"
    assert PASSES == {cls.name: (cls.__module__, cls.__qualname__)
                      for cls in sorted(defined, key=lambda cls: cls.name)}


def test_the_table_is_sorted_by_flag() -> None:
    assert list(PASSES) == sorted(PASSES)


def test_all_passes_gives_each_class_by_flag() -> None:
    passes = all_passes()
    assert list(passes) == list(PASSES)
    for name, cls in passes.items():
        assert cls.name == name
        assert get_pass(name) is cls


def test_an_unknown_flag_has_no_pass() -> None:
    assert get_pass("no-such-pass") is None
    with pytest.raises(PipelineError, match="unknown pass 'canonicalise'; did you mean "
                                            "'canonicalize'"):
        build_pass(PassSpec("canonicalise"))
