"""Verify a parsed or transformed module and report the first failure as MLIR does.

Mirrors MLIR's `OperationVerifier` (`mlir/lib/IR/Verifier.cpp`): ops are checked in pre-order
(an op before the ops nested in it), each by xDSL's structural checks and the op's own verifier,
plus the intra-block half of dominance (`operand #0 does not dominate this use`); then the
TritonGPU layout rules (`ttc.dialects.ttg.verify_layouts`) when that dialect provides them. The
failure becomes a `TtcError` at the op's location, worded `'tt.load' op <message>`.
"""

from __future__ import annotations

import re

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from ttc.ir.errors import Note, TtcError
from ttc.ir.locations import source_location

_XDSL_PREFIX = re.compile(r"^(?:Operation does not verify: )+")


def verify_module(module: ModuleOp, filename: str) -> None:
    """Raise a located `TtcError` for the first op of `module` that does not verify.

    `filename` names the buffer the module was parsed from; ops without a file location are
    reported against it.
    """
    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except (VerifyException, DiagnosticException) as err:
            raise op_verify_error(op, str(err), filename) from None
        except TtcError as err:
            if err.location is None:
                err.location = source_location(op.location)
            raise
        except Exception as err:  # an op verifier tripping over malformed IR
            raise op_verify_error(op, f"{type(err).__name__}: {err}", filename) from None
    _verify_dominance(module, filename)
    _verify_layouts(module, filename)


def op_verify_error(op: Operation, message: str, filename: str) -> TtcError:
    """`'name' op message` at `op`'s location (MLIR's `op->emitOpError`)."""
    message = _XDSL_PREFIX.sub("", message.strip()).split("\n", 1)[0]
    prefix = f"'{op.name}' op "
    if not message.startswith(prefix):
        message = prefix + message
    return TtcError(message, source_location(op.location))


def _verify_dominance(module: ModuleOp, filename: str) -> None:
    """An operand defined by the same op or a later op of its block does not dominate its use."""
    for op in module.walk():
        for region in op.regions:
            for block in region.blocks:
                seen: set[Operation] = set()
                for user in block.ops:
                    for index, operand in enumerate(user.operands):
                        owner = operand.owner
                        if (
                            isinstance(owner, Operation)
                            and owner.parent is block
                            and owner not in seen
                        ):
                            error = op_verify_error(
                                user, f"operand #{index} does not dominate this use", filename
                            )
                            error.notes.append(
                                Note("operand defined here", source_location(owner.location))
                            )
                            raise error
                    seen.add(user)


def _verify_layouts(module: ModuleOp, filename: str) -> None:
    try:
        from ttc.dialects import ttg
    except ImportError:
        return
    verify_layouts = getattr(ttg, "verify_layouts", None)
    if verify_layouts is None:
        return
    try:
        verify_layouts(module)
    except VerifyException as err:
        op = getattr(err, "op", None)
        if isinstance(op, Operation):
            raise op_verify_error(op, str(err), filename) from None
        raise TtcError(str(err).split("\n", 1)[0]) from None
