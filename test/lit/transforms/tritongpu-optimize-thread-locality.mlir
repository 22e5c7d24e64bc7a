// RUN: ttc opt %s -split-input-file -tritongpu-optimize-thread-locality | FileCheck %s

// A row sum accumulated over a loop, 4 elements per thread along the reduced axis: the loop
// gains a 32x32 partial accumulator (one value per thread and row) in the slice of a 3-D layout
// whose last dimension holds each thread's 4 elements; the loaded tile is viewed as 32x32x4 and
// reduced over that last axis only. After the loop the partials are reduced over the original
// axis, converted back and added to the initial value. The original reduce and update stay in
// the loop, dead, and the loop yields the old accumulator unchanged.
// CHECK: #[[$B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @row_sum
// CHECK: %[[CST:.*]] = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %[[PART:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
// CHECK-NEXT: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[CST]], %[[PACC:.*]] = %[[PART]])
// CHECK: %[[LOAD:.*]] = tt.load
// CHECK: "tt.reduce"(%[[LOAD]]) <{axis = 1 : i32}>
// CHECK: %[[VIEW:.*]] = tt.reshape %[[LOAD]] allow_reorder efficient_layout : tensor<32x128xf32, #blocked> -> tensor<32x32x4xf32, #[[$B3]]>
// CHECK-NEXT: %[[LOCAL:.*]] = "tt.reduce"(%[[VIEW]]) <{axis = 2 : i32}>
// CHECK: (tensor<32x32x4xf32, #[[$B3]]>) -> tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
// CHECK-NEXT: %[[UPD:.*]] = arith.addf %[[PACC]], %[[LOCAL]]
// CHECK-NEXT: arith.addf %[[ACC]]
// CHECK-NEXT: scf.yield %[[ACC]], %[[UPD]]
// CHECK: %[[POST:.*]] = "tt.reduce"(%[[LOOP]]#1) <{axis = 1 : i32}>
// CHECK: -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #[[$B3]]}>}>>
// CHECK-NEXT: %[[CVT:.*]] = ttg.convert_layout %[[POST]] {{.*}} -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-NEXT: %[[RES:.*]] = arith.addf %[[CST]], %[[CVT]]
// CHECK-NEXT: tt.return %[[RES]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_sum(%ptrs: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %ptrs : tensor<32x128x!tt.ptr<f32>, #blocked>
      %2 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %3 = arith.addf %a, %b : f32
        tt.reduce.return %3 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %4 = arith.addf %acc, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %4 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// A running maximum with elements repeated in registers (4 per thread, tile 128, row 256: 8
// elements per thread): the partial accumulator starts at -inf and the view is 32x32x8.
// CHECK: #[[$B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @row_max
// CHECK: arith.constant dense<0xFF800000> : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
// CHECK: tt.reshape {{.*}} -> tensor<32x32x8xf32, #[[$B3]]>
// CHECK: arith.maxnumf
// CHECK: arith.maxnumf %{{.*}}, %{{.*}} : tensor<32x32xf32
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_max(%ptrs: tensor<32x256x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0xFF800000> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %ptrs : tensor<32x256x!tt.ptr<f32>, #blocked>
      %2 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %3 = arith.maxnumf %a, %b : f32
        tt.reduce.return %3 : f32
      }) : (tensor<32x256xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %4 = arith.maxnumf %acc, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %4 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// An f16 running minimum written `reduce <op> acc`: Triton clones the update with its first
// operand replaced by the accumulator and its second by the partial, so the new updates read
// `min(partial_acc, local)` and, after the loop, `min(init, result)`. Lanes along the kept axis
// stay in the 3-D layout (threadsPerWarp = [4, 8, 1]).
// CHECK: #[[$B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @swapped_min_f16
// CHECK: %[[CST:.*]] = arith.constant dense<0x7C00> : tensor<64xf16
// CHECK-NEXT: arith.constant dense<0x7C00> : tensor<64x8xf16, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[CST]], %[[PACC:.*]] = %{{.*}})
// CHECK: %[[LOCAL:.*]] = "tt.reduce"({{.*}}) <{axis = 2 : i32}>
// CHECK: arith.minnumf %[[PACC]], %[[LOCAL]] : tensor<64x8xf16
// CHECK-NEXT: arith.minnumf %{{.*}}, %[[ACC]] : tensor<64xf16
// CHECK: %[[CVT:.*]] = ttg.convert_layout
// CHECK-NEXT: arith.minnumf %[[CST]], %[[CVT]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @swapped_min_f16(%ptrs: tensor<64x128x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0x7C00> : tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %ptrs : tensor<64x128x!tt.ptr<f16>, #blocked>
      %2 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%a: f16, %b: f16):
        %3 = arith.minnumf %a, %b : f16
        tt.reduce.return %3 : f16
      }) : (tensor<64x128xf16, #blocked>) -> tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
      %4 = arith.minnumf %2, %acc : tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %4 : tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// Where Triton's pass returns early nothing changes: a reduction over a non-innermost axis, one
// element per thread along the axis, an operand that is not a load, an initial value that is
// not a constant, an integer combiner, and a reduction with a second user.
// CHECK-LABEL: tt.func @outer_axis
// CHECK-NOT: tt.reshape
// CHECK-LABEL: tt.func @one_element_per_thread
// CHECK-NOT: tt.reshape
// CHECK-LABEL: tt.func @not_a_load
// CHECK-NOT: tt.reshape
// CHECK-LABEL: tt.func @argument_init
// CHECK-NOT: tt.reshape
// CHECK-LABEL: tt.func @integer_sum
// CHECK-NOT: tt.reshape
// CHECK-LABEL: tt.func @two_users
// CHECK-NOT: tt.reshape
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @outer_axis(%ptrs: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>)  : i32 {
      %1 = tt.load %ptrs : tensor<32x128x!tt.ptr<f32>, #blocked>
      %2 = "tt.reduce"(%1) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %3 = arith.addf %a, %b : f32
        tt.reduce.return %3 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
      %4 = arith.addf %acc, %2 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
      scf.yield %4 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    }
    tt.return %0 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
  tt.func @one_element_per_thread(%ptrs: tensor<32x32x!tt.ptr<f32>, #blocked1>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>)  : i32 {
      %1 = tt.load %ptrs : tensor<32x32x!tt.ptr<f32>, #blocked1>
      %2 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %3 = arith.addf %a, %b : f32
        tt.reduce.return %3 : f32
      }) : (tensor<32x32xf32, #blocked1>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %4 = arith.addf %acc, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      scf.yield %4 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }
  tt.func @not_a_load(%ptrs: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %ptrs : tensor<32x128x!tt.ptr<f32>, #blocked>
      %5 = math.exp %1 : tensor<32x128xf32, #blocked>
      %2 = "tt.reduce"(%5) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %3 = arith.addf %a, %b : f32
        tt.reduce.return %3 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %4 = arith.addf %acc, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %4 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
  tt.func @argument_init(%ptrs: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init: tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %init) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %ptrs : tensor<32x128x!tt.ptr<f32>, #blocked>
      %2 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %3 = arith.addf %a, %b : f32
        tt.reduce.return %3 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %4 = arith.addf %acc, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %4 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
  tt.func @integer_sum(%ptrs: tensor<32x128x!tt.ptr<i32>, #blocked>, %n: i32) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0> : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %ptrs : tensor<32x128x!tt.ptr<i32>, #blocked>
      %2 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%a: i32, %b: i32):
        %3 = arith.addi %a, %b : i32
        tt.reduce.return %3 : i32
      }) : (tensor<32x128xi32, #blocked>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %4 = arith.addi %acc, %2 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %4 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
  tt.func @two_users(%ptrs: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %ptrs : tensor<32x128x!tt.ptr<f32>, #blocked>
      %2 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %3 = arith.addf %a, %b : f32
        tt.reduce.return %3 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %4 = arith.addf %acc, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %5 = arith.addf %2, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %6 = arith.addf %4, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %6 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// The greedy driver that runs the layout patterns first erases trivially dead ops, as MLIR's
// does: the dead second use of the accumulator goes, and the loop is then rewritten.
// CHECK-LABEL: tt.func @dead_use_erased
// CHECK-NOT: arith.addf %[[ACC:.*]], %[[ACC]]
// CHECK: tt.reshape {{.*}} allow_reorder efficient_layout
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dead_use_erased(%ptrs: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %ptrs : tensor<32x128x!tt.ptr<f32>, #blocked>
      %2 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %3 = arith.addf %a, %b : f32
        tt.reduce.return %3 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %4 = arith.addf %acc, %2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %5 = arith.addf %acc, %acc : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %6 = arith.addf %4, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %4 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// A reshape (allow_reorder) feeding a reduction over axis 1 gets the default blocked layout with
// that axis slowest, marked efficient_layout, and converts back for the reduction.
// CHECK: #[[$VIEW:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [4, 1, 1], order = [2, 0, 1]}>
// CHECK-LABEL: tt.func @reshape_for_reduce
// CHECK-NEXT: %[[V:.*]] = tt.reshape %arg0 allow_reorder efficient_layout : tensor<64x32xf32, #blocked> -> tensor<8x8x32xf32, #[[$VIEW]]>
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[V]] : tensor<8x8x32xf32, #[[$VIEW]]> -> tensor<8x8x32xf32, #blocked1>
// CHECK-NEXT: "tt.reduce"(%[[C]]) <{axis = 1 : i32}>
// A reshape whose layout already keeps the reduced axis in one thread is left alone.
// CHECK-LABEL: tt.func @reshape_already_local
// CHECK-NEXT: %[[V:.*]] = tt.reshape %arg0 allow_reorder : tensor<16x128xf32, #{{.*}}> -> tensor<4x4x128xf32, #{{.*}}>
// CHECK-NEXT: "tt.reduce"(%[[V]])
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1, 128], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshape_for_reduce(%arg0: tensor<64x32xf32, #blocked>) -> tensor<8x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
    %0 = tt.reshape %arg0 allow_reorder : tensor<64x32xf32, #blocked> -> tensor<8x8x32xf32, #blocked1>
    %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %2 = arith.addf %a, %b : f32
      tt.reduce.return %2 : f32
    }) : (tensor<8x8x32xf32, #blocked1>) -> tensor<8x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    tt.return %1 : tensor<8x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }
  tt.func @reshape_already_local(%arg0: tensor<16x128xf32, #blocked2>) -> tensor<4x4xf32, #ttg.slice<{dim = 2, parent = #blocked3}>> {
    %0 = tt.reshape %arg0 allow_reorder : tensor<16x128xf32, #blocked2> -> tensor<4x4x128xf32, #blocked3>
    %1 = "tt.reduce"(%0) <{axis = 2 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %2 = arith.maxnumf %a, %b : f32
      tt.reduce.return %2 : f32
    }) : (tensor<4x4x128xf32, #blocked3>) -> tensor<4x4xf32, #ttg.slice<{dim = 2, parent = #blocked3}>>
    tt.return %1 : tensor<4x4xf32, #ttg.slice<{dim = 2, parent = #blocked3}>>
  }
}

// -----

// Gathers get a warp-local layout: lanes along the gather axis (as many as the source has
// rows, up to 32), one warp along it, the other warps across; a 1-D gather is left alone.
// CHECK-DAG: #[[$ROWS:.*]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[$COLS:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @gather_rows
// CHECK-NEXT: %[[S:.*]] = ttg.convert_layout %arg0 : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #[[$ROWS]]>
// CHECK-NEXT: %[[I:.*]] = ttg.convert_layout %arg1 : tensor<16x32xi64, #blocked> -> tensor<16x32xi64, #[[$ROWS]]>
// CHECK-NEXT: %[[G:.*]] = tt.gather %[[S]][%[[I]]] {axis = 0 : i32, efficient_layout}
// CHECK-NEXT: ttg.convert_layout %[[G]] : tensor<16x32xf32, #[[$ROWS]]> -> tensor<16x32xf32, #blocked>
// CHECK-LABEL: tt.func @gather_cols
// CHECK: tt.gather {{.*}} {axis = 1 : i32, efficient_layout} : (tensor<32x64xf16, #[[$COLS]]>, tensor<32x128xi32, #[[$COLS]]>)
// CHECK-LABEL: tt.func @gather_1d
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.gather %arg0[%arg1] {axis = 0 : i32} :
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather_rows(%arg0: tensor<64x32xf32, #blocked>, %arg1: tensor<16x32xi64, #blocked>) -> tensor<16x32xf32, #blocked> {
    %0 = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<64x32xf32, #blocked>, tensor<16x32xi64, #blocked>) -> tensor<16x32xf32, #blocked>
    tt.return %0 : tensor<16x32xf32, #blocked>
  }
  tt.func @gather_cols(%arg0: tensor<32x64xf16, #blocked>, %arg1: tensor<32x128xi32, #blocked>) -> tensor<32x128xf16, #blocked> {
    %0 = tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<32x64xf16, #blocked>, tensor<32x128xi32, #blocked>) -> tensor<32x128xf16, #blocked>
    tt.return %0 : tensor<32x128xf16, #blocked>
  }
  tt.func @gather_1d(%arg0: tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, %arg1: tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>> {
    %0 = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return %0 : tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
}
