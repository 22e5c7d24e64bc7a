// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// A masked histogram of 256 values into 8 bins over 128 threads: the scratch (32 counters, at
// least one per lane) is zeroed bin `tid % 8` by each thread, then each of the thread's two values
// that is a bin and whose mask is set counts with a shared-memory atomic add in a block of its
// own, then every thread reads the bin it holds.
// CHECK: ttg.shared = 128 : i32
// CHECK-LABEL: llvm.func @masked
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[TID:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[BIN:.*]] = llvm.urem %[[TID]], %{{.*}} : i32
// CHECK: %[[ZERO_AT:.*]] = llvm.getelementptr %[[SMEM]][%[[BIN]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: llvm.store %{{.*}}, %[[ZERO_AT]] : i32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[IN_RANGE:.*]] = llvm.icmp "ult" %[[X0:.*]], %{{.*}} : i32
// CHECK: %[[COUNTED:.*]] = llvm.and %[[IN_RANGE]], %{{.*}} : i1
// CHECK: llvm.cond_br %[[COUNTED]], ^[[COUNT:bb[0-9]+]], ^[[NEXT:bb[0-9]+]]
// CHECK: ^[[COUNT]]:
// CHECK: %[[AT:.*]] = llvm.getelementptr %[[SMEM]][%[[X0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: llvm.atomicrmw add %[[AT]], %{{.*}} monotonic : !llvm.ptr<3>, i32
// CHECK-NEXT: llvm.br ^[[NEXT]]
// CHECK: ^[[NEXT]]:
// CHECK: llvm.icmp "ult"
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw add
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK-NOT: llvm.atomicrmw
// CHECK: llvm.return
#src = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#dst = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @masked(%in: !tt.ptr<i32>, %out: !tt.ptr<i32>, %n: i32) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #src>
    %ns = tt.splat %n : i32 -> tensor<256xi32, #src>
    %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #src>
    %ps = tt.splat %in : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #src>
    %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<i32>, #src>, tensor<256xi32, #src>
    %x = tt.load %pp, %m : tensor<256x!tt.ptr<i32>, #src>
    %h = tt.histogram %x, %m : tensor<256xi32, #src> -> tensor<8xi32, #dst>
    %b = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #dst>
    %os = tt.splat %out : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #dst>
    %op = tt.addptr %os, %b : tensor<8x!tt.ptr<i32>, #dst>, tensor<8xi32, #dst>
    tt.store %op, %h : tensor<8x!tt.ptr<i32>, #dst>
    tt.return
  }
}

// -----

// 16 values over 64 threads: lanes 16-31 and warp 1 hold copies, so only the first copy of each
// value counts (the lane and warp bits of the thread id are tested with the range).
// CHECK-LABEL: llvm.func @replicated
// CHECK: %[[LANE_FREE:.*]] = llvm.icmp "eq"
// CHECK: %[[WARP_FREE:.*]] = llvm.icmp "eq"
// CHECK: %[[FIRST:.*]] = llvm.and %[[LANE_FREE]], %[[WARP_FREE]] : i1
// CHECK: %[[IN_RANGE:.*]] = llvm.icmp "ult"
// CHECK: %[[COUNTED:.*]] = llvm.and %[[IN_RANGE]], %[[FIRST]] : i1
// CHECK: llvm.cond_br %[[COUNTED]]
// CHECK-COUNT-1: llvm.atomicrmw add
// CHECK-NOT: llvm.atomicrmw
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @replicated(%out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #blocked>
    %h = tt.histogram %r : tensor<16xi32, #blocked> -> tensor<4xi32, #blocked>
    %b = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #blocked>
    %os = tt.splat %out : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>, #blocked>
    %op = tt.addptr %os, %b : tensor<4x!tt.ptr<i32>, #blocked>, tensor<4xi32, #blocked>
    tt.store %op, %h : tensor<4x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// More bins (256) than threads (64): each thread zeroes four bins, `(tid + 64 * k) % 256`; the
// 1 KiB scratch holds every bin.
// CHECK: ttg.shared = 1024 : i32
// CHECK-LABEL: llvm.func @many_bins
// CHECK-COUNT-4: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: llvm.atomicrmw add
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load
#src = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#dst = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @many_bins(%out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #src>
    %h = tt.histogram %r : tensor<256xi32, #src> -> tensor<256xi32, #dst>
    %os = tt.splat %out : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #dst>
    %op = tt.addptr %os, %r : tensor<256x!tt.ptr<i32>, #dst>, tensor<256xi32, #src>
    tt.store %op, %h : tensor<256x!tt.ptr<i32>, #dst>
    tt.return
  }
}
