"""Inline asm, print and assert lowerings: the format rules, the location walk, the packing rule,
and Triton's rotate and print kernels through the whole back end compared with Triton's LLVM IR.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from xdsl.dialects.builtin import (
    BFloat16Type,
    CallSiteLoc,
    FileLineColLoc,
    IntAttr,
    IntegerType,
    NameLoc,
    StringAttr,
    UnknownLoc,
    f16,
    f32,
    f64,
    i1,
    i8,
    i16,
    i32,
    i64,
)
from xdsl.ir import Attribute

from ttc.conversion.tritongpu_to_llvm.assertion import file_and_line
from ttc.conversion.tritongpu_to_llvm.inline_asm import elements_per_register
from ttc.conversion.tritongpu_to_llvm.printing import format_specifier, index_widths
from ttc.dialects.upstream import llvm
from ttc.ir.errors import TtcError
from ttc.targets.llvmir import emit_llvm_ir
from ttc.targets.nvidia import ptxas
from ttc.targets.nvidia.ptx import TRIPLE
from ttc_parse import parse_module

from nvidia_tools import target_ptx
from test_to_llvm import KERNELS, PTX_VERSION, lower_to_llvm

GLOBAL = llvm.LLVMPointerType(IntAttr(1))


@pytest.mark.parametrize(
    ("type", "hex", "width", "signed", "expected"),
    [
        (i32, False, None, True, "%i"),
        (i32, False, None, False, "%u"),
        (i32, False, 3, False, "%3u"),
        (i64, False, None, True, "%lli"),
        (i64, False, None, False, "%llu"),
        (i8, False, None, True, "%i"),
        (i1, False, None, False, "%u"),
        (f32, False, None, True, "%f"),
        (BFloat16Type(), False, None, False, "%f"),
        (f64, True, None, False, "%a"),
        (f16, True, None, False, "%a"),
        (i16, True, None, True, "0x%04x"),
        (i32, True, 5, False, "0x%08x"),
        (i64, True, None, False, "0x%016llx"),
        (GLOBAL, True, None, False, "%p"),
        (GLOBAL, False, None, False, "%p"),
        (llvm.LLVMStructType([i32]), False, None, False, None),
    ],
)
def test_format_specifier(
    type: Attribute, hex: bool, width: int | None, signed: bool, expected: str | None
) -> None:
    assert format_specifier(type, hex=hex, width=width, signed=signed) == expected


def test_index_widths_are_the_digits_of_the_largest_index() -> None:
    assert index_widths([32, 200, 1, 0, 1000, 1001]) == [2, 3, 0, 0, 3, 4]


def test_assert_location_walks_call_sites_and_names() -> None:
    file = FileLineColLoc(StringAttr("k.py"), IntAttr(12), IntAttr(5))
    other = FileLineColLoc(StringAttr("caller.py"), IntAttr(3), IntAttr(1))
    assert file_and_line(file) == ("k.py", 12)
    assert file_and_line(NameLoc(StringAttr("x"), file)) == ("k.py", 12)
    assert file_and_line(CallSiteLoc(NameLoc(StringAttr("f"), file), other)) == ("k.py", 12)
    assert file_and_line(UnknownLoc()) == ("unknown", 0)
    # a call site under a name is not unwrapped again (Triton's order of the two walks)
    assert file_and_line(NameLoc(StringAttr("y"), CallSiteLoc(file, other))) == ("unknown", 0)


@pytest.mark.parametrize(
    ("type", "packed", "expected"),
    [(i8, 4, 4), (i8, 2, 2), (i8, 8, 4), (i16, 4, 2), (i32, 4, 1), (i64, 2, 1), (GLOBAL, 4, 1),
     (IntegerType(1), 4, 4)],
)
def test_elements_per_register(type: Attribute, packed: int, expected: int) -> None:
    assert elements_per_register(type, packed) == expected


def _llvm_ir(kernel: str, cc: int) -> str:
    return _lowered(KERNELS / kernel / f"sm{cc}.ttgir", cc)


def _lowered(path: Path, cc: int) -> str:
    return emit_llvm_ir(lower_to_llvm(path, cc), triple=TRIPLE)


@pytest.mark.parametrize("cc", [80, 90])
def test_rotate_kernel_asm_matches_triton(cc: int) -> None:
    ir = _llvm_ir("rotate", cc)
    oracle = (KERNELS / "rotate" / f"sm{cc}.llir").read_text()
    pattern = r'call i32 asm "(shf[^"]*)", "([^"]*)"'
    ours, triton = re.findall(pattern, ir), re.findall(pattern, oracle)
    assert ours == triton == [("shf.l.wrap.b32 $0, $1, $1, $2;", "=r,r,r")] * 4
    ptx = target_ptx(ir, cc=cc, ptx_version=PTX_VERSION)
    assert ptx.count("shf.l.wrap.b32") == 4


@pytest.mark.parametrize("cc", [80, 90])
def test_print_kernel_format_and_buffer_match_triton(cc: int) -> None:
    ir = _llvm_ir("print", cc)
    oracle = (KERNELS / "print" / f"sm{cc}.llir").read_text()
    format_line = re.compile(r"^@printfFormat_0 = .*$", re.M)
    assert format_line.findall(ir) == format_line.findall(oracle)
    assert format_line.findall(ir) == [
        '@printfFormat_0 = internal constant [35 x i8] c"pid (%u, %u, %u) idx (%2u) x=: %i\\0A\\00"'
    ]
    assert "declare i32 @vprintf(ptr, ptr)" in ir
    assert "alloca { i32, i32, i32, i32, i32 }" in ir
    assert "alloca { i32, i32, i32, i32, i32 }" in oracle
    assert len(re.findall(r"call i32 @vprintf\(", ir)) == 1


def test_asm_print_assert_kernels_assemble() -> None:
    """ptxas accepts the PTX of both oracle kernels and of an assertion, for sm_80 and sm_90."""
    try:
        tool = ptxas.find_ptxas(None)
    except TtcError:
        pytest.skip("no ptxas installed")
    version = min(ptxas.ptx_version_for(ptxas.ptxas_version(tool)), 87)
    assertion = Path(__file__).parents[2] / "lit" / "compile" / "Inputs" / "asm-print-assert.ttgir"
    for cc in (80, 90):
        for ir in (_llvm_ir("rotate", cc), _llvm_ir("print", cc), _lowered(assertion, cc)):
            cubin = ptxas.ptx_to_cubin(target_ptx(ir, cc=cc, ptx_version=version), cc=cc)
            assert cubin[:4] == b"\x7fELF"


def test_passthrough_function_attributes_translate() -> None:
    module = parse_module(
        """
        module {
          llvm.func @fail(!llvm.ptr) attributes {passthrough = ["noreturn", ["probe-stack", "inline-asm"]]}
          llvm.func @f(%p: !llvm.ptr) {
            llvm.call @fail(%p) : (!llvm.ptr) -> ()
            llvm.unreachable
          }
        }
        """,
        "passthrough.mlir",
    )
    ir = emit_llvm_ir(module, triple=TRIPLE)
    assert "declare void @fail(ptr) #0" in ir
    assert 'attributes #0 = { noreturn "probe-stack"="inline-asm" }' in ir
    from llvmlite import binding

    binding.parse_assembly(ir).verify()
