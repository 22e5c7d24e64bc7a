// RUN: ttc opt %s -split-input-file -test-print-membar | FileCheck %s

#row = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// Two reductions share one scratch buffer: the second one's writes must wait for the first
// one's final reads.
// CHECK-LABEL: tt.func @back_to_back_reductions
// CHECK-NOT: ttg.barrier
// CHECK: "tt.reduce"
// CHECK: tt.reduce.return
// CHECK: ttg.barrier local
// CHECK-NEXT: "tt.reduce"
// CHECK-NOT: ttg.barrier
// CHECK: tt.return
tt.func @back_to_back_reductions(%x: tensor<1024xf32, #row>) -> f32 {
  %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<1024xf32, #row>) -> f32
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<1024xf32, #row>) -> f32
  %t = arith.addf %m, %s : f32
  tt.return %t : f32
}

// Store then load of one buffer (RAW), then a store after the load (WAR): one barrier each.
// CHECK-LABEL: tt.func @store_load_store
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NOT: ttg.barrier
// CHECK: tt.return
tt.func @store_load_store(%x: tensor<1024xf32, #row>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<1024xf32, #row> -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  %y = ttg.local_load %buf : !ttg.memdesc<1024xf32, #sw, #smem, mutable> -> tensor<1024xf32, #row>
  ttg.local_store %y, %buf : tensor<1024xf32, #row> -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  tt.return
}

// Triton 3.7's ttg.barrier is a barrier when it orders local memory, and only then.
// CHECK-LABEL: tt.func @ttg_barrier_local_or_global
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.barrier local|global_read
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.barrier global_write
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NOT: ttg.barrier
// CHECK: tt.return
tt.func @ttg_barrier_local_or_global(%x: tensor<1024xf32, #row>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<1024xf32, #row> -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  ttg.barrier local|global_read
  %y = ttg.local_load %buf : !ttg.memdesc<1024xf32, #sw, #smem, mutable> -> tensor<1024xf32, #row>
  ttg.barrier global_write
  ttg.local_store %y, %buf : tensor<1024xf32, #row> -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  tt.return
}

// Reads of the same buffer do not conflict; a barrier already there is respected.
// CHECK-LABEL: tt.func @reads_and_existing_barrier
// CHECK: ttg.local_store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_load
// CHECK-NOT: ttg.barrier
// CHECK: tt.return
tt.func @reads_and_existing_barrier(%x: tensor<1024xf32, #row>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<1024xf32, #row> -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  gpu.barrier
  %y = ttg.local_load %buf : !ttg.memdesc<1024xf32, #sw, #smem, mutable> -> tensor<1024xf32, #row>
  %z = ttg.local_load %buf : !ttg.memdesc<1024xf32, #sw, #smem, mutable> -> tensor<1024xf32, #row>
  tt.return
}
}

// -----

#row = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// A load at the top of a loop body follows the store at its bottom on the back edge (and the
// store before the loop on entry): the barrier goes before the load, once.
// CHECK-LABEL: tt.func @loop_back_edge
// CHECK: scf.for
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: }
tt.func @loop_back_edge(%x: tensor<1024xf32, #row>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = ttg.local_alloc : () -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<1024xf32, #row> -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  scf.for %i = %c0 to %n step %c1 {
    %y = ttg.local_load %buf : !ttg.memdesc<1024xf32, #sw, #smem, mutable> -> tensor<1024xf32, #row>
    ttg.local_store %y, %buf : tensor<1024xf32, #row> -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
    scf.yield
  }
  tt.return
}

// The same after convert-scf-to-cf: the conflict reaches the loop header block through the CFG.
// CHECK-LABEL: tt.func @cfg_back_edge
// CHECK: ^bb1:
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: cf.br ^bb1
tt.func @cfg_back_edge(%x: tensor<1024xf32, #row>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<1024xf32, #row> -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  cf.br ^bb1
^bb1:
  %y = ttg.local_load %buf : !ttg.memdesc<1024xf32, #sw, #smem, mutable> -> tensor<1024xf32, #row>
  ttg.local_store %y, %buf : tensor<1024xf32, #row> -> !ttg.memdesc<1024xf32, #sw, #smem, mutable>
  cf.br ^bb1
}
}
