// RUN: ttc opt %s -split-input-file -tritongpu-accelerate-matmul -verify-diagnostics | FileCheck %s

// Hopper's wgmma (MMA v3) for an f16 dot whose operands are loaded: each operand is stored into an
// #ttg.nvmma_shared buffer right after its load. A (128x32, rows contiguous) has 64 bytes per row:
// a 64-byte swizzle; B is loaded column-major (order [0, 1]), so its buffer is transposed, 32
// elements (64 bytes) contiguous. With 4 warps the one warp group covers M in 16-row steps and N
// whole: instrShape [16, 128, 16] (K: 256 bits of f16). The old operand conversions go away.
// CHECK-DAG: #[[$MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[$SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @loaded_operands
// CHECK-NEXT: %[[LA:.*]] = tt.load %arg0
// CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %[[LA]] : (tensor<128x32xf16, #{{.*}}>) -> !ttg.memdesc<128x32xf16, #[[$SA]], #smem>
// CHECK-NEXT: %[[LB:.*]] = tt.load %arg1
// CHECK-NEXT: %[[B:.*]] = ttg.local_alloc %[[LB]] : (tensor<32x128xf16, #{{.*}}>) -> !ttg.memdesc<32x128xf16, #[[$SB]], #smem>
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg2 : {{.*}} -> tensor<128x128xf32, #[[$MMA]]>
// CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %[[C]] {inputPrecision = 0 : i32} : !ttg.memdesc<128x32xf16, #[[$SA]], #smem> * !ttg.memdesc<32x128xf16, #[[$SB]], #smem> -> tensor<128x128xf32, #[[$MMA]]>
// CHECK-NEXT: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[$MMA]]> -> tensor<128x128xf32, #blocked2>
// CHECK-NEXT: tt.return %[[R]]
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @loaded_operands(%pa: tensor<128x32x!tt.ptr<f16>, #rows>, %pb: tensor<32x128x!tt.ptr<f16>, #cols>, %c: tensor<128x128xf32, #acc>) -> tensor<128x128xf32, #acc> {
    %a = tt.load %pa : tensor<128x32x!tt.ptr<f16>, #rows>
    %b = tt.load %pb : tensor<32x128x!tt.ptr<f16>, #cols>
    %da = ttg.convert_layout %a : tensor<128x32xf16, #rows> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<32x128xf16, #cols> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %da, %db, %c, inputPrecision = tf32 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x128xf32, #acc>
    tt.return %d : tensor<128x128xf32, #acc>
  }
}

// -----

// Warp groups with 8 warps (the dots are in separate functions, so none feeds another). A 128-row
// tile takes both warp groups along M ([8, 1]), so one warp group covers N = 256 whole: n = 256.
// A 64-row tile is covered by one warp group of 16-row warps, so the second one goes along N
// ([4, 2]) and each covers 64 columns: n = 64. An ieee bf16 dot keeps the default precision,
// which is not printed. Operands that are block arguments go to shared memory at the start of the
// function, the last one allocated first.
// CHECK-DAG: #[[$WIDE:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// CHECK-DAG: #[[$SHORT:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>
// CHECK-LABEL: tt.func @wide_tile
// CHECK-NEXT: %[[B:.*]] = ttg.local_alloc %arg1
// CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %arg0
// CHECK: ttng.warp_group_dot %[[A]], %[[B]], %{{.*}} : {{.*}} -> tensor<128x256xf32, #[[$WIDE]]>
// CHECK-LABEL: tt.func @short_tile
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x128xf32, #[[$SHORT]]>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wide_tile(%a: tensor<128x64xbf16, #ld>, %b: tensor<64x256xbf16, #ld>, %c: tensor<128x256xf32, #acc>) -> tensor<128x256xf32, #acc> {
    %da = ttg.convert_layout %a : tensor<128x64xbf16, #ld> -> tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<64x256xbf16, #ld> -> tensor<64x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %da, %db, %c : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x256xf32, #acc>
    tt.return %d : tensor<128x256xf32, #acc>
  }
  tt.func @short_tile(%a: tensor<64x64xbf16, #ld>, %b: tensor<64x128xbf16, #ld>, %c: tensor<64x128xf32, #acc>) -> tensor<64x128xf32, #acc> {
    %da = ttg.convert_layout %a : tensor<64x64xbf16, #ld> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<64x128xbf16, #ld> -> tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %da, %db, %c : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x128xf32, #acc>
    tt.return %d : tensor<64x128xf32, #acc>
  }
}

// -----

// n is the widest wgmma width dividing N: at most 256, even where one warp group covers N = 512.
// For i8 the widths stop at 224 and go in steps of 16 above 32: 128 is the widest dividing 256;
// K is 32 i8
// (i8 operands are not transposed by wgmma: B is forced K-major, with Triton's warning).
// A 16-byte-wide buffer (8 f16 of N) gets no swizzle.
// CHECK-DAG: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
// CHECK-DAG: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
// CHECK-DAG: #[[$NARROW:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @wide_n
// CHECK-LABEL: tt.func @int8
// CHECK: -> tensor<64x256xi32, #mma1>
// CHECK-LABEL: tt.func @narrow_n
// CHECK: ttg.local_alloc %arg1 : {{.*}} -> !ttg.memdesc<16x8xf16, #[[$NARROW]], #smem>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wide_n(%a: tensor<64x16xf16, #ld>, %b: tensor<16x512xf16, #ld>, %c: tensor<64x512xf32, #acc>) -> tensor<64x512xf32, #acc> {
    %da = ttg.convert_layout %a : tensor<64x16xf16, #ld> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<16x512xf16, #ld> -> tensor<16x512xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %da, %db, %c : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x512xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x512xf32, #acc>
    tt.return %d : tensor<64x512xf32, #acc>
  }
  tt.func @int8(%a: tensor<64x64xi8, #ld>, %b: tensor<64x256xi8, #ld>, %c: tensor<64x256xi32, #acc>) -> tensor<64x256xi32, #acc> {
    %da = ttg.convert_layout %a : tensor<64x64xi8, #ld> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<64x256xi8, #ld> -> tensor<64x256xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    // expected-warning @below {{Forcing a different order [0, 1] on SMEM than the register order for the operand 1}}
    %d = tt.dot %da, %db, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x256xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x256xi32, #acc>
    tt.return %d : tensor<64x256xi32, #acc>
  }
  tt.func @narrow_n(%a: tensor<64x16xf16, #ld>, %b: tensor<16x8xf16, #acc>, %c: tensor<64x8xf32, #acc>) -> tensor<64x8xf32, #acc> {
    %da = ttg.convert_layout %a : tensor<64x16xf16, #ld> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<16x8xf16, #acc> -> tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %da, %db, %c : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x8xf32, #acc>
    tt.return %d : tensor<64x8xf32, #acc>
  }
}

// -----

// wgmma transposes only 16-bit operands in shared memory: a tf32 B stored row-major is forced
// K-major (order [0, 1], a transposed buffer) with Triton's warning; K is 8 tf32 elements. An fp8
// dot accumulating in f32 may use wgmma when it lets at least 32 products be accumulated
// imprecisely; its limit is kept on the warp_group_dot.
// CHECK-DAG: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
// CHECK-DAG: #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
// CHECK-DAG: #[[$TF32B:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// CHECK-LABEL: tt.func @tf32
// CHECK: ttg.local_alloc %arg1 : {{.*}} -> !ttg.memdesc<32x64xf32, #[[$TF32B]], #smem>
// CHECK-LABEL: tt.func @fp8
// CHECK: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32, maxNumImpreciseAcc = 64 : i32} : !ttg.memdesc<64x64xf8E4M3FN
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32(%a: tensor<64x32xf32, #ld>, %b: tensor<32x64xf32, #ld>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %da = ttg.convert_layout %a : tensor<64x32xf32, #ld> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<32x64xf32, #ld> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    // expected-warning @below {{Forcing a different order [0, 1] on SMEM than the register order for the operand 1}}
    %d = tt.dot %da, %db, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
  tt.func @fp8(%a: tensor<64x64xf8E4M3FN, #ld>, %b: tensor<64x64xf8E4M3FN, #ld>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %da = ttg.convert_layout %a : tensor<64x64xf8E4M3FN, #ld> -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<64x64xf8E4M3FN, #ld> -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    // expected-warning @below {{Forcing a different order [0, 1] on SMEM than the register order for the operand 1}}
    %d = tt.dot %da, %db, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 64 : i32} : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// Chained dots, as in attention: the first dot's result feeds the second, so the first puts all
// 8 warps along M ([8, 1]; each warp group then covers N = 32 in two 16-wide steps). The second
// dot's A is computed in registers, so it stays there as a dot operand of the wgmma layout (kWidth
// 2 for f16); its B is loaded in the loop and stored to shared memory right after the load, while
// the first dot's operands, defined before the loop, are stored there once. The second dot feeds
// no dot, so it gets warp groups: [4, 2] for 64 rows.
// CHECK-DAG: #[[$FIRST:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 16, 16]}>
// CHECK-DAG: #[[$SECOND:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 128, 16]}>
// CHECK-LABEL: tt.func @chained
// CHECK: %[[K:.*]] = ttg.local_alloc %arg1
// CHECK-NEXT: %[[Q:.*]] = ttg.local_alloc %arg0
// CHECK: scf.for
// CHECK: %[[S:.*]] = ttng.warp_group_dot %[[Q]], %[[K]], {{.*}} -> tensor<64x32xf32, #[[$FIRST]]>
// CHECK: %[[V:.*]] = tt.load
// CHECK-NEXT: %[[VS:.*]] = ttg.local_alloc %[[V]]
// CHECK: %[[P:.*]] = arith.truncf
// CHECK-NEXT: %[[PD:.*]] = ttg.convert_layout %[[P]] : {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked{{[0-9]*}}}>>
// CHECK-NEXT: %[[ACC:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x256xf32, #[[$SECOND]]>
// CHECK-NEXT: %[[PR:.*]] = ttg.convert_layout %[[PD]] : {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$SECOND]], kWidth = 2}>>
// CHECK-NEXT: ttng.warp_group_dot %[[PR]], %[[VS]], %[[ACC]] : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$SECOND]], kWidth = 2}>> * !ttg.memdesc<32x256xf16
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @chained(%q: tensor<64x64xf16, #ld>, %k: tensor<64x32xf16, #ld>, %pv: tensor<32x256x!tt.ptr<f16>, #ld>, %n: i32) -> tensor<64x256xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zs = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #acc>
    %zo = arith.constant dense<0.000000e+00> : tensor<64x256xf32, #acc>
    %out = scf.for %i = %c0 to %n step %c1 iter_args(%o = %zo) -> (tensor<64x256xf32, #acc>) : i32 {
      %dq = ttg.convert_layout %q : tensor<64x64xf16, #ld> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
      %dk = ttg.convert_layout %k : tensor<64x32xf16, #ld> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
      %s = tt.dot %dq, %dk, %zs : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x32xf32, #acc>
      %v = tt.load %pv : tensor<32x256x!tt.ptr<f16>, #ld>
      %e = math.exp2 %s : tensor<64x32xf32, #acc>
      %p = arith.truncf %e : tensor<64x32xf32, #acc> to tensor<64x32xf16, #acc>
      %dp = ttg.convert_layout %p : tensor<64x32xf16, #acc> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
      %dv = ttg.convert_layout %v : tensor<32x256xf16, #ld> -> tensor<32x256xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
      %o2 = tt.dot %dp, %dv, %o : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x256xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x256xf32, #acc>
      scf.yield %o2 : tensor<64x256xf32, #acc>
    }
    tt.return %out : tensor<64x256xf32, #acc>
  }
}

// -----

// A operand transposed after its load still comes from a load: it is stored to shared memory
// (the transposed tensor, as the conversion is all that is looked through).
// CHECK-LABEL: tt.func @transposed_load
// CHECK: %[[T:.*]] = tt.trans
// CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %[[T]] : (tensor<64x32xf16, #{{.*}}>) -> !ttg.memdesc<64x32xf16, #shared1, #smem>
// CHECK: ttng.warp_group_dot %[[A]], %{{.*}} : !ttg.memdesc<64x32xf16, #shared1, #smem> * !ttg.memdesc<32x64xf16
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#tr = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @transposed_load(%pa: tensor<32x64x!tt.ptr<f16>, #ld>, %b: tensor<32x64xf16, #ld>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %a = tt.load %pa : tensor<32x64x!tt.ptr<f16>, #ld>
    %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<32x64xf16, #ld> -> tensor<64x32xf16, #tr>
    %da = ttg.convert_layout %t : tensor<64x32xf16, #tr> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<32x64xf16, #ld> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %da, %db, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// Where wgmma cannot take the dot, Hopper falls back to mma.sync with Triton's remark: 32 rows
// (not a multiple of 64), K = 8 f16 (less than 256 bits), 2 warps (not warp groups), a batched
// 3-D dot.
// CHECK-DAG: #[[$ROWS:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-DAG: #[[$SQUARE:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[$BATCH:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
// CHECK-LABEL: tt.func @few_rows
// CHECK: tt.dot {{.*}} -> tensor<32x64xf32, #[[$ROWS]]>
// CHECK-LABEL: tt.func @short_k
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[$SQUARE]]>
// CHECK-LABEL: tt.func @batched
// CHECK: tt.dot {{.*}} -> tensor<2x64x64xf32, #[[$BATCH]]>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc3 = #ttg.blocked<{sizePerThread = [1, 4, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @few_rows(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<32x64xf32, #acc>) -> tensor<32x64xf32, #acc> {
    // expected-remark @below {{MMA version 3 acceleration not applied due to unsupported shapes or data types.}}
    // expected-note @below {{Target compute capability (90) supports MMA v3.}}
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x64xf32, #acc>
    tt.return %d : tensor<32x64xf32, #acc>
  }
  tt.func @short_k(%a: tensor<64x8xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<8x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    // expected-remark @below {{MMA version 3 acceleration not applied}}
    // expected-note @below {{supports MMA v3}}
    %d = tt.dot %a, %b, %c : tensor<64x8xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<8x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
  tt.func @batched(%a: tensor<2x64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc3}>>, %b: tensor<2x32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc3}>>, %c: tensor<2x64x64xf32, #acc3>) -> tensor<2x64x64xf32, #acc3> {
    // expected-remark @below {{MMA version 3 acceleration not applied}}
    // expected-note @below {{supports MMA v3}}
    %d = tt.dot %a, %b, %c : tensor<2x64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc3}>> * tensor<2x32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc3}>> -> tensor<2x64x64xf32, #acc3>
    tt.return %d : tensor<2x64x64xf32, #acc3>
  }
}

// -----

// Two warps cannot form a warp group: mma.sync.
// CHECK: #[[$MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @two_warps
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[$MMA]]>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_warps(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    // expected-remark @below {{MMA version 3 acceleration not applied}}
    // expected-note @below {{supports MMA v3}}
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
}

// -----

// An fp8 dot accumulating in f32 with fewer than 32 imprecise accumulations cannot use wgmma; on
// mma.sync Hopper has no fp8, so its operands are converted to f16 (kWidth follows fp8's 8 bits).
// An f64 dot gets mma.sync's layout too, with the same m16n8 tile (Triton 3.6).
// CHECK-DAG: #[[$MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @fp8_precise
// CHECK: %[[A:.*]] = tt.fp_to_fp %{{.*}} : tensor<64x64xf8E5M2, {{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 4}>>
// CHECK-NEXT: %[[B:.*]] = tt.fp_to_fp %{{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 4}>>
// CHECK-NEXT: tt.dot %[[A]], %[[B]]
// CHECK-LABEL: tt.func @f64
// CHECK: tt.dot {{.*}} : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 1}>> * {{.*}} -> tensor<64x64xf64, #[[$MMA]]>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_precise(%a: tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    // expected-remark @below {{MMA version 3 acceleration not applied}}
    // expected-note @below {{supports MMA v3}}
    %d = tt.dot %a, %b, %c : tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }
  tt.func @f64(%a: tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<64x64xf64, #acc>) -> tensor<64x64xf64, #acc> {
    // expected-remark @below {{MMA version 3 acceleration not applied}}
    // expected-note @below {{supports MMA v3}}
    %d = tt.dot %a, %b, %c : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf64, #acc>
    tt.return %d : tensor<64x64xf64, #acc>
  }
}

// -----

// Ada (cuda:89) has no wgmma: mma.sync, and no remark.
// CHECK: #[[$MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @ada
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #[[$MMA]]>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:89", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ada(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<128x128xf32, #acc>) -> tensor<128x128xf32, #acc> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x128xf32, #acc>
    tt.return %d : tensor<128x128xf32, #acc>
  }
}
