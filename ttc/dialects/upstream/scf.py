"""The `scf` dialect as Triton's IR uses it, printed exactly as MLIR prints it.

Mirrors MLIR's structured control flow (mlir/lib/Dialect/SCF/IR/SCF.cpp): `scf.for`, `scf.if`,
`scf.while`, `scf.condition`, `scf.yield`, `scf.execute_region`. The classes subclass xDSL's and
replace the syntax where xDSL differs from MLIR:

* `scf.for` prints two spaces before `: i32` for a non-index induction variable (MLIR writes
  `p << ' '` then `" : " << type << ' '`), omits the type for `index`, prints the optional
  `unsigned` keyword, prints its yield only when it has iter_args, and puts loop attributes such
  as `{tt.num_stages = 2 : i32}` after the region. It parses `-> T` as well as `-> (T, U)`.
* `scf.if` parses `-> T` without parentheses; prints `-> (T)`, the yields only when it has
  results, and the else region whenever it exists.
* `scf.while` omits the `(...)` list when it has no inits and prints `attributes {...}`.
* `scf.execute_region` prints `-> T` (parenthesised only for several types) and its terminators.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects import scf as xscf
from xdsl.dialects.builtin import IndexType, SignlessIntegerConstraint, UnitAttr, i1
from xdsl.dialects.utils import parse_assignment
from xdsl.ir import Attribute, Block, Dialect, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    operand_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import (
    IsTerminator,
    RecursiveMemoryEffect,
    RecursivelySpeculatable,
    SingleBlockImplicitTerminator,
    ensure_terminator,
)
from xdsl.utils.exceptions import VerifyException

from ttc.ir.op_definition import op_definition

YieldOp = xscf.YieldOp
ConditionOp = xscf.ConditionOp

_UNSIGNED_CMP = "unsignedCmp"


def _parse_arrow_type_list(parser: Parser) -> list[Attribute]:
    """MLIR's parseOptionalArrowTypeList: nothing, `-> T`, or `-> (T, ...)`."""
    if parser.parse_optional_punctuation("->") is None:
        return []
    types = parser.parse_optional_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
    return types if types is not None else [parser.parse_type()]


def _print_arrow_type_list(printer: Printer, types: Sequence[Attribute]) -> None:
    """MLIR's printOptionalArrowTypeList: parentheses only around several types."""
    if not types:
        return
    printer.print_string(" -> ")
    if len(types) == 1:
        printer.print_attribute(types[0])
        return
    printer.print_string("(")
    printer.print_list(types, printer.print_attribute)
    printer.print_string(")")


def _parse_region_with_terminator(parser: Parser, op_args: Sequence[Parser.Argument] = ()) -> Region:
    """A region whose block gets an empty `scf.yield` when the text leaves it implicit."""
    region = parser.parse_region(op_args)
    if region.blocks.first is None:
        region.add_block(Block(arg_types=[arg.type for arg in op_args]))
    block = region.blocks.last
    assert block is not None
    last = block.last_op
    if last is None or not last.has_trait(IsTerminator):
        block.add_op(YieldOp())
    return region


@op_definition
class ForOp(xscf.ForOp):
    """`scf.for %i = %lb to %ub step %s iter_args(...) -> (...)  : i32 { ... } {attrs}`."""

    name = "scf.for"

    T: ClassVar = VarConstraint("T", base(IndexType) | SignlessIntegerConstraint)
    lb = operand_def(T)
    ub = operand_def(T)
    step = operand_def(T)
    iter_args = var_operand_def()
    res = var_result_def()
    body = region_def("single_block")

    traits = traits_def(
        SingleBlockImplicitTerminator(YieldOp),
        xscf.ForOpHasCanonicalizationPatternsTrait(),
        RecursiveMemoryEffect(),
    )

    # Hand-written syntax: `iter_args(%a = %init)` binds block arguments to operands, which the format
    # cannot express.
    def print(self, printer: Printer) -> None:
        indvar, *iter_args = self.body.block.args
        if _UNSIGNED_CMP in self.attributes:
            printer.print_string(" unsigned")
        printer.print_string(" ")
        printer.print_operand(indvar)
        printer.print_string(" = ")
        printer.print_operand(self.lb)
        printer.print_string(" to ")
        printer.print_operand(self.ub)
        printer.print_string(" step ")
        printer.print_operand(self.step)
        if self.iter_args:
            printer.print_string(" iter_args(")
            printer.print_list(zip(iter_args, self.iter_args), lambda pair: _print_pair(printer, pair))
            printer.print_string(") -> (")
            printer.print_list(self.iter_args.types, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        if not isinstance(indvar.type, IndexType):
            printer.print_string(" : ")
            printer.print_attribute(indvar.type)
            printer.print_string(" ")
        printer.print_region(
            self.body,
            print_entry_block_args=False,
            print_empty_block=False,
            print_block_terminators=bool(self.iter_args),
        )
        printer.print_op_attributes(self.attributes, reserved_attr_names=(_UNSIGNED_CMP,))

    @classmethod
    def parse(cls, parser: Parser) -> ForOp:
        unsigned = parser.parse_optional_keyword("unsigned") is not None
        indvar = parser.parse_argument(expect_type=False)
        parser.parse_punctuation("=")
        lb = parser.parse_unresolved_operand()
        parser.parse_keyword("to")
        ub = parser.parse_unresolved_operand()
        parser.parse_keyword("step")
        step = parser.parse_unresolved_operand()

        pos = parser.pos
        block_args: list[Parser.UnresolvedArgument] = []
        inits: list[UnresolvedOperand] = []
        types: list[Attribute] = []
        if parser.parse_optional_keyword("iter_args"):
            for block_arg, init in parser.parse_comma_separated_list(
                Parser.Delimiter.PAREN, lambda: parse_assignment(parser)
            ):
                block_args.append(block_arg)
                inits.append(init)
            types = _parse_arrow_type_list(parser)
            if len(types) != len(inits):
                parser.raise_error(
                    f"expected as many iter_args types as iter_args ({len(inits)}), got {len(types)}",
                    pos,
                    parser.pos,
                )
        init_values = parser.resolve_operands(inits, types, pos)
        iv_type = parser.parse_type() if parser.parse_optional_punctuation(":") else IndexType()
        bounds = [parser.resolve_operand(v, iv_type) for v in (lb, ub, step)]
        body = parser.parse_region(
            (indvar.resolve(iv_type), *(arg.resolve(t) for arg, t in zip(block_args, types)))
        )
        attrs = parser.parse_optional_attr_dict()
        op = cls(*bounds, init_values, body)
        op.attributes |= attrs
        if unsigned:
            op.attributes[_UNSIGNED_CMP] = UnitAttr()
        if not block_args:
            for trait in op.get_traits_of_type(SingleBlockImplicitTerminator):
                ensure_terminator(op, trait)
        return op


def _print_pair(printer: Printer, pair: tuple[SSAValue, SSAValue]) -> None:
    printer.print_operand(pair[0])
    printer.print_string(" = ")
    printer.print_operand(pair[1])


@op_definition
class IfOp(xscf.IfOp):
    """`scf.if %c -> (T) { ... } else { ... }`."""

    name = "scf.if"

    output = var_result_def()
    cond = operand_def(i1)
    true_region = region_def("single_block")
    false_region = region_def()

    traits = traits_def(
        SingleBlockImplicitTerminator(YieldOp),
        RecursiveMemoryEffect(),
        RecursivelySpeculatable(),
        xscf.IfOpHasCanonicalizationPatternsTrait(),
    )

    def verify_(self) -> None:
        if len(self.false_region.blocks) > 1:
            raise VerifyException(f"'{self.name}' op region #1 ('elseRegion') failed to verify constraint: region with at most 1 blocks")
        for region in (self.true_region, self.false_region):
            block = region.blocks.first
            if block is None:
                continue
            last = block.last_op
            if isinstance(last, YieldOp) and last.arguments.types != self.output.types:
                index = 0 if region is self.true_region else 1
                raise VerifyException(
                    f"'{self.name}' op region #{index} yields {list(map(str, last.arguments.types))}, "
                    f"but the results are {list(map(str, self.output.types))}"
                )
        if self.output and not self.false_region.blocks:
            raise VerifyException(f"'{self.name}' op must have an else block if defining values")

    # Hand-written syntax: the else region is elided when empty and terminators are elided when they
    # yield nothing.
    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.cond)
        terminators = bool(self.output)
        if terminators:
            printer.print_string(" -> (")
            printer.print_list(self.output.types, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        printer.print_region(self.true_region, print_entry_block_args=False, print_empty_block=False, print_block_terminators=terminators)
        if self.false_region.blocks:
            printer.print_string(" else ")
            printer.print_region(self.false_region, print_entry_block_args=False, print_empty_block=False, print_block_terminators=terminators)
        printer.print_op_attributes(self.attributes)

    @classmethod
    def parse(cls, parser: Parser) -> IfOp:
        cond = parser.parse_operand(i1)
        result_types = _parse_arrow_type_list(parser)
        then_region = _parse_region_with_terminator(parser)
        else_region = _parse_region_with_terminator(parser) if parser.parse_optional_keyword("else") else Region()
        attrs = parser.parse_optional_attr_dict()
        return cls(cond, result_types, then_region, else_region, attrs)


@op_definition
class WhileOp(xscf.WhileOp):
    """`scf.while (%a = %init) : (T) -> T { ... scf.condition(%c) %x : T } do { ... }`."""

    name = "scf.while"

    arguments = var_operand_def()
    res = var_result_def()
    before_region = region_def("single_block")
    after_region = region_def("single_block")

    traits = traits_def(RecursiveMemoryEffect())

    def verify_(self) -> None:
        before, after = self.before_region.block, self.after_region.block
        if before.arg_types != self.arguments.types:
            raise VerifyException(
                f"'{self.name}' op expects the 'before' region arguments to match the operands: "
                f"{list(map(str, before.arg_types))} vs {list(map(str, self.arguments.types))}"
            )
        condition = before.last_op
        if not isinstance(condition, ConditionOp):
            raise VerifyException(f"'{self.name}' op expects the 'before' region to terminate with 'scf.condition'")
        if condition.args.types != self.res.types:
            raise VerifyException(
                f"'{self.name}' op expects the 'scf.condition' operands to match the results: "
                f"{list(map(str, condition.args.types))} vs {list(map(str, self.res.types))}"
            )
        if after.arg_types != self.res.types:
            raise VerifyException(
                f"'{self.name}' op expects the 'after' region arguments to match the results: "
                f"{list(map(str, after.arg_types))} vs {list(map(str, self.res.types))}"
            )
        yield_op = after.last_op
        if isinstance(yield_op, YieldOp) and yield_op.arguments.types != self.arguments.types:
            raise VerifyException(
                f"'{self.name}' op expects the 'after' region's 'scf.yield' operands to match the operands: "
                f"{list(map(str, yield_op.arguments.types))} vs {list(map(str, self.arguments.types))}"
            )

    # Hand-written syntax: `(%a = %init)` binds block arguments to operands and the regions print with a
    # functional type.
    def print(self, printer: Printer) -> None:
        if self.arguments:
            printer.print_string(" (")
            printer.print_list(zip(self.before_region.block.args, self.arguments), lambda pair: _print_pair(printer, pair))
            printer.print_string(")")
        printer.print_string(" : ")
        printer.print_function_type(self.arguments.types, self.res.types)
        printer.print_string(" ")
        printer.print_region(self.before_region, print_entry_block_args=False)
        printer.print_string(" do ")
        printer.print_region(self.after_region)
        printer.print_op_attributes(self.attributes, print_keyword=True)

    @classmethod
    def parse(cls, parser: Parser) -> WhileOp:
        pairs = parser.parse_optional_comma_separated_list(parser.Delimiter.PAREN, lambda: parse_assignment(parser)) or []
        parser.parse_punctuation(":")
        pos = parser.pos
        function_type = parser.parse_function_type()
        inputs = function_type.inputs.data
        if len(pairs) != len(inputs):
            parser.raise_error(
                f"expected as many input types as operands (expected {len(pairs)} got {len(inputs)})", pos, parser.pos
            )
        arguments = [parser.resolve_operand(init, t) for (_, init), t in zip(pairs, inputs)]
        before = parser.parse_region([arg.resolve(t) for (arg, _), t in zip(pairs, inputs)])
        parser.parse_keyword("do")
        after = parser.parse_region()
        attrs = parser.parse_optional_attr_dict_with_keyword()
        op = cls(arguments, function_type.outputs.data, before, after)
        if attrs is not None:
            op.attributes |= attrs.data
        return op


@op_definition
class ExecuteRegionOp(xscf.ExecuteRegionOp):
    """`scf.execute_region -> T { ... scf.yield %v : T }`."""

    name = "scf.execute_region"

    outs = var_result_def()
    region = region_def()

    traits = traits_def(xscf.ExecuteRegionOpHasCanonicalizationPatternsTrait())

    def __init__(self, result_types: Sequence[Attribute], region: Region, attr_dict: dict[str, Attribute] | None = None):
        IRDLOperation.__init__(self, result_types=[result_types], regions=[region], attributes=attr_dict)

    # Hand-written syntax: regions whose entry-block arguments and terminators MLIR elides need
    # region-printing options.
    def print(self, printer: Printer) -> None:
        _print_arrow_type_list(printer, self.outs.types)
        printer.print_string(" ")
        printer.print_region(self.region, print_entry_block_args=False, print_block_terminators=True)
        printer.print_op_attributes(self.attributes)

    @classmethod
    def parse(cls, parser: Parser) -> ExecuteRegionOp:
        result_types = _parse_arrow_type_list(parser)
        region = parser.parse_region()
        attrs = parser.parse_optional_attr_dict()
        return cls(result_types, region, attrs)


Scf = Dialect("scf", [ForOp, IfOp, WhileOp, ConditionOp, YieldOp, ExecuteRegionOp])
