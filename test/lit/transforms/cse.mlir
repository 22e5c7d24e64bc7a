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

// -----

// A CFG region is walked down its dominator tree: ^bb1 and ^bb2 reuse what the entry computed,
// ^bb2 does not see the muli of its sibling ^bb1, and the join ^bb3 (dominated by the entry
// alone) sees neither branch's muli. The entry's addi has a use of its own, else it would be
// erased as dead before anything could reuse it.
// CHECK-LABEL: tt.func @cfg_dominators
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[M1:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: %[[S1:.*]] = arith.addi %[[A]], %[[M1]] : i32
// CHECK-NEXT: cf.br ^bb3(%[[S1]] : i32)
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[M2:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: %[[S2:.*]] = arith.subi %[[A]], %[[M2]] : i32
// CHECK-NEXT: cf.br ^bb3(%[[S2]] : i32)
// CHECK-NEXT: ^bb3(%[[R:.*]]: i32):
// CHECK-NEXT: %[[M3:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[R]], %[[M3]] : i32
// CHECK-NEXT: %[[U:.*]] = arith.addi %[[T]], %[[A]] : i32
// CHECK-NEXT: %[[V:.*]] = arith.addi %[[U]], %[[A]] : i32
// CHECK-NEXT: tt.return %[[V]] : i32
tt.func @cfg_dominators(%x: i32, %c: i1) -> i32 {
  %a = arith.addi %x, %x : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a1 = arith.addi %x, %x : i32
  %m1 = arith.muli %x, %x : i32
  %s1 = arith.addi %a1, %m1 : i32
  cf.br ^bb3(%s1 : i32)
^bb2:
  %m2 = arith.muli %x, %x : i32
  %a2 = arith.addi %x, %x : i32
  %s2 = arith.subi %a2, %m2 : i32
  cf.br ^bb3(%s2 : i32)
^bb3(%r: i32):
  %m3 = arith.muli %x, %x : i32
  %t = arith.addi %r, %m3 : i32
  %u = arith.addi %t, %a : i32
  %a3 = arith.addi %x, %x : i32
  %v = arith.addi %u, %a3 : i32
  tt.return %v : i32
}

// -----

// A chain of blocks: ^bb2 is dominated by ^bb1, so it reuses ^bb1's muli as well as the entry's
// addi. A load is not reused across blocks even with no write in between (MLIR only merges reads
// within one block), but is within its block.
// CHECK-LABEL: tt.func @cfg_chain
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %[[L:.*]] = tt.load %arg1 : !tt.ptr<i32>
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[A]], %arg0 : i32
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[L2:.*]] = tt.load %arg1 : !tt.ptr<i32>
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[M]], %[[L2]] : i32
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[S]], %[[L2]] : i32
// CHECK-NEXT: %[[U:.*]] = arith.addi %[[T]], %[[L]] : i32
// CHECK-NEXT: %[[V:.*]] = arith.addi %[[U]], %[[M]] : i32
// CHECK-NEXT: tt.return %[[V]] : i32
tt.func @cfg_chain(%x: i32, %p: !tt.ptr<i32>) -> i32 {
  %a = arith.addi %x, %x : i32
  %l = tt.load %p : !tt.ptr<i32>
  cf.br ^bb1
^bb1:
  %m = arith.muli %a, %x : i32
  cf.br ^bb2
^bb2:
  %a2 = arith.addi %x, %x : i32
  %m2 = arith.muli %a2, %x : i32
  %l2 = tt.load %p : !tt.ptr<i32>
  %l3 = tt.load %p : !tt.ptr<i32>
  %s = arith.addi %m2, %l2 : i32
  %t = arith.addi %s, %l3 : i32
  %u = arith.addi %t, %l : i32
  %v = arith.addi %u, %m : i32
  tt.return %v : i32
}
