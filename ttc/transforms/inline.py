"""`inline`: MLIR's inliner as Triton runs it (Triton's `TritonInlinerInterface`).

Functions are visited callees first (a depth-first post-order of the call graph, in module
order). Each is canonicalized (the inliner's default simplification pipeline), then every
`tt.call` in it whose callee is a `tt.func` of the module, not marked `noinline = true` and not
part of a call cycle, is replaced by a copy of the callee's body, with `tt.return`'s operands
standing for the call's results (a body of several blocks only where the call's region may hold
several, branching back with `cf.br`); a function that inlined anything is canonicalized again.
Finally callees left unreferenced and private are erased, as the inliner erases dead callables.
"""

from __future__ import annotations


from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, SymbolRefAttr
from xdsl.dialects.cf import BranchOp
from xdsl.ir import Block, Operation, Region
from xdsl.rewriter import InsertPoint, Rewriter

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.ops import FuncOp, ReturnOp
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns import apply_patterns
from ttc.transforms.patterns.greedy import apply_patterns_greedily
from ttc.transforms.symbol_dce import erase_dead_symbols, symbol_name
from ttc.transforms.utils import erase_op


def _calls(func: Operation) -> list[Operation]:
    return [op for op in walk(func) if isinstance(op, tt.CallOp)]


def _callee_name(call: Operation) -> str:
    callee = call.properties["callee"]
    assert isinstance(callee, SymbolRefAttr)
    return callee.root_reference.data


def _no_inline(func: Operation) -> bool:
    attr = func.attributes.get("noinline", func.properties.get("noinline"))
    return isinstance(attr, IntegerAttr) and bool(attr.value.data)


def inline_call(call: Operation, callee: Operation) -> bool:
    """Replace `call` by a copy of `callee`'s body; False when not possible.

    A one-block body goes in place of the call, `tt.return`'s operands standing for its results.
    A body of several blocks needs a region that may hold several (the call directly in a
    function, not in a loop or `if`), as MLIR's inliner asks: the caller's block is split after
    the call, the callee's blocks go between the halves, and each `tt.return` becomes a `cf.br`
    to the second half, whose arguments stand for the results.
    """
    region = callee.regions[0]
    if len(region.blocks) == 1:
        _inline_single_block(call, region)
        return True
    if not isinstance(call.parent_op(), FuncOp):
        return False
    _inline_blocks(call, region)
    return True


def _inline_single_block(call: Operation, region: Region) -> None:
    body = region.clone().blocks.first
    assert body is not None
    terminator = body.last_op
    assert terminator is not None
    Rewriter.inline_block(body, InsertPoint.before(call), list(call.operands))
    # Read the returned values only now: inlining has mapped the callee's block arguments to the
    # call's operands, so a callee returning (or folded to) an argument yields that operand.
    for old, new in zip(call.results, terminator.operands, strict=True):
        old.replace_all_uses_with(new)
    erase_op(terminator)
    erase_op(call)


def _inline_blocks(call: Operation, region: Region) -> None:
    block = call.parent_block()
    assert block is not None and block.parent is not None
    after = Block(arg_types=[r.type for r in call.results])
    block.parent.insert_block_after(after, block)
    for op in list(block.ops)[list(block.ops).index(call) + 1:]:
        op.detach()
        after.add_op(op)
    for old, new in zip(call.results, after.args, strict=True):
        old.replace_all_uses_with(new)
    body = region.clone()
    blocks = list(body.blocks)
    for inner in blocks:
        body.detach_block(inner)
        block.parent.insert_block_before(inner, after)
        if isinstance(ret := inner.last_op, ReturnOp):
            Rewriter.replace_op(ret, BranchOp(after, *ret.operands))
    entry = blocks[0]
    operands = list(call.operands)
    erase_op(call)
    Rewriter.inline_block(entry, InsertPoint.at_end(block), operands)


def _post_order(functions: dict[str, Operation]) -> list[str]:
    order: list[str] = []
    state: dict[str, str] = {}

    def visit(name: str) -> None:
        state[name] = "active"
        for call in _calls(functions[name]):
            callee = _callee_name(call)
            if callee in functions and callee not in state:
                visit(callee)
        state[name] = "done"
        order.append(name)

    for name in functions:
        if name not in state:
            visit(name)
    return order


def _recursive(functions: dict[str, Operation]) -> set[str]:
    """Functions on a call cycle (the inliner never inlines into or out of those)."""
    reach: dict[str, set[str]] = {}

    def callees(name: str) -> set[str]:
        return {c for call in _calls(functions[name]) if (c := _callee_name(call)) in functions}

    for name in functions:
        seen: set[str] = set()
        stack = list(callees(name))
        while stack:
            current = stack.pop()
            if current not in seen:
                seen.add(current)
                stack.extend(callees(current))
        reach[name] = seen
    return {name for name, seen in reach.items() if name in seen}


class InlinePass(TtcPass, name="inline", summary="Inline function calls"):
    """Inline tt.call of module functions, simplifying each function as MLIR's inliner does."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        functions = {
            name: f for f in op.body.ops if isinstance(f, tt.FuncOp) and (name := symbol_name(f))
        }
        recursive = _recursive(functions)
        for name in _post_order(functions):
            func = functions[name]
            apply_patterns_greedily(ctx, func.regions[0], apply_patterns)
            inlined = False
            for call in _calls(func):
                callee = functions.get(_callee_name(call))
                if callee is None or _no_inline(callee) or callee.regions[0].blocks.first is None:
                    continue
                if name in recursive and _callee_name(call) in recursive:
                    continue
                inlined |= inline_call(call, callee)
            if inlined:
                apply_patterns_greedily(ctx, func.regions[0], apply_patterns)
        erase_dead_symbols(op)
