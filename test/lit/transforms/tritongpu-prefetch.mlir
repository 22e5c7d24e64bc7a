// RUN: ttc opt %s -split-input-file -tritongpu-prefetch | FileCheck %s
// RUN: ttc opt %s -split-input-file -tritongpu-prefetch -canonicalize | FileCheck %s --check-prefix=CLEAN

// f16 operands with kWidth 2 take 16-column slices: K = 64 becomes a carried head and three more
// slices at offsets 16, 32 and 48, each loaded right before the dot that precedes its own. The
// original dot stays, unused, until a cleanup removes it. The ops after the dot that do not use
// it and the next heads go before the last dot.
// CHECK-LABEL: tt.func @f16_four_slices
// CHECK:      %[[A_HEAD_VIEW:.*]] = ttg.memdesc_subslice %arg1[0, 0] : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x16xf16, #shared, #smem, 64x64>
// CHECK-NEXT: %[[A_HEAD:.*]] = ttg.local_load %[[A_HEAD_VIEW]] : {{.*}} -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[B_HEAD_VIEW:.*]] = ttg.memdesc_subslice %arg2[0, 0] : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<16x64xf16, #shared, #smem, 64x64>
// CHECK-NEXT: %[[B_HEAD:.*]] = ttg.local_load %[[B_HEAD_VIEW]] : {{.*}} -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[LOOP:.*]]:5 = scf.for %{{.*}} = %c0_i32 to %arg0 step %c1_i32 iter_args(%[[ACC:.*]] = %arg3, %[[A:.*]] = %arg1, %[[B:.*]] = %arg2, %[[A0:.*]] = %[[A_HEAD]], %[[B0:.*]] = %[[B_HEAD]])
// CHECK-NEXT:   %[[A_FULL:.*]] = ttg.local_load %[[A]]
// CHECK-NEXT:   %[[B_FULL:.*]] = ttg.local_load %[[B]]
// CHECK-NEXT:   tt.dot %[[A_FULL]], %[[B_FULL]], %[[ACC]]
// CHECK-NEXT:   %[[A1_VIEW:.*]] = ttg.memdesc_subslice %[[A]][0, 16]
// CHECK-NEXT:   %[[A1:.*]] = ttg.local_load %[[A1_VIEW]]
// CHECK-NEXT:   %[[B1_VIEW:.*]] = ttg.memdesc_subslice %[[B]][16, 0]
// CHECK-NEXT:   %[[B1:.*]] = ttg.local_load %[[B1_VIEW]]
// CHECK-NEXT:   %[[D0:.*]] = tt.dot %[[A0]], %[[B0]], %[[ACC]]
// CHECK-NEXT:   %[[A2_VIEW:.*]] = ttg.memdesc_subslice %[[A]][0, 32]
// CHECK-NEXT:   %[[A2:.*]] = ttg.local_load %[[A2_VIEW]]
// CHECK-NEXT:   %[[B2_VIEW:.*]] = ttg.memdesc_subslice %[[B]][32, 0]
// CHECK-NEXT:   %[[B2:.*]] = ttg.local_load %[[B2_VIEW]]
// CHECK-NEXT:   %[[D1:.*]] = tt.dot %[[A1]], %[[B1]], %[[D0]]
// CHECK-NEXT:   %[[A3_VIEW:.*]] = ttg.memdesc_subslice %[[A]][0, 48]
// CHECK-NEXT:   %[[A3:.*]] = ttg.local_load %[[A3_VIEW]]
// CHECK-NEXT:   %[[B3_VIEW:.*]] = ttg.memdesc_subslice %[[B]][48, 0]
// CHECK-NEXT:   %[[B3:.*]] = ttg.local_load %[[B3_VIEW]]
// CHECK-NEXT:   %[[D2:.*]] = tt.dot %[[A2]], %[[B2]], %[[D1]]
// CHECK-NEXT:   %[[NEXT_A:.*]] = ttg.memdesc_index %arg4[%c1_i32]
// CHECK-NEXT:   %[[NEXT_B:.*]] = ttg.memdesc_index %arg5[%c1_i32]
// CHECK-NEXT:   %[[NA_VIEW:.*]] = ttg.memdesc_subslice %[[NEXT_A]][0, 0]
// CHECK-NEXT:   %[[NA:.*]] = ttg.local_load %[[NA_VIEW]]
// CHECK-NEXT:   %[[NB_VIEW:.*]] = ttg.memdesc_subslice %[[NEXT_B]][0, 0]
// CHECK-NEXT:   %[[NB:.*]] = ttg.local_load %[[NB_VIEW]]
// CHECK-NEXT:   %[[D3:.*]] = tt.dot %[[A3]], %[[B3]], %[[D2]]
// CHECK-NEXT:   scf.yield %[[D3]], %[[NEXT_A]], %[[NEXT_B]], %[[NA]], %[[NB]]
// CHECK:      tt.return %[[LOOP]]#0

// The cleanup removes the unused full-width dot and its loads: four dots remain in the loop.
// CLEAN-LABEL: tt.func @f16_four_slices
// CLEAN:       scf.for
// CLEAN-NOT:   tt.dot {{.*}} tensor<64x64xf16
// CLEAN-COUNT-4: tt.dot {{.*}} tensor<64x16xf16
// CLEAN-NOT:   tt.dot
// CLEAN:       scf.yield
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16_four_slices(%n: i32, %a0: !ttg.memdesc<64x64xf16, #shared, #smem>, %b0: !ttg.memdesc<64x64xf16, #shared, #smem>, %acc0: tensor<64x64xf32, #mma>, %abuf: !ttg.memdesc<2x64x64xf16, #shared, #smem>, %bbuf: !ttg.memdesc<2x64x64xf16, #shared, #smem>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>) : i32 {
      %av = ttg.local_load %a : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bv = ttg.local_load %b : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %av, %bv, %acc : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %an = ttg.memdesc_index %abuf[%c1] : !ttg.memdesc<2x64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %bn = ttg.memdesc_index %bbuf[%c1] : !ttg.memdesc<2x64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared, #smem>
      scf.yield %d, %an, %bn : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// tf32 operands (f32, kWidth 1) take 8-column slices: K = 16 is a head and one slice at offset 8.
// An op after the dot that uses its result stops the delay: it follows the last dot.
// CHECK-LABEL: tt.func @tf32_two_slices
// CHECK:      %[[A_HEAD_VIEW:.*]] = ttg.memdesc_subslice %arg1[0, 0] : !ttg.memdesc<32x16xf32, #shared, #smem> -> !ttg.memdesc<32x8xf32, #shared, #smem, 32x16>
// CHECK-NEXT: ttg.local_load %[[A_HEAD_VIEW]] : {{.*}} -> tensor<32x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %[[B_HEAD_VIEW:.*]] = ttg.memdesc_subslice %arg2[0, 0] : !ttg.memdesc<16x32xf32, #shared1, #smem> -> !ttg.memdesc<8x32xf32, #shared1, #smem, 16x32>
// CHECK-NEXT: ttg.local_load %[[B_HEAD_VIEW]] : {{.*}} -> tensor<8x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: scf.for {{.*}} iter_args(%{{[^ ]*}} = %arg3, %[[A:[^ ]*]] = %arg1, %[[B:[^ ]*]] = %arg2,
// CHECK:        ttg.memdesc_subslice %[[A]][0, 8] : !ttg.memdesc<32x16xf32, #shared, #smem> -> !ttg.memdesc<32x8xf32, #shared, #smem, 32x16>
// CHECK:        ttg.memdesc_subslice %[[B]][8, 0] : !ttg.memdesc<16x32xf32, #shared1, #smem> -> !ttg.memdesc<8x32xf32, #shared1, #smem, 16x32>
// CHECK:        %[[D0:.*]] = tt.dot {{.*}}, inputPrecision = tf32 : tensor<32x8xf32
// CHECK-NEXT:   %[[D1:.*]] = tt.dot {{.*}}, %[[D0]], inputPrecision = tf32 : tensor<32x8xf32
// CHECK-NEXT:   %[[SCALED:.*]] = arith.mulf %[[D1]], %[[D1]]
// CHECK-NEXT:   ttg.memdesc_subslice %[[A]][0, 0]
// CHECK-NEXT:   ttg.local_load
// CHECK-NEXT:   ttg.memdesc_subslice %[[B]][0, 0]
// CHECK-NEXT:   ttg.local_load
// CHECK-NEXT:   scf.yield %[[SCALED]], %[[A]], %[[B]],
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32_two_slices(%n: i32, %a0: !ttg.memdesc<32x16xf32, #shared, #smem>, %b0: !ttg.memdesc<16x32xf32, #shared1, #smem>, %acc0: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<32x32xf32, #mma>, !ttg.memdesc<32x16xf32, #shared, #smem>, !ttg.memdesc<16x32xf32, #shared1, #smem>) : i32 {
      %av = ttg.local_load %a : !ttg.memdesc<32x16xf32, #shared, #smem> -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
      %bv = ttg.local_load %b : !ttg.memdesc<16x32xf32, #shared1, #smem> -> tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
      %d = tt.dot %av, %bv, %acc, inputPrecision = tf32 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
      %s = arith.mulf %d, %d : tensor<32x32xf32, #mma>
      scf.yield %s, %a, %b : tensor<32x32xf32, #mma>, !ttg.memdesc<32x16xf32, #shared, #smem>, !ttg.memdesc<16x32xf32, #shared1, #smem>
    }
    tt.return %r#0 : tensor<32x32xf32, #mma>
  }
}

// -----

// K equal to the slice width: the dot takes the carried heads only and is issued after the next
// heads are loaded; the conversion chain between the load and the dot (f8 -> f16) is cloned onto
// every slice.
// CHECK-LABEL: tt.func @one_slice_with_conversion
// CHECK:      %[[A_HEAD:.*]] = ttg.local_load {{.*}} -> tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[A_CVT:.*]] = tt.fp_to_fp %[[A_HEAD]] : tensor<16x16xf8E5M2, {{.*}} -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK:      scf.for {{.*}} iter_args(%{{[^ ]*}} = %arg3, %[[A:[^ ]*]] = %arg1, %[[B:[^ ]*]] = %arg2, %[[A0:[^ ]*]] = %[[A_CVT]], %[[B0:[^ ]*]] = %{{[^ ]*}})
// CHECK:        tt.fp_to_fp
// CHECK:        tt.dot
// CHECK-NEXT:   ttg.memdesc_subslice %[[A]][0, 0]
// CHECK-NEXT:   ttg.local_load
// CHECK-NEXT:   %[[NEXT_A:.*]] = tt.fp_to_fp
// CHECK-NEXT:   ttg.memdesc_subslice %[[B]][0, 0]
// CHECK-NEXT:   %[[NEXT_B:.*]] = ttg.local_load
// CHECK-NEXT:   %[[D:.*]] = tt.dot %[[A0]], %[[B0]]
// CHECK-NEXT:   scf.yield %[[D]], {{.*}}, %[[NEXT_A]], %[[NEXT_B]]
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @one_slice_with_conversion(%n: i32, %a0: !ttg.memdesc<16x16xf8E5M2, #shared, #smem>, %b0: !ttg.memdesc<16x64xf16, #shared, #smem>, %acc0: tensor<16x64xf32, #mma>) -> tensor<16x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<16x64xf32, #mma>, !ttg.memdesc<16x16xf8E5M2, #shared, #smem>, !ttg.memdesc<16x64xf16, #shared, #smem>) : i32 {
      %a8 = ttg.local_load %a : !ttg.memdesc<16x16xf8E5M2, #shared, #smem> -> tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %av = tt.fp_to_fp %a8 : tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bv = ttg.local_load %b : !ttg.memdesc<16x64xf16, #shared, #smem> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %av, %bv, %acc : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x64xf32, #mma>
      scf.yield %d, %a, %b : tensor<16x64xf32, #mma>, !ttg.memdesc<16x16xf8E5M2, #shared, #smem>, !ttg.memdesc<16x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<16x64xf32, #mma>
  }
}

// -----

// Loops the pass leaves alone: a software-pipelined loop (the buffer is a slot of a ring chosen in
// the body, read under an async token), K narrower than a slice, an operand load with a second
// user, and a dot whose result is not an MMA v2 layout.
// CHECK-LABEL: tt.func @pipelined_ring
// CHECK-NOT:   ttg.memdesc_subslice
// CHECK:       scf.for {{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}, %{{[^ ]*}} = %{{[^ ]*}}) ->
// CHECK-NOT:   ttg.memdesc_subslice
// CHECK:       tt.return
// CHECK-LABEL: tt.func @k_below_slice
// CHECK-NOT:   ttg.memdesc_subslice
// CHECK-LABEL: tt.func @operand_reused
// CHECK-NOT:   ttg.memdesc_subslice
// CHECK-LABEL: tt.func @fma_dot
// CHECK-NOT:   ttg.memdesc_subslice
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @pipelined_ring(%n: i32, %abuf: !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>, %bbuf: !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable>, %tok: !ttg.async.token, %acc0: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %slot = %c0) -> (tensor<64x64xf32, #mma>, i32) : i32 {
      %w = ttg.async_wait %tok {num = 1 : i32}
      %a = ttg.memdesc_index %abuf[%slot] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %av = ttg.local_load %a token %w : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %b = ttg.memdesc_index %bbuf[%slot] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
      %bv = ttg.local_load %b token %w : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %av, %bv, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %s1 = arith.addi %slot, %c1 : i32
      %wrap = arith.cmpi sge, %s1, %c2 : i32
      %next = arith.select %wrap, %c0, %s1 : i32
      scf.yield %d, %next : tensor<64x64xf32, #mma>, i32
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }

  tt.func @k_below_slice(%n: i32, %a0: !ttg.memdesc<64x8xf16, #shared, #smem>, %b0: !ttg.memdesc<8x64xf16, #shared, #smem>, %acc0: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x8xf16, #shared, #smem>, !ttg.memdesc<8x64xf16, #shared, #smem>) : i32 {
      %av = ttg.local_load %a : !ttg.memdesc<64x8xf16, #shared, #smem> -> tensor<64x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bv = ttg.local_load %b : !ttg.memdesc<8x64xf16, #shared, #smem> -> tensor<8x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %av, %bv, %acc : tensor<64x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<8x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a, %b : tensor<64x64xf32, #mma>, !ttg.memdesc<64x8xf16, #shared, #smem>, !ttg.memdesc<8x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }

  tt.func @operand_reused(%n: i32, %a0: !ttg.memdesc<64x32xf16, #shared, #smem>, %b0: !ttg.memdesc<32x64xf16, #shared, #smem>, %acc0: tensor<64x64xf32, #mma>) -> (tensor<64x64xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0, %last = %z) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) : i32 {
      %av = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bv = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %av, %bv, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a, %b, %av : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    }
    tt.return %r#0, %r#3 : tensor<64x64xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }

  tt.func @fma_dot(%n: i32, %a0: !ttg.memdesc<64x32xf32, #shared, #smem>, %b0: !ttg.memdesc<32x64xf32, #shared, #smem>, %acc0: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #blocked>, !ttg.memdesc<64x32xf32, #shared, #smem>, !ttg.memdesc<32x64xf32, #shared, #smem>) : i32 {
      %av = ttg.local_load %a : !ttg.memdesc<64x32xf32, #shared, #smem> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %bv = ttg.local_load %b : !ttg.memdesc<32x64xf32, #shared, #smem> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %d = tt.dot %av, %bv, %acc : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
      scf.yield %d, %a, %b : tensor<64x64xf32, #blocked>, !ttg.memdesc<64x32xf32, #shared, #smem>, !ttg.memdesc<32x64xf32, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #blocked>
  }
}
