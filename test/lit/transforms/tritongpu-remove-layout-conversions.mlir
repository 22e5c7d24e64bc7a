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

// -----

// A conversion into an MMA operand layout, followed by its dot, moves up to the load it is
// computed from: the scaling in between (a pure elementwise op and its constant) is recomputed in
// the operand layout, so that the load can later be pipelined straight into it.
// CHECK-LABEL: tt.func @dot_operand_conversion_next_to_load
// CHECK: %[[CST:.*]] = arith.constant dense<2.000000e+00> : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[A:.*]] = tt.load %arg0 : tensor<32x32x!tt.ptr<f16>, #blocked>
// CHECK-NEXT: %[[AC:.*]] = ttg.convert_layout %[[A]] : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[S:.*]] = arith.mulf %[[AC]], %[[CST]] : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: tt.dot %[[S]], %arg1, %arg2
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_operand_conversion_next_to_load(%pa: tensor<32x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %two = arith.constant dense<2.000000e+00> : tensor<32x32xf16, #blocked>
    %a = tt.load %pa : tensor<32x32x!tt.ptr<f16>, #blocked>
    %s = arith.mulf %a, %two : tensor<32x32xf16, #blocked>
    %sa = ttg.convert_layout %s : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %sa, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// The conversion stays where it is when no MMA dot post-dominates it (the dot is under an
// `scf.if`), and when its slice reaches an op that moves data between threads (here the first
// dot of a chain, as in attention).
// CHECK-LABEL: tt.func @dot_operand_conversion_kept
// CHECK: tt.load
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: ttg.convert_layout
// CHECK: scf.if
// CHECK: tt.func @chained_dot_conversion_kept
// CHECK: %[[D:.*]] = tt.dot
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[D]] : tensor<32x32xf32, #mma> to tensor<32x32xf16, #mma>
// CHECK-NEXT: ttg.convert_layout %[[T]] : tensor<32x32xf16, #mma> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_operand_conversion_kept(%pa: tensor<32x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>, %p: i1) -> tensor<32x32xf32, #mma> {
    %two = arith.constant dense<2.000000e+00> : tensor<32x32xf16, #blocked>
    %a = tt.load %pa : tensor<32x32x!tt.ptr<f16>, #blocked>
    %s = arith.mulf %a, %two : tensor<32x32xf16, #blocked>
    %sa = ttg.convert_layout %s : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r = scf.if %p -> (tensor<32x32xf32, #mma>) {
      %d = tt.dot %sa, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    } else {
      scf.yield %c : tensor<32x32xf32, #mma>
    }
    tt.return %r : tensor<32x32xf32, #mma>
  }
  tt.func @chained_dot_conversion_kept(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    %t = arith.truncf %d : tensor<32x32xf32, #mma> to tensor<32x32xf16, #mma>
    %ta = ttg.convert_layout %t : tensor<32x32xf16, #mma> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %e = tt.dot %ta, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %e : tensor<32x32xf32, #mma>
  }
}

// -----

// The load's layout flows through join (a second element per thread), reshape (the inferred
// 8-per-thread layout) and split (back to the load's layout): only the conversion the store of
// the reshaped tensor needs is left.
// CHECK-DAG: #[[$L4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$J:.*]] = #ttg.blocked<{sizePerThread = [4, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$L8:.*]] = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @join_reshape_split
// CHECK: %[[X:.*]] = tt.load {{.*}} : tensor<512x!tt.ptr<f32>, #[[$L4]]>
// CHECK-NEXT: %[[J:.*]] = tt.join %[[X]], %[[X]] : tensor<512xf32, #[[$L4]]> -> tensor<512x2xf32, #[[$J]]>
// CHECK-NEXT: %[[F:.*]] = tt.reshape %[[J]] : tensor<512x2xf32, #[[$J]]> -> tensor<1024xf32, #[[$L8]]>
// CHECK: ttg.convert_layout %[[F]] : tensor<1024xf32, #[[$L8]]> -> tensor<1024xf32, #[[$L4]]>
// CHECK: tt.split %[[J]] : tensor<512x2xf32, #[[$J]]> -> tensor<512xf32, #[[$L4]]>
// CHECK-NOT: ttg.convert_layout
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#j1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#d = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @join_reshape_split(%a: !tt.ptr<f32>, %o: !tt.ptr<f32>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b4>
    %p = tt.splat %a : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b4>
    %q = tt.addptr %p, %r : tensor<512x!tt.ptr<f32>, #b4>, tensor<512xi32, #b4>
    %x = tt.load %q : tensor<512x!tt.ptr<f32>, #b4>
    %x1 = ttg.convert_layout %x : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
    %j = tt.join %x1, %x1 : tensor<512xf32, #b1> -> tensor<512x2xf32, #j1>
    %jd = ttg.convert_layout %j : tensor<512x2xf32, #j1> -> tensor<512x2xf32, #d>
    %flat = tt.reshape %jd : tensor<512x2xf32, #d> -> tensor<1024xf32, #b1>
    %r2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b4>
    %p2 = tt.splat %o : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b4>
    %q2 = tt.addptr %p2, %r2 : tensor<1024x!tt.ptr<f32>, #b4>, tensor<1024xi32, #b4>
    %flat4 = ttg.convert_layout %flat : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    tt.store %q2, %flat4 : tensor<1024x!tt.ptr<f32>, #b4>
    %js = ttg.convert_layout %jd : tensor<512x2xf32, #d> -> tensor<512x2xf32, #j1>
    %lo, %hi = tt.split %js : tensor<512x2xf32, #j1> -> tensor<512xf32, #b1>
    %s = arith.subf %hi, %lo : tensor<512xf32, #b1>
    %s4 = ttg.convert_layout %s : tensor<512xf32, #b1> -> tensor<512xf32, #b4>
    tt.store %q, %s4 : tensor<512x!tt.ptr<f32>, #b4>
    tt.return
  }
}

// -----

// A gather takes the layout of its indices (here the load's); the conversion of its source that
// the rewrite makes folds into the gather. A gather whose layout optimize-thread-locality fixed
// (efficient_layout) keeps it: its conversions stay.
// CHECK-DAG: #[[$G:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$LD:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @gather_follows_indices
// CHECK-NEXT: %[[I:.*]] = tt.load %arg1
// CHECK-NEXT: %[[R:.*]] = tt.gather %arg0[%[[I]]] {axis = 1 : i32} : (tensor<32x32xf32, #[[$G]]>, tensor<32x32xi32, #[[$LD]]>) -> tensor<32x32xf32, #[[$LD]]>
// CHECK-NEXT: tt.store %arg2, %[[R]]
// CHECK-LABEL: tt.func @gather_fixed
// CHECK: ttg.convert_layout %{{.*}} : tensor<32x32xi32, #[[$LD]]> -> tensor<32x32xi32, #[[$G]]>
// CHECK-NEXT: %[[R:.*]] = tt.gather %arg0[%{{.*}}] {axis = 1 : i32, efficient_layout} : (tensor<32x32xf32, #[[$G]]>, tensor<32x32xi32, #[[$G]]>) -> tensor<32x32xf32, #[[$G]]>
// CHECK-NEXT: ttg.convert_layout %[[R]] : tensor<32x32xf32, #[[$G]]> -> tensor<32x32xf32, #[[$LD]]>
#l = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#g = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather_follows_indices(%src: tensor<32x32xf32, #g>, %ip: tensor<32x32x!tt.ptr<i32>, #l>, %op: tensor<32x32x!tt.ptr<f32>, #l>) {
    %i = tt.load %ip : tensor<32x32x!tt.ptr<i32>, #l>
    %ig = ttg.convert_layout %i : tensor<32x32xi32, #l> -> tensor<32x32xi32, #g>
    %r = tt.gather %src[%ig] {axis = 1 : i32} : (tensor<32x32xf32, #g>, tensor<32x32xi32, #g>) -> tensor<32x32xf32, #g>
    %rl = ttg.convert_layout %r : tensor<32x32xf32, #g> -> tensor<32x32xf32, #l>
    tt.store %op, %rl : tensor<32x32x!tt.ptr<f32>, #l>
    tt.return
  }
  tt.func @gather_fixed(%src: tensor<32x32xf32, #g>, %ip: tensor<32x32x!tt.ptr<i32>, #l>, %op: tensor<32x32x!tt.ptr<f32>, #l>) {
    %i = tt.load %ip : tensor<32x32x!tt.ptr<i32>, #l>
    %ig = ttg.convert_layout %i : tensor<32x32xi32, #l> -> tensor<32x32xi32, #g>
    %r = tt.gather %src[%ig] {axis = 1 : i32, efficient_layout} : (tensor<32x32xf32, #g>, tensor<32x32xi32, #g>) -> tensor<32x32xf32, #g>
    %rl = ttg.convert_layout %r : tensor<32x32xf32, #g> -> tensor<32x32xf32, #l>
    tt.store %op, %rl : tensor<32x32x!tt.ptr<f32>, #l>
    tt.return
  }
}

// -----

// A scan is lowered only in a blocked layout: the slice layout of the argument does not flow into
// it, and the conversions around it stay.
#row = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
#flat = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @scan_stays_blocked
  // CHECK: ttg.convert_layout %arg0
  // CHECK: "tt.scan"
  // CHECK: }) : (tensor<256xf32, #{{.*}}>) -> tensor<256xf32, #[[$FLAT:blocked[0-9]*]]>
  // CHECK: ttg.convert_layout {{.*}} : tensor<256xf32, #[[$FLAT]]> -> tensor<256xf32, #ttg.slice
  tt.func @scan_stays_blocked(%x: tensor<256xf32, #ttg.slice<{dim = 0, parent = #row}>>) -> tensor<256xf32, #ttg.slice<{dim = 0, parent = #row}>> {
    %0 = ttg.convert_layout %x : tensor<256xf32, #ttg.slice<{dim = 0, parent = #row}>> -> tensor<256xf32, #flat>
    %1 = "tt.scan"(%0) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.scan.return %m : f32
    }) : (tensor<256xf32, #flat>) -> tensor<256xf32, #flat>
    %2 = ttg.convert_layout %1 : tensor<256xf32, #flat> -> tensor<256xf32, #ttg.slice<{dim = 0, parent = #row}>>
    tt.return %2 : tensor<256xf32, #ttg.slice<{dim = 0, parent = #row}>>
  }
}

// -----

// A reshape with a fixed (efficient) layout is an anchor that nothing flows through: the conversion
// before it stays. One that may reorder can produce the layout a later conversion wants when the
// view stays cheap, so a small (cheap to recompute) load feeding it is recomputed in place and the
// conversion disappears.
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]}>
#d = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [1, 0]}>
#e = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fixed_reshape_keeps_conversion
  // CHECK: %[[CVT:.*]] = ttg.convert_layout %arg0
  // CHECK: tt.reshape %[[CVT]] efficient_layout
  tt.func @fixed_reshape_keeps_conversion(%x: tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>>) -> tensor<64x4xf32, #c> {
    %0 = ttg.convert_layout %x : tensor<64xf32, #ttg.slice<{dim = 1, parent = #d}>> -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #c}>>
    %1 = tt.reshape %0 efficient_layout : tensor<64xf32, #ttg.slice<{dim = 1, parent = #c}>> -> tensor<64x1xf32, #c>
    %2 = tt.broadcast %1 : tensor<64x1xf32, #c> -> tensor<64x4xf32, #c>
    tt.return %2 : tensor<64x4xf32, #c>
  }

  // CHECK-LABEL: tt.func @reordering_reshape_takes_the_layout
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.reshape {{.*}} allow_reorder : tensor<32xi32, #{{.*}}> -> tensor<16x2xi32, #[[$E:blocked[0-9]*]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return {{.*}} : tensor<16x2xi32, #[[$E]]>
  tt.func @reordering_reshape_takes_the_layout(%p: !tt.ptr<i32>) -> tensor<16x2xi32, #e> {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #a>
    %s = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #a>
    %q = tt.addptr %s, %r : tensor<32x!tt.ptr<i32>, #a>, tensor<32xi32, #a>
    %v = tt.load %q : tensor<32x!tt.ptr<i32>, #a>
    %w = tt.reshape %v allow_reorder : tensor<32xi32, #a> -> tensor<16x2xi32, #c>
    %y = ttg.convert_layout %w : tensor<16x2xi32, #c> -> tensor<16x2xi32, #e>
    tt.return %y : tensor<16x2xi32, #e>
  }
}

// -----

// A conversion of an scf.if result is rematerialized through both branches: the if gets a result
// in the new layout, each branch yields its value recomputed in that layout, and the old result
// (still used) stays.
#w = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#n = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @remat_through_if
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[IF:.*]]:2 = scf.if %arg0 -> (tensor<512xf32, #[[$N:blocked[0-9]*]]>, tensor<512xf32, #[[$W:blocked[0-9]*]]>)
  // CHECK-DAG:   %[[A:.*]] = arith.addf {{.*}} : tensor<512xf32, #[[$N]]>
  // CHECK-DAG:   %[[B:.*]] = arith.addf {{.*}} : tensor<512xf32, #[[$W]]>
  // CHECK:   scf.yield %[[A]], %[[B]]
  // CHECK: } else {
  // CHECK:   scf.yield %{{.*}}, %{{.*}} : tensor<512xf32, #[[$N]]>, tensor<512xf32, #[[$W]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return %[[IF]]#1, %[[IF]]#0
  tt.func @remat_through_if(%c: i1, %x: f32) -> (tensor<512xf32, #w>, tensor<512xf32, #n>) {
    %one = arith.constant dense<1.0> : tensor<512xf32, #n>
    %s = tt.splat %x : f32 -> tensor<512xf32, #n>
    %r = scf.if %c -> (tensor<512xf32, #n>) {
      %a = arith.addf %s, %one : tensor<512xf32, #n>
      scf.yield %a : tensor<512xf32, #n>
    } else {
      scf.yield %s : tensor<512xf32, #n>
    }
    %cvt = ttg.convert_layout %r : tensor<512xf32, #n> -> tensor<512xf32, #w>
    tt.return %cvt, %r : tensor<512xf32, #w>, tensor<512xf32, #n>
  }
}

// -----

// One value rematerialized in two layouts: each conversion finds its own rematerialization.
#p = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#q = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#r = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @two_layouts_of_one_value
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @two_layouts_of_one_value(%c: i1, %x: f32) -> (tensor<256xf32, #q>, tensor<256xf32, #r>, tensor<256xf32, #q>) {
    %s = tt.splat %x : f32 -> tensor<256xf32, #p>
    %v = scf.if %c -> (tensor<256xf32, #p>) {
      %m = arith.mulf %s, %s : tensor<256xf32, #p>
      scf.yield %m : tensor<256xf32, #p>
    } else {
      scf.yield %s : tensor<256xf32, #p>
    }
    %a = ttg.convert_layout %v : tensor<256xf32, #p> -> tensor<256xf32, #q>
    %b = ttg.convert_layout %v : tensor<256xf32, #p> -> tensor<256xf32, #r>
    %c2 = ttg.convert_layout %v : tensor<256xf32, #p> -> tensor<256xf32, #q>
    tt.return %a, %b, %c2 : tensor<256xf32, #q>, tensor<256xf32, #r>, tensor<256xf32, #q>
  }
}

// -----

// A loop argument used only as the bound of an inner loop whose result is needed is alive: the
// final dead-argument cleanup keeps it.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @inner_bound_keeps_argument
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %arg0, %[[N:.*]] = %c2_i32) -> (i32, i32)
  // CHECK:   %[[M:.*]] = arith.muli %[[N]], %c2_i32
  // CHECK:   scf.for %{{.*}} = %c0_i32 to %[[M]] step %c1_i32
  tt.func @inner_bound_keeps_argument(%x: i32, %n: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x, %bound = %c2) -> (i32, i32) : i32 {
      %m = arith.muli %bound, %c2 : i32
      %inner = scf.for %j = %c0 to %m step %c1 iter_args(%a = %acc) -> (i32) : i32 {
        %t = arith.xori %a, %j : i32
        scf.yield %t : i32
      }
      scf.yield %inner, %m : i32, i32
    }
    tt.return %r#0 : i32
  }
}

// -----

// An scf.while is retyped in place: the layout of its init flows into its `before` arguments,
// through the condition into its results and `after` arguments, and back through the yield; the
// conversions around and inside the loop go.
#v = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#s = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @while_takes_the_layout
  // CHECK-NOT: ttg.convert_layout
  // CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (tensor<256xi32, #[[$L:blocked[0-9]*]]>, i32) -> tensor<256xi32, #[[$L]]>
  // CHECK: ^bb0(%{{.*}}: tensor<256xi32, #[[$L]]>):
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @while_takes_the_layout(%p: tensor<256x!tt.ptr<i32>, #v>, %n: i32) -> tensor<256xi32, #v> {
    %x = tt.load %p : tensor<256x!tt.ptr<i32>, #v>
    %c = ttg.convert_layout %x : tensor<256xi32, #v> -> tensor<256xi32, #s>
    %r = scf.while (%a = %c, %i = %n) : (tensor<256xi32, #s>, i32) -> (tensor<256xi32, #s>) {
      %zero = arith.constant 0 : i32
      %go = arith.cmpi sgt, %i, %zero : i32
      scf.condition(%go) %a : tensor<256xi32, #s>
    } do {
    ^bb0(%b: tensor<256xi32, #s>):
      %w = ttg.convert_layout %b : tensor<256xi32, #s> -> tensor<256xi32, #v>
      %d = arith.muli %w, %w : tensor<256xi32, #v>
      %back = ttg.convert_layout %d : tensor<256xi32, #v> -> tensor<256xi32, #s>
      %one = arith.constant 1 : i32
      %m = arith.subi %n, %one : i32
      scf.yield %back, %m : tensor<256xi32, #s>, i32
    }
    %out = ttg.convert_layout %r : tensor<256xi32, #s> -> tensor<256xi32, #v>
    tt.return %out : tensor<256xi32, #v>
  }
}

// -----

// A transpose passes any distributed layout on: an MMA layout transposed is the #ttg.linear layout
// of its bases with the dimensions swapped.
// CHECK: #[[$T:.*]] = #ttg.linear<{register = {{.*}}, lane = {{.*}}, warp = {{.*}}, block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [0, 1]}>
#out = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @transpose_of_mma
  // CHECK-NEXT: %[[T:.*]] = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<32x16xf32, #mma> -> tensor<16x32xf32, #[[$T]]>
  // CHECK-NEXT: ttg.convert_layout %[[T]] : tensor<16x32xf32, #[[$T]]> -> tensor<16x32xf32, #blocked>
  tt.func @transpose_of_mma(%x: tensor<32x16xf32, #mma>) -> tensor<16x32xf32, #out> {
    %c = ttg.convert_layout %x : tensor<32x16xf32, #mma> -> tensor<32x16xf32, #rows>
    %t = tt.trans %c {order = array<i32: 1, 0>} : tensor<32x16xf32, #rows> -> tensor<16x32xf32, #cols>
    %o = ttg.convert_layout %t : tensor<16x32xf32, #cols> -> tensor<16x32xf32, #out>
    tt.return %o : tensor<16x32xf32, #out>
  }
}

// -----

// A value reached with two layouts, neither preferred, takes the one with the fewest registers per
// thread: here one element instead of four replicated ones.
// CHECK-LABEL: tt.func @fewest_registers
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg1 : tensor<32xf32, #[[$FOUR:blocked[0-9]*]]> -> tensor<32xf32, #[[$ONE:blocked[0-9]*]]>
// CHECK-NEXT: %[[S:.*]] = arith.addf %arg0, %[[C]] : tensor<32xf32, #[[$ONE]]>
// CHECK-NEXT: tt.return %[[S]]
#four = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fewest_registers(%a: tensor<32xf32, #one>, %b: tensor<32xf32, #four>) -> tensor<32xf32, #one> {
    %c = ttg.convert_layout %a : tensor<32xf32, #one> -> tensor<32xf32, #four>
    %s = arith.addf %c, %b : tensor<32xf32, #four>
    %r = ttg.convert_layout %s : tensor<32xf32, #four> -> tensor<32xf32, #one>
    tt.return %r : tensor<32xf32, #one>
  }
}

// -----

// In a loop, a conversion of an scf.if result whose slice can be recomputed in one branch (a
// constant) but not the other (an expensive load) moves into that branch: it runs only when the
// branch does.
// CHECK-LABEL: tt.func @convert_only_when_loading
// CHECK: scf.if %{{.*}} -> (tensor<256xf32, #[[$B:blocked[0-9]*]]>) {
// CHECK-NEXT:   %[[L:.*]] = tt.load
// CHECK-NEXT:   %[[C:.*]] = ttg.convert_layout %[[L]] : tensor<256xf32, #{{.*}}> -> tensor<256xf32, #[[$B]]>
// CHECK-NEXT:   scf.yield %[[C]]
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %{{.*}} : tensor<256xf32, #[[$B]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @convert_only_when_loading(%pa: tensor<256x!tt.ptr<f32>, #a>, %pb: tensor<256x!tt.ptr<f32>, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c7 = arith.constant 7 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %odd = arith.andi %i, %c7 : i32
      %load = arith.cmpi eq, %odd, %c0 : i32
      %v = scf.if %load -> (tensor<256xf32, #a>) {
        %l = tt.load %pa : tensor<256x!tt.ptr<f32>, #a>
        scf.yield %l : tensor<256xf32, #a>
      } else {
        %z = arith.constant dense<0.0> : tensor<256xf32, #a>
        scf.yield %z : tensor<256xf32, #a>
      }
      %cv = ttg.convert_layout %v : tensor<256xf32, #a> -> tensor<256xf32, #b>
      tt.store %pb, %cv : tensor<256x!tt.ptr<f32>, #b>
    }
    tt.return
  }
}

// -----

// ttg.fp4_to_fp passes layouts both ways: the conversion of its result is undone by giving its
// source the layout that unpacks into the wanted one (here a constant, rebuilt in place), unless
// the wanted layout does not hold each unpacked pair in one thread's first register.
#packed = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#unpacked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#pairs = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[0, 16], [0, 32]], block = []}>
#rows_apart = #ttg.linear<{register = [[16, 0], [0, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]], warp = [[0, 16], [0, 32]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func @unpack_into_pairs
// CHECK: arith.constant dense<17> : tensor<32x32xi8, #[[SRC:linear[0-9]*]]>
// CHECK-NEXT: ttg.fp4_to_fp %{{.*}} {axis = 1 : i32} : tensor<32x32xi8, #[[SRC]]> -> tensor<32x64xbf16, #linear>
// CHECK-NEXT: tt.return
tt.func @unpack_into_pairs() -> tensor<32x64xbf16, #pairs> {
  %c = arith.constant dense<17> : tensor<32x32xi8, #packed>
  %f = ttg.fp4_to_fp %c {axis = 1 : i32} : tensor<32x32xi8, #packed> -> tensor<32x64xbf16, #unpacked>
  %r = ttg.convert_layout %f : tensor<32x64xbf16, #unpacked> -> tensor<32x64xbf16, #pairs>
  tt.return %r : tensor<32x64xbf16, #pairs>
}
// CHECK-LABEL: tt.func @pairs_split_across_registers
// CHECK: ttg.fp4_to_fp
// CHECK-NEXT: ttg.convert_layout
tt.func @pairs_split_across_registers() -> tensor<32x64xbf16, #rows_apart> {
  %c = arith.constant dense<17> : tensor<32x32xi8, #packed>
  %f = ttg.fp4_to_fp %c {axis = 1 : i32} : tensor<32x32xi8, #packed> -> tensor<32x64xbf16, #unpacked>
  %r = ttg.convert_layout %f : tensor<32x64xbf16, #unpacked> -> tensor<32x64xbf16, #rows_apart>
  tt.return %r : tensor<32x64xbf16, #rows_apart>
}
}

// -----

// A conversion into an MMA dot operand is hoisted next to the load it comes from, over the
// ttg.fp4_to_fp unpacking (which moves no data between threads: the packed bytes take the dot
// operand layout with half the kWidth) and the elementwise scaling (Triton's
// hoistConvertDotOperand); the constant is rebuilt in the operand layout.
// CHECK-LABEL: tt.func @unpack_as_dot_operand
// CHECK: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
// CHECK-NEXT: %[[A:.*]] = tt.load %arg0 : tensor<64x32x!tt.ptr<i8>, #blocked>
// CHECK-NEXT: %[[OP:.*]] = ttg.convert_layout %[[A]] : tensor<64x32xi8, #blocked> -> tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK-NEXT: %[[F:.*]] = ttg.fp4_to_fp %[[OP]] {axis = 1 : i32} : {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
// CHECK-NEXT: %[[S:.*]] = arith.mulf %[[F]], %[[TWO]]
// CHECK-NEXT: tt.dot %[[S]], %arg1, %arg2
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#unpacked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unpack_as_dot_operand(%pa: tensor<64x32x!tt.ptr<i8>, #blocked>, %b: tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<i8>, #blocked>
    %f = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #unpacked>
    %two = arith.constant dense<2.000000e+00> : tensor<64x64xbf16, #unpacked>
    %s = arith.mulf %f, %two : tensor<64x64xbf16, #unpacked>
    %op = ttg.convert_layout %s : tensor<64x64xbf16, #unpacked> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    %d = tt.dot %op, %b, %c : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
