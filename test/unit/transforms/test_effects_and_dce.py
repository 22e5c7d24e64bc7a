"""Per-class answers for traits and memory effects, and region DCE's live set.

`ttc.ir.traits.has_trait` and `ttc.transforms.utils.memory_effects` answer once per op class;
they must agree with xDSL's per-op answers for every op. `region_dce` computes in one walk the
live set that xDSL's sweeping `region_dce` reaches, and must erase exactly the same ops.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, UnregisteredOp
from xdsl.traits import ConstantLike, IsolatedFromAbove, IsTerminator, get_effects
from xdsl.transforms.dead_code_elimination import region_dce as xdsl_region_dce

from ttc.dialects.context import make_context
from ttc.ir.printer import print_module
from ttc.ir.traits import has_trait
from ttc.transforms.patterns.greedy import region_dce
from ttc.transforms.utils import memory_effects
from ttc_parse import parse_module

KERNEL = """
module {
  tt.func public @k(%p: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %unused = arith.addi %n, %c1 : i32
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %a = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %x = tt.load %a : tensor<128x!tt.ptr<f32>>
    %dead_load = tt.load %a : tensor<128x!tt.ptr<f32>>
    %loop:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x, %cycle = %c0) -> (tensor<128xf32>, i32) : i32 {
      %y = arith.addf %acc, %acc : tensor<128xf32>
      %next = arith.addi %cycle, %c1 : i32
      tt.store %a, %y : tensor<128x!tt.ptr<f32>>
      scf.yield %y, %next : tensor<128xf32>, i32
    }
    %idle:1 = scf.for %i = %c0 to %n step %c1 iter_args(%v = %c0) -> (i32) : i32 {
      %w = arith.muli %v, %v : i32
      scf.yield %w : i32
    }
    tt.return
  }
}
"""


def _module() -> ModuleOp:
    return parse_module(KERNEL, "k.ttir", ctx=make_context())


def test_class_answers_match_xdsl_for_every_op() -> None:
    for op in _module().walk():
        for trait in (ConstantLike, IsTerminator, IsolatedFromAbove):
            assert has_trait(op, trait) == op.has_trait(trait), (op.name, trait)
        assert memory_effects(op) == get_effects(op), op.name


def test_unregistered_ops_answer_as_asked() -> None:
    op = UnregisteredOp.with_name("mystery.op").create()
    assert has_trait(op, IsTerminator, value_if_unregistered=False) is False
    assert has_trait(op, IsTerminator, value_if_unregistered=True) is True


def test_region_dce_erases_what_xdsl_erases() -> None:
    ours, theirs = _module(), _module()
    assert region_dce(ours.body) is True
    assert xdsl_region_dce(theirs.body) is True
    assert print_module(ours) == print_module(theirs)
    text = print_module(ours)
    assert "%unused" not in text and "arith.muli" not in text  # dead, and a dead loop
    assert text.count("tt.load") == 1 and "tt.store" in text


def test_region_dce_reports_no_change_on_live_code() -> None:
    module = _module()
    region_dce(module.body)
    assert region_dce(module.body) is False
