// RUN: ttc opt %s -split-input-file -tritongpu-pipeline | FileCheck %s

// Hopper's asynchronous wgmma (asyncLaunchDots): which `ttng.warp_group_dot`s may stay in flight
// across iterations, and the `ttng.warp_group_dot_wait`s placed for them. The loops carry no
// schedule, so only this step of the pass acts; the dots read slots of two-slot rings.

// -----

// Two dots with their own accumulators, both carried to the next iteration only: both stay in
// flight, and one wait after the second leaves two pending (the previous iteration's are done).
// CHECK-LABEL: tt.func @two_accumulators
// CHECK: %[[R:.*]]:2 = scf.for
// CHECK: %[[A:.*]] = ttg.memdesc_index
// CHECK: %[[B:.*]] = ttg.memdesc_index
// CHECK: %[[X:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %{{.*}} {isAsync = true}
// CHECK-NEXT: %[[Y:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %{{.*}} {isAsync = true}
// CHECK-NEXT: %[[W:.*]]:4 = ttng.warp_group_dot_wait %[[X]], %[[Y]], %[[A]], %[[B]] {pendings = 2 : i32}
// CHECK-NEXT: scf.yield %[[W]]#0, %[[W]]#1
// CHECK: ttng.warp_group_dot_wait %[[R]]#0, %[[R]]#1 {pendings = 0 : i32}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_accumulators(%n: i32) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero, %y = %zero) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) : i32 {
      %s = arith.remsi %i, %c1 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, mutable>
      %x1 = ttng.warp_group_dot %a, %b, %x : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      %y1 = ttng.warp_group_dot %a, %b, %y : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %x1, %y1 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
    }
    tt.return %r#0, %r#1 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  }
}

// -----

// A dot whose result is used in the loop (here stored) cannot stay in flight: a wait for all
// wgmmas follows it, carrying its shared operands, and the store reads the wait's result.
// CHECK-LABEL: tt.func @sync_use
// CHECK: scf.for
// CHECK: %[[A:.*]] = ttg.memdesc_index
// CHECK: %[[B:.*]] = ttg.memdesc_index
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %{{.*}} {isAsync = true}
// CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], %[[A]], %[[B]] {pendings = 0 : i32}
// CHECK-NEXT: tt.store %{{.*}}, %[[W]]#0
// CHECK-NEXT: scf.yield %[[W]]#0
// CHECK-NOT: ttng.warp_group_dot_wait
// CHECK: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmah = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#dota = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sync_use(%n: i32, %p: tensor<64x64x!tt.ptr<f32>, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %s = arith.remsi %i, %c2 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, mutable>
      %x1 = ttng.warp_group_dot %a, %b, %x : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      tt.store %p, %x1 : tensor<64x64x!tt.ptr<f32>, #mma>
      scf.yield %x1 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// The first dot feeds the second's accumulator inside the iteration, so it is waited on at once;
// the second only feeds the next iteration's first dot as accumulator and stays in flight. The
// wait already in the loop covers it, so only the loop's result is waited on after the loop.
// CHECK-LABEL: tt.func @chained
// CHECK: %[[R:.*]] = scf.for
// CHECK: %[[D1:.*]] = ttng.warp_group_dot {{.*}} {isAsync = true}
// CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D1]], {{.*}} {pendings = 0 : i32}
// CHECK-NEXT: %[[D2:.*]] = ttng.warp_group_dot {{.*}}, %[[W]]#0 {isAsync = true}
// CHECK-NEXT: scf.yield %[[D2]]
// CHECK: ttng.warp_group_dot_wait %[[R]] {pendings = 0 : i32}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmah = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#dota = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @chained(%n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %s = arith.remsi %i, %c2 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, mutable>
      %x1 = ttng.warp_group_dot %a, %b, %x : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      %x2 = ttng.warp_group_dot %a, %b, %x1 : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %x2 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A shared operand allocated in the loop is not a slot of a ring: the dot is synchronous.
// CHECK-LABEL: tt.func @single_buffered
// CHECK: %[[S:.*]] = ttg.local_alloc %arg1
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[S]]
// CHECK-NEXT: ttng.warp_group_dot_wait %[[D]], %[[S]], %{{.*}} {pendings = 0 : i32}
// CHECK: scf.yield
// CHECK-NOT: ttng.warp_group_dot_wait
// CHECK: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmah = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#dota = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @single_buffered(%n: i32, %t: tensor<64x16xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %s = arith.remsi %i, %c2 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, mutable>
      %a2 = ttg.local_alloc %t : (tensor<64x16xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>>) -> !ttg.memdesc<64x16xf16, #shared, #smem>
      %x1 = ttng.warp_group_dot %a2, %b, %x : !ttg.memdesc<64x16xf16, #shared, #smem> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %x1 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Only f32 accumulators stay in flight across iterations.
// CHECK-LABEL: tt.func @f16_accumulator
// CHECK: ttng.warp_group_dot {{.*}} {isAsync = true} {{.*}} -> tensor<64x64xf16, #mma>
// CHECK-NEXT: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
// CHECK: scf.yield
// CHECK-NOT: ttng.warp_group_dot_wait
// CHECK: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmah = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#dota = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16_accumulator(%n: i32) -> tensor<64x64xf16, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable>
    %zh = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zh) -> (tensor<64x64xf16, #mma>) : i32 {
      %s = arith.remsi %i, %c2 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, mutable>
      %x1 = ttng.warp_group_dot %a, %b, %x : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf16, #mma>
      scf.yield %x1 : tensor<64x64xf16, #mma>
    }
    tt.return %r : tensor<64x64xf16, #mma>
  }
}

// -----

// A use under an `scf.if` is allowed: the dot stays in flight (one pending after it), and the
// `if` waits for it, warp-group locally, before the store.
// CHECK-LABEL: tt.func @use_under_if
// CHECK: %[[R:.*]] = scf.for
// CHECK: %[[D:.*]] = ttng.warp_group_dot {{.*}} {isAsync = true}
// CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], {{.*}} {pendings = 1 : i32}
// CHECK: scf.if
// CHECK-NEXT: %[[L:.*]]:3 = ttng.warp_group_dot_wait %[[W]]#0, {{.*}} {pendings = 0 : i32, warpGroupLocal}
// CHECK-NEXT: tt.store %{{.*}}, %[[L]]#0
// CHECK: scf.yield %[[W]]#0
// CHECK: ttng.warp_group_dot_wait %[[R]] {pendings = 0 : i32}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmah = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#dota = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @use_under_if(%n: i32, %p: tensor<64x64x!tt.ptr<f32>, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %s = arith.remsi %i, %c2 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, mutable>
      %x1 = ttng.warp_group_dot %a, %b, %x : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      %last = arith.cmpi eq, %i, %n : i32
      scf.if %last {
        tt.store %p, %x1 : tensor<64x64x!tt.ptr<f32>, #mma>
      }
      scf.yield %x1 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A dot reading A from registers computed in the loop must finish before the next iteration
// rewrites them: with one asynchronous dot, the wait after it leaves none pending, and no other
// wait is added in the loop. It carries only B, the shared operand.
// CHECK-LABEL: tt.func @registers_operand
// CHECK: %[[R:.*]] = scf.for
// CHECK: ttg.memdesc_index
// CHECK: %[[B:.*]] = ttg.memdesc_index
// CHECK: %[[D:.*]] = ttng.warp_group_dot %{{.*}}, %[[B]], %{{.*}} {isAsync = true}
// CHECK-NEXT: %[[W:.*]]:2 = ttng.warp_group_dot_wait %[[D]], %[[B]] {pendings = 0 : i32}
// CHECK-NEXT: scf.yield %[[W]]#0
// CHECK: ttng.warp_group_dot_wait %[[R]] {pendings = 0 : i32}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmah = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#dota = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @registers_operand(%n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %s = arith.remsi %i, %c2 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, mutable>
      %ar = ttg.local_load %a : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> -> tensor<64x16xf16, #dota>
      %x1 = ttng.warp_group_dot %ar, %b, %x : tensor<64x16xf16, #dota> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %x1 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Attention's shape: the first dot is used in the loop and is synchronous; the second's carried
// accumulator is only read after that dot's wait, which now also waits for it and hands the
// scaled read its result.
// CHECK-LABEL: tt.func @after_sync_wait
// CHECK: %[[R:.*]] = scf.for %{{.*}} iter_args(%[[X:.*]] = %{{.*}})
// CHECK: %[[Q:.*]] = ttng.warp_group_dot {{.*}} {isAsync = true}
// CHECK-NEXT: %[[W:.*]]:4 = ttng.warp_group_dot_wait %[[Q]], %{{.*}}, %{{.*}}, %[[X]] {pendings = 0 : i32}
// CHECK-NEXT: %[[E:.*]] = math.exp2 %[[W]]#0
// CHECK-NEXT: %[[S:.*]] = arith.mulf %[[W]]#3, %[[E]]
// CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot {{.*}}, %[[S]] {isAsync = true}
// CHECK-NEXT: scf.yield %[[D]]
// CHECK: ttng.warp_group_dot_wait %[[R]] {pendings = 0 : i32}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmah = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#dota = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @after_sync_wait(%n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %s = arith.remsi %i, %c2 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, mutable>
      %q = ttng.warp_group_dot %a, %b, %zero : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      %e = math.exp2 %q : tensor<64x64xf32, #mma>
      %xs = arith.mulf %x, %e : tensor<64x64xf32, #mma>
      %x1 = ttng.warp_group_dot %a, %b, %xs : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %x1 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// With K = 32, twice the instruction's K, and no synchronous dot in the loop, the dot reading A
// from registers is split along K: A is reshaped, transposed and split into two halves converted
// back to the operand layout, B is cut into two sub-tiles, and the second half accumulates onto
// the first (with useC = true). Each half waits for the other to leave at most one pending.
// CHECK-LABEL: tt.func @split_registers_operand
// CHECK: %[[R:.*]] = scf.for
// CHECK: %[[A:.*]] = ttg.local_load
// CHECK-NEXT: %[[V:.*]] = tt.reshape %[[A]] : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<64x2x16xf16
// CHECK-NEXT: %[[T:.*]] = tt.trans %[[V]] {order = array<i32: 0, 2, 1>} : {{.*}} -> tensor<64x16x2xf16
// CHECK-NEXT: %[[L:.*]], %[[H:.*]] = tt.split %[[T]]
// CHECK-NEXT: %[[A0:.*]] = ttg.convert_layout %[[L]] : {{.*}} -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[A1:.*]] = ttg.convert_layout %[[H]]
// CHECK-NEXT: %[[B0:.*]] = ttg.memdesc_subslice %{{.*}}[0, 0] : !ttg.memdesc<32x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, 32x64>
// CHECK-NEXT: %[[B1:.*]] = ttg.memdesc_subslice %{{.*}}[16, 0]
// CHECK-NEXT: %[[D0:.*]] = ttng.warp_group_dot %[[A0]], %[[B0]], %{{.*}} {isAsync = true}
// CHECK-NEXT: %[[W0:.*]]:2 = ttng.warp_group_dot_wait %[[D0]], %[[B0]] {pendings = 1 : i32}
// CHECK-NEXT: %[[D1:.*]] = ttng.warp_group_dot %[[A1]], %[[B1]], %[[W0]]#0, %true {isAsync = true}
// CHECK-NEXT: %[[W1:.*]]:2 = ttng.warp_group_dot_wait %[[D1]], %[[B1]] {pendings = 1 : i32}
// CHECK-NEXT: scf.yield %[[W1]]#0
// CHECK: ttng.warp_group_dot_wait %[[R]] {pendings = 0 : i32}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmah = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#dota = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_registers_operand(%n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #shared1, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %s = arith.remsi %i, %c2 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x32x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared1, #smem, mutable>
      %ar = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #dota>
      %x1 = ttng.warp_group_dot %ar, %b, %x : tensor<64x32xf16, #dota> * !ttg.memdesc<32x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %x1 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// With K = 64, four times the instruction's K, A is split into four chunks of 16: reshaped to
// 64 x 2 x 2 x 16, transposed so that the chunk's 16 come first and the slowest two last, split
// twice (first the upper half of K from the lower, then each half in two), and the chunks are
// used in K order against four sub-tiles of B.
// CHECK-LABEL: tt.func @split_registers_operand_four_ways
// CHECK: scf.for
// CHECK: %[[A:.*]] = ttg.local_load
// CHECK-NEXT: %[[V:.*]] = tt.reshape %[[A]] : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<64x2x2x16xf16
// CHECK-NEXT: %[[T:.*]] = tt.trans %[[V]] {order = array<i32: 0, 3, 2, 1>} : {{.*}} -> tensor<64x16x2x2xf16
// CHECK-NEXT: %[[L:.*]], %[[H:.*]] = tt.split %[[T]] : {{.*}} -> tensor<64x16x2xf16
// CHECK-NEXT: %[[L0:.*]], %[[L1:.*]] = tt.split %[[L]] : {{.*}} -> tensor<64x16xf16
// CHECK-NEXT: %[[H0:.*]], %[[H1:.*]] = tt.split %[[H]] : {{.*}} -> tensor<64x16xf16
// CHECK-NEXT: %[[A0:.*]] = ttg.convert_layout %[[L0]] : {{.*}} -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[A1:.*]] = ttg.convert_layout %[[L1]]
// CHECK-NEXT: %[[A2:.*]] = ttg.convert_layout %[[H0]]
// CHECK-NEXT: %[[A3:.*]] = ttg.convert_layout %[[H1]]
// CHECK-NEXT: %[[B0:.*]] = ttg.memdesc_subslice %{{.*}}[0, 0] : !ttg.memdesc<64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, 64x64>
// CHECK-NEXT: %[[B1:.*]] = ttg.memdesc_subslice %{{.*}}[16, 0]
// CHECK-NEXT: %[[B2:.*]] = ttg.memdesc_subslice %{{.*}}[32, 0]
// CHECK-NEXT: %[[B3:.*]] = ttg.memdesc_subslice %{{.*}}[48, 0]
// CHECK-NEXT: %[[D0:.*]] = ttng.warp_group_dot %[[A0]], %[[B0]], %{{.*}} {isAsync = true}
// CHECK: ttng.warp_group_dot %[[A1]], %[[B1]], %{{.*}}, %true {isAsync = true}
// CHECK: ttng.warp_group_dot %[[A2]], %[[B2]], %{{.*}}, %true {isAsync = true}
// CHECK: ttng.warp_group_dot %[[A3]], %[[B3]], %{{.*}}, %true {isAsync = true}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mmah = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#dota = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_registers_operand_four_ways(%n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared1, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %s = arith.remsi %i, %c2 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x64x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
      %ar = ttg.local_load %a : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #dota>
      %x1 = ttng.warp_group_dot %ar, %b, %x : tensor<64x64xf16, #dota> * !ttg.memdesc<64x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %x1 : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A loop with `tt.num_stages = 0` keeps its dots synchronous.
// CHECK-LABEL: tt.func @no_stages
// CHECK-NOT: isAsync
// CHECK-NOT: ttng.warp_group_dot_wait
// CHECK: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_stages(%n: i32) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %ra = ttg.local_alloc : () -> !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable>
    %rb = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero, %y = %zero) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) : i32 {
      %s = arith.remsi %i, %c1 : i32
      %a = ttg.memdesc_index %ra[%s] : !ttg.memdesc<2x64x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %rb[%s] : !ttg.memdesc<2x16x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared1, #smem, mutable>
      %x1 = ttng.warp_group_dot %a, %b, %x : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      %y1 = ttng.warp_group_dot %a, %b, %y : !ttg.memdesc<64x16xf16, #shared, #smem, mutable> * !ttg.memdesc<16x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %x1, %y1 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
    } {tt.num_stages = 0 : i32}
    tt.return %r#0, %r#1 : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  }
}
