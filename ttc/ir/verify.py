"""Verify a parsed or transformed module and report the first failure as MLIR does.

Mirrors MLIR's `OperationVerifier` (`mlir/lib/IR/Verifier.cpp`): ops are checked in pre-order
(an op before the ops nested in it), each by xDSL's structural checks and the op's own verifier,
preceded, as Triton's layout traits are, by the TritonGPU layout rules
(`ttc.dialects.ttg.verify_op_layouts`); then dominance (`operand #0 does not dominate this use`).
The failure becomes a `TtcError` at the op's location, worded `'tt.load' op <message>`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from ttc.ir.dominance import immediate_dominators
from ttc.ir.errors import Note, TtcError
from ttc.ir.locations import source_location

_XDSL_PREFIX = re.compile(r"^(?:Operation does not verify: )+")


def verify_module(module: ModuleOp, filename: str) -> None:
    """Raise a located `TtcError` for the first op of `module` that does not verify.

    `filename` names the buffer the module was parsed from; ops without a file location are
    reported against it.
    """
    check_layouts = _layout_checker()
    for op in module.walk():
        try:
            check_layouts(op)
            op.verify(verify_nested_ops=False)
        except (VerifyException, DiagnosticException) as err:
            if not getattr(err, "names_op", True):
                # MLIR's `op->emitError`: the message as it is, at the op.
                raise TtcError(str(err), source_location(op.location)) from None
            raise op_verify_error(op, str(err), filename) from None
        except TtcError as err:
            if err.location is None:
                err.location = source_location(op.location)
            raise
        except Exception as err:  # an op verifier tripping over malformed IR
            raise op_verify_error(op, f"{type(err).__name__}: {err}", filename) from None
    _verify_dominance(module, filename)


def op_verify_error(op: Operation, message: str, filename: str) -> TtcError:
    """`'name' op message` at `op`'s location (MLIR's `op->emitOpError`)."""
    message = _XDSL_PREFIX.sub("", message.strip()).split("\n", 1)[0]
    prefix = f"'{op.name}' op "
    if not message.startswith(prefix):
        message = prefix + message
    return TtcError(message, source_location(op.location))


def _verify_dominance(module: ModuleOp, filename: str) -> None:
    """Every operand is defined where it dominates its use (MLIR's dominance check): earlier in
    the user's block or in a block enclosing it, or in a block that dominates the enclosing block
    of the same CFG region. A value of an erased op, or of a region the user is not in, fails."""
    checker = _DominanceChecker()
    for user in module.walk():
        for index, operand in enumerate(user.operands):
            if not checker.dominates(operand, user):
                error = op_verify_error(user, f"operand #{index} does not dominate this use",
                                        filename)
                owner = operand.owner
                if isinstance(owner, Operation) and owner.parent is not None:
                    error.notes.append(
                        Note("operand defined here", source_location(owner.location)))
                raise error


class _DominanceChecker:
    """Answers "does this value dominate this use", caching op positions and dominator trees."""

    def __init__(self) -> None:
        self._positions: dict[Block, dict[Operation, int]] = {}
        self._idoms: dict[Region, dict[Block, Block]] = {}

    def _position(self, op: Operation) -> int:
        block = op.parent
        assert block is not None
        if block not in self._positions:
            self._positions[block] = {o: i for i, o in enumerate(block.ops)}
        return self._positions[block][op]

    def _block_dominates(self, dominator: Block, block: Block) -> bool:
        region = block.parent
        assert region is not None and region.blocks.first is not None
        if region not in self._idoms:
            self._idoms[region] = immediate_dominators(region.blocks.first)
        idoms = self._idoms[region]
        current: Block | None = block
        while current is not None:
            if current is dominator:
                return True
            parent = idoms.get(current)
            current = parent if parent is not current else None
        return False

    def dominates(self, value: SSAValue, user: Operation) -> bool:
        owner = value.owner
        if isinstance(owner, Block):
            if not any(arg is value for arg in owner.args):
                return False  # an argument removed from its block
            def_block, def_op = owner, None
        else:
            def_block, def_op = owner.parent, owner
        if def_block is None:
            return False
        ancestor: Operation | None = user
        while ancestor is not None:
            block = ancestor.parent
            if block is None:
                return False
            if block is def_block:
                return def_op is None or (
                    def_op is not user and self._position(def_op) < self._position(ancestor))
            if block.parent is not None and block.parent is def_block.parent:
                return self._block_dominates(def_block, block)
            ancestor = block.parent_op()
        return False


def _layout_checker() -> Callable[[Operation], None]:
    """The TritonGPU dialect's per-op layout check (`verify_op_layouts`), or a no-op without it."""
    try:
        from ttc.dialects import ttg
    except ImportError:
        return lambda op: None
    return getattr(ttg, "verify_op_layouts", lambda op: None)
