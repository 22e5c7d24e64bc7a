// RUN: ttc opt %s -split-input-file --tritonmusa-accelerate-matmul | FileCheck %s

// A 64x64x32 f16 dot on 4 warps: one squad, one m64n64k32 instruction; both operands stored to
// shared memory from their loaded (pre-conversion) registers, the accumulator in #musa_sqmma.

// CHECK-DAG: #[[MMA:.+]] = #ttg.musa_sqmma<{versionMajor = 3, versionMinor = 1, warpsPerCTA = [4, 1], instrShape = [64, 64, 32]}>
// CHECK-DAG: #[[SHARED:.+]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "musa:31", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @f16_dot
  tt.func @f16_dot(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // CHECK: %[[A:.+]] = ttg.local_alloc %arg0 : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #[[SHARED]], #smem>
    // CHECK: %[[B:.+]] = ttg.local_alloc %arg1 : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #[[SHARED]], #smem>
    // CHECK: %[[C:.+]] = ttg.convert_layout %arg2 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #[[MMA]]>
    // CHECK: %[[D:.+]] = ttmg.squad_dot %[[A]], %[[B]], %[[C]] : !ttg.memdesc<64x32xf16, #[[SHARED]], #smem> * !ttg.memdesc<32x64xf16, #[[SHARED]], #smem> -> tensor<64x64xf32, #[[MMA]]>
    // CHECK: ttg.convert_layout %[[D]] : tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #blocked>
    %a_op = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b_op = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a_op, %b_op, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// 8 warps on a 128x64 tile: two squads; one instruction each at best (m128n32 side by side, the
// first of the equally good choices); K = 64 takes the k64 instruction.

// CHECK: #ttg.musa_sqmma<{versionMajor = 3, versionMinor = 1, warpsPerCTA = [4, 2], instrShape = [128, 32, 64]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "musa:31", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @eight_warps(%a: tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked> {
    // CHECK: ttmg.squad_dot
    %d = tt.dot %a, %b, %c : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    tt.return %d : tensor<128x64xf32, #blocked>
  }
}

// -----

// No SQMMA for: f32 operands without tf32 (ieee), 2 warps (not a squad), a 16x16 tile (no
// instruction that small). They stay tt.dot (FMA); f16 operands into f32 are promoted.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "musa:31", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fma_fallback
  tt.func @fma_fallback(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // CHECK-NOT: ttmg.squad_dot
    // CHECK: arith.extf %arg0
    // CHECK: arith.extf %arg1
    // CHECK: tt.dot
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "musa:31", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @ieee_f32
  tt.func @ieee_f32(%a: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    // CHECK-NOT: ttmg.squad_dot
    // CHECK: tt.dot
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
  // CHECK-LABEL: tt.func @tf32
  tt.func @tf32(%a: tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    // CHECK: ttmg.squad_dot {{.*}} {inputPrecision = 0 : i32}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}
