// RUN: ttc opt %s -split-input-file -tritongpu-combine-tensor-select-and-if | FileCheck %s

// Two tensor selects on the condition of a later if become its results (then yields the true
// values, a new else the false ones); the use of a select inside the then branch takes its true
// value.
// CHECK-LABEL: tt.func @select_into_if
// CHECK-NOT: arith.select
// CHECK: %[[IF:.*]]:2 = scf.if %arg0 -> (tensor<64xf32, #{{.*}}>, tensor<64xf32, #{{.*}}>) {
// CHECK-NEXT:   tt.store %arg3, %arg1
// CHECK-NEXT:   scf.yield %arg1, %arg2
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %arg2, %arg1
// CHECK-NEXT: }
// CHECK-NEXT: arith.addf %[[IF]]#0, %[[IF]]#1
#l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @select_into_if(%c: i1, %a: tensor<64xf32, #l>, %b: tensor<64xf32, #l>, %p: tensor<64x!tt.ptr<f32>, #l>) -> tensor<64xf32, #l> {
    %s = arith.select %c, %a, %b : tensor<64xf32, #l>
    %x = arith.select %c, %b, %a : tensor<64xf32, #l>
    scf.if %c {
      tt.store %p, %s : tensor<64x!tt.ptr<f32>, #l>
    }
    %t = arith.addf %s, %x : tensor<64xf32, #l>
    tt.return %t : tensor<64xf32, #l>
  }
}

// -----

// A scalar select stays (it is cheap to predicate), and so does a tensor select used before the
// if: the if would not dominate that use.
#l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @selects_that_stay
  // CHECK: arith.select %arg0, %arg1, %arg2 : tensor<64xf32
  // CHECK: arith.select %arg0, %arg4, %arg5 : f32
  // CHECK: scf.if %arg0 -> (f32)
  // CHECK-NEXT: scf.yield %arg4 : f32
  tt.func @selects_that_stay(%c: i1, %a: tensor<64xf32, #l>, %b: tensor<64xf32, #l>, %p: tensor<64x!tt.ptr<f32>, #l>, %u: f32, %v: f32) -> f32 {
    %s = arith.select %c, %a, %b : tensor<64xf32, #l>
    tt.store %p, %s : tensor<64x!tt.ptr<f32>, #l>
    %k = arith.select %c, %u, %v : f32
    %r = scf.if %c -> (f32) {
      scf.yield %k : f32
    } else {
      scf.yield %u : f32
    }
    %t = arith.addf %r, %k : f32
    tt.return %t : f32
  }
}
