"""Types of the TritonNvidiaGPU dialect: `!ttng.tensordesc_im2col`.

Mirrors `TTNG_TensorDescIm2ColType` of Triton's `TritonNvidiaGPUTypes.td`, its parser, printer
and verifier in `lib/Dialect/TritonNvidiaGPU/IR/Dialect.cpp`: a TMA descriptor in im2col mode (the
convolution-friendly access pattern), written `!ttng.tensordesc_im2col<64x128xf16[, #shared]>`,
whose block is two-dimensional.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, IntAttr, NoneAttr, TensorType
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.types import print_tensor_body
from ttc.dialects.ttg.attrs import int_list, ints


@irdl_attr_definition
class TensorDescIm2ColType(ParametrizedAttribute, TypeAttribute):
    """`!ttng.tensordesc_im2col`: block shape, element type and optional shared layout."""

    name = "ttng.tensordesc_im2col"

    shape: ArrayAttr[IntAttr]
    element_type: Attribute
    shared_layout: Attribute

    def get_shape(self) -> tuple[int, ...]:
        return ints(self.shape)

    @property
    def block_type(self) -> TensorType[Attribute]:
        """The block as a tensor type with the shared layout (`TensorDescInterface`)."""
        return TensorType(self.element_type, self.get_shape(), self.shared_layout)

    def verify(self) -> None:
        rank = len(self.shape.data)
        if rank != 2:
            raise VerifyException(f"TensorDescIm2ColType requires rank-2 shape, got rank {rank}")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        start = parser.pos
        parser.parse_punctuation("<")
        shape, element_type = parser.parse_ranked_shape()
        if any(dim < 0 for dim in shape):
            parser.raise_error("expected static shape", start, parser.pos)
        layout: Attribute = NoneAttr()
        if parser.parse_optional_punctuation(",") is not None:
            layout = parser.parse_attribute()
        parser.parse_punctuation(">")
        params = (int_list(shape), element_type, layout)
        try:
            cls.new(params)
        except VerifyException as err:
            parser.raise_error(str(err), start, parser.pos)
        return params

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            print_tensor_body(printer, self.block_type)


TTNG_TYPES = (TensorDescIm2ColType,)
"""The type classes of this module, registered with the `ttng` dialect."""
