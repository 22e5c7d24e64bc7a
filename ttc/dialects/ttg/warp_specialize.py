"""Warp specialization in TritonGPU: `ttg.warp_specialize` and its companions.

Mirrors `TTG_WarpSpecializeOp`, `TTG_WarpSpecializePartitionsOp`, `TTG_WarpYieldOp` and
`TTG_WarpReturnOp` of Triton's `TritonGPUOps.td` (verifiers and custom syntax in
`lib/Dialect/TritonGPU/IR/Ops.cpp`), and `maybeLookupNumWarps` and `lookupNumWarps` of
`Dialect.cpp`:

```
%r = ttg.warp_specialize(%a, %b) attributes {warpGroupStartIds = array<i32: 4>}
default {
  ttg.warp_yield %x : i32
}
partition0(%arg2: i32, %arg3: i64) num_warps(4) {
  ttg.warp_return
} : (i32, i64) -> i32
```

The default region runs on the current warps and may capture implicitly; the partition regions
run on their own warp groups and are isolated from above, so they live in a
`ttg.warp_specialize.partitions` op (the op's second region), which takes the explicit captures
as operands. `partitionNumWarps` gives each partition's number of warps; code inside a partition
sees that number as its `ttg.num-warps` (`lookup_num_warps`, the one reader of the warp count).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, ModuleOp, i32
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_region_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    CallableOpInterface,
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    Pure,
    RecursiveMemoryEffect,
    ReturnLike,
)
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import PropsInAttrDictOp
from ttc.dialects.tt.syntax import (
    print_attr_dict,
    print_functional_type,
    split_attr_dict,
)
from ttc.ir.diagnostics import op_error
from ttc.ir.errors import TtcError
from ttc.ir.op_definition import op_definition
from ttc.ir.parser import TtcParser

NUM_WARPS = "ttg.num-warps"


def _ints(array: DenseArrayBase | None) -> tuple[int, ...]:
    return () if array is None else tuple(int(v) for v in array.get_values())


def check_min_blocks(region: Region, index: int, name: str) -> None:
    """ODS's `MinSizedRegion<1>`: the region has at least one block."""
    if region.blocks.first is None:
        raise VerifyException(
            f"region #{index} ('{name}') failed to verify constraint: region with at least 1 blocks"
        )


@op_definition
class WarpSpecializeOp(PropsInAttrDictOp):
    """`ttg.warp_specialize`: run the default region and each partition on its own warp group."""

    name = "ttg.warp_specialize"

    partition_num_warps = prop_def(DenseArrayBase, prop_name="partitionNumWarps")
    warp_group_start_ids = opt_prop_def(DenseArrayBase, prop_name="warpGroupStartIds")
    requested_registers = opt_prop_def(DenseArrayBase, prop_name="requestedRegisters")
    actual_registers = opt_prop_def(DenseArrayBase, prop_name="actualRegisters")
    default_passthrough = var_result_def()
    default_region = region_def()
    partition_op_holder = region_def()

    traits = traits_def(RecursiveMemoryEffect())

    def num_warps(self) -> tuple[int, ...]:
        return _ints(self.partition_num_warps)

    def partitions(self) -> WarpSpecializePartitionsOp | None:
        """The `ttg.warp_specialize.partitions` op holding the partition regions, if there."""
        block = self.partition_op_holder.blocks.first
        first = block.first_op if block is not None else None
        return first if isinstance(first, WarpSpecializePartitionsOp) else None

    # Hand-written syntax: `default {...} partition0(%a: T) num_warps(N) {...}` names each partition's
    # block arguments and warp count in a region list.
    @classmethod
    def parse(cls, parser: Parser) -> WarpSpecializeOp:
        captures = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        properties, attributes = split_attr_dict(
            cls, _attr_dict_with_keyword(parser)
        )
        parser.parse_keyword("default")
        default_region = parser.parse_region()
        partitions_at = parser.pos
        num_warps: list[int] = []
        regions: list[Region] = []
        while parser.parse_optional_keyword(f"partition{len(num_warps)}") is not None:
            arguments = parser.parse_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_argument
            )
            parser.parse_keyword("num_warps")
            parser.parse_punctuation("(")
            num_warps.append(parser.parse_integer())
            parser.parse_punctuation(")")
            regions.append(parser.parse_region(arguments or None))
        parser.parse_punctuation(":")
        types_at = parser.pos
        function_type = parser.parse_function_type()
        inputs = function_type.inputs.data
        if len(inputs) != len(captures):
            parser.raise_error(
                f"{len(captures)} operands present, but expected {len(inputs)}", types_at
            )
        partitions = WarpSpecializePartitionsOp(
            [parser.resolve_operand(c, t) for c, t in zip(captures, inputs)], regions
        )
        if isinstance(parser, TtcParser):  # MLIR locates the op where the partitions start
            partitions.location = parser.source.file_loc(partitions_at)
        properties["partitionNumWarps"] = DenseArrayBase.from_list(i32, num_warps)
        return cls(
            result_types=[function_type.outputs.data],
            properties=properties,
            attributes=attributes,
            regions=[default_region, Region(Block([partitions]))],
        )

    def print(self, printer: Printer) -> None:
        partitions = self.partitions()
        captures = partitions.operands if partitions is not None else ()
        printer.print_string("(")
        printer.print_list(captures, printer.print_operand)
        printer.print_string(")")
        print_attr_dict(printer, self, elided=("partitionNumWarps",), keyword=True)
        printer.print_string("\ndefault ")
        printer.print_region(self.default_region, print_entry_block_args=False)
        regions = partitions.regions if partitions is not None else ()
        for i, (region, num_warps) in enumerate(zip(regions, self.num_warps())):
            printer.print_string(f"\npartition{i}(")
            entry = region.blocks.first
            printer.print_list(entry.args if entry else (), printer.print_block_argument)
            printer.print_string(f") num_warps({num_warps}) ")
            printer.print_region(region, print_entry_block_args=False)
        printer.print_string(" : ")
        print_functional_type(
            printer, [c.type for c in captures], list(self.result_types)
        )

    def verify_(self) -> None:
        check_min_blocks(self.default_region, 0, "defaultRegion")
        holder = self.partition_op_holder.blocks
        if holder.first is None or holder.first is not holder.last:
            raise VerifyException(
                "region #1 ('partitionOpHolder') failed to verify constraint: region with 1 blocks"
            )
        partitions = self.partitions()
        if partitions is None:
            raise VerifyException(
                "expected to find only a `ttg.warp_specialize.partitions` op inside its second "
                "region"
            )
        num_warps = self.num_warps()
        if len(partitions.regions) != len(num_warps):
            raise VerifyException(
                f"has {len(partitions.regions)} partitions but `partitionNumWarps` has "
                f"{len(num_warps)} elements"
            )
        for i, warps in enumerate(num_warps):
            if warps <= 0 or warps & (warps - 1):
                raise VerifyException(
                    f"partition #{i} number of warps ({warps}) must be a power of 2"
                )
        if self.warp_group_start_ids is not None:
            start_ids = _ints(self.warp_group_start_ids)
            if len(start_ids) != len(num_warps):
                raise VerifyException(
                    f"has {len(start_ids)} warp group start IDs but expected {len(num_warps)}"
                )
        parent = self.parent_op()
        while parent is not None:
            if isinstance(parent, WarpSpecializeOp):
                raise VerifyException(
                    "cannot be nested inside another `ttg.warp_specialize` op"
                )
            parent = parent.parent_op()
        enclosing = maybe_lookup_num_warps(self)
        if enclosing is not None and enclosing % 4:
            raise TtcError(
                "warp-specialized kernels requires num_warps to be a multiple of 4"
            )


@op_definition
class WarpSpecializePartitionsOp(IRDLOperation):
    """`ttg.warp_specialize.partitions`: the isolated partition regions and their captures."""

    name = "ttg.warp_specialize.partitions"

    explicit_captures = var_operand_def()
    partition_regions = var_region_def()

    traits = traits_def(
        IsolatedFromAbove(), RecursiveMemoryEffect(), IsTerminator(), HasParent(WarpSpecializeOp)
    )

    def __init__(self, captures: Sequence[SSAValue], regions: Sequence[Region]) -> None:
        super().__init__(operands=[captures], regions=[list(regions)])

    def verify_(self) -> None:
        capture_types = [c.type for c in self.explicit_captures]
        for i, region in enumerate(self.partition_regions):
            check_min_blocks(region, i, "partitionRegions")
            args = region.blocks.first.args  # type: ignore[union-attr]
            if len(args) != len(capture_types):
                raise VerifyException(
                    f"partition region #{i} has {len(args)} arguments but expected "
                    f"{len(capture_types)}"
                )
            for j, (arg, capture) in enumerate(zip(args, capture_types)):
                if arg.type != capture:
                    raise VerifyException(
                        f"partition region #{i} argument #{j} has type '{arg.type}' but "
                        f"corresponding capture has type '{capture}'"
                    )


@op_definition
class WarpYieldOp(IRDLOperation):
    """`ttg.warp_yield %a, %b : T, U`: end the default region; its operands are the results."""

    name = "ttg.warp_yield"

    values = var_operand_def()

    traits = traits_def(Pure(), IsTerminator(), ReturnLike(), HasParent(WarpSpecializeOp))
    assembly_format = "($values^)? attr-dict (`:` type($values)^)?"

    def verify_(self) -> None:
        parent = self.parent_op()
        assert parent is not None
        expected = list(parent.result_types)
        if len(self.values) != len(expected):
            raise VerifyException(
                f"has {len(self.values)} operands but parent op expected {len(expected)}"
            )
        for i, (value, result) in enumerate(zip(self.values, expected)):
            if value.type != result:
                raise VerifyException(
                    f"operand #{i} has type '{value.type}' but parent op expected '{result}'"
                )


@op_definition
class WarpReturnOp(IRDLOperation):
    """`ttg.warp_return`: the terminator of every partition region (it returns nothing)."""

    name = "ttg.warp_return"

    traits = traits_def(
        Pure(), IsTerminator(), ReturnLike(), HasParent(WarpSpecializePartitionsOp)
    )
    assembly_format = "attr-dict"


def maybe_lookup_num_warps(op: Operation) -> int | None:
    """Triton's `maybeLookupNumWarps`: the warps `op` runs on, None when nothing says.

    An op directly in a partition region runs on the partition's `partitionNumWarps` entry;
    otherwise the nearest enclosing function or module (`op` itself included) with a
    `"ttg.num-warps"` attribute decides.
    """
    current: Operation | None = op
    while current is not None:
        if isinstance(current, ModuleOp) or current.has_trait(CallableOpInterface):
            value = current.attributes.get(NUM_WARPS)
            if isinstance(value, IntegerAttr):
                return value.value.data
        parent = current.parent_op()
        if isinstance(parent, WarpSpecializePartitionsOp):
            region = current.parent_region()
            specialize = parent.parent_op()
            if isinstance(specialize, WarpSpecializeOp) and region is not None:
                index = parent.regions.index(region)
                num_warps = specialize.num_warps()
                if index < len(num_warps):
                    return num_warps[index]
        current = parent
    return None


def lookup_num_warps(op: Operation) -> int:
    """Triton's `lookupNumWarps`: `maybe_lookup_num_warps`, which must find a number; the one
    reader of the warp count for passes and lowerings."""
    num_warps = maybe_lookup_num_warps(op)
    if num_warps is None:
        raise op_error(op, f"'{op.name}' op is not contained within a context that specifies "
                           "the number of warps")
    return num_warps


WARP_SPECIALIZE_OPS: tuple[type[IRDLOperation], ...] = (
    WarpSpecializeOp,
    WarpSpecializePartitionsOp,
    WarpYieldOp,
    WarpReturnOp,
)
"""The ops of this module, for the `ttg` dialect."""


def _attr_dict_with_keyword(parser: Parser) -> dict[str, Attribute]:
    """MLIR's `parseOptionalAttrDictWithKeyword`: nothing, or `attributes {...}`."""
    attrs = parser.parse_optional_attr_dict_with_keyword()
    return dict(attrs.data) if attrs is not None else {}
