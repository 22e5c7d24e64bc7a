// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// expand_dims then broadcast: the 2-D tensor reuses the 1-D registers (4 columns per thread,
// the same row value in each), with no data movement; the compare on it is constant along the
// row, so one icmp serves the thread's 4 registers.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: llvm.func @expand_broadcast
// CHECK: %[[ROW:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
// CHECK-NOT: llvm.add
// CHECK: llvm.icmp "slt" %[[ROW]], %{{.*}} : i32
// CHECK-NOT: llvm.icmp
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @expand_broadcast(%n: i32) {
    %r = tt.make_range {end = 21 : i32, start = 5 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<16x1xi32, #blocked>
    %b = tt.broadcast %e : tensor<16x1xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %s = tt.splat %n : i32 -> tensor<16x32xi32, #blocked>
    %c = arith.cmpi slt, %b, %s : tensor<16x32xi32, #blocked>
    tt.return
  }
}

// -----

// trans with a transposed layout and reshape between layouts that place every element in the
// same thread and register: pure renames.
#a = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#t = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]}>
#f = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: llvm.func @trans_reshape
// CHECK-COUNT-2: llvm.add
// CHECK-NOT: llvm.add
// CHECK-COUNT-2: llvm.sitofp
// CHECK-COUNT-2: llvm.fptosi
// CHECK-NOT: llvm.inline_asm
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @trans_reshape() {
    %r0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #a}>>
    %e0 = tt.expand_dims %r0 {axis = 1 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<4x1xi32, #a>
    %b0 = tt.broadcast %e0 : tensor<4x1xi32, #a> -> tensor<4x16xi32, #a>
    %r1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %e1 = tt.expand_dims %r1 {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x16xi32, #a>
    %b1 = tt.broadcast %e1 : tensor<1x16xi32, #a> -> tensor<4x16xi32, #a>
    %x = arith.addi %b0, %b1 : tensor<4x16xi32, #a>
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x16xi32, #a> -> tensor<16x4xi32, #t>
    %f = arith.sitofp %t : tensor<16x4xi32, #t> to tensor<16x4xf32, #t>
    %r = tt.reshape %x : tensor<4x16xi32, #a> -> tensor<64xi32, #f>
    %g = arith.sitofp %r : tensor<64xi32, #f> to tensor<64xf32, #f>
    %h = arith.fptosi %g : tensor<64xf32, #f> to tensor<64xi32, #f>
    %k = arith.fptosi %f : tensor<16x4xf32, #t> to tensor<16x4xi32, #t>
    tt.return
  }
}

// -----

// Constants: a splat is one llvm.mlir.constant shared by every register; ub.poison likewise.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: llvm.func @constants
// CHECK: %[[NEG_INF:.*]] = llvm.mlir.constant({{0x[fF][fF]800000}} : f32) : f32
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[P:.*]] = llvm.mlir.poison : f32
// CHECK-COUNT-4: llvm.fadd %[[NEG_INF]], %[[P]] : f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @constants() {
    %cst = arith.constant dense<0xFF800000> : tensor<128xf32, #blocked>
    %c1 = arith.constant 1 : i32
    %p = ub.poison : tensor<128xf32, #blocked>
    %s = arith.addf %cst, %p : tensor<128xf32, #blocked>
    tt.return
  }
}

// -----

// unsplat: the scalar of a one-element tensor is its first register. A 1x1 tensor held four times
// per thread (sizePerThread = [2, 2]) still gives the one element; the i64 constants feed a scalar
// compare-and-swap, as `tl.full((1,), v).item()` does.
// CHECK-LABEL: llvm.func @unsplat
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: atom.global.acq_rel.gpu.cas.b64 {{.*}}, "=l,l,l,l,b" %arg0, %[[ZERO]], %[[ONE]], %{{.*}} : (!llvm.ptr<1>, i64, i64, i1) -> i64
// CHECK: %[[X:.*]] = llvm.fadd %arg2, %arg2 : f32
// CHECK: %[[S:.*]] = llvm.fmul %[[X]], %[[X]] : f32
// CHECK: llvm.insertelement %[[S]]
// CHECK: st.global.b32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unsplat(%lock: !tt.ptr<i64>, %out: !tt.ptr<f32>, %v: f32) {
    %c0 = arith.constant dense<0> : tensor<1xi64, #blocked>
    %c1 = arith.constant dense<1> : tensor<1xi64, #blocked>
    %zero = tt.unsplat %c0 : tensor<1xi64, #blocked>
    %one = tt.unsplat %c1 : tensor<1xi64, #blocked>
    %old = tt.atomic_cas acq_rel, gpu, %lock, %zero, %one : (!tt.ptr<i64>, i64, i64) -> i64
    %t = tt.splat %v : f32 -> tensor<1x1xf32, #blocked2>
    %d = arith.addf %t, %t : tensor<1x1xf32, #blocked2>
    %x = tt.unsplat %d : tensor<1x1xf32, #blocked2>
    %s = arith.mulf %x, %x : f32
    tt.store %out, %s : !tt.ptr<f32>
    tt.return
  }
}
