"""An MLIR-faithful printer: what `triton-opt` / `mlir-opt` print, byte for byte.

Mirrors `OperationPrinter` in `mlir/lib/IR/AsmPrinter.cpp` on top of xDSL's `Printer`, whose
methods dialect printers call back into:

- `module` (and `return` inside `func.func`): an op name drops the default dialect of the
  enclosing region (`builtin` at top level and in `builtin.module`, `func` in `func.func`);
- attribute aliases defined at the top (`#blocked`, `#mma`, ...; see `ttc.ir.aliases`);
- SSA and block names of `SSANameState` (see `ttc.ir.names`);
- attribute dictionaries in sorted key order, as MLIR's `DictionaryAttr` keeps them;
- block labels with `// pred:` comments, generic form (`"tt.splat"(%0) : (i32) -> ...`) on demand;
- with `debuginfo`: `loc(#locN)` after ops, inline locations on block arguments, and `#locN`
  definitions before (when referenced by an argument) or after the module.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from xdsl.dialects.builtin import (
    CallSiteLoc,
    DictionaryAttr,
    FileLineColLoc,
    FloatAttr,
    FusedLoc,
    NameLoc,
    NoneAttr,
    UnknownLoc,
    UnregisteredOp,
)
from xdsl.ir import (
    Attribute,
    Block,
    BlockArgument,
    Operation,
    Region,
    SSAValue,
    TypeAttribute,
)
from xdsl.printer import Printer
from xdsl.traits import IsTerminator

from ttc.ir.aliases import AliasTable, VisitInfo, alias_prefix
from ttc.ir.literals import can_format, format_float
from ttc.ir.locations import LOCATION_CLASSES, child_locations
from ttc.ir.names import SSANames
from ttc.ir.syntax import TRITON_3_6, TritonSyntax
from ttc.ir.traits import has_trait

# Default dialect of the regions of ops implementing MLIR's `OpAsmOpInterface::getDefaultDialect`.
DEFAULT_DIALECTS: dict[str, str] = {
    "builtin.module": "builtin",
    "func.func": "func",
    "gpu.module": "gpu",
    "gpu.func": "gpu",
}


class MlirPrinter(Printer):
    """xDSL's printer, reshaped to print what MLIR prints.

    With `collect=True` it is the dry run of MLIR's alias initializer: nothing is written, and
    every attribute and type is recorded in print order instead.
    """

    def __init__(
        self,
        names: SSANames,
        aliases: AliasTable,
        *,
        generic: bool = False,
        debuginfo: bool = False,
        collect: bool = False,
        syntax: TritonSyntax = TRITON_3_6,
    ) -> None:
        super().__init__(print_generic_format=generic, print_debuginfo=debuginfo)
        self.triton_syntax = syntax
        self._out: list[str] = []
        self._names = names
        self._alias_text = aliases.text
        self._collect = collect
        self._visited: dict[Attribute, VisitInfo] = {}
        self._visited_ids: dict[int, tuple[Attribute, VisitInfo]] = {}
        self._memo: dict[int, tuple[Attribute, str]] = {}
        self._children: list[VisitInfo] = []
        self._deferrable = False
        self._loc_depth = 0
        self._op_loc_alias = False
        self._dialects: list[str] = ["builtin"]

    # -- output ------------------------------------------------------------------------------

    def text(self) -> str:
        return "".join(self._out)

    def print_string(self, text: str, *, indent: int | None = None) -> None:
        if self._collect:
            return
        if "\n" not in text:
            self._out.append(text)
            return
        lines = text.split("\n")
        self._out.append(lines[0])
        for line in lines[1:]:
            self._print_new_line(indent=indent)
            self._out.append(line)

    def _print_new_line(self, indent: int | None = None, print_message: bool = True) -> None:
        if self._collect:
            return
        level = self._indent if indent is None else indent
        self._out.append("\n" + " " * (level * self.indent_num_spaces))

    # -- names -------------------------------------------------------------------------------

    def print_ssa_value(self, value: SSAValue) -> str:
        name = self._names.value_name(value)
        self.print_string(name)
        return name[1:]

    def print_operand(self, operand: SSAValue) -> None:
        self.print_ssa_value(operand)

    def print_block_name(self, block: Block) -> str:
        name = self._names.block_name(block)
        self.print_string(name)
        return name[1:]

    def _print_results(self, op: Operation) -> None:
        if not op.results:
            return
        groups = self._names.result_group_heads(op)
        for i, (start, size) in enumerate(groups):
            if i:
                self.print_string(", ")
            self.print_string(self._names.value_name(op.results[start], print_result_no=False))
            if size > 1:
                self.print_string(f":{size}")
        self.print_string(" = ")

    # -- attributes, types, locations ------------------------------------------------------

    def print_attribute(self, attribute: Attribute) -> None:
        if self._collect:
            self._visit(attribute)
            return
        memo = self._memo.get(id(attribute))
        if memo is not None and memo[0] is attribute:
            self._out.append(memo[1])
            return
        if isinstance(attribute, LOCATION_CLASSES):
            if self._loc_depth == 0:
                self._print_trailing_location(attribute, allow_alias=False)
            else:
                self._print_nested_location(attribute)
            return
        start = len(self._out)
        alias = self._alias_text.get(attribute)
        if alias is not None:
            self._out.append(alias)
        else:
            self._print_attribute_body(attribute)
        text = "".join(self._out[start:])
        if "\n" not in text:
            del self._out[start:]
            self._out.append(text)
            self._memo[id(attribute)] = (attribute, text)

    def _print_attribute_body(self, attribute: Attribute) -> None:
        if isinstance(attribute, LOCATION_CLASSES):
            self._print_location_body(attribute)
        elif isinstance(attribute, DictionaryAttr):
            self._print_sorted_dict(attribute.data)
        elif isinstance(attribute, FloatAttr) and self._print_float(attribute):
            return
        else:
            super().print_attribute(attribute)

    def _print_float(self, attribute: FloatAttr) -> bool:
        """`value : type` with MLIR's float formatting (shortest round-tripping decimal, else
        upper-case hexadecimal bits); False for a float type it has no format for."""
        if not can_format(attribute.type):
            return False
        self.print_string(f"{format_float(attribute.value.data, attribute.type)} : ")
        self.print_attribute(attribute.type)
        return True

    def _visit(self, attribute: Attribute) -> None:
        """MLIR's `AliasInitializer::visit`: record `attribute` and what it nests."""
        known = self._visited_ids.get(id(attribute))
        info = known[1] if known is not None and known[0] is attribute else None
        if info is None:
            info = self._visited.get(attribute)
            if info is not None:
                self._visited_ids[id(attribute)] = (attribute, info)
        if info is not None:
            if not self._deferrable:
                info.mark_non_deferrable()
            self._children.append(info)
            return
        alias = alias_prefix(attribute)
        info = VisitInfo(
            index=len(self._visited),
            alias=alias,
            is_type=isinstance(attribute, TypeAttribute),
            deferrable=self._deferrable,
            depth=1 if alias is not None else 0,
        )
        self._visited[attribute] = info
        self._visited_ids[id(attribute)] = (attribute, info)
        outer = self._children
        self._children = []
        if isinstance(attribute, LOCATION_CLASSES):
            for child in child_locations(attribute):
                self._visit(child)
        else:
            self._print_attribute_body(attribute)
        info.children = self._children
        self._children = outer
        deepest = max((child.depth for child in info.children), default=0)
        if deepest:
            info.depth = deepest + 1
        outer.append(info)

    def visited(self) -> dict[Attribute, VisitInfo]:
        return self._visited

    def _print_trailing_location(self, loc: Attribute, *, allow_alias: bool) -> None:
        """` loc(...)` minus the leading space, as `printTrailingLocation`/`printLocation`."""
        self._out.append("loc(")
        alias = self._alias_text.get(loc) if allow_alias else None
        if alias is not None:
            self._out.append(alias)
        else:
            self._print_location_body(loc)
        self._out.append(")")

    def _print_nested_location(self, loc: Attribute) -> None:
        alias = self._alias_text.get(loc)
        if alias is not None:
            self._out.append(alias)
        else:
            self._print_location_body(loc)

    def _print_location_body(self, loc: Attribute) -> None:
        """`printLocationInternal` without the `loc(...)` wrapper."""
        self._loc_depth += 1
        if isinstance(loc, UnknownLoc):
            self._out.append("unknown")
        elif isinstance(loc, FileLineColLoc):
            self.print_string_literal(loc.filename.data)
            self._out.append(f":{loc.line.data}:{loc.column.data}")
        elif isinstance(loc, NameLoc):
            self.print_string_literal(loc.desc.data)
            children = child_locations(loc)
            if children:
                self._out.append("(")
                self._print_nested_location(children[0])
                self._out.append(")")
        elif isinstance(loc, CallSiteLoc):
            self._out.append("callsite(")
            self._print_nested_location(loc.callee)
            self._out.append(" at ")
            self._print_nested_location(loc.caller)
            self._out.append(")")
        elif isinstance(loc, FusedLoc):
            self._out.append("fused")
            if not isinstance(loc.metadata, NoneAttr):
                self._out.append("<")
                self.print_attribute(loc.metadata)
                self._out.append(">")
            self._out.append("[")
            for i, nested in enumerate(child_locations(loc)):
                if i:
                    self._out.append(", ")
                self._print_nested_location(nested)
            self._out.append("]")
        self._loc_depth -= 1

    def _print_sorted_dict(self, entries: Mapping[str, Attribute]) -> None:
        self.print_string("{")
        for i, key in enumerate(sorted(entries)):
            if i:
                self.print_string(", ")
            self._print_attr_string((key, entries[key]))
        self.print_string("}")

    def print_op_attributes(
        self,
        attributes: Mapping[str, Attribute],
        *,
        reserved_attr_names: Iterable[str] = (),
        print_keyword: bool = False,
    ) -> bool:
        reserved = set(reserved_attr_names)
        shown = {k: v for k, v in attributes.items() if k not in reserved}
        if not shown:
            return False
        if print_keyword:
            self.print_string(" attributes")
        self.print_string(" ")
        self._print_sorted_dict(shown)
        return True

    # -- blocks and regions ------------------------------------------------------------------

    def print_block_argument(self, arg: BlockArgument, print_type: bool = True) -> None:
        self.print_ssa_value(arg)
        if print_type:
            self.print_string(": ")
            self.print_attribute(arg.type)
            self._print_argument_location(arg)

    def _print_argument_location(self, arg: BlockArgument) -> None:
        if not self.print_debuginfo:
            return
        if self._collect:
            self._deferrable = False
            self._visit(arg.location)
            return
        self._out.append(" ")
        self._print_trailing_location(arg.location, allow_alias=False)

    def print_region(
        self,
        region: Region,
        print_entry_block_args: bool = True,
        print_empty_block: bool = False,
        print_block_terminators: bool = True,
    ) -> None:
        self.print_string("{")
        entry = region.blocks.first
        if entry is not None:
            parent = region.parent_op()
            self._dialects.append(
                DEFAULT_DIALECTS.get(parent.name, "") if parent is not None else ""
            )
            header = (print_empty_block and not entry.ops) or (
                print_entry_block_args and bool(entry.args)
            )
            self.print_block(entry, header, print_block_terminators)
            block = entry.next_block
            while block is not None:
                self.print_block(block)
                block = block.next_block
            self._dialects.pop()
        self._print_new_line()
        self.print_string("}")

    def print_block(
        self,
        block: Block,
        print_block_args: bool = True,
        print_block_terminator: bool = True,
    ) -> None:
        if print_block_args:
            self._print_new_line()
            self.print_block_name(block)
            if block.args:
                self.print_string("(")
                for i, arg in enumerate(block.args):
                    if i:
                        self.print_string(", ")
                    self.print_block_argument(arg)
                self.print_string(")")
            self.print_string(":")
            self._print_predecessors(block)
        with self.indented():
            for op in block.ops:
                if (
                    not print_block_terminator
                    and op is block.last_op
                    and has_trait(op, IsTerminator, value_if_unregistered=False)
                ):
                    continue
                self._print_new_line()
                self.print_op(op)

    def _print_predecessors(self, block: Block) -> None:
        if self._collect:
            return
        parent = block.parent
        if parent is None:
            self.print_string("  // block is not in a region!")
            return
        blocks = block.predecessors()
        if not blocks:
            if parent.blocks.first is not block:
                self.print_string("  // no predecessors")
            return
        if len(blocks) == 1:
            self.print_string(f"  // pred: {self._names.block_name(blocks[0])}")
            return
        order = {b: i for i, b in enumerate(parent.blocks)}
        counts = Counter(blocks)
        ordered = sorted(counts, key=lambda b: order.get(b, -1))
        names = [self._names.block_name(b) for b in ordered for _ in range(counts[b])]
        self.print_string(f"  // {len(names)} preds: {', '.join(names)}")

    # -- operations --------------------------------------------------------------------------

    def print_op(self, op: Operation) -> None:
        if self._collect and self.print_debuginfo:
            self._deferrable = True
            self._visit(op.location)
            self._deferrable = False
        self._print_results(op)
        generic = (
            self.print_generic_format
            or isinstance(op, UnregisteredOp)
            or type(op).print is Operation.print
        )
        if generic:
            self._print_generic_op(op)
        else:
            self.print_string(self._short_name(op.name))
            op.print(self)
        if self.print_debuginfo and not self._collect:
            self._out.append(" ")
            self._print_trailing_location(op.location, allow_alias=True)

    def _short_name(self, name: str) -> str:
        dialect = self._dialects[-1]
        if dialect and name.startswith(dialect + ".") and name.count(".") == 1:
            return name[len(dialect) + 1 :]
        return name

    def _print_generic_op(self, op: Operation) -> None:
        if isinstance(op, UnregisteredOp):
            name = op.op_name.data
            attributes = {k: v for k, v in op.attributes.items() if k != "op_name__"}
        else:
            name = op.name
            attributes = dict(op.attributes)
        self.print_string_literal(name)
        if self._collect:
            # MLIR's dry run visits regions, operand types, result types, then attributes.
            for region in op.regions:
                self.print_region(region, True, True, True)
            for operand in op.operands:
                self.print_attribute(operand.type)
            for result in op.results:
                self.print_attribute(result.type)
            for value in op.properties.values():
                self.print_attribute(value)
            for value in attributes.values():
                self.print_attribute(value)
            return
        self.print_string("(")
        self.print_list(op.operands, self.print_operand)
        self.print_string(")")
        if op.successors:
            self.print_string("[")
            self.print_list(op.successors, self.print_block_name)
            self.print_string("]")
        if op.properties:
            self.print_string(" <")
            self._print_sorted_dict(op.properties)
            self.print_string(">")
        if op.regions:
            self.print_string(" (")
            for i, region in enumerate(op.regions):
                if i:
                    self.print_string(", ")
                self.print_region(region, True, True, True)
            self.print_string(")")
        if attributes:
            self.print_string(" ")
            self._print_sorted_dict(attributes)
        self.print_string(" : ")
        self.print_function_type(
            (o.type for o in op.operands), (r.type for r in op.results)
        )

    def print_operation_type(self, op: Operation) -> None:
        self.print_function_type(op.operand_types, op.result_types)

    # -- whole modules -----------------------------------------------------------------------

    def print_aliases(self, table: AliasTable, *, deferred: bool) -> None:
        for alias in table.aliases:
            if alias.deferrable != deferred:
                continue
            self._out.append(f"{alias} = ")
            if isinstance(alias.attr, LOCATION_CLASSES):
                self._print_trailing_location(alias.attr, allow_alias=False)
            else:
                self._print_attribute_body(alias.attr)
            self._out.append("\n")


def print_module(module: Operation, *, debuginfo: bool = False, generic: bool = False,
                 syntax: TritonSyntax = TRITON_3_6) -> str:
    """The text MLIR prints for `module` (normally a `builtin.module`), ending with a newline;
    `syntax` picks the Triton release spelling of the types that changed (`ttc.ir.syntax`)."""
    names = SSANames(module, generic=generic)
    collector = MlirPrinter(
        names, AliasTable.empty(), generic=generic, debuginfo=debuginfo, collect=True, syntax=syntax
    )
    collector.print_op(module)
    table = AliasTable(collector.visited())
    printer = MlirPrinter(names, table, generic=generic, debuginfo=debuginfo, syntax=syntax)
    printer.print_aliases(table, deferred=False)
    printer.print_op(module)
    printer._out.append("\n")
    printer.print_aliases(table, deferred=True)
    return printer.text()

