// RUN: ttc opt %s -split-input-file -tritongpu-pipeline=num-stages=3 | FileCheck %s
// RUN: ttc opt %s -split-input-file -tritongpu-assign-latencies=num-stages=2 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=2 | FileCheck %s --check-prefix=S2
// RUN: ttc opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 | FileCheck %s --check-prefix=S3
// RUN: ttc opt %s -split-input-file -tritongpu-assign-latencies=num-stages=4 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=4 | FileCheck %s --check-prefix=S4

// Two loads two stages ahead of the dot: two-slot ring buffers, a prologue filling both slots
// under `i < n` masks, and in the loop a wait for all but the 2 newest copy groups, local loads of
// the extract slot, and copies for iteration i + 2 masked by `i < n - 2`.
// CHECK-LABEL: tt.func @dot_loop
// CHECK-DAG: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// CHECK-DAG: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared1, #smem, mutable>
// CHECK: %[[P0:.*]] = arith.cmpi sgt, %arg2, %c0_i32
// CHECK: %[[S0:.*]] = ttg.memdesc_index %[[A]][%c0_i32]
// CHECK: %[[M0:.*]] = tt.splat %[[P0]] : i1 -> tensor<64x32xi1, #blocked>
// CHECK: ttg.async_copy_global_to_local %{{.*}}, %[[S0]] mask %[[M0]] {contiguity = 8 : i32}
// CHECK: ttg.async_commit_group
// CHECK: ttg.memdesc_index %[[B]][%c0_i32]
// CHECK: arith.cmpi sgt, %arg2, %c1_i32
// CHECK: ttg.memdesc_index %[[A]][%c1_i32]
// CHECK: scf.for
// CHECK: %[[LAST:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}}
// CHECK: %[[W:.*]] = ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
// CHECK: ttg.local_load %{{.*}} token %[[W]]
// CHECK: ttg.local_load %{{.*}} token %[[W]]
// CHECK: tt.dot
// CHECK: tt.splat %[[LAST]] : i1 -> tensor<64x32xi1, #blocked>
// CHECK: ttg.async_copy_global_to_local
// CHECK: ttg.async_commit_group
// CHECK: scf.yield
// CHECK: ttg.async_wait {num = 0 : i32}
// CHECK: ttg.local_dealloc %[[B]]
// CHECK: ttg.local_dealloc %[[A]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_loop(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32) -> tensor<64x64xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %cst_0 = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %cst_1 = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %2 = tt.broadcast %1 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %4 = tt.addptr %3, %2 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %5 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %7 = tt.broadcast %6 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %8 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %9 = tt.addptr %8, %7 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %10:3 = scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 iter_args(%arg4 = %cst, %arg5 = %4, %arg6 = %9) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>)  : i32 {
      %11 = tt.load %arg5 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>
      %12 = tt.load %arg6 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked>
      %13 = ttg.convert_layout %11 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %14 = ttg.convert_layout %12 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %15 = tt.dot %13, %14, %arg4 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %16 = tt.addptr %arg5, %cst_0 {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %17 = tt.addptr %arg6, %cst_1 {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %15, %16, %17 : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %10#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// A loop without a schedule is left alone.
// CHECK-LABEL: tt.func @unscheduled
// CHECK-NOT: ttg.async_copy_global_to_local
// CHECK: tt.load
// CHECK-NOT: ttg.local_alloc
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unscheduled(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step_a = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %step_b = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %ra = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ra2 = tt.expand_dims %ra {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %ra3 = tt.broadcast %ra2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %sa = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %a0 = tt.addptr %sa, %ra3 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %rb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %rb2 = tt.expand_dims %rb {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rb3 = tt.broadcast %rb2 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %sb = tt.splat %pb : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %b0 = tt.addptr %sb, %rb3 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>) : i32 {
      %x = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
      %y = tt.load %b : tensor<32x64x!tt.ptr<f16>, #blocked>
      %xd = ttg.convert_layout %x : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %yd = ttg.convert_layout %y : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %xd, %yd, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %an = tt.addptr %a, %step_a : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %bn = tt.addptr %b, %step_b : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %d, %an, %bn : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// The same loop scheduled by ttc for 2, 3 and 4 stages: the loads run N-1 iterations ahead of
// the dot, so each operand gets an (N-1)-slot ring, the prologue issues N-1 copies of each, the
// wait in the loop lets the 2*(N-2) younger copies stay in flight, and the loop's copy refills
// the slot just read. After the loop every copy is waited for and both rings are freed.
// S2-LABEL: tt.func @matmul_stages
// S2-DAG:   %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1x64x32xf16, #shared, #smem, mutable>
// S2-DAG:   %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1x32x64xf16, #shared1, #smem, mutable>
// S2-COUNT-2: ttg.async_copy_global_to_local
// S2-NOT:   ttg.async_copy_global_to_local
// S2:       scf.for
// S2:         ttg.async_wait %{{.*}}, %{{.*}} {num = 0 : i32}
// S2-COUNT-2: ttg.local_load
// S2:         tt.dot
// S2-COUNT-2: ttg.async_copy_global_to_local
// S2-NOT:     ttg.async_copy_global_to_local
// S2:         scf.yield
// S2-NEXT:  }
// S2-NEXT:  ttg.async_wait {num = 0 : i32}
// S2-NEXT:  ttg.local_dealloc %[[B]]
// S2-NEXT:  ttg.local_dealloc %[[A]]

// S3-LABEL: tt.func @matmul_stages
// S3-DAG:   %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
// S3-DAG:   %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared1, #smem, mutable>
// S3-COUNT-4: ttg.async_copy_global_to_local
// S3-NOT:   ttg.async_copy_global_to_local
// S3:       scf.for
// S3:         ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
// S3-COUNT-2: ttg.local_load
// S3:         tt.dot
// S3-COUNT-2: ttg.async_copy_global_to_local
// S3-NOT:     ttg.async_copy_global_to_local
// S3:         scf.yield
// S3-NEXT:  }
// S3-NEXT:  ttg.async_wait {num = 0 : i32}
// S3-NEXT:  ttg.local_dealloc %[[B]]
// S3-NEXT:  ttg.local_dealloc %[[A]]

// S4-LABEL: tt.func @matmul_stages
// S4-DAG:   %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// S4-DAG:   %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable>
// S4-COUNT-6: ttg.async_copy_global_to_local
// S4-NOT:   ttg.async_copy_global_to_local
// S4:       scf.for
// S4:         ttg.async_wait %{{.*}}, %{{.*}} {num = 4 : i32}
// S4-COUNT-2: ttg.local_load
// S4:         tt.dot
// S4-COUNT-2: ttg.async_copy_global_to_local
// S4-NOT:     ttg.async_copy_global_to_local
// S4:         scf.yield
// S4-NEXT:  }
// S4-NEXT:  ttg.async_wait {num = 0 : i32}
// S4-NEXT:  ttg.local_dealloc %[[B]]
// S4-NEXT:  ttg.local_dealloc %[[A]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matmul_stages(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step_a = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %step_b = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %ra = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ra2 = tt.expand_dims %ra {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %ra3 = tt.broadcast %ra2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %sa = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %a0 = tt.addptr %sa, %ra3 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %rb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %rb2 = tt.expand_dims %rb {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rb3 = tt.broadcast %rb2 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %sb = tt.splat %pb : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %b0 = tt.addptr %sb, %rb3 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>) : i32 {
      %x = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
      %y = tt.load %b : tensor<32x64x!tt.ptr<f16>, #blocked>
      %xd = ttg.convert_layout %x : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %yd = ttg.convert_layout %y : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %xd, %yd, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %an = tt.addptr %a, %step_a : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %bn = tt.addptr %b, %step_b : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %d, %an, %bn : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}
