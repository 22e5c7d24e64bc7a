"""The libdevice math lowering and the fp conversions: every libdevice function named exists, each
math op of the table has a lowering, the fp8 conversions' refusals name the target, and f8E5M2
converts before sm_89 without fp8 instructions."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import ModuleOp

from ttc.conversion.tritongpu_to_llvm.math_libdevice import FAST_LIBDEVICE, LIBDEVICE, MULHI
from ttc.conversion.tritongpu_to_llvm.registry import lowering_for
from ttc.dialects.upstream import llvm
from ttc.ir.errors import TtcError
from ttc.pipelines.registry import get_pass
from ttc.targets.nvidia.libdevice import find_libdevice
from ttc_parse import parse_module


def test_every_libdevice_function_exists() -> None:
    assert set(FAST_LIBDEVICE) <= set(LIBDEVICE)
    try:
        path = find_libdevice(None)
    except TtcError:
        pytest.skip("no libdevice on this machine")
    from llvmlite import binding

    defined = {f.name for f in binding.parse_bitcode(path.read_bytes()).functions}
    named = {name for pair in LIBDEVICE.values() for name in pair}
    named |= set(FAST_LIBDEVICE.values()) | set(MULHI.values())
    assert named <= defined, sorted(named - defined)


@pytest.mark.parametrize("op", sorted(LIBDEVICE))
def test_every_libdevice_op_has_a_lowering(op: str) -> None:
    assert lowering_for(op) is not None


CONVERT = """
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%x: SRC) {
    %0 = tt.fp_to_fp %x, rounding = rtne : SRC -> DST
    tt.return
  }
}
"""


def lower(src: str, dst: str, cc: int) -> ModuleOp:
    module = parse_module(CONVERT.replace("SRC", src).replace("DST", dst), "k.mlir")
    cls = get_pass("convert-triton-gpu-to-llvm")
    assert cls is not None
    cls(compute_capability=cc, ptx_version=87).apply(None, module)  # type: ignore[arg-type,call-arg]
    return module


@pytest.mark.parametrize(("src", "dst"), [("f16", "f8E4M3FN"), ("bf16", "f8E4M3FN"),
                                          ("f8E4M3FN", "f32")])
def test_fp8_needs_sm89(src: str, dst: str) -> None:
    for cc in (89, 90):
        lower(src, dst, cc)
    for cc in (80, 86):
        with pytest.raises(TtcError) as error:
            lower(src, dst, cc)
        assert error.value.message == (
            f"cannot lower 'tt.fp_to_fp' for cuda:{cc}: converting {src} to {dst} needs the fp8 "
            "cvt instructions of sm_89 and newer")
        assert error.value.location is not None and error.value.location.line == 4


@pytest.mark.parametrize(("src", "dst"), [("f32", "f8E5M2"), ("f16", "f8E5M2"),
                                          ("bf16", "f8E5M2"), ("f8E5M2", "f16"), ("f8E5M2", "f32"),
                                          ("f8E5M2", "bf16")])
def test_e5m2_converts_before_sm89_without_fp8_instructions(src: str, dst: str) -> None:
    for cc in (80, 86):
        module = lower(src, dst, cc)
        ops = {type(op) for op in module.walk()}
        asm = [str(op.properties.get("asm_string")) for op in module.walk()
               if isinstance(op, llvm.InlineAsmOp)]
        assert not any("e5m2" in text for text in asm), asm
        # To fp8: the f16's bits rounded and cut; from fp8: the bytes spread into f16s.
        assert (llvm.TruncOp if dst == "f8E5M2" else llvm.ShuffleVectorOp) in ops
