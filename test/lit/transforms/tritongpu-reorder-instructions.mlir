// RUN: ttc opt %s -split-input-file -tritongpu-reorder-instructions | FileCheck %s

// A conversion sinks below the deallocations between it and its first user; one whose user comes
// before the deallocation stays.
// CHECK-LABEL: tt.func @sink_below_dealloc
// CHECK-NEXT: %[[BUF:.*]] = ttg.local_alloc
// CHECK-NEXT: %[[KEEP:.*]] = ttg.convert_layout %arg1
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[KEEP]], %[[KEEP]]
// CHECK-NEXT: ttg.local_dealloc %[[BUF]]
// CHECK-NEXT: %[[CVT:.*]] = ttg.convert_layout %arg0
// CHECK-NEXT: arith.mulf %[[CVT]], %[[SUM]]
#a = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sink_below_dealloc(%x: tensor<32x32xf32, #a>, %y: tensor<32x32xf32, #a>) -> tensor<32x32xf32, #b> {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %cvt = ttg.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    %keep = ttg.convert_layout %y : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    %sum = arith.addf %keep, %keep : tensor<32x32xf32, #b>
    ttg.local_dealloc %buf : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %r = arith.mulf %cvt, %sum : tensor<32x32xf32, #b>
    tt.return %r : tensor<32x32xf32, #b>
  }
}

// -----

// A shared-memory load before a loop whose only user is inside the loop moves into the loop,
// right before that user; so does a conversion into a dot operand layout. A load with two users
// stays where it is.
// CHECK-LABEL: tt.func @sink_into_loop
// CHECK: %[[TWICE:.*]] = ttg.local_load %arg1
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[A:.*]] = ttg.local_load %arg0
// CHECK-NEXT: %[[B:.*]] = ttg.convert_layout %arg2
// CHECK-NEXT: tt.dot %[[A]], %[[B]]
// CHECK-NEXT: arith.addf {{.*}}, %[[TWICE]]
// CHECK-NEXT: scf.yield
// CHECK: tt.return {{.*}}, %[[TWICE]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sink_into_loop(%sa: !ttg.memdesc<64x32xf16, #shared, #smem>, %sc: !ttg.memdesc<64x64xf32, #shared, #smem>, %b: tensor<32x64xf16, #blocked>, %n: i32) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %a = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %twice = ttg.local_load %sc : !ttg.memdesc<64x64xf32, #shared, #smem> -> tensor<64x64xf32, #mma>
    %bd = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = tt.dot %a, %bd, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %e = arith.addf %d, %twice : tensor<64x64xf32, #mma>
      scf.yield %e : tensor<64x64xf32, #mma>
    }
    tt.return %r, %twice : tensor<64x64xf32, #mma>, tensor<64x64xf32, #mma>
  }
}

// -----

// An allocation moves up to the load it stores; one of a splat does not (it would only hold shared
// memory longer). A transpose moves up to its operand's producer.
// CHECK-LABEL: tt.func @hoist_alloc_and_trans
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant
// CHECK-NEXT: %[[X:.*]] = tt.load %arg0
// CHECK-NEXT: %[[T:.*]] = tt.trans %[[X]]
// CHECK-NEXT: %[[BUF:.*]] = ttg.local_alloc %[[X]]
// CHECK-NEXT: %[[S:.*]] = tt.splat %[[ZERO]]
// CHECK-NEXT: arith.addf
// CHECK-NEXT: ttg.local_alloc %[[S]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @hoist_alloc_and_trans(%p: tensor<32x32x!tt.ptr<f16>, #blocked>) -> (!ttg.memdesc<32x32xf16, #shared, #smem>, !ttg.memdesc<32x32xf16, #shared, #smem>, tensor<32x32xf16, #blocked1>, tensor<32x32xf16, #blocked>) {
    %zero = arith.constant 0.000000e+00 : f16
    %x = tt.load %p : tensor<32x32x!tt.ptr<f16>, #blocked>
    %s = tt.splat %zero : f16 -> tensor<32x32xf16, #blocked>
    %y = arith.addf %x, %s : tensor<32x32xf16, #blocked>
    %buf = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %zbuf = ttg.local_alloc %s : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
    tt.return %buf, %zbuf, %t, %y : !ttg.memdesc<32x32xf16, #shared, #smem>, !ttg.memdesc<32x32xf16, #shared, #smem>, tensor<32x32xf16, #blocked1>, tensor<32x32xf16, #blocked>
  }
}

// -----

// The shared-memory read of dot operand B moves after that of operand A, unless a write to shared
// memory lies between them.
// CHECK-LABEL: tt.func @b_after_a
// CHECK: %[[A:.*]] = ttg.local_load %arg0 {{.*}}opIdx = 0
// CHECK-NEXT: %[[B:.*]] = ttg.local_load %arg1 {{.*}}opIdx = 1
// CHECK-NEXT: tt.dot %[[A]], %[[B]]
// CHECK-LABEL: tt.func @write_between
// CHECK: ttg.local_load %arg1 {{.*}}opIdx = 1
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.local_load %arg0 {{.*}}opIdx = 0
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @b_after_a(%sa: !ttg.memdesc<64x32xf16, #shared, #smem>, %sb: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %b = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %e = math.exp2 %c : tensor<64x64xf32, #mma>
    %a = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %e : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
  tt.func @write_between(%sa: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %sb: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>, %x: tensor<64x32xf16, #blocked>) -> tensor<64x64xf32, #mma> {
    %b = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    ttg.local_store %x, %sa : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %a = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
