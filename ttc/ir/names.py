"""SSA value and block names exactly as MLIR's AsmPrinter assigns them.

Mirrors `SSANameState` in `mlir/lib/IR/AsmPrinter.cpp` with `OpPrintingFlags::printNameLocAsPrefix`
on, which is how Triton 3.6 prints its IR:

- every region is a naming scope; it starts from the value, argument and conflict counters its
  parent region had *after the whole parent region was numbered*, and sees the parent's names;
- an op result takes the name of the first `NameLoc` in its location (`loc("offs"(#loc3))` gives
  `%offs`); failing that, the op's own suggestion (`arith.constant`: `%c1024_i32`, `%c-1_i32`,
  `%c0` for `index`, `%true`/`%false`, `%cst`), else the next number (`%0`, `%1`, ...); a
  `NameLoc` overrides the op's suggestion, as in MLIR;
- entry-block arguments are `%argN`, N counting every entry-block argument in scope (a `NameLoc`
  on the argument replaces the name, but still uses up its N); other block arguments are numbered;
- a name already used in scope gets `_K`, K from one conflict counter per scope
  (`%offs, %offs_0, %offs_1, %mask, %mask_2`);
- an op with several results is one group (`%x:2`, used as `%x#1`) unless its namer names later
  results, which starts new groups.

Ops may suggest result names by defining `asm_result_names(self) -> Sequence[tuple[int, str]]`
(result index and name, MLIR's `getAsmResultNames`); `arith.constant` is built in here.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import IntegerAttr, IntegerType
from xdsl.ir import Block, Operation, OpResult, Region, SSAValue

from ttc.ir.locations import find_name

ResultNamer = Callable[[Operation], Sequence[tuple[int, str]]]

_VALID_PUNCT = frozenset("$._-")


def sanitize_identifier(name: str, allowed_punct: frozenset[str] = _VALID_PUNCT) -> str:
    """MLIR's `sanitizeIdentifier`: a valid suffix-id, hex-escaping what is not."""

    def valid(ch: str) -> bool:
        return (ch.isascii() and ch.isalnum()) or ch in allowed_punct

    def escaped() -> str:
        out: list[str] = []
        for ch in name:
            if valid(ch):
                out.append(ch)
            elif ch == " ":
                out.append("_")
            else:
                out.extend(f"{byte:X}" for byte in ch.encode("utf-8"))
        return "".join(out)

    first = name[0]
    if first.isdigit() or (not valid(first) and first != " "):
        return "_" + escaped()
    if all(valid(ch) for ch in name):
        return name
    return escaped()


def _signed(value: int, width: int) -> int:
    """`value` as the signed integer of `width` bits that APInt would print."""
    if width <= 0:
        return value
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def _constant_names(op: Operation) -> Sequence[tuple[int, str]]:
    """`arith::ConstantOp::getAsmResultNames`."""
    value = op.properties.get("value")
    if value is None:
        value = op.attributes.get("value")
    result_type = op.results[0].type
    if not isinstance(value, IntegerAttr):
        return [(0, "cst")]
    if not isinstance(result_type, IntegerType):
        return [(0, f"c{_signed(value.value.data, 64)}")]
    width = result_type.width.data
    if width == 1:
        return [(0, "true" if value.value.data else "false")]
    return [(0, f"c{_signed(value.value.data, width)}_{_type_text(result_type)}")]


def _type_text(t: IntegerType) -> str:
    prefix = {"signless": "i", "signed": "si", "unsigned": "ui"}.get(
        t.signedness.data.name.lower(), "i"
    )
    return f"{prefix}{t.width.data}"


BUILTIN_RESULT_NAMERS: dict[str, ResultNamer] = {"arith.constant": _constant_names}


class SSANames:
    """The printed name of every value and block under a root op, computed once up front."""

    def __init__(self, root: Operation, *, generic: bool = False) -> None:
        self.generic = generic
        self.value_ids: dict[SSAValue, str] = {}
        self.result_groups: dict[Operation, list[int]] = {}
        self.block_ids: dict[Block, str] = {}
        self._next_value = 0
        self._next_arg = 0
        self._next_conflict = 0
        self._used: list[set[str]] = [set()]
        self._number(root)

    # -- lookups used by the printer -------------------------------------------------------

    def value_name(self, value: SSAValue, print_result_no: bool = True) -> str:
        """`%name`, `%name#i` for a result inside a group, as MLIR's `printValueID`."""
        lookup: SSAValue = value
        result_no: int | None = None
        if isinstance(value, OpResult):
            owner = value.op
            if len(owner.results) != 1:
                index = value.index
                groups = self.result_groups.get(owner)
                if groups is None:
                    result_no = index
                    lookup = owner.results[0]
                else:
                    pos = bisect.bisect_right(groups, index)
                    if pos == len(groups):
                        head = groups[-1]
                        size = len(owner.results) - head
                    else:
                        head = groups[pos - 1]
                        size = groups[pos] - head
                    if size != 1:
                        result_no = index - head
                    lookup = owner.results[head]
        name = self.value_ids.get(lookup)
        if name is None:
            name = self._late_number(lookup)
        if result_no is not None and print_result_no:
            return f"%{name}#{result_no}"
        return f"%{name}"

    def result_group_heads(self, op: Operation) -> list[tuple[int, int]]:
        """(first result, size) of each group of `op`'s results, in order."""
        count = len(op.results)
        groups = self.result_groups.get(op)
        if groups is None:
            return [(0, count)]
        ends = groups[1:] + [count]
        return [(start, end - start) for start, end in zip(groups, ends)]

    def block_name(self, block: Block) -> str:
        name = self.block_ids.get(block)
        if name is None:
            parent = block.parent
            index = parent.blocks.index(block) if parent is not None else 0
            name = f"bb{index}"
            self.block_ids[block] = name
        return f"^{name}"

    def _late_number(self, value: SSAValue) -> str:
        """A number for a value created after naming (never printed by a sound printer)."""
        name = str(self._next_value)
        self._next_value += 1
        self.value_ids[value] = name
        return name

    # -- numbering (SSANameState's constructor) --------------------------------------------

    def _number(self, root: Operation) -> None:
        stack: list[tuple[Region, int, int, int, list[set[str]]]] = []
        for region in root.regions:
            stack.append((region, 0, 0, 0, self._used))
        self._number_op(root)
        while stack:
            region, self._next_value, self._next_arg, self._next_conflict, parent = stack.pop()
            self._used = [*parent, set()]
            self._number_region(region)
            for block in region.blocks:
                for op in block.ops:
                    for nested in op.regions:
                        stack.append(
                            (
                                nested,
                                self._next_value,
                                self._next_arg,
                                self._next_conflict,
                                self._used,
                            )
                        )

    def _number_region(self, region: Region) -> None:
        for index, block in enumerate(region.blocks):
            self.block_ids[block] = f"bb{index}"
            self._number_block(block, is_entry=index == 0)

    def _number_block(self, block: Block, *, is_entry: bool) -> None:
        for arg in block.args:
            if arg in self.value_ids:
                continue
            name = ""
            if is_entry:
                name = f"arg{self._next_arg}"
                self._next_arg += 1
            loc_name = find_name(arg.location)
            if loc_name is not None:
                name = loc_name
            self._set_name(arg, name)
        for op in block.ops:
            self._number_op(op)

    def _number_op(self, op: Operation) -> None:
        results = op.results
        if not results:
            return
        groups = [0]
        if not self.generic:
            namer = BUILTIN_RESULT_NAMERS.get(op.name)
            suggested = (
                namer(op) if namer is not None else _suggested_names(op)
            )
            if suggested:
                loc_name = find_name(op.location)
                for index, name in suggested:
                    self._set_name(results[index], loc_name if loc_name is not None else name)
                    if index:
                        groups.append(index)
        head = results[0]
        if head not in self.value_ids:
            loc_name = find_name(op.location)
            if loc_name:
                self._set_name(head, loc_name)
        if head not in self.value_ids:
            self.value_ids[head] = str(self._next_value)
            self._next_value += 1
        if len(groups) != 1:
            self.result_groups[op] = sorted(groups)

    def _set_name(self, value: SSAValue, name: str) -> None:
        if not name:
            self.value_ids[value] = str(self._next_value)
            self._next_value += 1
            return
        self.value_ids[value] = self._unique(name)

    def _unique(self, name: str) -> str:
        name = sanitize_identifier(name)
        if self._is_used(name):
            while True:
                probe = f"{name}_{self._next_conflict}"
                self._next_conflict += 1
                if not self._is_used(probe):
                    name = probe
                    break
        self._used[-1].add(name)
        return name

    def _is_used(self, name: str) -> bool:
        return any(name in scope for scope in self._used)


def _suggested_names(op: Operation) -> Sequence[tuple[int, str]]:
    hook = getattr(op, "asm_result_names", None)
    return hook() if callable(hook) else ()

