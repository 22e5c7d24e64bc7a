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

// -----

// A whole-warp integer step is one redux.sync on sm_80+ (narrow integers widened around it:
// sign-extended for signed min/max); a float, or a step over fewer than 32 lanes, shuffles.
#row = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#half = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @redux_sum_i32
  // CHECK: %[[MASK:.*]] = llvm.mlir.constant(-1 : i32) : i32
  // CHECK: nvvm.redux.sync  add %{{.*}}, %[[MASK]] : i32 -> i32
  // CHECK-NOT: nvvm.shfl.sync
  tt.func public @redux_sum_i32(%x: tensor<1x32xi32, #row>) {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %b, %a : i32
      tt.reduce.return %s : i32
    }) : (tensor<1x32xi32, #row>) -> tensor<1xi32, #ttg.slice<{dim = 1, parent = #row}>>
    tt.return
  }
  // CHECK-LABEL: llvm.func @redux_max_i16
  // CHECK: %[[WIDE:.*]] = llvm.sext %{{.*}} : i16 to i32
  // CHECK: %[[MAX:.*]] = nvvm.redux.sync  max %[[WIDE]], %{{.*}} : i32 -> i32
  // CHECK: llvm.trunc %[[MAX]] : i32 to i16
  tt.func public @redux_max_i16(%x: tensor<1x32xi16, #row>) {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i16, %b: i16):
      %m = arith.maxsi %a, %b : i16
      tt.reduce.return %m : i16
    }) : (tensor<1x32xi16, #row>) -> tensor<1xi16, #ttg.slice<{dim = 1, parent = #row}>>
    tt.return
  }
  // CHECK-LABEL: llvm.func @float_shuffles
  // CHECK-NOT: nvvm.redux.sync
  // CHECK-COUNT-5: nvvm.shfl.sync bfly
  tt.func public @float_shuffles(%x: tensor<1x32xf32, #row>) {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1x32xf32, #row>) -> tensor<1xf32, #ttg.slice<{dim = 1, parent = #row}>>
    tt.return
  }
  // CHECK-LABEL: llvm.func @sixteen_lanes_shuffle
  // CHECK-NOT: nvvm.redux.sync
  // CHECK-COUNT-4: nvvm.shfl.sync bfly
  tt.func public @sixteen_lanes_shuffle(%x: tensor<2x16xi32, #half>) {
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.reduce.return %s : i32
    }) : (tensor<2x16xi32, #half>) -> tensor<2xi32, #ttg.slice<{dim = 1, parent = #half}>>
    tt.return
  }
}

// -----

// Value and index across warps (max with indices on i8): 64 elements leave two warps with data,
// so each scratch region has 2 slots. The i32 region comes first and the i8 one after its 8 bytes
// (widest first, as Triton's getSmemBases); i8 first would put the b32 accesses at byte 2.
// CHECK-LABEL: llvm.func @argmax_i8
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[NARROW:.*]] = llvm.getelementptr %[[SMEM]][2] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i32
// CHECK: %[[P8:.*]] = llvm.getelementptr %[[NARROW]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: st.shared.b8 {{.*}} %[[P8]],
// CHECK-NEXT: %[[P32:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK-NEXT: st.shared.b32 {{.*}} %[[P32]],
// CHECK: nvvm.barrier0
#flat = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @argmax_i8(%x: tensor<64xi8, #flat>, %out: !tt.ptr<i32>) {
    %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #flat>
    %r:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
    ^bb0(%a: i8, %ai: i32, %b: i8, %bi: i32):
      %gt = arith.cmpi sgt, %a, %b : i8
      %v = arith.select %gt, %a, %b : i8
      %vi = arith.select %gt, %ai, %bi : i32
      tt.reduce.return %v, %vi : i8, i32
    }) : (tensor<64xi8, #flat>, tensor<64xi32, #flat>) -> (i8, i32)
    tt.store %out, %r#1 : !tt.ptr<i32>
    tt.return
  }
}
