// RUN: ttc opt %s --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

// tt.map_elementwise inlines its scalar body once per `pack` registers of each thread: here two
// registers per thread, pack 2, so one copy of the body sees both registers of `a` then both of
// `b`, and its four yields are the two registers of each result.
// CHECK-LABEL: llvm.func @divmod
// CHECK-COUNT-2: ld.global
// CHECK: llvm.udiv %[[A0:.*]], %[[B0:.*]] : i32
// CHECK-NEXT: llvm.udiv %[[A1:.*]], %[[B1:.*]] : i32
// CHECK-NEXT: llvm.urem %[[A0]], %[[B0]] : i32
// CHECK-NEXT: llvm.urem %[[A1]], %[[B1]] : i32
// CHECK-NOT: llvm.udiv
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @divmod(%pa: !tt.ptr<i32>, %pb: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %sa = tt.splat %pa : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %qa = tt.addptr %sa, %r : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    %a = tt.load %qa : tensor<64x!tt.ptr<i32>, #blocked>
    %sb = tt.splat %pb : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %qb = tt.addptr %sb, %r : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    %b = tt.load %qb : tensor<64x!tt.ptr<i32>, #blocked>
    %d:2 = "tt.map_elementwise"(%a, %b) <{pack = 2 : i32}> ({
    ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
      %q0 = arith.divui %a0, %b0 : i32
      %q1 = arith.divui %a1, %b1 : i32
      %m0 = arith.remui %a0, %b0 : i32
      %m1 = arith.remui %a1, %b1 : i32
      tt.map_elementwise.return %q0, %q1, %m0, %m1 : i32, i32, i32, i32
    }) : (tensor<64xi32, #blocked>, tensor<64xi32, #blocked>) -> (tensor<64xi32, #blocked>, tensor<64xi32, #blocked>)
    tt.store %qa, %d#0 : tensor<64x!tt.ptr<i32>, #blocked>
    tt.store %qb, %d#1 : tensor<64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
