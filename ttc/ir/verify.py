"""Verify a parsed or transformed module and report the first failure as MLIR does.

Mirrors MLIR's `OperationVerifier` (`mlir/lib/IR/Verifier.cpp`): ops are checked in pre-order
(an op before the ops nested in it), each by the checks its caller adds for every op (Triton's
layout traits, which `ttc.dialects.verifier` adds), then xDSL's
structural checks and the op's own verifier; after the ops nested in an op, its region phase
(`verifyRegions` and the `InferTypeOpInterface` result check, `RegionPhaseVerifier`); ops isolated
from above are verified each on its own, after the ops around them; then dominance
(`operand #0 does not dominate this use`). A failure becomes a
`TtcError` at the op's location, worded `'tt.load' op <message>`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.traits import IsolatedFromAbove
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from ttc.ir.dominance import immediate_dominators
from ttc.ir.errors import Note, TtcError
from ttc.ir.locations import source_location
from ttc.ir.traits import has_trait
from ttc.ir.walk import walk

_XDSL_PREFIX = re.compile(r"^(?:Operation does not verify: )+")


class VerifyErrors(VerifyException):
    """A verifier failure that MLIR reports as several errors at the op: `earlier` (full
    messages, emitted first as they stand) and then this exception's message, as `'op' op ...`."""

    def __init__(self, message: str, earlier: tuple[str, ...]) -> None:
        super().__init__(message)
        self.earlier = earlier


class NotedVerifyException(VerifyException):
    """A verifier failure with notes attached to it (MLIR's `diag.attachNote()`), each reported
    at the failing op."""

    def __init__(self, message: str, notes: tuple[str, ...]) -> None:
        super().__init__(message)
        self.notes = notes


class RegionPhaseVerifier:
    """An op with checks MLIR runs in its region phase, once the ops nested in it verified: its
    `verifyRegions` and the `InferTypeOpInterface` result-type check."""

    def verify_regions(self) -> None:
        """Raise `VerifyException` (or `VerifyErrors`) with the op's region-phase failure."""


OpCheck = Callable[[Operation], None]
"""A check every op passes before its own verifier runs; it raises `VerifyException`."""


def verify_module(module: ModuleOp, filename: str, op_checks: Sequence[OpCheck] = ()) -> None:
    """Raise a located `TtcError` for the first op of `module` that does not verify.

    As in MLIR, an op isolated from above (a `tt.func`) is verified on its own once the ops
    around it pass, so each function reports its first failure: all but the last are emitted
    as diagnostics, the last is raised. `filename` names the buffer the module was parsed from;
    ops without a file location are reported against it. Each of `op_checks` runs on each op
    before its own verifier.
    """
    errors = _verify_isolated(module, filename, op_checks)
    if errors:
        from ttc.ir.diagnostics import Diagnostic, emit

        for error in errors[:-1]:
            emit(Diagnostic.from_error(error))
        raise errors[-1]
    _verify_dominance(module, filename)


def _verify_isolated(root: Operation, filename: str, op_checks: Sequence[OpCheck]) -> list[TtcError]:
    """The first failure of `root` and the ops nested in it up to isolated ops, else the first
    failure of each nested isolated op (MLIR's `OperationVerifier::verifyOperation`)."""
    isolated: list[Operation] = []
    unterminated: TtcError | None = None
    for op, leaving in _walk_unit(root, isolated):
        try:
            if not leaving:
                for check in op_checks:
                    check(op)
                _verify_op(op)
            elif isinstance(op, RegionPhaseVerifier):
                op.verify_regions()
        except _Unterminated:
            # MLIR checks a block's terminator when it leaves the block, after its ops.
            unterminated = unterminated or TtcError(
                f"block with no terminator, has '{op.name}'", source_location(op.location)
            )
        except (VerifyException, DiagnosticException) as err:
            earlier = err.earlier if isinstance(err, VerifyErrors) else ()
            located = [TtcError(message, source_location(op.location)) for message in earlier]
            return [*located, _located(op, err, filename)]
        except TtcError as err:
            if err.location is None:
                err.location = source_location(op.location)
            return [err]
        except Exception as err:  # noqa: BLE001 (an op verifier tripping over malformed IR)
            return [op_verify_error(op, f"{type(err).__name__}: {err}", filename)]
    if unterminated is not None:
        return [unterminated]
    return [error for op in isolated for error in _verify_isolated(op, filename, op_checks)]


def _walk_unit(root: Operation, isolated: list[Operation]) -> Iterator[tuple[Operation, bool]]:
    """`(op, False)` on entering and `(op, True)` on leaving `root` and each op nested in it,
    collecting (not entering) isolated-from-above ops below it into `isolated`, in walk order.
    Iterative, so that deep nesting costs no more per op than shallow."""
    stack: list[tuple[Operation, bool]] = [(root, False)]
    while stack:
        op, leaving = stack.pop()
        if not leaving and op is not root and op.regions and has_trait(op, IsolatedFromAbove):
            isolated.append(op)
            continue
        yield op, leaving
        if leaving:
            continue
        stack.append((op, True))
        children = [child for region in op.regions for block in region.blocks for child in block.ops]
        stack.extend((child, False) for child in reversed(children))


def _located(op: Operation, err: Exception, filename: str) -> TtcError:
    """A verifier exception as a `TtcError` at the op it names (layout errors name theirs).

    An error that does not name the op (`names_op = False`, MLIR's `op->emitError` rather than
    `emitOpError`) keeps its message as it is."""
    failing = getattr(err, "op", None)
    failing = failing if isinstance(failing, Operation) else op
    if not getattr(err, "names_op", True):
        error = TtcError(str(err).strip(), source_location(failing.location))
    else:
        error = op_verify_error(failing, str(err), filename)
    if isinstance(err, NotedVerifyException):
        error.notes += [Note(note, error.location) for note in err.notes]
    return error


class _Unterminated(Exception):
    """The op ends a block that needs a terminator but is not one (its own checks passed)."""


_NOT_A_TERMINATOR = re.compile(r"terminates block in (single|multi)-block region but is not a")


def _verify_op(op: Operation) -> None:
    """xDSL's checks of `op` alone; `_Unterminated` when only its terminator check fails.

    xDSL checks that the last op of a block is a terminator before the op's own verifier; MLIR
    verifies the op first, and the block when leaving it.
    """
    try:
        op.verify(verify_nested_ops=False)
    except VerifyException as err:
        if not _NOT_A_TERMINATOR.search(str(err)):
            raise
        op.verify_()
        raise _Unterminated() from None


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
    of the same CFG region. A value of an erased op, or of a region the user is not in, fails.

    As in MLIR, dominance means nothing in a block its region's entry cannot reach: the operands
    of the ops of such a block are not checked, and every block dominates it (the frontend leaves
    such blocks after a `return` inside an `if`; canonicalize erases them)."""
    checker = _DominanceChecker()
    for user in walk(module):
        if not checker.reachable(user):
            continue
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

    def _region_idoms(self, region: Region) -> dict[Block, Block]:
        assert region.blocks.first is not None
        if region not in self._idoms:
            self._idoms[region] = immediate_dominators(region.blocks.first)
        return self._idoms[region]

    def reachable(self, op: Operation) -> bool:
        """Whether the entry of the region holding `op`'s block reaches that block (the entry
        block, alone in its region or not, always does)."""
        block = op.parent
        if block is None or block.parent is None:
            return True
        region = block.parent
        return block is region.blocks.first or block in self._region_idoms(region)

    def _block_dominates(self, dominator: Block, block: Block) -> bool:
        region = block.parent
        assert region is not None
        idoms = self._region_idoms(region)
        if block not in idoms:
            return True  # an unreachable block is dominated by every block
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
