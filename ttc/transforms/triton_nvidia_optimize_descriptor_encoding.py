"""`triton-nvidia-optimize-descriptor-encoding`: give every tensor descriptor its shared layout.

Mirrors Triton 3.6's TritonNvidiaGPUOptimizeDescriptorEncodingPass (the NVIDIA side of
`AssignDescriptorMemoryLayouts` in DescriptorMemoryLayouts.cpp). The encoding of a
`!tt.tensordesc` decides the TMA descriptor's swizzle and box, so it is chosen per function from
the descriptor's accesses:

1. seeds: each `tt.descriptor_load`/`gather` asks for the untransposed `#ttg.nvmma_shared` of a
   `ttg.local_alloc`/`ttg.local_store` user (the last such user in the IR wins, as MLIR lists
   uses newest first), and records the CTA layout and the shape it
   moves (padded with leading 1s to the block's rank); stores, reductions and scatters record CTA
   layout and shape. Descriptors crossing a call, a return or `ttng.reinterpret_tensor_descriptor`,
   and the descriptor arguments of a non-kernel function, are forced to the default layout;
2. the requests flow through `scf.for`/`scf.while`/`scf.if` (iter args, results, yields, inits)
   until nothing changes. Two values that meet combine: the smaller shape per dimension, one CTA
   layout (the default one when two disagree), and the one requested encoding;
   two different requested encodings force the default;
3. a descriptor then gets its requested encoding, else Triton's shape-based `#ttg.nvmma_shared`
   for the recorded shape and CTA layout (row-major order, no fp4 padding), else (forced) that of
   its block; the encoding is fitted to the block's rank. Descriptor results of the function type
   get the default layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import FunctionType, ModuleOp, NoneAttr, TensorType
from xdsl.ir import Attribute, Block, Operation, SSAValue

from ttc.dialects.tt import ops as tt
from ttc.dialects.tt.descriptor import DescriptorGatherOp, DescriptorReduceOp, DescriptorScatterOp
from ttc.dialects.tt.types import TensorDescType, bit_width
from ttc.dialects.ttg import ops as ttg
from ttc.dialects.ttg.attrs import CTALayout, NVMMASharedEncodingAttr
from ttc.dialects.ttg.cta import cta_layout_of
from ttc.dialects.ttg.ops import MemDescType
from ttc.dialects.ttng.clc import ReinterpretTensorDescOp
from ttc.ir.values import users
from ttc.ir.walk import walk
from ttc.pipelines.pass_base import TtcPass
from ttc.transforms.tma_utils import cta_layout_for_rank, encoding_for_shape, tied_groups
from ttc.transforms.tritongpu_utils import set_type

LOAD_LIKE = (tt.DescriptorLoadOp, DescriptorGatherOp)
STORE_LIKE = (tt.DescriptorStoreOp, DescriptorReduceOp, DescriptorScatterOp)
FORCING_OPS = (tt.CallOp, tt.ReturnOp, ReinterpretTensorDescOp)
"""Ops whose descriptor operands and results must keep the default layout."""


@dataclass(frozen=True)
class EncodingInfo:
    """What the accesses of one descriptor ask of its layout (Triton's `EncodingInfo`)."""

    desired: Attribute | None = None
    cta: CTALayout | None = None
    shape: tuple[int, ...] = ()
    forced_to_default: bool = False


def combine(lhs: EncodingInfo, rhs: EncodingInfo, rank: int) -> EncodingInfo:
    """Triton's `combineEncodings` (commutative)."""
    if lhs.forced_to_default or rhs.forced_to_default:
        return EncodingInfo(forced_to_default=True)
    if not lhs.shape or lhs.shape == rhs.shape:
        shape = rhs.shape
    elif not rhs.shape:
        shape = lhs.shape
    else:
        shape = tuple(min(a, b) for a, b in zip(lhs.shape, rhs.shape, strict=True))
    ctas = {c for c in (lhs.cta, rhs.cta) if c is not None}
    cta = None
    if len(ctas) == 2:
        cta = CTALayout.default(rank)
    elif ctas:
        cta = ctas.pop()
    desired = {d for d in (lhs.desired, rhs.desired) if d is not None}
    if len(desired) == 2:
        return EncodingInfo(None, cta, shape, forced_to_default=True)
    return EncodingInfo(desired.pop() if desired else None, cta, shape)


def compatible_encoding(encoding: Attribute | None) -> Attribute | None:
    """An encoding a TMA descriptor can take: an untransposed `#ttg.nvmma_shared`."""
    if isinstance(encoding, NVMMASharedEncodingAttr) and not encoding.is_transposed:
        return encoding
    return None


def load_encoding_from_users(op: Operation) -> Attribute | None:
    """Triton's `findLoadEncodingFromUsers`."""
    for user in reversed(users(op.results[0])):
        memdesc = None
        if isinstance(user, ttg.LocalAllocOp):
            memdesc = user.results[0].type
        elif isinstance(user, ttg.LocalStoreOp):
            memdesc = user.operands[1].type
        if isinstance(memdesc, MemDescType) and (found := compatible_encoding(memdesc.encoding)):
            return found
    return None


def _padded_shape(shape: Sequence[int], rank: int) -> tuple[int, ...]:
    """Triton's `expandToRank`: leading 1s up to `rank` dimensions."""
    return (1,) * (rank - len(shape)) + tuple(shape)


def use_info(op: Operation) -> EncodingInfo | None:
    """What a descriptor access asks of its descriptor (operand 0), or None for other ops."""
    if not isinstance(op, LOAD_LIKE) and not isinstance(op, STORE_LIKE):
        return None
    desc = op.operands[0].type
    assert isinstance(desc, TensorDescType)
    rank = len(desc.block_type.get_shape())
    desired = None
    if isinstance(op, LOAD_LIKE):
        tensor = op.results[0].type
        desired = load_encoding_from_users(op)
    else:
        tensor = op.operands[1].type
    assert isinstance(tensor, TensorType)
    encoding = desired if desired is not None else tensor.encoding
    cta = cta_layout_of(encoding, len(tensor.get_shape())) if not isinstance(encoding, NoneAttr) else None
    return EncodingInfo(desired, cta, _padded_shape(tensor.get_shape(), rank))


def _is_desc(value: SSAValue) -> bool:
    return isinstance(value.type, TensorDescType)


class DescriptorLayouts:
    """The fixed-point propagation of one function (Triton's `runOnFunction`)."""

    def __init__(self) -> None:
        self.info: dict[SSAValue, EncodingInfo] = {}
        self.worklist: dict[SSAValue, None] = {}

    def _push(self, value: SSAValue) -> None:
        self.worklist.pop(value, None)
        self.worklist[value] = None

    def update(self, values: Sequence[SSAValue], info: EncodingInfo) -> None:
        for value in values:
            if value in self.info:
                info = combine(self.info[value], info, len(_block(value).get_shape()))
        for value in values:
            if self.info.get(value) != info:
                self.info[value] = info
                self._push(value)

    def seed(self, func: Operation) -> None:
        kernel = bool(getattr(func, "is_kernel", True))
        for arg in func.regions[0].blocks.first.args:  # type: ignore[union-attr]
            if _is_desc(arg):
                self.update([arg], EncodingInfo(forced_to_default=not kernel))
        for op in walk(func):
            if op is func:
                continue
            info = use_info(op)
            if info is not None:
                self.update([op.operands[0]], info)
                continue
            forced = isinstance(op, FORCING_OPS)
            for value in [*op.results, *op.operands]:
                if _is_desc(value):
                    if value not in self.info:
                        self.info[value] = EncodingInfo(forced_to_default=forced)
                    if forced:
                        self._push(value)

    def propagate(self) -> None:
        while self.worklist:
            desc = next(reversed(self.worklist))
            del self.worklist[desc]
            for tied in tied_groups(desc):
                self.update(tied, EncodingInfo())


def _block(value: SSAValue) -> TensorType[Attribute]:
    desc = value.type
    assert isinstance(desc, TensorDescType)
    return desc.block_type


def fallback_encoding(
    block: TensorType[Attribute], cta: CTALayout | None, usage_shape: Sequence[int]
) -> Attribute:
    """Triton's `getFallbackSharedEncoding`: the shape-based `#ttg.nvmma_shared`, row-major."""
    rank = len(block.get_shape())
    order = tuple(range(rank - 1, -1, -1))
    shape = tuple(usage_shape) or tuple(block.get_shape())
    if cta is None:
        cta = CTALayout.default(rank)
    elif len(cta.cta_order) != rank:
        cta = cta_layout_for_rank(cta, len(shape))
    return NVMMASharedEncodingAttr.for_shape(shape, order, cta, bit_width(block.get_element_type()))


def _with_encoding(op: Operation | None, block: TensorType[Attribute], encoding: Attribute) -> TensorDescType:
    fitted = encoding_for_shape(op, encoding, block.get_shape())
    return TensorDescType(TensorType(block.get_element_type(), block.get_shape(), fitted))


def assign_function(func: Operation) -> None:
    """Choose and set the encoding of every descriptor value in `func`."""
    layouts = DescriptorLayouts()
    layouts.seed(func)
    layouts.propagate()
    for desc, info in layouts.info.items():
        block = _block(desc)
        if info.desired is not None:
            encoding = info.desired
        elif info.forced_to_default:
            encoding = fallback_encoding(block, None, ())
        else:
            encoding = fallback_encoding(block, info.cta, info.shape)
        set_type(desc, _with_encoding(desc.owner if isinstance(desc.owner, Operation) else None,
                                      block, encoding))  # fmt: skip
    entry = func.regions[0].blocks.first
    assert isinstance(entry, Block)
    function_type = func.properties["function_type"]
    assert isinstance(function_type, FunctionType)
    outputs = [
        _with_encoding(None, t.block_type, fallback_encoding(t.block_type, None, ()))
        if isinstance(t, TensorDescType) else t
        for t in function_type.outputs.data
    ]  # fmt: skip
    func.properties["function_type"] = FunctionType.from_lists([a.type for a in entry.args], outputs)


class TritonNvidiaGPUOptimizeDescriptorEncodingPass(
    TtcPass, name="triton-nvidia-optimize-descriptor-encoding", summary="Set encodings on tensor descriptor types"
):
    """Set the shared-memory encoding (TMA swizzle and box) of every tensor descriptor."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in list(op.body.block.ops):
            if isinstance(func, tt.FuncOp):
                assign_function(func)

