"""Rewriting values of one kind into several values each, through structured control flow.

Mirrors the 1:N value rewrite the two make_ttir block-access passes share: Triton's
RewriteTensorPointer.cpp carries a block pointer through `scf` ops as its i64 offsets, and
RewriteTensorDescriptorToPointer.cpp (with MLIR's 1:N SCF structural type conversion) carries a
tensor descriptor as its base, sizes, strides and padding flag. `OneToManyRewriter` holds what
both do the same way:

- the walk over the IR in program order, each op rewritten before the ops nested in it;
- the parts each converted value stands for, recorded when a block, loop or if rebinds it;
- `scf.for`, `scf.while` and `scf.if` rebuilt with the parts in place of each converted value
  (operands, block arguments and results);
- erasing the replaced ops, last first, once no op outside them uses a converted value.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import ClassVar, Generic, TypeVar

from xdsl.context import Context
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from ttc.dialects.upstream import scf
from ttc.ir.diagnostics import op_error
from ttc.transforms.tensor_pointer_utils import BlockBuilder
from ttc.transforms.utils import erase_op

Info = TypeVar("Info")
"""What a converted value stands for beyond its parts (a block pointer's base, shape and strides)."""


def expand_types(types: Sequence[Attribute], part_types: Callable[[Attribute], list[Attribute] | None]) -> list[Attribute]:
    """`types` with each converted one replaced by its parts' types (`part_types` gives None for a
    type that stays as it is)."""
    result: list[Attribute] = []
    for type_ in types:
        parts = part_types(type_)
        result.extend([type_] if parts is None else parts)
    return result


class OneToManyRewriter(ABC, Generic[Info]):
    """One run of a 1:N value rewrite over a module: what to erase, and the converted values
    whose uses must be gone by then (`stale`)."""

    converted_kind: ClassVar[str]
    """The converted values, as an error names them ("a block pointer")."""
    pass_name: ClassVar[str]

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.erased: list[Operation] = []
        self.stale: list[SSAValue] = []

    # -- what a subclass converts ----------------------------------------------------------------

    @abstractmethod
    def rewrite(self, op: Operation) -> Operation | None:
        """Rewrite `op`; the op whose regions to visit next, if any."""

    @abstractmethod
    def part_types(self, type_: Attribute) -> list[Attribute] | None:
        """The types a value of `type_` is converted to; None when it is not converted."""

    @abstractmethod
    def parts(self, user: Operation, value: SSAValue) -> list[SSAValue]:
        """The parts the converted `value`, used by `user`, stands for."""

    @abstractmethod
    def carried(self, user: Operation, value: SSAValue) -> Info | None:
        """What `value`, passed into a loop by `user`, stands for; None when it is not converted."""

    @abstractmethod
    def yielded(self, user: Operation, value: SSAValue) -> Info | None:
        """What `value`, yielded by a region of `user`, stands for; None when it is not converted."""

    @abstractmethod
    def record(self, value: SSAValue, info: Info, parts: list[SSAValue]) -> None:
        """`value` now stands for `info` with `parts`."""

    # -- the walk --------------------------------------------------------------------------------

    def run(self, module: Operation) -> None:
        """Rewrite every op of `module`, then erase the ops replaced."""
        self.visit(module)
        self.erase()

    def visit(self, op: Operation) -> None:
        for region in op.regions:
            for block in list(region.blocks):
                for nested in list(block.ops):
                    next_op = self.rewrite(nested)
                    if next_op is not None:
                        self.visit(next_op)

    def converted_types(self, types: Sequence[Attribute]) -> list[Attribute]:
        return expand_types(types, self.part_types)

    def flatten(self, user: Operation, values: list[SSAValue]) -> list[SSAValue]:
        """`values` with each converted one replaced by its parts (Triton's `generateNewOperands`)."""
        result: list[SSAValue] = []
        for value in values:
            result.extend([value] if self.part_types(value.type) is None else self.parts(user, value))
        return result

    def bind(self, old: list[SSAValue], new: list[SSAValue], infos: list[Info | None]) -> None:
        """Old values stand for new ones: converted values for their parts in `new`, the others
        are replaced by theirs."""
        index = 0
        for value, info in zip(old, infos, strict=True):
            if info is None:
                value.replace_all_uses_with(new[index])
                index += 1
            else:
                part_types = self.part_types(value.type)
                assert part_types is not None
                count = len(part_types)
                self.record(value, info, new[index : index + count])
                self.stale.append(value)
                index += count
        assert index == len(new)

    def retyped_block(self, block: Block, infos: list[Info | None], leading: int = 0) -> Block:
        """A block with `block`'s ops whose arguments after the first `leading` are converted;
        `block`'s own arguments stand for them."""
        old_args = list(block.args)
        new = Block(arg_types=[*(a.type for a in old_args[:leading]), *self.converted_types([a.type for a in old_args[leading:]])])
        for old_arg, new_arg in zip(old_args[:leading], new.args[:leading], strict=True):
            old_arg.replace_all_uses_with(new_arg)
        self.bind(old_args[leading:], list(new.args[leading:]), infos)
        for op in list(block.ops):
            op.detach()
            new.add_op(op)
        return new

    def replace_op(self, op: Operation, new: Operation, infos: list[Info | None]) -> Operation:
        """Insert `new` in place of `op`, whose results stand for `new`'s."""
        new.location = op.location
        BlockBuilder(self.ctx, op).insert_op(new)
        self.bind(list(op.results), list(new.results), infos)
        self.erased.append(op)
        return new

    # -- control flow ----------------------------------------------------------------------------

    def rewrite_for(self, op: scf.ForOp) -> Operation:
        inits = list(op.iter_args)
        infos = [self.carried(op, v) for v in inits]
        body = op.body.blocks.first
        assert body is not None
        new_body = self.retyped_block(body, infos, leading=1)
        new = type(op).create(
            operands=[op.lb, op.ub, op.step, *self.flatten(op, inits)],
            result_types=self.converted_types([r.type for r in op.results]),
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[Region(new_body)],
        )
        return self.replace_op(op, new, infos)

    def rewrite_while(self, op: scf.WhileOp) -> Operation:
        inits = list(op.operands)
        before, after = (r.blocks.first for r in op.regions)
        assert before is not None and after is not None
        condition = before.last_op
        assert isinstance(condition, scf.ConditionOp)
        before_infos = [self.carried(op, v) for v in inits]
        after_infos = [self.yielded(op, v) for v in condition.operands[1:]]
        new_before = self.retyped_block(before, before_infos)
        new_after = self.retyped_block(after, after_infos)
        new = type(op).create(
            operands=self.flatten(op, inits),
            result_types=self.converted_types([r.type for r in op.results]),
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[Region(new_before), Region(new_after)],
        )
        return self.replace_op(op, new, after_infos)

    def rewrite_if(self, op: scf.IfOp) -> Operation:
        then_block = op.regions[0].blocks.first
        assert then_block is not None
        terminator = then_block.last_op
        assert terminator is not None
        infos = [self.yielded(op, v) for v in terminator.operands]
        regions = [op.detach_region(r) for r in list(op.regions)]
        new = type(op).create(
            operands=list(op.operands),
            result_types=self.converted_types([r.type for r in op.results]),
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=regions,
        )
        return self.replace_op(op, new, infos)

    # -- clean-up --------------------------------------------------------------------------------

    def erase(self) -> None:
        """Erase the replaced ops, last first, once no other op uses a converted value."""
        doomed = set(self.erased)
        for value in [*self.stale, *(r for op in self.erased for r in op.results)]:
            for use in value.uses:
                if use.operation not in doomed:
                    raise op_error(
                        use.operation,
                        f"'{use.operation.name}' uses {self.converted_kind}, which {self.pass_name} "
                        "cannot rewrite there",
                    )
        for op in reversed(self.erased):
            erase_op(op)
