// RUN: ttc opt %s -split-input-file -cse | FileCheck %s

// CHECK-LABEL: tt.func @pure_duplicates
// CHECK: %[[R:.*]] = tt.make_range
// CHECK-NOT: tt.make_range
// CHECK: tt.expand_dims %[[R]]
// CHECK: scf.for
// CHECK-NOT: tt.expand_dims
tt.func @pure_duplicates(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %b = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %e = tt.expand_dims %a {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %f = tt.expand_dims %b {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    tt.print " x" {hex = false, isSigned = array<i32: 1>} : %f : tensor<1x32xi32>
  }
  tt.print " e" {hex = false, isSigned = array<i32: 1>} : %e : tensor<1x32xi32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @stores_block_loads
// CHECK-COUNT-2: tt.load
tt.func @stores_block_loads(%p: tensor<8x!tt.ptr<f32>>) {
  %a = tt.load %p : tensor<8x!tt.ptr<f32>>
  tt.store %p, %a : tensor<8x!tt.ptr<f32>>
  %b = tt.load %p : tensor<8x!tt.ptr<f32>>
  tt.store %p, %b : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @loads_merged
// CHECK: %[[A:.*]] = tt.load %arg0
// CHECK-NOT: tt.load
// CHECK: arith.addf %[[A]], %[[A]]
tt.func @loads_merged(%p: tensor<8x!tt.ptr<f32>>) -> tensor<8xf32> {
  %a = tt.load %p : tensor<8x!tt.ptr<f32>>
  %b = tt.load %p : tensor<8x!tt.ptr<f32>>
  %s = arith.addf %a, %b : tensor<8xf32>
  tt.return %s : tensor<8xf32>
}

// -----

// CHECK-LABEL: tt.func @volatile_loads_kept
// CHECK-COUNT-2: tt.load
tt.func @volatile_loads_kept(%p: tensor<8x!tt.ptr<f32>>) -> tensor<8xf32> {
  %a = tt.load %p {isVolatile = true} : tensor<8x!tt.ptr<f32>>
  %b = tt.load %p {isVolatile = true} : tensor<8x!tt.ptr<f32>>
  %s = arith.addf %a, %b : tensor<8xf32>
  tt.return %s : tensor<8xf32>
}

// -----

// CHECK-LABEL: tt.func @loads_in_other_blocks_kept
// CHECK: tt.load
// CHECK: scf.if
// CHECK-NEXT: tt.load
tt.func @loads_in_other_blocks_kept(%p: tensor<8x!tt.ptr<f32>>, %c: i1) -> tensor<8xf32> {
  %a = tt.load %p : tensor<8x!tt.ptr<f32>>
  %r = scf.if %c -> (tensor<8xf32>) {
    %b = tt.load %p : tensor<8x!tt.ptr<f32>>
    scf.yield %b : tensor<8xf32>
  } else {
    scf.yield %a : tensor<8xf32>
  }
  tt.return %r : tensor<8xf32>
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @local_loads
  // CHECK: %[[A:.*]] = ttg.local_load %arg0
  // CHECK-NEXT: ttg.local_store %[[A]], %arg0
  // CHECK-NEXT: %[[B:.*]] = ttg.local_load %arg0
  // CHECK-NEXT: arith.addf %[[A]], %[[B]]
  tt.func @local_loads(%m: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>) -> tensor<64x32xf16, #blocked> {
    %a = ttg.local_load %m : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>
    %a2 = ttg.local_load %m : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>
    ttg.local_store %a2, %m : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %b = ttg.local_load %m : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>
    %s = arith.addf %a, %b : tensor<64x32xf16, #blocked>
    tt.return %s : tensor<64x32xf16, #blocked>
  }
}
