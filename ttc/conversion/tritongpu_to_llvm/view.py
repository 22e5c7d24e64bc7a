"""Constants, ranges and ops that only rename registers (Triton's MakeRangeOpToLLVM, ViewOpToLLVM
and the arith.constant conversion).

- `arith.constant`: a scalar or a splat becomes one `llvm.mlir.constant` shared by all registers
  (an 8-bit float its bits as an `i8`).
- `tt.make_range`: each register holds `start + coordinate`, coordinates from `emit_indices`.
- `tt.splat`: every register is the scalar; `tt.unsplat`: the scalar is the one-element source's
  first register; `ub.poison`: every register is `llvm.mlir.poison`.
- `tt.broadcast`, `tt.expand_dims`, `tt.reshape`, `tt.trans`, `tt.join`, `tt.split`: each
  result register is a source register. The op maps a result coordinate to a source coordinate
  (drop broadcast dims, drop the new axis, flatten and unflatten, permute, pick the operand by the
  last coordinate, append the half); the lowering checks that the lane/warp/block parts of the two
  linear layouts agree under that map and matches registers by their register-part coordinates.
  Anything else needs data movement (a layout conversion) and cannot be lowered here. With the
  layouts Triton infers for join and split, this is its register interleaving within a thread.
- `tt.reshape allow_reorder` and `tt.cat`: the elements' order is unspecified, so registers pass
  through in order (Triton's lowering), as many on both sides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import TensorType
from xdsl.ir import Operation, SSAValue

from ttc.conversion.tritongpu_to_llvm.indices import THREAD_DIMS, emit_indices, register_coords
from ttc.conversion.tritongpu_to_llvm.lowering import FunctionLowering, is_fp8
from ttc.conversion.tritongpu_to_llvm.registry import lowers
from ttc.dialects.tt import ops as tt
from ttc.dialects.upstream import llvm
from ttc.ir.values import splat_scalar

Coord = tuple[int, ...]


@lowers("arith.constant")
def _constant(lw: FunctionLowering, op: Operation) -> None:
    value = splat_scalar(op.properties.get("value"))
    if value is None:
        raise lw.cannot_lower(op)
    result = op.results[0]
    element = result.type.element_type if isinstance(result.type, TensorType) else result.type
    if is_fp8(element):  # an 8-bit float register holds its bits as an i8
        value = int.from_bytes(element.pack([value]), "little", signed=True)  # type: ignore[attr-defined]
    reg = lw.const(value, lw.llvm_type(result.type))
    lw.bind(result, [reg] * lw.num_regs(result.type))


@lowers("ub.poison")
def _poison(lw: FunctionLowering, op: Operation) -> None:
    result = op.results[0]
    reg = lw.value(llvm.PoisonOp(lw.llvm_type(result.type)))
    lw.bind(result, [reg] * lw.num_regs(result.type))


@lowers("tt.make_range")
def _make_range(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.MakeRangeOp)
    start = op.start.value.data
    indices = emit_indices(lw, lw.layout(op.result.type))
    values = [idx[0] if start == 0 else lw.binary(llvm.AddOp, idx[0], start) for idx in indices]
    lw.bind(op.result, values)


@lowers("tt.splat")
def _splat(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.SplatOp)
    lw.bind(op.result, [lw.scalar(op.src)] * lw.num_regs(op.result.type))


@lowers("tt.unsplat")
def _unsplat(lw: FunctionLowering, op: Operation) -> None:
    """The source has one element, so each of its registers in every thread holds it: the scalar
    is the first one (Triton's `UnsplatOpConversion`)."""
    assert isinstance(op, tt.UnsplatOp)
    lw.bind(op.result, [lw.regs(op.src)[0]])


def rename_registers(
    lw: FunctionLowering,
    op: Operation,
    src: SSAValue,
    dst_type: TensorType,
    to_src: Callable[[Coord], Coord],
) -> list[SSAValue]:
    """The registers of a result that holds, at each coordinate `c`, the source element at
    `to_src(c)` in the same thread; `cannot lower` when the data would have to move."""
    return select_registers(lw, op, [src], dst_type, lambda c: (0, to_src(c)))


def select_registers(
    lw: FunctionLowering,
    op: Operation,
    sources: Sequence[SSAValue],
    dst_type: TensorType,
    to_src: Callable[[Coord], tuple[int, Coord]],
) -> list[SSAValue]:
    """The registers of a result that holds, at each coordinate `c`, the element at coordinate
    `to_src(c)[1]` of source number `to_src(c)[0]`, all sources having one type.

    `to_src` must be affine over F2 (a view's index map is): then, when it takes each lane, warp
    and block basis of the result's layout to the same basis of the source's (and never changes
    the source), every thread finds each element it needs in its own registers, matched by the
    register-part coordinates. Otherwise the data would have to move: `cannot lower`.
    """
    src_layout = lw.layout(sources[0].type)
    dst_layout = lw.layout(dst_type)
    origin_source, origin = to_src((0,) * len(dst_type.get_shape()))
    for dim in THREAD_DIMS:
        size = dst_layout.in_dim_size_log2(dim)
        if src_layout.in_dim_size_log2(dim) != size:
            raise lw.cannot_lower(op)
        for bit in range(size):
            dst_basis = dst_layout.get_basis(dim, bit)
            assert isinstance(dst_basis, tuple)
            source, coord = to_src(dst_basis)
            linear = tuple(a ^ b for a, b in zip(coord, origin, strict=True))
            if source != origin_source or linear != src_layout.get_basis(dim, bit):
                raise lw.cannot_lower(op)
    by_coord: dict[tuple[int, Coord], SSAValue] = {}
    for index, src in enumerate(sources):
        src_regs = lw.regs(src)
        for r in range(src_layout.in_dim_size("register")):
            by_coord.setdefault((index, register_coords(src_layout, r)), src_regs[r])
    result: list[SSAValue] = []
    for r in range(dst_layout.in_dim_size("register")):
        key = to_src(register_coords(dst_layout, r))
        if key not in by_coord:
            raise lw.cannot_lower(op)
        result.append(by_coord[key])
    return result


def _shape(value: SSAValue | Operation) -> Sequence[int]:
    type = value.type if isinstance(value, SSAValue) else value.results[0].type
    assert isinstance(type, TensorType)
    return type.get_shape()


@lowers("tt.broadcast")
def _broadcast(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.BroadcastOp)
    src_shape = _shape(op.src)

    def to_src(c: Coord) -> Coord:
        return tuple(0 if size == 1 else x for x, size in zip(c, src_shape, strict=True))

    lw.bind(op.result, rename_registers(lw, op, op.src, op.result.type, to_src))


@lowers("tt.expand_dims")
def _expand_dims(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.ExpandDimsOp)
    axis = op.axis.value.data

    def to_src(c: Coord) -> Coord:
        return c[:axis] + c[axis + 1 :]

    lw.bind(op.result, rename_registers(lw, op, op.src, op.result.type, to_src))


@lowers("tt.trans")
def _trans(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.TransOp)
    order = op.order.get_values()

    def to_src(c: Coord) -> Coord:
        src = [0] * len(c)
        for i, axis in enumerate(order):
            src[axis] = c[i]
        return tuple(src)

    lw.bind(op.result, rename_registers(lw, op, op.src, op.result.type, to_src))


@lowers("tt.reshape")
def _reshape(lw: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, tt.ReshapeOp)
    if op.allow_reorder is not None:
        # The elements may land anywhere: the registers keep their order (Triton's lowering),
        # which needs as many of them on both sides.
        regs = lw.regs(op.src)
        if len(regs) != lw.num_regs(op.result.type):
            raise lw.error(op, "expensive view not supported on reshape op")
        lw.bind(op.result, regs)
        return
    src_shape = _shape(op.src)
    dst_shape = _shape(op.result)

    def to_src(c: Coord) -> Coord:
        linear = 0
        for x, size in zip(c, dst_shape, strict=True):
            linear = linear * size + x
        src: list[int] = []
        for size in reversed(src_shape):
            src.append(linear % size)
            linear //= size
        return tuple(reversed(src))

    lw.bind(op.result, rename_registers(lw, op, op.src, op.result.type, to_src))


@lowers("tt.join")
def _join(lw: FunctionLowering, op: Operation) -> None:
    """Element `(..., k)` of the result is element `(...)` of operand k."""
    assert isinstance(op, tt.JoinOp)

    def to_src(c: Coord) -> tuple[int, Coord]:
        return c[-1], c[:-1]

    lw.bind(op.result, select_registers(lw, op, [op.lhs, op.rhs], op.result.type, to_src))


@lowers("tt.split")
def _split(lw: FunctionLowering, op: Operation) -> None:
    """Result k holds the elements `(..., k)` of the operand."""
    assert isinstance(op, tt.SplitOp)
    for half, result in enumerate((op.out_lhs, op.out_rhs)):

        def to_src(c: Coord, half: int = half) -> Coord:
            return (*c, half)

        assert isinstance(result.type, TensorType)
        lw.bind(result, rename_registers(lw, op, op.src, result.type, to_src))


@lowers("tt.cat")
def _cat(lw: FunctionLowering, op: Operation) -> None:
    """The operands' registers one after the other (the order of elements is unspecified, and
    Triton gives the result as many registers as both operands together)."""
    assert isinstance(op, tt.CatOp)
    regs = [*lw.regs(op.lhs), *lw.regs(op.rhs)]
    if len(regs) != lw.num_regs(op.result.type):
        raise lw.cannot_lower(op)
    lw.bind(op.result, regs)
