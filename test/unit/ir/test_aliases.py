"""Attribute aliases are named, numbered and ordered as MLIR's AliasInitializer does."""

from __future__ import annotations

import textwrap

from xdsl.dialects.builtin import IntAttr, StringAttr, i32

from ttc.ir.aliases import AliasTable, VisitInfo
from ttc.ir.printer import print_module
from ttc_parse import parse_module

BLOCKED_A = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
BLOCKED_B = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
BLOCKED_C = "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
MMA = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"
MODULE_ATTRS = '{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32}'


def test_numbered_in_order_of_first_use_and_printed_sorted_by_name() -> None:
    text = textwrap.dedent(
        f"""\
        #zzz = {BLOCKED_B}
        #first = {BLOCKED_A}
        #C = {MMA}
        #unused = {BLOCKED_C}
        module attributes {MODULE_ATTRS} {{
          tt.func @f() {{
            %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #C>
            %0 = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 0, parent = #first}}>>
            %1 = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 1, parent = #zzz}}>>
            %2 = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 1, parent = #first}}>>
            tt.return
          }}
        }}
        """
    )
    assert print_module(parse_module(text)) == textwrap.dedent(
        f"""\
        #blocked = {BLOCKED_A}
        #blocked1 = {BLOCKED_B}
        #mma = {MMA}
        module attributes {MODULE_ATTRS} {{
          tt.func @f() {{
            %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
            %0 = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 0, parent = #blocked}}>>
            %1 = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 1, parent = #blocked1}}>>
            %2 = tt.make_range {{end = 64 : i32, start = 0 : i32}} : tensor<64xi32, #ttg.slice<{{dim = 1, parent = #blocked}}>>
            tt.return
          }}
        }}
        """
    )


def test_dot_operand_layouts_are_never_aliased() -> None:
    text = textwrap.dedent(
        f"""\
        #mma = {MMA}
        module attributes {MODULE_ATTRS} {{
          tt.func @f() {{
            %cst = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #ttg.dot_op<{{opIdx = 0, parent = #mma, kWidth = 2}}>>
            tt.return
          }}
        }}
        """
    )
    assert print_module(parse_module(text)) == text


def info(index: int, alias: str | None, depth: int = 1, *, is_type: bool = False) -> VisitInfo:
    return VisitInfo(index=index, alias=alias, is_type=is_type, deferrable=False, depth=depth)


def test_table_orders_by_depth_then_kind_then_name() -> None:
    attrs = [StringAttr(str(i)) for i in range(5)]
    table = AliasTable(
        {
            attrs[0]: info(0, "zeta", depth=2),
            attrs[1]: info(1, "beta"),
            attrs[2]: info(2, "alpha"),
            attrs[3]: info(3, None, depth=0),
            attrs[4]: info(4, "tuple", is_type=True),
        }
    )
    assert [str(alias) for alias in table.aliases] == ["!tuple", "#alpha", "#beta", "#zeta"]
    assert attrs[3] not in table.text


def test_table_suffixes() -> None:
    attrs = [IntAttr(i) for i in range(6)]
    table = AliasTable(
        {
            attrs[0]: info(0, "blocked"),
            attrs[1]: info(1, "blocked"),
            attrs[2]: info(2, "blocked1"),
            attrs[3]: info(3, "v2"),
            attrs[4]: info(4, "v2"),
            attrs[5]: info(5, "blocked"),
        }
    )
    assert [table.text[a] for a in attrs] == [
        "#blocked",
        "#blocked1",
        "#blocked1_1",
        "#v2",
        "#v2_1",
        "#blocked2",
    ]


def test_non_deferrable_marking_reaches_children() -> None:
    child = VisitInfo(index=1, alias="loc", is_type=False, deferrable=True)
    parent = VisitInfo(index=0, alias="loc", is_type=False, deferrable=True, children=[child])
    parent.mark_non_deferrable()
    assert not parent.deferrable and not child.deferrable
    assert AliasTable({i32: parent}).aliases[0].deferrable is False
