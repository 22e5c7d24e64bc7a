"""Cluster-scope ops of TritonNvidiaGPU that need more than one CTA.

Mirrors `TTNG_FenceMBarrierInitReleaseClusterOp` and `TTNG_AsyncSharedStoreOp` of Triton's
`TritonNvidiaGPUOps.td` and their verifiers in `lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp`:

```
ttng.fence_mbarrier_init_release_cluster
ttng.async_shared_store %src, %dst, %bar : tensor<...> -> !ttg.memdesc<...>, !ttg.memdesc<1xi64, ...>
```

The fence makes mbarrier initialisation visible to the other CTAs of the cluster; the store is
`st.async.shared::cluster`, which signals the transaction count of the destination CTA's
mbarrier and is undefined in a one-CTA cluster. It must move at least 32 bits per store.
"""

from __future__ import annotations

from xdsl.dialects.builtin import TensorType
from xdsl.irdl import operand_def
from xdsl.utils.exceptions import VerifyException

from ttc.dialects.tt.op_bases import MemoryWriteOp
from ttc.dialects.tt.types import bit_width
from ttc.dialects.ttg.attrs import ints
from ttc.dialects.ttg.linear_layouts import to_linear_layout
from ttc.dialects.ttg.ops import (
    MemDescType,
    check_memory_op_types,
    lookup_num_ctas,
    memdesc_layout,
)
from ttc.dialects.ttg.shared_attrs import PaddedSharedEncodingAttr
from ttc.dialects.ttng.barriers import verify_barrier_type, verify_cluster_is_multi_cta
from ttc.ir.op_definition import op_definition
from ttc.layouts.divide import largest_vectorisation
from ttc.layouts.linear import LayoutError


@op_definition
class FenceMBarrierInitReleaseClusterOp(MemoryWriteOp):
    """`ttng.fence_mbarrier_init_release_cluster`: fence.mbarrier_init.release.cluster."""

    name = "ttng.fence_mbarrier_init_release_cluster"

    assembly_format = "attr-dict"

    def verify_(self) -> None:
        verify_cluster_is_multi_cta(self)


@op_definition
class AsyncSharedStoreOp(MemoryWriteOp):
    """`ttng.async_shared_store`: store registers to (possibly another CTA's) shared memory,
    completing on an mbarrier."""

    name = "ttng.async_shared_store"

    src = operand_def(TensorType)
    dst = operand_def(MemDescType)
    mbarrier = operand_def(MemDescType)

    assembly_format = (
        "$src `,` $dst `,` $mbarrier attr-dict `:` type($src) `->` type($dst) `,` type($mbarrier)"
    )

    def verify_(self) -> None:
        if lookup_num_ctas(self) < 2:
            raise VerifyException("requires at least two CTAs in the cluster")
        src, dst = self.src.type, self.dst.type
        assert isinstance(src, TensorType) and isinstance(dst, MemDescType)
        if not dst.is_mutable:
            raise VerifyException("cannot store into immutable memory")
        check_memory_op_types(src, dst)
        verify_barrier_type(self, self.mbarrier)
        shared = memdesc_layout(dst)
        if shared is None:
            return
        bits = bit_width(src.element_type)
        try:
            cvt = to_linear_layout(src.encoding, src.get_shape()).invert_and_compose(shared)
        except LayoutError:
            return
        padded = dst.encoding if isinstance(dst.encoding, PaddedSharedEncodingAttr) else None
        max_elems = min(ints(padded.intervals)) if padded is not None else None
        if largest_vectorisation(cvt, bits, max_elems) * bits < 32:
            raise VerifyException("requires a layout vectorizing stores to at least 32 bits")


CLUSTER_OPS = (FenceMBarrierInitReleaseClusterOp, AsyncSharedStoreOp)
"""The cluster-scope ops, registered with the `ttng` dialect."""
