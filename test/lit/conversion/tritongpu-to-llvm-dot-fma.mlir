// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// The fp32 "ieee" matmul's dot (32x32x16, blocked parent sizePerThread [2, 2] on 4 warps): each
// thread owns 8 accumulator elements, each a chain of 16 fmuladd.
// CHECK-LABEL: llvm.func @fma_ieee_layouts
// CHECK-COUNT-128: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK-NOT: llvm.intr.fmuladd
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_ieee_layouts(%pa: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %pc: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked2>
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x16xi32, #blocked>
    %off = tt.broadcast %r2 : tensor<1x16xi32, #blocked> -> tensor<32x16xi32, #blocked>
    %ps = tt.splat %pa : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #blocked>
    %pt = tt.addptr %ps, %off : tensor<32x16x!tt.ptr<f32>, #blocked>, tensor<32x16xi32, #blocked>
    %a = tt.load %pt : tensor<32x16x!tt.ptr<f32>, #blocked>
    %b = tt.trans %a {order = array<i32: 1, 0>} : tensor<32x16xf32, #blocked> -> tensor<16x32xf32, #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>>
    %ad = ttg.convert_layout %a : tensor<32x16xf32, #blocked> -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
    %bd = ttg.convert_layout %b : tensor<16x32xf32, #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>> -> tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
    %d = tt.dot %ad, %bd, %zero : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<32x32xf32, #blocked2>
    %pcs = tt.splat %pc : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #blocked2>
    tt.store %pcs, %d : tensor<32x32x!tt.ptr<f32>, #blocked2>
    tt.return
  }
}

// -----

// One element per thread and K = 2: acc = fma(a[m, 1], b[1, n], fma(a[m, 0], b[0, n], c)), with
// the operands' registers found by their coordinates (A holds K in registers 0, 1 of its row).
// CHECK-LABEL: llvm.func @fma_chain
// CHECK: %[[C:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK: %[[FIRST:.*]] = llvm.intr.fmuladd(%arg0, %arg1, %[[C]]) : (f32, f32, f32) -> f32
// CHECK-NEXT: llvm.intr.fmuladd(%arg0, %arg1, %[[FIRST]]) : (f32, f32, f32) -> f32
// CHECK-NOT: llvm.intr.fmuladd
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_chain(%x: f32, %y: f32, %out: !tt.ptr<f32>) {
    %c = arith.constant dense<1.000000e+00> : tensor<4x8xf32, #blocked>
    %a = tt.splat %x : f32 -> tensor<4x2xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b = tt.splat %y : f32 -> tensor<2x8xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a, %b, %c : tensor<4x2xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x8xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x8xf32, #blocked>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>, #blocked>
    tt.store %p, %d : tensor<4x8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Integer dots multiply and add (Triton's FMA path on an integer accumulator).
// CHECK-LABEL: llvm.func @integer
// CHECK: %[[P:.*]] = llvm.mul %arg0, %arg1 : i32
// CHECK-NEXT: llvm.add %[[P]], %{{.*}} : i32
// CHECK-NOT: fmuladd
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @integer(%x: i32, %y: i32, %out: !tt.ptr<i32>) {
    %c = arith.constant dense<0> : tensor<4x8xi32, #blocked>
    %a = tt.splat %x : i32 -> tensor<4x1xi32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b = tt.splat %y : i32 -> tensor<1x8xi32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a, %b, %c : tensor<4x1xi32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<1x8xi32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x8xi32, #blocked>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<4x8x!tt.ptr<i32>, #blocked>
    tt.store %p, %d : tensor<4x8x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
