"""Folders and canonicalization patterns of the ops in Triton's IR, keyed by op name.

This is ttc's counterpart of each MLIR op's `fold` method, its `getCanonicalizationPatterns`, and
the `Commutative` trait fold, for the dialects Triton's TTIR/TTGIR use: `arith` (patterns/arith.py),
`cf` (patterns/cf.py), `scf` (patterns/scf.py), `tt` (patterns/tt.py) and `ttg` (patterns/ttg.py).
Rules are registered by op name, so they apply to whichever class the context registers for that
name.

- A *folder* gets the op and the constant attribute of each operand (None when not constant) and
  returns the replacement of each result (an SSA value or a constant attribute), `IN_PLACE` when it
  updated the op in place, or None when it does not apply. It never creates ops.
- A *pattern* gets the op and a `PatternRewriter`, rewrites through the rewriter, and returns
  whether it changed anything. Patterns of one op run in registration order. `with_producer`
  writes a pattern of `op(producer(x))` as a function that also gets the producer.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, wraps
from typing import Final

from xdsl.ir import Attribute, Operation, OpResult, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from ttc.ir.values import OpT
from ttc.ir.values import constant_value, defined_by


class _InPlace:
    """The marker a folder returns when it modified its op in place."""


IN_PLACE: Final = _InPlace()

FoldResult = Sequence[SSAValue | Attribute] | _InPlace | None
FoldFn = Callable[[Operation, list[Attribute | None]], FoldResult]
PatternFn = Callable[[Operation, PatternRewriter], bool]

RULE_MODULES: tuple[str, ...] = (
    "ttc.transforms.patterns.arith",
    "ttc.transforms.patterns.cf",
    "ttc.transforms.patterns.scf",
    "ttc.transforms.patterns.tt",
    "ttc.transforms.patterns.ttg",
)


@dataclass
class OpRules:
    """What canonicalization knows about one op name."""

    folders: list[FoldFn] = field(default_factory=list[FoldFn])
    patterns: list[PatternFn] = field(default_factory=list[PatternFn])
    commutative: bool = False


_RULES: dict[str, OpRules] = {}


def _rules(name: str) -> OpRules:
    return _RULES.setdefault(name, OpRules())


def folder(*names: str) -> Callable[[FoldFn], FoldFn]:
    """Register the decorated function as a folder of the ops called `names`."""

    def register(fn: FoldFn) -> FoldFn:
        for name in names:
            _rules(name).folders.append(fn)
        return fn

    return register


def pattern(*names: str) -> Callable[[PatternFn], PatternFn]:
    """Register the decorated function as a canonicalization pattern of the ops `names`."""

    def register(fn: PatternFn) -> PatternFn:
        for name in names:
            _rules(name).patterns.append(fn)
        return fn

    return register


def with_producer(
    op_class: type[OpT],
) -> Callable[[Callable[[Operation, OpT, PatternRewriter], bool]], PatternFn]:
    """Make a pattern of `op(producer(...))` out of the decorated `fn(op, producer, rewriter)`: it
    runs when the op's first operand is defined by an `op_class` op, and fails otherwise."""

    def adapt(fn: Callable[[Operation, OpT, PatternRewriter], bool]) -> PatternFn:
        @wraps(fn)
        def match(op: Operation, rewriter: PatternRewriter) -> bool:
            producer = defined_by(op.operands[0], op_class) if op.operands else None
            return producer is not None and fn(op, producer, rewriter)

        return match

    return adapt


def commutative(*names: str) -> None:
    """Mark ops as commutative: folding moves their constant operands to the right."""
    for name in names:
        _rules(name).commutative = True


@cache
def _load_rules() -> None:
    for module in RULE_MODULES:
        importlib.import_module(module)


def rules_for(name: str) -> OpRules | None:
    """The folders and patterns registered for op `name`."""
    _load_rules()
    return _RULES.get(name)


def _fold_commutative(op: Operation, operand_constants: Sequence[Attribute | None]) -> bool:
    """MLIR's `Commutative` trait fold: stable-move constant operands after the others."""
    pairs = list(zip(op.operands, operand_constants, strict=True))
    ordered = [v for v, c in pairs if c is None] + [v for v, c in pairs if c is not None]
    if ordered == list(op.operands):
        return False
    op.operands = ordered
    return True


def fold_op(op: Operation, operand_constants: Sequence[Attribute | None] | None = None) -> FoldResult:
    """Fold `op` as MLIR's `Operation::fold` does: the op's folders, then its trait folds.

    `operand_constants` are the constant values of the operands (None where unknown); by default
    those the IR shows (MLIR's fold adaptor). SCCP passes the values its lattice knows instead.
    """
    rules = rules_for(op.name)
    if rules is None:
        return None
    if operand_constants is None:
        operand_constants = [constant_value(v) for v in op.operands]
    constants = list(operand_constants)
    for fn in rules.folders:
        result = fn(op, constants)
        if result is not None:
            return result
    if rules.commutative and _fold_commutative(op, constants):
        return IN_PLACE
    return None


def folded_constant(value: SSAValue, depth: int = 16) -> Attribute | None:
    """The constant `value` folds to through its defining ops' folders, as MLIR's dialect
    conversion folds an op before converting it (`arith.extui` of a constant is a constant);
    None when some operand is not constant. `depth` bounds the chain of ops followed."""
    direct = constant_value(value)
    if direct is not None or depth == 0:
        return direct
    op = value.owner
    if not isinstance(op, Operation) or op.regions:
        return None
    operands = [folded_constant(v, depth - 1) for v in op.operands]
    if any(c is None for c in operands):
        return None
    result = fold_op(op, operands)
    if not isinstance(result, Sequence):
        return None
    folded = result[op.results.index(value)] if isinstance(value, OpResult) else None
    return folded if isinstance(folded, Attribute) else None


def apply_patterns(op: Operation, rewriter: PatternRewriter) -> bool:
    """Apply the first matching canonicalization pattern of `op`; whether one matched."""
    rules = rules_for(op.name)
    if rules is None:
        return False
    return any(fn(op, rewriter) for fn in rules.patterns)


def canonicalization_patterns(
    *names: str, extra: dict[str, Callable[[Operation, PatternRewriter], bool]] | None = None
) -> Callable[[Operation, PatternRewriter], bool]:
    """A pattern set made of the canonicalization patterns of the ops `names` only (what a pass
    gets from `Op::getCanonicalizationPatterns`), tried after the op's pattern in `extra`."""

    def apply(op: Operation, rewriter: PatternRewriter) -> bool:
        if extra and op.name in extra and extra[op.name](op, rewriter):
            return True
        return op.name in names and apply_patterns(op, rewriter)

    return apply
