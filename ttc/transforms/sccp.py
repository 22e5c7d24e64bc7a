"""`sccp`: MLIR's sparse conditional constant propagation (mlir/lib/Transforms/SCCP.cpp).

The analysis is MLIR's dead-code analysis run together with its sparse constant propagation
(mlir/lib/Analysis/DataFlow/DeadCodeAnalysis.cpp, ConstantPropagationAnalysis.cpp,
SparseAnalysis.cpp), solved to a fixed point with a worklist:

- every SSA value has a lattice state: uninitialized (not yet reached), a constant (with the
  dialect of the op that produced it), or overdefined;
- a block is executable once control can reach it: the module, the entry of every function that
  may be called from outside (public, or whose symbol has a non-call use), the entry of a private
  function once a live call reaches it, the regions a region-branch op (`scf.for`, `scf.if`,
  `scf.while`, `scf.execute_region`) may enter given its constant operands (an `scf.if` on a
  constant takes one side, `scf.condition` on a constant one way), the successors of live branches
  (`cf.cond_br` on a constant takes one edge), and the entry blocks of any other op with regions;
- an op in an executable block waits until all its operands are initialized, then is folded on
  their constants with the canonicalizer's folders (patterns/); a fold to an attribute is a
  constant, a fold to a value takes that value's state, anything else (no fold, an in-place fold,
  which is undone, an op with regions) is overdefined;
- values flow along edges: inits and yields into loop-carried arguments and results, the
  `scf.condition` operands into the `after` region or the results, branch operands into block
  arguments, call operands into a private callee's arguments and returned values into call
  results; induction variables and arguments of other regions are overdefined.

Then the IR is rewritten as MLIR's SCCP does: blocks are visited from a stack (a block's nested
regions after the block itself, the last op's regions first); each value with a constant state is
replaced by an `arith.constant` created at the start of the entry block of its closest
isolated-from-above ancestor, uniqued there (MLIR's `OperationFolder::getOrCreateConstant`, so
constants come out in the reverse order they were first needed), and an op whose results were all
replaced is erased when it would be trivially dead. Dead blocks are left for `canonicalize`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import cf, func
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.traits import CallableOpInterface, ConstantLike, IsTerminator, ReturnLike

from ttc.dialects.tt import ops as tt
from ttc.dialects.upstream import scf
from ttc.ir.traits import has_trait
from ttc.ir.values import constant_value, splat_scalar
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.patterns import IN_PLACE, fold_op
from ttc.transforms.patterns.greedy import ConstantFolder
from ttc.transforms.symbol_dce import is_private, symbol_name, symbol_refs
from ttc.transforms.utils import erase_op, would_be_trivially_dead

REGION_BRANCH_OPS = (scf.ForOp, scf.IfOp, scf.WhileOp, scf.ExecuteRegionOp)
CALL_OPS = (tt.CallOp, func.CallOp)
# Dialects whose `materializeConstant` builds an `arith.constant` (Triton's and MLIR's).
MATERIALIZING_DIALECTS = frozenset({"arith", "math", "tt"})


@dataclass(frozen=True)
class ConstantState:
    """MLIR's `ConstantValue`: a known constant, or (value None) an unknown one."""

    value: Attribute | None
    dialect: str = ""


OVERDEFINED = ConstantState(None)

# Where control goes: a region of the branch op (entered through its entry block) or, for
# None, the branch op's results; and the values that flow there.
Successor = tuple[Region | None, Sequence[SSAValue]]


def _is_callable(op: Operation) -> bool:
    return op.has_trait(CallableOpInterface, value_if_unregistered=False)


def _callee(call: Operation) -> str | None:
    attr = call.properties.get("callee", call.attributes.get("callee"))
    return attr.root_reference.data if isinstance(attr, SymbolRefAttr) else None


def _non_call_symbol_uses(root: Operation) -> set[str]:
    """Symbols referenced by `root`'s ops other than through a call's callee."""
    used: set[str] = set()
    for op in walk(root):
        items = [*op.properties.items(), *op.attributes.items()]
        for key, attr in items:
            if key == "callee" and isinstance(op, CALL_OPS):
                continue
            used.update(symbol_refs(attr))
    return used


def _as_bool(attr: Attribute | None) -> bool | None:
    """The value of an i1 constant, None when unknown."""
    if not isinstance(attr, IntegerAttr):
        return None
    return bool(splat_scalar(attr))


def _buildable(value: Attribute, type_: Attribute) -> bool:
    """`arith::ConstantOp::isBuildableWith`: a typed scalar or dense attribute of `type_`."""
    if isinstance(value, IntegerAttr):
        signless = (
            not isinstance(type_, IntegerType) or type_.signedness.data == Signedness.SIGNLESS
        )
        return value.type == type_ and signless
    if isinstance(value, FloatAttr | DenseIntOrFPElementsAttr):
        return value.type == type_
    return False


@dataclass
class ConstantSolver:
    """The fixed point of dead-code analysis and sparse constant propagation over `top`."""

    top: Operation
    states: dict[SSAValue, ConstantState] = field(default_factory=dict[SSAValue, ConstantState])
    live_blocks: set[Block] = field(default_factory=set[Block])
    _worklist: deque[Operation] = field(default_factory=deque[Operation])
    _queued: set[Operation] = field(default_factory=set[Operation])
    _functions: dict[str, Operation] = field(default_factory=dict[str, Operation])
    _unknown_callers: set[Operation] = field(default_factory=set[Operation])
    _live_calls: dict[Operation, dict[Operation, None]] = field(
        default_factory=dict[Operation, dict[Operation, None]]
    )
    _live_returns: dict[Operation, dict[Operation, None]] = field(
        default_factory=dict[Operation, dict[Operation, None]]
    )

    def solve(self) -> None:
        self._find_functions()
        for region in self.top.regions:
            if region.blocks.first is not None:
                self._mark_live(region.blocks.first)
        while self._worklist:
            op = self._worklist.popleft()
            self._queued.discard(op)
            self._visit(op)

    def state(self, value: SSAValue) -> ConstantState | None:
        """The lattice state of `value`; None while uninitialized."""
        return self.states.get(value)

    # -- set-up ---------------------------------------------------------------------------------

    def _find_functions(self) -> None:
        """The callables of `top`'s symbol table, and which of them have unknown callers."""
        body = self.top.regions[0].blocks.first if self.top.regions else None
        if body is None:
            return
        non_call_uses = _non_call_symbol_uses(self.top)
        for op in body.ops:
            name = symbol_name(op)
            if name is None or not _is_callable(op) or op.regions[0].blocks.first is None:
                continue
            self._functions[name] = op
            if not is_private(op) or name in non_call_uses:
                self._unknown_callers.add(op)

    # -- lattice and liveness updates -----------------------------------------------------------

    def _enqueue(self, op: Operation) -> None:
        if op not in self._queued:
            self._queued.add(op)
            self._worklist.append(op)

    def _join(self, value: SSAValue, incoming: ConstantState | None) -> None:
        if incoming is None:
            return
        current = self.states.get(value)
        if current is None:
            new = incoming
        elif current.value is None or current.value == incoming.value:
            return
        else:
            new = OVERDEFINED
        self.states[value] = new
        for use in value.uses:
            self._enqueue(use.operation)

    def _flow(self, targets: Sequence[SSAValue], sources: Sequence[SSAValue]) -> None:
        for target, source in zip(targets, sources, strict=True):
            self._join(target, self.states.get(source))

    def _overdefine(self, values: Sequence[SSAValue]) -> None:
        for value in values:
            self._join(value, OVERDEFINED)

    def _mark_live(self, block: Block) -> bool:
        if block in self.live_blocks:
            return False
        self.live_blocks.add(block)
        for op in block.ops:
            self._enqueue(op)
        return True

    def _operand_constants(self, op: Operation) -> list[Attribute | None] | None:
        """The constants of `op`'s operands (None where unknown); None if one is uninitialized."""
        constants: list[Attribute | None] = []
        for operand in op.operands:
            state = self.states.get(operand)
            if state is None:
                return None
            constants.append(state.value)
        return constants

    # -- transfer -------------------------------------------------------------------------------

    def _visit(self, op: Operation) -> None:
        if op.parent not in self.live_blocks:
            return
        if isinstance(op, CALL_OPS):
            self._visit_call(op)
        elif isinstance(op, REGION_BRANCH_OPS):
            self._enter_region_branch(op)
        elif _is_callable(op):
            self._enter_function(op)
        elif op.regions:
            self._enter_opaque_regions(op)
        elif has_trait(op, ConstantLike, value_if_unregistered=False) and len(op.results) == 1:
            value = constant_value(op.results[0])
            self._join(op.results[0], ConstantState(value, op.dialect_name()))
        elif op.results:
            self._fold(op)
        if has_trait(op, IsTerminator, value_if_unregistered=False):
            self._visit_terminator(op)

    def _fold(self, op: Operation) -> None:
        """MLIR's `SparseConstantPropagation::visitOperation` on an op without regions."""
        constants = self._operand_constants(op)
        if constants is None:
            return
        operands = list(op.operands)
        properties, attributes = dict(op.properties), dict(op.attributes)
        folded = fold_op(op, constants)
        if folded is None or folded is IN_PLACE:
            if folded is IN_PLACE:
                op.operands = operands
                op.properties.clear()
                op.properties.update(properties)
                op.attributes.clear()
                op.attributes.update(attributes)
            self._overdefine(op.results)
            return
        for result, item in zip(op.results, folded, strict=True):
            if isinstance(item, SSAValue):
                self._join(result, self.states.get(item))
            else:
                self._join(result, ConstantState(item, op.dialect_name()))

    def _enter_opaque_regions(self, op: Operation) -> None:
        """An op with regions it does not describe: all entry blocks live, all unknown."""
        self._overdefine(op.results)
        for region in op.regions:
            entry = region.blocks.first
            if entry is not None and self._mark_live(entry):
                self._overdefine(entry.args)

    def _enter_function(self, op: Operation) -> None:
        entry = op.regions[0].blocks.first
        if entry is None:
            return
        name = symbol_name(op)
        unknown = op in self._unknown_callers or name is None or self._functions.get(name) is not op
        if (unknown or self._live_calls.get(op)) and self._mark_live(entry) and unknown:
            self._overdefine(entry.args)

    # -- region control flow (RegionBranchOpInterface) ------------------------------------------

    def _enter_region_branch(self, op: Operation) -> None:
        constants = self._operand_constants(op)
        if constants is None:
            return
        match op.name:
            case "scf.for":
                inits = op.operands[3:]
                successors: list[Successor] = [(op.regions[0], inits), (None, inits)]
            case "scf.if":
                cond = _as_bool(constants[0])
                successors = []
                if cond is None or cond:
                    successors.append((op.regions[0], ()))
                if cond is None or not cond:
                    else_region = op.regions[1] if len(op.regions) > 1 else None
                    has_else = else_region is not None and else_region.blocks.first is not None
                    successors.append((else_region if has_else else None, ()))
            case "scf.while":
                successors = [(op.regions[0], op.operands)]
            case _:
                successors = [(op.regions[0], ())]
        self._branch_to(op, successors)

    def _region_terminator_successors(self, op: Operation, branch: Operation) -> list[Successor]:
        operands = list(op.operands)
        if isinstance(op, scf.ConditionOp):
            cond = _as_bool(self.states[operands[0]].value)
            after = branch.regions[1]
            successors: list[Successor] = []
            if cond is None or cond:
                successors.append((after, operands[1:]))
            if cond is None or not cond:
                successors.append((None, operands[1:]))
            return successors
        match branch.name:
            case "scf.for":
                return [(branch.regions[0], operands), (None, operands)]
            case "scf.while":
                return [(branch.regions[0], operands)]
            case _:
                return [(None, operands)]

    def _branch_to(self, branch: Operation, successors: Sequence[Successor]) -> None:
        for region, values in successors:
            if region is None:
                self._flow(branch.results, values)
                continue
            entry = region.blocks.first
            if entry is None:
                continue
            args = list(entry.args)
            if self._mark_live(entry) and isinstance(branch, scf.ForOp):
                self._overdefine(args[:1])
            self._flow(args[1:] if isinstance(branch, scf.ForOp) else args, values)

    # -- terminators, branches and calls --------------------------------------------------------

    def _visit_terminator(self, op: Operation) -> None:
        block = op.parent
        parent = block.parent_op() if block is not None else None
        if op.successors:
            self._visit_branch(op)
        elif parent is None:
            return
        elif isinstance(parent, REGION_BRANCH_OPS):
            if self._operand_constants(op) is not None:
                self._branch_to(parent, self._region_terminator_successors(op, parent))
        elif _is_callable(parent) and op.has_trait(ReturnLike, value_if_unregistered=False):
            self._live_returns.setdefault(parent, {})[op] = None
            for call in self._live_calls.get(parent, {}):
                self._flow(call.results, op.operands)

    def _visit_branch(self, op: Operation) -> None:
        """MLIR's `visitBranchOperation` plus the block-argument joins of live edges."""
        edges: list[tuple[Block, Sequence[SSAValue] | None]]
        if isinstance(op, cf.BranchOp):
            edges = [(op.successors[0], op.operands)]
        elif isinstance(op, cf.ConditionalBranchOp):
            cond = self.states.get(op.operands[0])
            if cond is None:
                return
            taken = _as_bool(cond.value)
            true_args = op.then_arguments  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
            false_args = op.else_arguments  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
            edges = []
            if taken is None or taken:
                edges.append((op.successors[0], list(true_args)))  # pyright: ignore[reportUnknownArgumentType]
            if taken is None or not taken:
                edges.append((op.successors[1], list(false_args)))  # pyright: ignore[reportUnknownArgumentType]
        else:
            edges = [(successor, None) for successor in op.successors]
        for target, values in edges:
            self._mark_live(target)
            if values is None:
                self._overdefine(target.args)
            else:
                self._flow(target.args, values)

    def _visit_call(self, op: Operation) -> None:
        name = _callee(op)
        callee = self._functions.get(name) if name is not None else None
        if callee is None:
            self._overdefine(op.results)
            return
        calls = self._live_calls.setdefault(callee, {})
        if op not in calls:
            calls[op] = None
            self._enqueue(callee)
        entry = callee.regions[0].blocks.first
        if entry is not None and callee not in self._unknown_callers:
            self._flow(entry.args, op.operands)
        for ret in self._live_returns.get(callee, {}):
            self._flow(op.results, ret.operands)


def _replace_with_constant(
    solver: ConstantSolver, folder: ConstantFolder, value: SSAValue, block: Block
) -> bool:
    """MLIR SCCP's `replaceWithConstant`: use a uniqued constant for a value known constant."""
    state = solver.state(value)
    if state is None or state.value is None:
        return False
    if state.dialect not in MATERIALIZING_DIALECTS or not _buildable(state.value, value.type):
        return False
    value.replace_all_uses_with(folder.get_or_create(block, state.value, value.type))
    return True


def rewrite(solver: ConstantSolver, ctx: Context) -> None:
    """Replace constant values and erase the ops that become dead, as MLIR's SCCP `rewrite`."""
    folder = ConstantFolder(ctx)
    stack: list[Block] = []

    def push_regions(op: Operation) -> None:
        for region in op.regions:
            stack.extend(reversed(list(region.blocks)))

    push_regions(solver.top)
    while stack:
        block = stack.pop()
        op = block.first_op
        while op is not None:
            following = op.next_op
            replaced_all = bool(op.results)
            for result in op.results:
                replaced_all &= _replace_with_constant(solver, folder, result, block)
            if replaced_all and would_be_trivially_dead(op):
                erase_op(op)
            else:
                push_regions(op)
            op = following
        for arg in block.args:
            _replace_with_constant(solver, folder, arg, block)


class SccpPass(TtcPass, name="sccp", summary="Sparse Conditional Constant Propagation"):
    """Propagate constants through executable code and replace the values known constant."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        solver = ConstantSolver(op)
        solver.solve()
        rewrite(solver, ctx)
