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

// -----

#row = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#sw2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// Slots of a multi-buffered allocation picked by indices that provably differ are disjoint:
// different constants, `i` and `i + 1` modulo the same count. A constant slot and `(i + 1) % 3`
// have different bases and may be the same slot.
// CHECK-LABEL: tt.func @distinct_slots
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.remsi
// CHECK-NEXT: arith.remsi
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: tt.return
tt.func @distinct_slots(%x: tensor<256xf32, #row>, %i: i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c1 = arith.constant 1 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<4x256xf32, #sw, #smem, mutable>
  %s2 = ttg.memdesc_index %buf[%c2] : !ttg.memdesc<4x256xf32, #sw, #smem, mutable> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %s3 = ttg.memdesc_index %buf[%c3] : !ttg.memdesc<4x256xf32, #sw, #smem, mutable> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  ttg.local_store %x, %s2 : tensor<256xf32, #row> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %a = ttg.local_load %s3 : !ttg.memdesc<256xf32, #sw, #smem, mutable> -> tensor<256xf32, #row>
  %next = arith.addi %i, %c1 : i32
  %cur = arith.remsi %i, %c3 : i32
  %nxt = arith.remsi %next, %c3 : i32
  %w = ttg.memdesc_index %buf[%nxt] : !ttg.memdesc<4x256xf32, #sw, #smem, mutable> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %r = ttg.memdesc_index %buf[%cur] : !ttg.memdesc<4x256xf32, #sw, #smem, mutable> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  ttg.local_store %x, %w : tensor<256xf32, #row> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %b = ttg.local_load %r : !ttg.memdesc<256xf32, #sw, #smem, mutable> -> tensor<256xf32, #row>
  tt.return
}

// Indices with different moduli, or a dynamic one, prove nothing: a barrier each time.
// CHECK-LABEL: tt.func @unproven_slots
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
// CHECK: ttg.memdesc_index
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
tt.func @unproven_slots(%x: tensor<256xf32, #row>, %i: i32, %n: i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<4x256xf32, #sw, #smem, mutable>
  %next = arith.addi %i, %c1 : i32
  %a_idx = arith.remsi %i, %c2 : i32
  %b_idx = arith.remsi %next, %c3 : i32
  %a = ttg.memdesc_index %buf[%a_idx] : !ttg.memdesc<4x256xf32, #sw, #smem, mutable> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %b = ttg.memdesc_index %buf[%b_idx] : !ttg.memdesc<4x256xf32, #sw, #smem, mutable> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  ttg.local_store %x, %a : tensor<256xf32, #row> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %y = ttg.local_load %b : !ttg.memdesc<256xf32, #sw, #smem, mutable> -> tensor<256xf32, #row>
  %c_idx = arith.remsi %i, %n : i32
  %d_idx = arith.remsi %next, %n : i32
  %c = ttg.memdesc_index %buf[%c_idx] : !ttg.memdesc<4x256xf32, #sw, #smem, mutable> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %d = ttg.memdesc_index %buf[%d_idx] : !ttg.memdesc<4x256xf32, #sw, #smem, mutable> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  ttg.local_store %y, %c : tensor<256xf32, #row> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %z = ttg.local_load %d : !ttg.memdesc<256xf32, #sw, #smem, mutable> -> tensor<256xf32, #row>
  tt.return
}

// Quarters of one buffer taken by memdesc_subslice: disjoint ones need no barrier, the same
// one does.
// CHECK-LABEL: tt.func @subslice_quarters
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
tt.func @subslice_quarters(%x: tensor<32x32xf16, #tile>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #sw2, #smem, mutable>
  %top_left = ttg.memdesc_subslice %buf[0, 0] : !ttg.memdesc<64x64xf16, #sw2, #smem, mutable> -> !ttg.memdesc<32x32xf16, #sw2, #smem, mutable, 64x64>
  %bottom_right = ttg.memdesc_subslice %buf[32, 32] : !ttg.memdesc<64x64xf16, #sw2, #smem, mutable> -> !ttg.memdesc<32x32xf16, #sw2, #smem, mutable, 64x64>
  ttg.local_store %x, %top_left : tensor<32x32xf16, #tile> -> !ttg.memdesc<32x32xf16, #sw2, #smem, mutable, 64x64>
  %a = ttg.local_load %bottom_right : !ttg.memdesc<32x32xf16, #sw2, #smem, mutable, 64x64> -> tensor<32x32xf16, #tile>
  %b = ttg.local_load %top_left : !ttg.memdesc<32x32xf16, #sw2, #smem, mutable, 64x64> -> tensor<32x32xf16, #tile>
  tt.return
}

// A cf loop whose slot advances by the pipeliner's select-wrap, `(slot + 1) % 3` for a slot that
// starts in range: within one iteration the store slot and the load slot `slot % 3` differ, but
// what the previous iteration left is no longer comparable (the barrier before the store).
// CHECK-LABEL: tt.func @cf_ring
// CHECK: ^bb1(%{{.*}}: i32):
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: arith.select
// CHECK-NEXT: arith.remsi
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: cf.br ^bb1
tt.func @cf_ring(%x: tensor<256xf32, #row>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<3x256xf32, #sw, #smem, mutable>
  cf.br ^bb1(%c0 : i32)
^bb1(%slot: i32):
  %inc = arith.addi %slot, %c1 : i32
  %wrap = arith.cmpi sge, %inc, %c3 : i32
  %next = arith.select %wrap, %c0, %inc : i32
  %cur = arith.remsi %slot, %c3 : i32
  %w = ttg.memdesc_index %buf[%next] : !ttg.memdesc<3x256xf32, #sw, #smem, mutable> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %r = ttg.memdesc_index %buf[%cur] : !ttg.memdesc<3x256xf32, #sw, #smem, mutable> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  ttg.local_store %x, %w : tensor<256xf32, #row> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %y = ttg.local_load %r : !ttg.memdesc<256xf32, #sw, #smem, mutable> -> tensor<256xf32, #row>
  cf.br ^bb1(%next : i32)
}
}

// -----

#row = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#col = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// Two waits with only pure ops between them: one barrier, after the last.
// CHECK-LABEL: tt.func @waits_share_a_barrier
// CHECK: ttg.async_wait {num = 2
// CHECK-NEXT: arith.addi
// CHECK-NEXT: ttg.async_wait {num = 0
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
tt.func @waits_share_a_barrier(%x: tensor<256xf32, #row>, %i: i32) {
  %buf = ttg.local_alloc %x : (tensor<256xf32, #row>) -> !ttg.memdesc<256xf32, #sw, #smem>
  %t0 = ttg.async_wait {num = 2 : i32}
  %j = arith.addi %i, %i : i32
  %t1 = ttg.async_wait {num = 0 : i32}
  %y = ttg.local_load %buf : !ttg.memdesc<256xf32, #sw, #smem> -> tensor<256xf32, #row>
  tt.return
}

// An acquire-release atomic whose result is unused synchronises the CTA itself; a relaxed one
// does not.
// CHECK-LABEL: tt.func @atomics_as_barriers
// CHECK: tt.atomic_rmw add, acq_rel
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: tt.atomic_rmw add, relaxed
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
tt.func @atomics_as_barriers(%x: tensor<256xf32, #row>, %p: !tt.ptr<i32>) {
  %c1 = arith.constant 1 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<256xf32, #row> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %a = tt.atomic_rmw add, acq_rel, gpu, %p, %c1 : (!tt.ptr<i32>, i32) -> i32
  %y = ttg.local_load %buf : !ttg.memdesc<256xf32, #sw, #smem, mutable> -> tensor<256xf32, #row>
  ttg.local_store %y, %buf : tensor<256xf32, #row> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %b = tt.atomic_rmw add, relaxed, gpu, %p, %c1 : (!tt.ptr<i32>, i32) -> i32
  %z = ttg.local_load %buf : !ttg.memdesc<256xf32, #sw, #smem, mutable> -> tensor<256xf32, #row>
  tt.return
}

// A poll ends in a rendezvous of the CTA whatever its ordering (a poll without a timeout needs no
// scratch: the rendezvous follows its effects), so the store before it needs no barrier before
// the load after it; the second store, after the load, still waits for it.
// CHECK-LABEL: tt.func @poll_as_barrier
// CHECK: tt.atomic_poll relaxed
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_store
tt.func @poll_as_barrier(%x: tensor<256xf32, #row>, %p: !tt.ptr<i32>, %e: i32) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<256xf32, #row> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  %m = tt.atomic_poll relaxed, gpu, %p, %e : !tt.ptr<i32>, i32 -> i1
  %y = ttg.local_load %buf : !ttg.memdesc<256xf32, #sw, #smem, mutable> -> tensor<256xf32, #row>
  ttg.local_store %y, %buf : tensor<256xf32, #row> -> !ttg.memdesc<256xf32, #sw, #smem, mutable>
  tt.return
}

// A callee that ends writing shared memory: its caller's next access to the same bytes waits.
// CHECK-LABEL: tt.func @writes_at_exit
// CHECK-NOT: ttg.barrier
// CHECK: tt.return
tt.func @writes_at_exit(%x: tensor<256xf32, #row>) {
  %buf = ttg.local_alloc %x : (tensor<256xf32, #row>) -> !ttg.memdesc<256xf32, #sw, #smem>
  tt.return
}
// CHECK-LABEL: tt.func @caller_waits
// CHECK: tt.call @writes_at_exit
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.convert_layout
tt.func @caller_waits(%x: tensor<256xf32, #row>) {
  tt.call @writes_at_exit(%x) : (tensor<256xf32, #row>) -> ()
  %y = ttg.convert_layout %x : tensor<256xf32, #row> -> tensor<256xf32, #col>
  tt.return
}
}

// -----

// ttg.warp_specialize: the op enters its default region and the holder of its partitions; only
// the default region flows back out, through a warp_yield that joins the warp groups.

#row = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// The default region runs on after the store without a rendezvous.
// CHECK-LABEL: tt.func @load_in_default_region
// CHECK: default {
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
tt.func @load_in_default_region(%x: tensor<128xf32, #row>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<128xf32, #row> -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
  ttg.warp_specialize()
  default {
    %y = ttg.local_load %buf : !ttg.memdesc<128xf32, #sw, #smem, mutable> -> tensor<128xf32, #row>
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// The partitions start behind a rendezvous: %b reuses the bytes of %old, read just before, and
// its store needs no barrier of its own.
// CHECK-LABEL: tt.func @partitions_start_synchronised
// CHECK: partition0
// CHECK-NEXT: arith.constant
// CHECK-NEXT: ttg.local_alloc
// CHECK-NEXT: ttg.local_store
tt.func @partitions_start_synchronised(%x: tensor<128xf32, #row>) {
  %old = ttg.local_alloc %x : (tensor<128xf32, #row>) -> !ttg.memdesc<128xf32, #sw, #smem>
  %y = ttg.local_load %old : !ttg.memdesc<128xf32, #sw, #smem> -> tensor<128xf32, #row>
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    %c = arith.constant dense<0.0> : tensor<128xf32, #row>
    %b = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
    ttg.local_store %c, %b : tensor<128xf32, #row> -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
    ttg.warp_return
  } : () -> ()
  tt.return
}

// Explicit captures travel through shared memory, written and read either side of a rendezvous:
// that rendezvous also orders the store before it.
// CHECK-LABEL: tt.func @captures_synchronise
// CHECK: default {
// CHECK-NEXT: ttg.local_load
// CHECK: partition0
// CHECK-NEXT: ttg.local_load
tt.func @captures_synchronise(%x: tensor<128xf32, #row>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<128xf32, #row> -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
  ttg.warp_specialize(%buf)
  default {
    %y = ttg.local_load %buf : !ttg.memdesc<128xf32, #sw, #smem, mutable> -> tensor<128xf32, #row>
    ttg.warp_yield
  }
  partition0(%b: !ttg.memdesc<128xf32, #sw, #smem, mutable>) num_warps(4) {
    %z = ttg.local_load %b : !ttg.memdesc<128xf32, #sw, #smem, mutable> -> tensor<128xf32, #row>
    ttg.warp_return
  } : (!ttg.memdesc<128xf32, #sw, #smem, mutable>) -> ()
  tt.return
}

// The default region's warp_yield joins the warp groups in a rendezvous.
// CHECK-LABEL: tt.func @store_then_join
// CHECK: ttg.warp_yield
// CHECK: () -> ()
// CHECK-NEXT: ttg.local_load
tt.func @store_then_join(%x: tensor<128xf32, #row>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
  ttg.warp_specialize()
  default {
    ttg.local_store %x, %buf : tensor<128xf32, #row> -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  %y = ttg.local_load %buf : !ttg.memdesc<128xf32, #sw, #smem, mutable> -> tensor<128xf32, #row>
  tt.return
}

// The captures' scratch takes the bytes of a buffer that died before it: its write waits for the
// pending read.
// CHECK-LABEL: tt.func @captures_reuse_dead_buffer
// CHECK: ttg.local_load
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.warp_specialize
tt.func @captures_reuse_dead_buffer(%x: tensor<128xf32, #row>, %i: i32) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<128xf32, #row> -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
  ttg.barrier local
  %y = ttg.local_load %buf : !ttg.memdesc<128xf32, #sw, #smem, mutable> -> tensor<128xf32, #row>
  ttg.warp_specialize(%i)
  default {
    ttg.warp_yield
  }
  partition0(%j: i32) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}
}

// -----

// Functions of nested modules are analysed too (each module's functions get their own plan).
#row = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func @in_nested_module
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.barrier local
// CHECK-NEXT: ttg.local_load
tt.func @in_nested_module(%x: tensor<128xf32, #row>) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
  ttg.local_store %x, %buf : tensor<128xf32, #row> -> !ttg.memdesc<128xf32, #sw, #smem, mutable>
  %y = ttg.local_load %buf : !ttg.memdesc<128xf32, #sw, #smem, mutable> -> tensor<128xf32, #row>
  tt.return
}
}
}
