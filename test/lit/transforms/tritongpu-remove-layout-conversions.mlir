// RUN: ttc opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// The load's layout (4 per thread) flows into the loop: the accumulator becomes a loop argument in
// that layout, the offsets are recomputed in it, and no conversion is left.
// CHECK: #[[$V4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @row_sum
// CHECK-NOT: ttg.convert_layout
// CHECK: arith.constant dense<0.000000e+00> : tensor<512xf32, #[[$V4]]>
// CHECK: scf.for {{.*}} -> (tensor<512xf32, #[[$V4]]>)
// CHECK: tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #[[$V4]]>
// CHECK: tt.load %{{.*}} : tensor<512x!tt.ptr<f32>, #[[$V4]]>
// CHECK: (tensor<512xf32, #[[$V4]]>) -> f32
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_sum(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c512 = arith.constant 512 : i32
    %zero = arith.constant dense<0.0> : tensor<512xf32, #blocked>
    %acc = scf.for %i = %c0 to %n step %c512 iter_args(%a = %zero) -> (tensor<512xf32, #blocked>) : i32 {
      %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
      %s = tt.splat %i : i32 -> tensor<512xi32, #blocked>
      %o = arith.addi %s, %r : tensor<512xi32, #blocked>
      %p = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
      %q = tt.addptr %p, %o : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
      %q1 = ttg.convert_layout %q : tensor<512x!tt.ptr<f32>, #blocked> -> tensor<512x!tt.ptr<f32>, #blocked1>
      %v1 = tt.load %q1 : tensor<512x!tt.ptr<f32>, #blocked1>
      %v = ttg.convert_layout %v1 : tensor<512xf32, #blocked1> -> tensor<512xf32, #blocked>
      %sum = arith.addf %a, %v : tensor<512xf32, #blocked>
      scf.yield %sum : tensor<512xf32, #blocked>
    }
    %t = "tt.reduce"(%acc) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %m: f32):
      %k = arith.addf %l, %m : f32
      tt.reduce.return %k : f32
    }) : (tensor<512xf32, #blocked>) -> f32
    tt.return %t : f32
  }
}

// -----

// Chains of conversions fold, and a conversion of a splat or a splat constant becomes the
// splat/constant itself in the new layout.
// CHECK-DAG: #[[$B:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @fold_chains
// CHECK-DAG: arith.constant dense<1.000000e+00> : tensor<256xf32, #[[$B]]>
// CHECK-DAG: tt.splat %{{.*}} : f32 -> tensor<256xf32, #[[$B]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %{{.*}} : tensor<256x!tt.ptr<f32>, #[[$B]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fold_chains(%x: !tt.ptr<f32>, %s: f32) {
    %one = arith.constant dense<1.0> : tensor<256xf32, #blocked>
    %v = tt.splat %s : f32 -> tensor<256xf32, #blocked>
    %w = arith.addf %v, %one : tensor<256xf32, #blocked>
    %c1 = ttg.convert_layout %w : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked2>
    %c2 = ttg.convert_layout %c1 : tensor<256xf32, #blocked2> -> tensor<256xf32, #blocked1>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked1>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked1>
    %a = tt.addptr %p, %r : tensor<256x!tt.ptr<f32>, #blocked1>, tensor<256xi32, #blocked1>
    tt.store %a, %c2 : tensor<256x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// Both loads are anchors and keep their layouts. The add is reached from both; with no MMA
// layout among the candidates the first one to arrive wins (the second load's, through the
// conversion), so the other load is converted to it and the sum converted back for the store.
// CHECK-DAG: #[[$L:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$M:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @anchor
// CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$L]]>
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[X]] : tensor<1024xf32, #[[$L]]> -> tensor<1024xf32, #[[$M]]>
// CHECK: %[[Y:.*]] = tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$M]]>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[C]], %[[Y]] : tensor<1024xf32, #[[$M]]>
// CHECK-NEXT: %[[B:.*]] = ttg.convert_layout %[[S]] : tensor<1024xf32, #[[$M]]> -> tensor<1024xf32, #[[$L]]>
// CHECK-NEXT: tt.store %{{.*}}, %[[B]] : tensor<1024x!tt.ptr<f32>, #[[$L]]>
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @anchor(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %ax = tt.addptr %px, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %vx = tt.load %ax : tensor<1024x!tt.ptr<f32>, #blocked>
    %r1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked1>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %ay = tt.addptr %py, %r1 : tensor<1024x!tt.ptr<f32>, #blocked1>, tensor<1024xi32, #blocked1>
    %vy = tt.load %ay : tensor<1024x!tt.ptr<f32>, #blocked1>
    %cy = ttg.convert_layout %vy : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
    %s = arith.addf %vx, %cy : tensor<1024xf32, #blocked>
    tt.store %ax, %s : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
