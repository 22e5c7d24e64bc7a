// RUN: ttc opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:80 num-warps=4' | FileCheck %s
// RUN: ttc opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=8' | FileCheck %s --check-prefix=W8
// RUN: not ttc opt %s -split-input-file -convert-triton-to-tritongpu 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: not ttc opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:80 num-warps=3' 2>&1 | FileCheck %s --check-prefix=WARPS3
// RUN: not ttc opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:80 num-ctas=6' 2>&1 | FileCheck %s --check-prefix=CTAS6

// One element per thread, lanes and warps along the only dimension.
// CHECK: #[[$B1D:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32}
// W8: #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// W8: "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90"
// NOTARGET: error: 'convert-triton-to-tritongpu' requires 'target' option to be set
// WARPS3: error: 'convert-triton-to-tritongpu' option num-warps=3 is not a power of two
// WARPS3-NOT: internal error
// CTAS6: error: 'convert-triton-to-tritongpu' option num-ctas=6 is not a power of two
// CHECK-LABEL: tt.func @vector_add
tt.func @vector_add(%x: !tt.ptr<f32>, %n: i32) {
  // CHECK: arith.constant dense<0.000000e+00> : tensor<1024xf32, #[[$B1D]]>
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  // CHECK: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[$B1D]]>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %a = tt.addptr %p, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$B1D]]>
  %v = tt.load %a : tensor<1024x!tt.ptr<f32>>
  %s = arith.addf %v, %zero : tensor<1024xf32>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.store
  tt.store %a, %s : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// expand_dims reads a slice of a blocked layout with order 0..rank-1; users get the default layout
// of their shape through a conversion placed right after the producer.
// CHECK-DAG: #[[$ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #[[$COL:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$TILE:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[$R1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @expand_and_broadcast
tt.func @expand_and_broadcast(%s: i32, %out: !tt.ptr<i32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // CHECK: %[[S:.*]] = ttg.convert_layout %{{.*}} : tensor<64xi32, #[[$R1]]> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[$ROWS]]}>>
  // CHECK-NEXT: %[[E:.*]] = tt.expand_dims %[[S]] {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[$ROWS]]}>> -> tensor<64x1xi32, #[[$ROWS]]>
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[E]] : tensor<64x1xi32, #[[$ROWS]]> -> tensor<64x1xi32, #[[$COL]]>
  %e = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sp = tt.splat %s : i32 -> tensor<64x1xi32>
  // CHECK: arith.muli %[[C]], %{{.*}} : tensor<64x1xi32, #[[$COL]]>
  %m = arith.muli %e, %sp : tensor<64x1xi32>
  // CHECK: %[[B:.*]] = tt.broadcast %{{.*}} : tensor<64x1xi32, #[[$COL]]> -> tensor<64x64xi32, #[[$COL]]>
  // CHECK-NEXT: ttg.convert_layout %[[B]] : tensor<64x64xi32, #[[$COL]]> -> tensor<64x64xi32, #[[$TILE]]>
  %b = tt.broadcast %m : tensor<64x1xi32> -> tensor<64x64xi32>
  %p = tt.splat %out : !tt.ptr<i32> -> tensor<64x64x!tt.ptr<i32>>
  // CHECK: tt.store %{{.*}} : tensor<64x64x!tt.ptr<i32>, #[[$TILE]]>
  tt.store %p, %b : tensor<64x64x!tt.ptr<i32>>
  tt.return
}

// -----

// Reductions produce a slice of their operand's layout; loops carry default layouts.
// CHECK-DAG: #[[$T:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$V:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @reduce_in_loop
tt.func @reduce_in_loop(%n: i32, %x: f32) {
  %t = tt.splat %x : f32 -> tensor<16x32xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = arith.constant dense<0.0> : tensor<16xf32>
  // CHECK: scf.for {{.*}} -> (tensor<16xf32, #[[$V]]>)
  %out = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<16xf32>) : i32 {
    // CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}>
    // CHECK: (tensor<16x32xf32, #[[$T]]>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #[[$T]]}>>
    // CHECK-NEXT: ttg.convert_layout %{{.*}} : tensor<16xf32, #ttg.slice<{dim = 1, parent = #[[$T]]}>> -> tensor<16xf32, #[[$V]]>
    %r = "tt.reduce"(%t) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<16x32xf32>) -> tensor<16xf32>
    %next = arith.addf %acc, %r : tensor<16xf32>
    scf.yield %next : tensor<16xf32>
  }
  tt.return
}

// -----

// A dot gets a blocked result layout (4x4 elements per thread here), dot_op operands, and its
// accumulator converted to it.
// CHECK-DAG: #[[$D:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @dot
tt.func @dot(%x: f16) {
  %a = tt.splat %x : f16 -> tensor<64x32xf16>
  %b = tt.splat %x : f16 -> tensor<32x64xf16>
  %c = arith.constant dense<0.0> : tensor<64x64xf32>
  // CHECK: ttg.convert_layout %{{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$D]]}>>
  // CHECK: ttg.convert_layout %{{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$D]]}>>
  // CHECK: ttg.convert_layout %{{.*}} -> tensor<64x64xf32, #[[$D]]>
  // CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[$D]]>
  %d = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tt.return
}

// -----

// join: operands in their default layout, the result in the layout Triton infers (a second
// element per thread in the new, most minor, dimension). split needs that kind of operand; the
// default layout of a 256x2 tensor spreads the pair over two lanes, so the operand is converted
// back to the inferred one, and the halves get the operands' layout.
// CHECK-DAG: #[[$J1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$J2:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$JD:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// W8-DAG: #[[$W8J2:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @join_split
// W8-LABEL: tt.func @join_split
tt.func @join_split(%p: !tt.ptr<f32>) {
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %f = arith.sitofp %r : tensor<256xi32> to tensor<256xf32>
  // CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<256xf32, #[[$J1]]> -> tensor<256x2xf32, #[[$J2]]>
  // CHECK-NEXT: %[[D:.*]] = ttg.convert_layout %[[J]] : tensor<256x2xf32, #[[$J2]]> -> tensor<256x2xf32, #[[$JD]]>
  // CHECK-NEXT: %[[S:.*]] = ttg.convert_layout %[[D]] : tensor<256x2xf32, #[[$JD]]> -> tensor<256x2xf32, #[[$J2]]>
  // CHECK-NEXT: tt.split %[[S]] : tensor<256x2xf32, #[[$J2]]> -> tensor<256xf32, #[[$J1]]>
  // W8: tt.join {{.*}} -> tensor<256x2xf32, #[[$W8J2]]>
  // W8: tt.split {{.*}} : tensor<256x2xf32, #[[$W8J2]]>
  %j = tt.join %f, %f : tensor<256xf32> -> tensor<256x2xf32>
  %lo, %hi = tt.split %j : tensor<256x2xf32> -> tensor<256xf32>
  %s = arith.addf %lo, %hi : tensor<256xf32>
  tt.return
}

// -----

// cat: the result's default layout, with as many elements per thread as both operands hold
// (here already so with 4 warps; with 8, 128 elements fill half the threads, so the 256-element
// result takes 2 per thread). reshape and gather take default layouts.
// CHECK-DAG: #[[$C1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$C2:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// W8-DAG: #[[$W8C1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// W8-DAG: #[[$W8C2:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK-LABEL: tt.func @cat_reshape_gather
// W8-LABEL: tt.func @cat_reshape_gather
tt.func @cat_reshape_gather() {
  %a = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<128xi32, #[[$C1]]> -> tensor<256xi32, #[[$C1]]>
  // CHECK-NEXT: tt.reshape %{{.*}} : tensor<256xi32, #[[$C1]]> -> tensor<16x16xi32, #[[$C2]]>
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : (tensor<16x16xf32, #[[$C2]]>, tensor<16x16xi32, #[[$C2]]>) -> tensor<16x16xf32, #[[$C2]]>
  // W8: %[[C:.*]] = tt.cat %{{.*}}, %{{.*}} : tensor<128xi32, #[[$W8C1]]> -> tensor<256xi32, #[[$W8C2]]>
  // W8-NEXT: ttg.convert_layout %[[C]] : tensor<256xi32, #[[$W8C2]]> -> tensor<256xi32, #[[$W8C1]]>
  %c = tt.cat %a, %a : tensor<128xi32> -> tensor<256xi32>
  %r = tt.reshape %c : tensor<256xi32> -> tensor<16x16xi32>
  %x = arith.sitofp %r : tensor<16x16xi32> to tensor<16x16xf32>
  %g = tt.gather %x[%r] {axis = 1 : i32} : (tensor<16x16xf32>, tensor<16x16xi32>) -> tensor<16x16xf32>
  tt.return
}

// -----

// A function's tensor arguments and results take their default layouts; a call's results too, and
// a returned or passed value that has another layout is converted to the default one.
// CHECK: #[[$R:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: #[[$B2D:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4]
// CHECK-LABEL: tt.func private @twice
// CHECK-SAME: (%{{.*}}: tensor<256xf32, #[[$R]]>) -> tensor<256xf32, #[[$R]]>
tt.func private @twice(%v: tensor<256xf32>) -> tensor<256xf32> {
  %0 = arith.addf %v, %v : tensor<256xf32>
  tt.return %0 : tensor<256xf32>
}
// CHECK-LABEL: tt.func @row_sums
tt.func @row_sums(%p: !tt.ptr<f32>) -> tensor<256xf32> {
  %c = arith.constant dense<1.0> : tensor<256x4xf32>
  // CHECK: %[[SUM:.*]] = "tt.reduce"
  // CHECK: }) : {{.*}} -> tensor<256xf32, #ttg.slice<{dim = 1, parent = #[[$B2D]]}>>
  %s = "tt.reduce"(%c) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<256x4xf32>) -> tensor<256xf32>
  // CHECK: %[[ARG:.*]] = ttg.convert_layout %[[SUM]] : tensor<256xf32, #ttg.slice<{dim = 1, parent = #[[$B2D]]}>> -> tensor<256xf32, #[[$R]]>
  // CHECK: %[[R:.*]] = tt.call @twice(%[[ARG]]) : (tensor<256xf32, #[[$R]]>) -> tensor<256xf32, #[[$R]]>
  %r = tt.call @twice(%s) : (tensor<256xf32>) -> tensor<256xf32>
  // CHECK: tt.return %[[R]] : tensor<256xf32, #[[$R]]>
  tt.return %r : tensor<256xf32>
}

// -----

// A TMA gather or scatter reads its row offsets four to a thread along the lanes, every warp
// holding all of them: each op gets its offsets converted to that slice layout.
// CHECK-DAG: #[[ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
// W8-DAG: #[[ROWS8:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 8], order = [1, 0]}>
// CHECK-LABEL: tt.func @gather_rows
// CHECK: %[[R:.*]] = tt.make_range
// CHECK-NEXT: %[[G:.*]] = ttg.convert_layout %[[R]] : tensor<64xi32, #{{.*}}> -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[ROWS]]}>>
// CHECK-NEXT: tt.descriptor_gather %arg0[%[[G]], %arg1]
// CHECK-NEXT: %[[S:.*]] = ttg.convert_layout %[[R]]
// CHECK-NEXT: tt.descriptor_scatter %arg0[%[[S]], %arg1]
// W8-LABEL: tt.func @gather_rows
// W8: ttg.convert_layout %{{.*}} -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[ROWS8]]}>>
tt.func @gather_rows(%desc: !tt.tensordesc<tensor<1x64xbf16>>, %y: i32) {
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %g = tt.descriptor_gather %desc[%rows, %y] : (!tt.tensordesc<tensor<1x64xbf16>>, tensor<64xi32>, i32) -> tensor<64x64xbf16>
  tt.descriptor_scatter %desc[%rows, %y], %g : !tt.tensordesc<tensor<1x64xbf16>>, tensor<64xi32>, i32, tensor<64x64xbf16>
  tt.return
}

// -----

// tt.map_elementwise converts like any elementwise op: its operands and its results (one or
// several) take the default layout; its body, on scalars, is left as it is.
// CHECK-LABEL: tt.func @map_two_results
// CHECK: %[[R:.*]]:2 = "tt.map_elementwise"(%{{.*}}, %{{.*}}) <{pack = 2 : i32}> ({
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK: }) : (tensor<256xi32, #[[B:.*]]>, tensor<256xi32, #[[B]]>) -> (tensor<256xi32, #[[B]]>, tensor<256xi32, #[[B]]>)
tt.func @map_two_results(%a: tensor<256xi32>, %b: tensor<256xi32>) -> (tensor<256xi32>, tensor<256xi32>) {
  %r:2 = "tt.map_elementwise"(%a, %b) <{pack = 2 : i32}> ({
  ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
    %q0 = arith.divui %a0, %b0 : i32
    %q1 = arith.divui %a1, %b1 : i32
    %m0 = arith.remui %a0, %b0 : i32
    %m1 = arith.remui %a1, %b1 : i32
    tt.map_elementwise.return %q0, %q1, %m0, %m1 : i32, i32, i32, i32
  }) : (tensor<256xi32>, tensor<256xi32>) -> (tensor<256xi32>, tensor<256xi32>)
  tt.return %r#0, %r#1 : tensor<256xi32>, tensor<256xi32>
}
