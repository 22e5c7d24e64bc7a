// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv='compute-capability=90 ptx-version=80' --convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=80' | FileCheck %s

// A 1024-element row over 4 warps: 4 registers folded in the thread, a butterfly over 32 lanes,
// the 4 warp partials through shared memory, a butterfly over 4 lanes, the total read back.
// CHECK-LABEL: llvm.func @row_max
// CHECK-COUNT-3: llvm.intr.maxnum
// CHECK: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
// CHECK-COUNT-4: nvvm.shfl.sync bfly
// CHECK: st.shared.b32
// CHECK: nvvm.barrier0
// CHECK: ld.shared.b32
// CHECK-COUNT-2: nvvm.shfl.sync bfly
// CHECK: st.shared.b32
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#row = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @row_max(%out: !tt.ptr<f32>) attributes {noinline = false} {
    %i = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #row>
    %x = arith.sitofp %i : tensor<1024xi32, #row> to tensor<1024xf32, #row>
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.maxnumf %a, %b : f32
      tt.reduce.return %r : f32
    }) : (tensor<1024xf32, #row>) -> f32
    tt.store %out, %m : !tt.ptr<f32>
    tt.return
  }
}

// -----

// One warp holds each row: a shuffle butterfly over the 8 lanes along dim 1 and no shared memory.
// CHECK-LABEL: llvm.func @rows_in_warps
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-3: nvvm.shfl.sync bfly
// CHECK-NOT: st.shared
// CHECK: llvm.return
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows_in_warps(%out: !tt.ptr<i32>) attributes {noinline = false} {
    %i = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #tile}>>
    %e = tt.expand_dims %i {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #tile}>> -> tensor<1x32xi32, #tile>
    %x = tt.broadcast %e : tensor<1x32xi32, #tile> -> tensor<16x32xi32, #tile>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %r = arith.addi %a, %b : i32
      tt.reduce.return %r : i32
    }) : (tensor<16x32xi32, #tile>) -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #tile}>>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #tile}>>
    tt.store %p, %s : tensor<16x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #tile}>>
    tt.return
  }
}
