// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// join with the layout Triton infers (2 elements per thread in the new, most minor, dimension):
// each thread interleaves its own registers, a0 b0 a1 b1; split takes them apart again.
#src = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#dst = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK-LABEL: llvm.func @join_interleaves
// CHECK: %[[A0:.*]] = llvm.shl
// CHECK: %[[A1:.*]] = llvm.xor %[[A0]], %{{.*}} : i32
// CHECK: %[[B0:.*]] = llvm.add
// CHECK: %[[B1:.*]] = llvm.add
// CHECK-NEXT: llvm.sitofp %[[A0]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[B0]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[A1]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[B1]] : i32 to f32
// CHECK-NEXT: llvm.sub %[[B0]], %[[A0]] : i32
// CHECK-NEXT: llvm.sub %[[B1]], %[[A1]] : i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @join_interleaves() {
    %a = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #src>
    %b = tt.make_range {end = 128 : i32, start = 64 : i32} : tensor<64xi32, #src>
    %j = tt.join %a, %b : tensor<64xi32, #src> -> tensor<64x2xi32, #dst>
    %f = arith.sitofp %j : tensor<64x2xi32, #dst> to tensor<64x2xf32, #dst>
    %lo, %hi = tt.split %j : tensor<64x2xi32, #dst> -> tensor<64xi32, #src>
    %d = arith.subi %hi, %lo : tensor<64xi32, #src>
    tt.return
  }
}

// -----

// The joined dimension is the most major register bit (order [0, 1, 2]): all of the left
// operand's registers come first, then all of the right one's.
#s = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
#j = #ttg.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [1, 1, 1], order = [0, 1, 2]}>
// CHECK-LABEL: llvm.func @join_major
// CHECK: %[[A1:.*]] = llvm.xor %[[A0:.*]], %{{.*}} : i32
// CHECK: %[[B0:.*]] = llvm.add
// CHECK: %[[B1:.*]] = llvm.add
// CHECK-NEXT: llvm.sitofp %[[A0]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[A1]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[B0]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[B1]] : i32 to f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @join_major() {
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #s}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #s}>> -> tensor<1x2xi32, #s>
    %a = tt.broadcast %e : tensor<1x2xi32, #s> -> tensor<32x2xi32, #s>
    %r2 = tt.make_range {end = 4 : i32, start = 2 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #s}>>
    %e2 = tt.expand_dims %r2 {axis = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #s}>> -> tensor<1x2xi32, #s>
    %b = tt.broadcast %e2 : tensor<1x2xi32, #s> -> tensor<32x2xi32, #s>
    %j = tt.join %a, %b : tensor<32x2xi32, #s> -> tensor<32x2x2xi32, #j>
    %f = arith.sitofp %j : tensor<32x2x2xi32, #j> to tensor<32x2x2xf32, #j>
    tt.return
  }
}

// -----

// Linear layouts: the joined dimension is the first register basis; split removes it.
#l1 = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32]], warp = [], block = []}>
#l2 = #ttg.linear<{register = [[0, 1], [1, 0]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [], block = []}>
// CHECK-LABEL: llvm.func @split_linear
// CHECK: %[[A0:.*]] = llvm.shl
// CHECK: %[[A1:.*]] = llvm.xor %[[A0]], %{{.*}} : i32
// CHECK: %[[B0:.*]] = llvm.add
// CHECK: %[[B1:.*]] = llvm.add
// CHECK-NEXT: llvm.sitofp %[[A0]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[B0]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[A1]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[B1]] : i32 to f32
// CHECK-NEXT: llvm.sub %[[B0]], %[[A0]] : i32
// CHECK-NEXT: llvm.sub %[[B1]], %[[A1]] : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @split_linear() {
    %a = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #l1>
    %b = tt.make_range {end = 128 : i32, start = 64 : i32} : tensor<64xi32, #l1>
    %j = tt.join %a, %b : tensor<64xi32, #l1> -> tensor<64x2xi32, #l2>
    %f = arith.sitofp %j : tensor<64x2xi32, #l2> to tensor<64x2xf32, #l2>
    %lo, %hi = tt.split %j : tensor<64x2xi32, #l2> -> tensor<64xi32, #l1>
    %d = arith.subi %hi, %lo : tensor<64xi32, #l1>
    tt.return
  }
}

// -----

// cat (with reordering) puts the operands' registers one after the other; a reshape that may
// reorder keeps the registers in their order.
#c1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#c2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#c3 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK-LABEL: llvm.func @cat_reorder
// CHECK: %[[A:.*]] = llvm.urem
// CHECK: %[[B:.*]] = llvm.add
// CHECK-NEXT: llvm.sitofp %[[A]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[B]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[A]] : i32 to f32
// CHECK-NEXT: llvm.sitofp %[[B]] : i32 to f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cat_reorder() {
    %a = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #c1>
    %b = tt.make_range {end = 64 : i32, start = 32 : i32} : tensor<32xi32, #c1>
    %c = tt.cat %a, %b : tensor<32xi32, #c1> -> tensor<64xi32, #c2>
    %f = arith.sitofp %c : tensor<64xi32, #c2> to tensor<64xf32, #c2>
    %r = tt.reshape %c allow_reorder : tensor<64xi32, #c2> -> tensor<8x8xi32, #c3>
    %g = arith.sitofp %r : tensor<8x8xi32, #c3> to tensor<8x8xf32, #c3>
    tt.return
  }
}
