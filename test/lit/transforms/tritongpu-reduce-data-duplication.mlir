// RUN: ttc opt %s -split-input-file -tritongpu-reduce-data-duplication | FileCheck %s

// Operand A of an mma.sync from a row-major blocked layout: K (dim 1) is the fastest memory
// dimension; 32 f16 of K fill 512 bits, so two rows share a phase (perPhase = 1024 / 512).
// CHECK: #[[$SA:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tt.func @operand_a
// CHECK-NEXT: %[[BUF:.*]] = ttg.local_alloc %arg0 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #[[$SA]], #smem>
// CHECK-NEXT: %[[A:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<64x32xf16, #[[$SA]], #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: tt.return %[[A]]
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @operand_a(%arg0: tensor<64x32xf16, #blocked>) -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %0 = ttg.convert_layout %arg0 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %0 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// Operand B stored row-major: N is fastest, not K, so vec (4 * kWidth) and the MMA stride (8)
// trade places; a 64-element f16 row covers all banks, so perPhase = 1.
// CHECK: #[[$SB:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: tt.func @operand_b
// CHECK: ttg.local_alloc %arg0 : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #[[$SB]], #smem>
// CHECK: ttg.local_load {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @operand_b(%arg0: tensor<32x64xf16, #blocked>) -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    %0 = ttg.convert_layout %arg0 : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %0 : tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// tf32 (kWidth 1) and int8 (kWidth 4) operands: vec = 4 * kWidth along K, or 8 when K is not
// the fastest dimension; the i8 B operand has N fastest, so maxPhase = min(16, 1024 / 64).
// CHECK-DAG: #[[$TF32:.*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #[[$I8:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 16, order = [1, 0]}>
// CHECK-LABEL: tt.func @element_widths
// CHECK: ttg.local_alloc %arg0 : (tensor<64x16xf32, #blocked>) -> !ttg.memdesc<64x16xf32, #[[$TF32]], #smem>
// CHECK: ttg.local_alloc %arg1 : (tensor<64x128xi8, #blocked>) -> !ttg.memdesc<64x128xi8, #[[$I8]], #smem>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @element_widths(%arg0: tensor<64x16xf32, #blocked>, %arg1: tensor<64x128xi8, #blocked>) {
    %0 = ttg.convert_layout %arg0 : tensor<64x16xf32, #blocked> -> tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %1 = ttg.convert_layout %arg1 : tensor<64x128xi8, #blocked> -> tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return
  }
}

// -----

// A column-major source is stored column-major (order [0, 1]): M is fastest, so the swizzle
// vector runs along M. Operand A of a Hopper wgmma in registers is staged the same way.
// CHECK-DAG: #[[$COL:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
// CHECK-DAG: #[[$ROW:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: tt.func @column_major_and_hopper
// CHECK: ttg.local_alloc %arg0 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #[[$COL]], #smem>
// CHECK: ttg.local_alloc %arg1 : (tensor<128x64xbf16, #blocked1>) -> !ttg.memdesc<128x64xbf16, #[[$ROW]], #smem>
// CHECK: ttg.local_load {{.*}} -> tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
#blocked = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @column_major_and_hopper(%arg0: tensor<64x64xf16, #blocked>, %arg1: tensor<128x64xbf16, #blocked1>) {
    %0 = ttg.convert_layout %arg0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %1 = ttg.convert_layout %arg1 : tensor<128x64xbf16, #blocked1> -> tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
    tt.return
  }
}

// -----

// A batched operand keeps the source's memory order; a blocked (FMA) parent is not swizzled.
// CHECK-DAG: #[[$BATCH:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [2, 0, 1]}>
// CHECK-DAG: #[[$FMA:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-LABEL: tt.func @batched_and_fma
// CHECK: ttg.local_alloc %arg0 : (tensor<2x64x32xf16, #blocked>) -> !ttg.memdesc<2x64x32xf16, #[[$BATCH]], #smem>
// CHECK: ttg.local_alloc %arg1 : (tensor<32x32xf32, #blocked1>) -> !ttg.memdesc<32x32xf32, #[[$FMA]], #smem>
// CHECK: ttg.local_load {{.*}} -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [0, 2, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @batched_and_fma(%arg0: tensor<2x64x32xf16, #blocked>, %arg1: tensor<32x32xf32, #blocked1>) {
    %0 = ttg.convert_layout %arg0 : tensor<2x64x32xf16, #blocked> -> tensor<2x64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %1 = ttg.convert_layout %arg1 : tensor<32x32xf32, #blocked1> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
    tt.return
  }
}

// -----

// Conversions that stay in registers or warps, or that do not produce a dot operand, are kept:
// the mma accumulator to operand A (same threads), blocked <-> mma, and an FMA operand whose
// thread already holds all of K.
// CHECK-LABEL: tt.func @left_alone
// CHECK-NOT: ttg.local_alloc
// CHECK-COUNT-4: ttg.convert_layout
// CHECK-NOT: ttg.local_alloc
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @left_alone(%arg0: tensor<64x64xf16, #mma>, %arg1: tensor<64x64xf16, #blocked>, %arg2: tensor<32x32xf32, #blocked1>) {
    %0 = ttg.convert_layout %arg0 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %1 = ttg.convert_layout %arg1 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #mma>
    %2 = ttg.convert_layout %arg0 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    %3 = ttg.convert_layout %arg2 : tensor<32x32xf32, #blocked1> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    tt.return
  }
}
