"""`@triton.jit` kernels for test_triton_language.py: one group per family of the Triton language
that ttc.triton must compile as Triton 3.6 does (block pointers, tensor descriptors made on the
host and on the device, Philox random numbers, fp8/fp64 `tl.dot`, pipelined masked loads).

Written from the Triton language documentation. This module imports Triton but not torch, so the
kernels can also be compiled without a GPU (through `JITFunction.warmup`) to compare ttc's build
with Triton's.
"""

from __future__ import annotations

import triton
import triton.language as tl

# Block pointers (tl.make_block_ptr, tl.advance).


@triton.jit
def block_ptr_padding(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr,
                      PADDING: tl.constexpr):
    """Tile `program_id` of rows of x (M x N, one BN-wide tile per row band), padded as PADDING
    says, written whole into a dense (grid * BM) x BN output."""
    pid = tl.program_id(0)
    block = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(N, 1), offsets=(pid * BM, 0),
                              block_shape=(BM, BN), order=(1, 0))
    x = tl.load(block, boundary_check=(0, 1), padding_option=PADDING)
    rows = pid * BM + tl.arange(0, BM)
    tl.store(out_ptr + rows[:, None] * BN + tl.arange(0, BN)[None, :], x)


@triton.jit
def block_ptr_row_sums(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    """out[i] = sum of row i, walking the row in BN-wide steps with tl.advance; a 1-D block
    pointer stores the sums."""
    pid = tl.program_id(0)
    block = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(N, 1), offsets=(pid * BM, 0),
                              block_shape=(BM, BN), order=(1, 0))
    acc = tl.zeros((BM,), dtype=tl.float32)
    for _ in range(0, tl.cdiv(N, BN)):
        acc += tl.sum(tl.load(block, boundary_check=(0, 1), padding_option="zero"), axis=1)
        block = tl.advance(block, (0, BN))
    out_block = tl.make_block_ptr(out_ptr, shape=(M,), strides=(1,), offsets=(pid * BM,),
                                  block_shape=(BM,), order=(0,))
    tl.store(out_block, acc, boundary_check=(0,))


@triton.jit
def block_ptr_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                     stride_cm, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                     B_ORDER: tl.constexpr):
    """c = a @ b through block pointers advanced along K, zero-padded at every edge; B_ORDER is
    b's fastest-varying dimension first, as make_block_ptr's `order` wants it."""
    pid_m, pid_n = tl.program_id(0), tl.program_id(1)
    a_block = tl.make_block_ptr(a_ptr, shape=(M, K), strides=(stride_am, stride_ak),
                                offsets=(pid_m * BM, 0), block_shape=(BM, BK), order=(1, 0))
    b_block = tl.make_block_ptr(b_ptr, shape=(K, N), strides=(stride_bk, stride_bn),
                                offsets=(0, pid_n * BN), block_shape=(BK, BN), order=B_ORDER)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_block, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_block, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_block = tl.advance(a_block, (0, BK))
        b_block = tl.advance(b_block, (BK, 0))
    c_block = tl.make_block_ptr(c_ptr, shape=(M, N), strides=(stride_cm, 1),
                                offsets=(pid_m * BM, pid_n * BN), block_shape=(BM, BN),
                                order=(1, 0))
    tl.store(c_block, acc, boundary_check=(0, 1))


# Tensor descriptors. A program copies one block; its index along each dimension comes from
# program_id(0) and the tile counts T1..T4 of the inner dimensions (rank R uses the last R).


@triton.jit
def _tile_offsets(T1, T2, T3, T4, B0: tl.constexpr, B1: tl.constexpr, B2: tl.constexpr,
                  B3: tl.constexpr, B4: tl.constexpr):
    pid = tl.program_id(0)
    o4 = (pid % T4) * B4
    pid = pid // T4
    o3 = (pid % T3) * B3
    pid = pid // T3
    o2 = (pid % T2) * B2
    pid = pid // T2
    o1 = (pid % T1) * B1
    o0 = (pid // T1) * B0
    return o0, o1, o2, o3, o4


@triton.jit
def _copy_block(src, dst, T1, T2, T3, T4, RANK: tl.constexpr, B0: tl.constexpr,
                B1: tl.constexpr, B2: tl.constexpr, B3: tl.constexpr, B4: tl.constexpr):
    o0, o1, o2, o3, o4 = _tile_offsets(T1, T2, T3, T4, B0, B1, B2, B3, B4)
    if RANK == 1:
        dst.store([o4], src.load([o4]))
    elif RANK == 2:
        dst.store([o3, o4], src.load([o3, o4]))
    elif RANK == 3:
        dst.store([o2, o3, o4], src.load([o2, o3, o4]))
    elif RANK == 4:
        dst.store([o1, o2, o3, o4], src.load([o1, o2, o3, o4]))
    else:
        dst.store([o0, o1, o2, o3, o4], src.load([o0, o1, o2, o3, o4]))


@triton.jit
def host_desc_copy(src, dst, T1, T2, T3, T4, RANK: tl.constexpr, B0: tl.constexpr,
                   B1: tl.constexpr, B2: tl.constexpr, B3: tl.constexpr, B4: tl.constexpr):
    """dst = src through two host-made descriptors of rank RANK (blocks B0..B4, last RANK)."""
    _copy_block(src, dst, T1, T2, T3, T4, RANK, B0, B1, B2, B3, B4)


@triton.jit
def _device_desc(ptr, S0, S1, S2, S3, S4, st0, st1, st2, st3, RANK: tl.constexpr,
                 B0: tl.constexpr, B1: tl.constexpr, B2: tl.constexpr, B3: tl.constexpr,
                 B4: tl.constexpr):
    """A descriptor of rank RANK over the last RANK of the sizes S0..S4 and strides st0..st3, 1."""
    if RANK == 1:
        desc = tl.make_tensor_descriptor(ptr, shape=[S4], strides=[1], block_shape=[B4])
    elif RANK == 2:
        desc = tl.make_tensor_descriptor(ptr, shape=[S3, S4], strides=[st3, 1],
                                         block_shape=[B3, B4])
    elif RANK == 3:
        desc = tl.make_tensor_descriptor(ptr, shape=[S2, S3, S4], strides=[st2, st3, 1],
                                         block_shape=[B2, B3, B4])
    elif RANK == 4:
        desc = tl.make_tensor_descriptor(ptr, shape=[S1, S2, S3, S4], strides=[st1, st2, st3, 1],
                                         block_shape=[B1, B2, B3, B4])
    else:
        desc = tl.make_tensor_descriptor(ptr, shape=[S0, S1, S2, S3, S4],
                                         strides=[st0, st1, st2, st3, 1],
                                         block_shape=[B0, B1, B2, B3, B4])
    return desc


@triton.jit
def device_desc_copy(src_ptr, dst_ptr, S0, S1, S2, S3, S4, st0, st1, st2, st3,
                     T1, T2, T3, T4, RANK: tl.constexpr, B0: tl.constexpr, B1: tl.constexpr,
                     B2: tl.constexpr, B3: tl.constexpr, B4: tl.constexpr):
    """dst = src (same sizes and strides) through descriptors made in the kernel."""
    src = _device_desc(src_ptr, S0, S1, S2, S3, S4, st0, st1, st2, st3, RANK, B0, B1, B2, B3, B4)
    dst = _device_desc(dst_ptr, S0, S1, S2, S3, S4, st0, st1, st2, st3, RANK, B0, B1, B2, B3, B4)
    _copy_block(src, dst, T1, T2, T3, T4, RANK, B0, B1, B2, B3, B4)


@triton.jit
def _dump_block(desc, out_ptr, BM: tl.constexpr, BN: tl.constexpr):
    """Block (program_id(0) * BM, 0) of a 2-D descriptor, padding included, into a dense
    (grid * BM) x BN output."""
    pid = tl.program_id(0)
    x = desc.load([pid * BM, 0])
    rows = pid * BM + tl.arange(0, BM)
    tl.store(out_ptr + rows[:, None] * BN + tl.arange(0, BN)[None, :], x)


@triton.jit
def host_desc_padding(desc, out_ptr, BM: tl.constexpr, BN: tl.constexpr):
    """A host descriptor's blocks, padding included (the descriptor's `padding`)."""
    _dump_block(desc, out_ptr, BM, BN)


@triton.jit
def device_desc_padding(x_ptr, out_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr,
                        PADDING: tl.constexpr):
    """A device descriptor's blocks, padding included (padding_option=PADDING)."""
    desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[stride, 1],
                                     block_shape=[BM, BN], padding_option=PADDING)
    _dump_block(desc, out_ptr, BM, BN)


@triton.jit
def _reduce_block(desc, values_ptr, stride_v, OP: tl.constexpr, BM: tl.constexpr,
                  BN: tl.constexpr):
    """Reduce a BM x BN block of values (a dense (grid0 * BM) x (grid1 * BN) array) into the
    descriptor's block at the same place with the atomic OP."""
    m, n = tl.program_id(0) * BM, tl.program_id(1) * BN
    rows = m + tl.arange(0, BM)
    cols = n + tl.arange(0, BN)
    values = tl.load(values_ptr + rows[:, None] * stride_v + cols[None, :])
    if OP == "add":
        desc.atomic_add([m, n], values)
    elif OP == "min":
        desc.atomic_min([m, n], values)
    elif OP == "max":
        desc.atomic_max([m, n], values)
    elif OP == "and":
        desc.atomic_and([m, n], values)
    elif OP == "or":
        desc.atomic_or([m, n], values)
    else:
        tl.static_assert(OP == "xor")
        desc.atomic_xor([m, n], values)


@triton.jit
def host_desc_atomic(desc, values_ptr, stride_v, OP: tl.constexpr, BM: tl.constexpr,
                     BN: tl.constexpr):
    _reduce_block(desc, values_ptr, stride_v, OP, BM, BN)


@triton.jit
def device_desc_atomic(x_ptr, values_ptr, M, N, stride_x, stride_v, OP: tl.constexpr,
                       BM: tl.constexpr, BN: tl.constexpr):
    desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[stride_x, 1],
                                     block_shape=[BM, BN])
    _reduce_block(desc, values_ptr, stride_v, OP, BM, BN)


@triton.jit
def _gather_scatter(src, dst, rows_ptr, R: tl.constexpr, BN: tl.constexpr):
    """dst[rows[i], n:n+BN] = src[rows[R-1-i], n:n+BN] + 1 for the R gathered rows of program
    (0, n // BN): a gather by one index list and a scatter by its reverse."""
    n = tl.program_id(1) * BN
    rows = tl.load(rows_ptr + tl.program_id(0) * R + tl.arange(0, R))
    gathered = src.gather(rows, n)
    reversed_rows = tl.load(rows_ptr + tl.program_id(0) * R + (R - 1) - tl.arange(0, R))
    dst.scatter(gathered + 1, reversed_rows, n)


@triton.jit
def host_desc_gather_scatter(src, dst, rows_ptr, R: tl.constexpr, BN: tl.constexpr):
    _gather_scatter(src, dst, rows_ptr, R, BN)


@triton.jit
def device_desc_gather_scatter(src_ptr, dst_ptr, rows_ptr, M, N, stride, R: tl.constexpr,
                               BN: tl.constexpr):
    src = tl.make_tensor_descriptor(src_ptr, shape=[M, N], strides=[stride, 1],
                                    block_shape=[1, BN])
    dst = tl.make_tensor_descriptor(dst_ptr, shape=[M, N], strides=[stride, 1],
                                    block_shape=[1, BN])
    _gather_scatter(src, dst, rows_ptr, R, BN)


@triton.jit
def device_desc_in_loop(x_ptr, out_ptr, B, M, N, stride_b, stride_m, BM: tl.constexpr,
                        BN: tl.constexpr):
    """out = x.sum(0) over the B matrices of x, one descriptor made per matrix in the loop."""
    m, n = tl.program_id(0) * BM, tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for b in range(B):
        desc = tl.make_tensor_descriptor(x_ptr + b * stride_b, shape=[M, N],
                                         strides=[stride_m, 1], block_shape=[BM, BN])
        acc += desc.load([m, n])
    out = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[stride_m, 1],
                                    block_shape=[BM, BN])
    out.store([m, n], acc)


@triton.jit
def _desc_matmul(a_desc, b_desc, c_desc, K, BM: tl.constexpr, BN: tl.constexpr,
                 BK: tl.constexpr):
    m, n = tl.program_id(0) * BM, tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        acc = tl.dot(a_desc.load([m, k]), b_desc.load([k, n]), acc)
    c_desc.store([m, n], acc)


@triton.jit
def host_desc_matmul(a_desc, b_desc, c_desc, K, BM: tl.constexpr, BN: tl.constexpr,
                     BK: tl.constexpr):
    """c = a @ b with all three matrices behind host descriptors (zero padding along K)."""
    _desc_matmul(a_desc, b_desc, c_desc, K, BM, BN, BK)


@triton.jit
def device_desc_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_a, stride_b, stride_c,
                       BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    """c = a @ b with all three matrices behind descriptors made in the kernel."""
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[stride_a, 1],
                                       block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[stride_b, 1],
                                       block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[stride_c, 1],
                                       block_shape=[BM, BN])
    _desc_matmul(a_desc, b_desc, c_desc, K, BM, BN, BK)


# Random numbers (tl.randint, tl.randint4x, tl.rand, tl.randn).


@triton.jit
def random_streams(seed, start, ints_ptr, ints4_ptr, uniform_ptr, normal_ptr, n,
                   BLOCK: tl.constexpr):
    """For the n offsets start + i: randint into ints, the four randint4x streams into the four
    rows of ints4, rand into uniform and randn into normal. `start`'s type (i32 or i64) is the
    offsets' type."""
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = i < n
    offsets = start + i
    tl.store(ints_ptr + i, tl.randint(seed, offsets), mask=mask)
    r0, r1, r2, r3 = tl.randint4x(seed, offsets)
    tl.store(ints4_ptr + i, r0, mask=mask)
    tl.store(ints4_ptr + n + i, r1, mask=mask)
    tl.store(ints4_ptr + 2 * n + i, r2, mask=mask)
    tl.store(ints4_ptr + 3 * n + i, r3, mask=mask)
    tl.store(uniform_ptr + i, tl.rand(seed, offsets), mask=mask)
    tl.store(normal_ptr + i, tl.randn(seed, offsets), mask=mask)


# tl.dot on fp8 and fp64 operands, and loads pipelined in loops.


@triton.jit
def masked_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_a, stride_b, stride_c,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                  A_OTHER: tl.constexpr, B_OTHER: tl.constexpr):
    """c = a @ b of masked loads in a K loop, lanes outside a or b read as A_OTHER / B_OTHER
    (so with non-zero values the result counts the padding: a pipelined load's `other`)."""
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=c_ptr.dtype.element_ty)
    for k in range(0, K, BK):
        rk = k + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * stride_a + rk[None, :],
                    mask=(rm[:, None] < M) & (rk[None, :] < K), other=A_OTHER)
        b = tl.load(b_ptr + rk[:, None] * stride_b + rn[None, :],
                    mask=(rk[:, None] < K) & (rn[None, :] < N), other=B_OTHER)
        acc = tl.dot(a, b, acc, out_dtype=c_ptr.dtype.element_ty)
    tl.store(c_ptr + rm[:, None] * stride_c + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def padded_row_sums(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr,
                    OTHER: tl.constexpr):
    """Per row, the sum of the row padded with OTHER up to a multiple of BN, reading BN columns
    per loop iteration (the loads are pipelined)."""
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    acc = tl.zeros((BM,), dtype=tl.float32)
    for n in range(0, N, BN):
        cols = n + tl.arange(0, BN)
        x = tl.load(x_ptr + rows[:, None] * N + cols[None, :],
                    mask=(rows[:, None] < M) & (cols[None, :] < N), other=OTHER)
        acc += tl.sum(x, axis=1)
    tl.store(out_ptr + rows, acc, mask=rows < M)


@triton.jit
def bf16_to_fp8e5(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """out = x rounded to fp8e5 (to nearest)."""
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x.to(tl.float8e5, fp_downcast_rounding="rtne"), mask=mask)
