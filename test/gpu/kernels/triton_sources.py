"""Reference kernels written in Triton's Python DSL, used only as an oracle on the GPU machine.

`generate.py` runs them under Triton 3.6 to capture their TTIR (and Triton's later stages for
comparison); `bench/gpu_kernels.py` times them beside ttc's builds. ttc itself never imports this
module or Triton.
"""

import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=mask, other=-float("inf"))
    shifted = x - tl.max(x, axis=0)
    num = tl.exp(shifted)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * out_row_stride + cols, num / den, mask=mask)


@triton.jit
def row_sum_kernel(in_ptr, out_ptr, row_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        acc += tl.load(in_ptr + row * row_stride + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(acc, axis=0))


@triton.jit
def layer_norm_kernel(x_ptr, y_ptr, w_ptr, b_ptr, row_stride, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * row_stride
    y_row = y_ptr + row * row_stride
    total = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        total += tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
    mean = tl.sum(total, axis=0) / n_cols
    sq = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        v = tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        d = tl.where(cols < n_cols, v - mean, 0.0)
        sq += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(sq, axis=0) / n_cols + eps)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        w = tl.load(w_ptr + cols, mask=mask)
        b = tl.load(b_ptr + cols, mask=mask)
        v = tl.load(x_row + cols, mask=mask, other=0.0).to(tl.float32)
        y = (v - mean) * rstd * w + b
        tl.store(y_row + cols, y.to(tl.float16), mask=mask)


@triton.jit
def cumsum_kernel(in_ptr, out_ptr, row_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * row_stride + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * row_stride + cols, tl.cumsum(x, axis=0), mask=mask)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak: tl.constexpr, stride_bk,
                  stride_bn: tl.constexpr, stride_cm, stride_cn: tl.constexpr, BM: tl.constexpr,
                  BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr, RELU: tl.constexpr,
                  PRECISION: tl.constexpr):
    """C = A @ B (optionally ReLU), row-major A (M x K), B (K x N), C (M x N); fp32 accumulation,
    C stored in C's element type; grouped program order; K, M and N masked."""
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BM + tl.arange(0, BM)) % M
    offs_bn = (pid_n * BN + tl.arange(0, BN)) % N
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc, input_precision=PRECISION)
        a_ptrs += BK * stride_ak
        b_ptrs += BK * stride_bk
    if RELU:
        acc = tl.maximum(acc, 0.0)
    c = acc.to(c_ptr.dtype.element_ty)
    offs_cm = pid_m * BM + tl.arange(0, BM)
    offs_cn = pid_n * BN + tl.arange(0, BN)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    tl.store(c_ptrs, c, mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


@triton.jit
def attention_kernel(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, N_CTX, stride_h, stride_m,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    """Flash-attention forward, non-causal: O = softmax(Q K^T * sm_scale) V per head, with the
    online softmax in base 2. Q, K, V, O are [heads, N_CTX, HEAD_DIM] fp16 with unit last stride;
    program (m-block, head); queries and keys past N_CTX are masked."""
    start_m = tl.program_id(0)
    head = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    base = head * stride_h
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_m + offs_d[None, :],
                mask=offs_m[:, None] < N_CTX, other=0.0)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    for start_n in range(0, N_CTX, BLOCK_N):
        cols = start_n + offs_n
        k = tl.load(k_ptr + base + cols[None, :] * stride_m + offs_d[:, None],
                    mask=cols[None, :] < N_CTX, other=0.0)
        qk = tl.dot(q, k)
        qk = tl.where(cols[None, :] < N_CTX, qk * qk_scale, -1.0e6)
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v = tl.load(v_ptr + base + cols[:, None] * stride_m + offs_d[None, :],
                    mask=cols[:, None] < N_CTX, other=0.0)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * stride_m + offs_d[None, :], acc.to(tl.float16),
             mask=offs_m[:, None] < N_CTX)


# -- issue 8: the kernels of every op family the lowering covers -------------------------------


@triton.jit
def histogram_kernel(x_ptr, hist_ptr, n, NUM_BINS: tl.constexpr, BLOCK: tl.constexpr):
    """One `tl.atomic_add` per element into a global histogram (tt.atomic_rmw fadd/add)."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(hist_ptr + x, 1, mask=mask)


@triton.jit
def block_histogram_kernel(x_ptr, hist_ptr, n, NUM_BINS: tl.constexpr, BLOCK: tl.constexpr):
    """A per-block `tl.histogram` (tt.histogram) added into the global one with atomics."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    h = tl.histogram(x, NUM_BINS, mask=mask)
    tl.atomic_add(hist_ptr + tl.arange(0, NUM_BINS), h)


@triton.jit
def atomic_ops_kernel(x_ptr, f_ptr, h_ptr, ints_ptr, floats_ptr, halves_ptr, swap_ptr, cas_ptr,
                      old_ptr, n, BLOCK: tl.constexpr):
    """Every atomic kind: integer max/min/umax/umin/and/or/xor, float add in f32 and f16, xchg
    (whose old values are stored) and cas, into a few shared slots."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    f = tl.load(f_ptr + offs, mask=mask, other=0.0)
    h = tl.load(h_ptr + offs, mask=mask, other=0.0)
    slot = offs % 4
    tl.atomic_max(ints_ptr + slot, x, mask=mask)
    tl.atomic_min(ints_ptr + 4 + slot, x, mask=mask)
    tl.atomic_max(ints_ptr.to(tl.pointer_type(tl.uint32)) + 8 + slot, x.to(tl.uint32), mask=mask)
    tl.atomic_min(ints_ptr.to(tl.pointer_type(tl.uint32)) + 12 + slot, x.to(tl.uint32), mask=mask)
    tl.atomic_and(ints_ptr + 16 + slot, x, mask=mask)
    tl.atomic_or(ints_ptr + 20 + slot, x, mask=mask)
    tl.atomic_xor(ints_ptr + 24 + slot, x, mask=mask)
    tl.atomic_add(floats_ptr + slot, f, mask=mask)
    tl.atomic_add(halves_ptr + slot, h, mask=mask)
    old = tl.atomic_xchg(swap_ptr + offs, x, mask=mask)
    tl.store(old_ptr + offs, old, mask=mask)
    tl.atomic_cas(cas_ptr + offs, offs % 3, x)


@triton.jit
def gelu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """GELU with `tl.erf` (math.erf through libdevice)."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476)), mask=mask)


@triton.jit
def libdevice_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """libdevice through `tt.extern_elementwise`, with clamp, precise sqrt/div and mulhi."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = libdevice.tanh(x) + libdevice.pow(tl.abs(x), 1.5) + libdevice.log1p(tl.abs(x))
    y += tl.clamp(x, -0.5, 0.5) + tl.sqrt_rn(tl.abs(x)) + tl.div_rn(x, 3.0)
    bits = tl.umulhi(offs.to(tl.uint32) * 2654435761, offs.to(tl.uint32) + 7)
    y += (bits % 16).to(tl.float32)
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit(noinline=True)
def scale_shift_block(x_ptr, out_ptr, n, scale, shift, start, BLOCK: tl.constexpr):
    """Triton passes only scalars to a `noinline` function; it returns the block's sum."""
    offs = start + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x * scale + shift, mask=mask)
    return tl.sum(x, axis=0)


@triton.jit
def call_kernel(x_ptr, out_ptr, sum_ptr, n, scale, shift, BLOCK: tl.constexpr):
    """A kernel calling a `noinline` function (tt.call) and storing its scalar result."""
    pid = tl.program_id(0)
    total = scale_shift_block(x_ptr, out_ptr, n, scale, shift, pid * BLOCK, BLOCK)
    tl.store(sum_ptr + pid, total)


@triton.jit
def interleave_kernel(a_ptr, b_ptr, out_ptr, diff_ptr, n, BLOCK: tl.constexpr):
    """`tl.interleave` (tt.join + tt.reshape) and `tl.split` of the result back into its halves."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    both = tl.interleave(a, b)
    out_offs = tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    tl.store(out_ptr + out_offs, both, mask=out_offs < 2 * n)
    first, second = tl.split(tl.reshape(both, (BLOCK, 2)))
    tl.store(diff_ptr + offs, second - first, mask=mask)


@triton.jit
def rotate_kernel(x_ptr, out_ptr, n, shift, BLOCK: tl.constexpr):
    """A 32-bit rotate written as inline PTX (`tl.inline_asm_elementwise`, tt.elementwise_inline_asm)."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $1, $2;", "=r,r,r", [x, shift],
                                  dtype=tl.uint32, is_pure=True, pack=1)
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def print_kernel(x_ptr, n, BLOCK: tl.constexpr):
    """`tl.device_print` of a tensor (tt.print through vprintf)."""
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=-1)
    tl.device_print("x=", x)


@triton.jit
def gather_kernel(src_ptr, idx_ptr, out_ptr, n_rows, ROWS: tl.constexpr, COLS: tl.constexpr):
    """`tl.gather` along the columns of a tile (tt.gather)."""
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)[:, None]
    cols = tl.arange(0, COLS)[None, :]
    mask = rows < n_rows
    src = tl.load(src_ptr + rows * COLS + cols, mask=mask, other=0.0)
    idx = tl.load(idx_ptr + rows * COLS + cols, mask=mask, other=0)
    tl.store(out_ptr + rows * COLS + cols, tl.gather(src, idx, 1), mask=mask)


@triton.jit
def transpose_kernel(x_ptr, out_ptr, m, n, stride_x, stride_out, BLOCK: tl.constexpr):
    """A 2-D tile transpose (`tl.trans`, a layout conversion through shared memory)."""
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = (rows[:, None] < m) & (cols[None, :] < n)
    tile = tl.load(x_ptr + rows[:, None] * stride_x + cols[None, :], mask=mask)
    out_mask = (cols[:, None] < n) & (rows[None, :] < m)
    tl.store(out_ptr + cols[:, None] * stride_out + rows[None, :], tl.trans(tile), mask=out_mask)


@triton.jit
def sort_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    """Each row sorted ascending (`tl.sort`: a bitonic network of reshapes and reductions)."""
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=float("inf"))
    tl.store(out_ptr + row * row_stride + cols, tl.sort(x, 0), mask=mask)


@triton.jit
def fp8_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """A round trip through fp8 e5m2 (tt.fp_to_fp) and a 64-bit offset computation."""
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = x.to(tl.float8e5).to(tl.float32)
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def matmul_descriptor_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                             BK: tl.constexpr):
    """C = A @ B through tensor descriptors (TMA on Hopper): row-major, contiguous A (M x K),
    B (K x N), C (M x N) of one element type, fp32 accumulation; the descriptors are built on the
    device and clip the tiles at the matrix edges."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([pid_m * BM, k * BK])
        b = b_desc.load([k * BK, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(c_desc.dtype))


# -- issue 23: the matmul families measured on Hopper, and top-k ---------------------------------


@triton.jit
def grouped_tile(tile, M, N, BM: tl.constexpr, BN: tl.constexpr, GROUP_M: tl.constexpr):
    """The (row, column) block of output tile number `tile`, visiting GROUP_M block rows per
    column sweep so that neighbouring programs share operand tiles in L2."""
    tiles_m = tl.cdiv(M, BM)
    per_group = GROUP_M * tl.cdiv(N, BN)
    first_m = (tile // per_group) * GROUP_M
    rows_here = min(tiles_m - first_m, GROUP_M)
    return first_m + (tile % per_group) % rows_here, (tile % per_group) // rows_here


@triton.jit
def int8_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                       BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                       GROUP_M: tl.constexpr):
    """C = A @ B exactly: int8 A (M x K) and B (K x N), int32 accumulation and C (M x N), all
    row-major; M, N and K masked."""
    pid_m, pid_n = grouped_tile(tl.program_id(0), M, N, BM, BN, GROUP_M)
    rows = pid_m * BM + tl.arange(0, BM)
    cols = pid_n * BN + tl.arange(0, BN)
    ks = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.int32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rows[:, None] * stride_am + (k0 + ks)[None, :],
                    mask=(rows[:, None] < M) & (k0 + ks[None, :] < K), other=0)
        b = tl.load(b_ptr + (k0 + ks)[:, None] * stride_bk + cols[None, :],
                    mask=(k0 + ks[:, None] < K) & (cols[None, :] < N), other=0)
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc,
             mask=(rows[:, None] < M) & (cols[None, :] < N))


@triton.jit
def fp8_matmul_kernel(a_ptr, w_ptr, c_ptr, M, N, K, stride_am, stride_wn, stride_cm,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                      GROUP_M: tl.constexpr):
    """C = A @ W^T in fp8 e5m2 (a linear layer's weights W are N x K): row-major A (M x K) and W,
    fp32 accumulation, fp16 C (M x N); the W tile is read along K and transposed in registers, the
    K-major operand fp8 tensor cores want; M, N and K masked."""
    pid_m, pid_n = grouped_tile(tl.program_id(0), M, N, BM, BN, GROUP_M)
    rows = pid_m * BM + tl.arange(0, BM)
    cols = pid_n * BN + tl.arange(0, BN)
    ks = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rows[:, None] * stride_am + (k0 + ks)[None, :],
                    mask=(rows[:, None] < M) & (k0 + ks[None, :] < K), other=0.0)
        w = tl.load(w_ptr + cols[:, None] * stride_wn + (k0 + ks)[None, :],
                    mask=(cols[:, None] < N) & (k0 + ks[None, :] < K), other=0.0)
        acc = tl.dot(a, tl.trans(w), acc)
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc.to(tl.float16),
             mask=(rows[:, None] < M) & (cols[None, :] < N))


@triton.jit
def block_ptr_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                            BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                            PRECISION: tl.constexpr):
    """C = A @ B through block pointers (`tl.make_block_ptr`, `tl.advance`): row-major A (M x K),
    B (K x N), C (M x N) of one element type, fp32 accumulation with `tl.dot`'s input precision
    PRECISION; the edges are clipped by boundary checks (zero padding). Program (m-block,
    n-block)."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_blocks = tl.make_block_ptr(a_ptr, shape=(M, K), strides=(stride_am, 1),
                                 offsets=(pid_m * BM, 0), block_shape=(BM, BK), order=(1, 0))
    b_blocks = tl.make_block_ptr(b_ptr, shape=(K, N), strides=(stride_bk, 1),
                                 offsets=(0, pid_n * BN), block_shape=(BK, BN), order=(1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_blocks, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_blocks, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc, input_precision=PRECISION)
        a_blocks = tl.advance(a_blocks, (0, BK))
        b_blocks = tl.advance(b_blocks, (BK, 0))
    c_blocks = tl.make_block_ptr(c_ptr, shape=(M, N), strides=(stride_cm, 1),
                                 offsets=(pid_m * BM, pid_n * BN), block_shape=(BM, BN),
                                 order=(1, 0))
    tl.store(c_blocks, acc.to(c_ptr.dtype.element_ty), boundary_check=(0, 1))


@triton.jit
def gather_matmul_kernel(a_ptr, rows_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                         BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                         GROUP_M: tl.constexpr):
    """C[i] = A[rows[i]] @ B, the gathered-row matmul of a mixture-of-experts layer: fp16 A
    (any number of rows x K), int32 row indices (M of them), fp16 B (K x N) and C (M x N), all
    row-major; fp32 accumulation; M, N and K masked."""
    pid_m, pid_n = grouped_tile(tl.program_id(0), M, N, BM, BN, GROUP_M)
    offs_m = pid_m * BM + tl.arange(0, BM)
    cols = pid_n * BN + tl.arange(0, BN)
    ks = tl.arange(0, BK)
    src_rows = tl.load(rows_ptr + offs_m, mask=offs_m < M, other=0)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + src_rows[:, None].to(tl.int64) * stride_am + (k0 + ks)[None, :],
                    mask=k0 + ks[None, :] < K, other=0.0)
        b = tl.load(b_ptr + (k0 + ks)[:, None] * stride_bk + cols[None, :],
                    mask=(k0 + ks[:, None] < K) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + offs_m[:, None] * stride_cm + cols[None, :], acc.to(tl.float16),
             mask=(offs_m[:, None] < M) & (cols[None, :] < N))


@triton.jit
def grouped_matmul_kernel(addresses_ptr, sizes_ptr, num_problems, BM: tl.constexpr,
                          BN: tl.constexpr, BK: tl.constexpr):
    """A group of independent fp16 matmuls C_g = A_g @ B_g in one persistent launch: problem g's
    A, B and C addresses are addresses[3g:3g+3] (int64), its M, N, K are sizes[3g:3g+3]; all
    matrices row-major and contiguous, fp32 accumulation, edges masked. The programs walk the
    output tiles of every problem in turn, each taking every num_programs-th tile."""
    tile = tl.program_id(0)
    step = tl.num_programs(0)
    first = 0
    for g in range(num_problems):
        M = tl.load(sizes_ptr + 3 * g)
        N = tl.load(sizes_ptr + 3 * g + 1)
        K = tl.load(sizes_ptr + 3 * g + 2)
        a_ptr = tl.load(addresses_ptr + 3 * g).to(tl.pointer_type(tl.float16))
        b_ptr = tl.load(addresses_ptr + 3 * g + 1).to(tl.pointer_type(tl.float16))
        c_ptr = tl.load(addresses_ptr + 3 * g + 2).to(tl.pointer_type(tl.float16))
        tiles_n = tl.cdiv(N, BN)
        count = tl.cdiv(M, BM) * tiles_n
        while tile < first + count:
            rows = ((tile - first) // tiles_n) * BM + tl.arange(0, BM)
            cols = ((tile - first) % tiles_n) * BN + tl.arange(0, BN)
            ks = tl.arange(0, BK)
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for k0 in range(0, K, BK):
                a = tl.load(a_ptr + rows[:, None] * K + (k0 + ks)[None, :],
                            mask=(rows[:, None] < M) & (k0 + ks[None, :] < K), other=0.0)
                b = tl.load(b_ptr + (k0 + ks)[:, None] * N + cols[None, :],
                            mask=(k0 + ks[:, None] < K) & (cols[None, :] < N), other=0.0)
                acc = tl.dot(a, b, acc)
            tl.store(c_ptr + rows[:, None] * N + cols[None, :], acc.to(tl.float16),
                     mask=(rows[:, None] < M) & (cols[None, :] < N))
            tile += step
        first += count


@triton.jit
def persistent_descriptor_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                                        BN: tl.constexpr, BK: tl.constexpr):
    """C = A @ B through tensor descriptors (TMA on Hopper), persistent: a fixed number of
    programs (one per SM at most) loop over the output tiles, each taking every num_programs-th
    one. Row-major, contiguous fp16 A (M x K), B (K x N), C (M x N), fp32 accumulation; the
    descriptors, made on the device, clip the tiles at the matrix edges."""
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    tiles_n = tl.cdiv(N, BN)
    for tile in range(tl.program_id(0), tl.cdiv(M, BM) * tiles_n, tl.num_programs(0)):
        off_m = (tile // tiles_n) * BM
        off_n = (tile % tiles_n) * BN
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, K, BK):
            acc = tl.dot(a_desc.load([off_m, k0]), b_desc.load([k0, off_n]), acc)
        c_desc.store([off_m, off_n], acc.to(tl.float16))


@triton.jit
def topk_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr, K: tl.constexpr):
    """The K largest values of each fp32 row, in descending order (`tl.topk`); columns past
    n_cols count as -inf."""
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * row_stride + cols, mask=cols < n_cols, other=-float("inf"))
    tl.store(out_ptr + row * K + tl.arange(0, K), tl.topk(x, K))
