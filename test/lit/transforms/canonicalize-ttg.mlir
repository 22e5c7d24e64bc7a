// RUN: ttc opt %s -split-input-file -allow-unregistered-dialect -canonicalize | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#b1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // A conversion to its own type disappears; a conversion of a conversion starts from the first
  // source.
  // CHECK-LABEL: tt.func @convert_chains
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg0 : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
  // CHECK-NEXT: tt.return %arg0, %[[C]]
  tt.func @convert_chains(%x: tensor<32x32xf32, #blocked>) -> (tensor<32x32xf32, #blocked>, tensor<32x32xf32, #blocked1>) {
    %same = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked>
    %a = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked2>
    %b = ttg.convert_layout %a : tensor<32x32xf32, #blocked2> -> tensor<32x32xf32, #blocked1>
    tt.return %same, %b : tensor<32x32xf32, #blocked>, tensor<32x32xf32, #blocked1>
  }

  // Splats, ranges and splat constants are rebuilt in the target layout.
  // CHECK-LABEL: tt.func @rematerialize
  // CHECK-NEXT: %[[K:.*]] = arith.constant dense<2.000000e+00> : tensor<32x32xf32, #blocked1>
  // CHECK-NEXT: %[[S:.*]] = tt.splat %arg0 : f32 -> tensor<32x32xf32, #blocked1>
  // CHECK-NEXT: %[[R:.*]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
  // CHECK-NEXT: tt.return %[[S]], %[[R]], %[[K]]
  tt.func @rematerialize(%v: f32) -> (tensor<32x32xf32, #blocked1>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<32x32xf32, #blocked1>) {
    %s = tt.splat %v : f32 -> tensor<32x32xf32, #blocked>
    %cs = ttg.convert_layout %s : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %cr = ttg.convert_layout %r : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %k = arith.constant dense<2.000000e+00> : tensor<32x32xf32, #blocked>
    %ck = ttg.convert_layout %k : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    tt.return %cs, %cr, %ck : tensor<32x32xf32, #blocked1>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<32x32xf32, #blocked1>
  }

  // A histogram produces the converted layout itself; one fed by a conversion reads its source
  // and converts its mask instead.
  // CHECK-LABEL: tt.func @histograms
  // CHECK-NEXT: %[[H:.*]] = tt.histogram %arg0 : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
  // CHECK-NEXT: %[[M:.*]] = ttg.convert_layout %arg1 : tensor<32xi1, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<32xi1, #ttg.slice<{dim = 0, parent = #blocked}>>
  // CHECK-NEXT: %[[G:.*]] = tt.histogram %arg0, %[[M]] : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  // CHECK-NEXT: tt.return %[[H]], %[[G]]
  tt.func @histograms(%x: tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, %m: tensor<32xi1, #ttg.slice<{dim = 0, parent = #blocked1}>>) -> (tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>>) {
    %h = tt.histogram %x : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ch = ttg.convert_layout %h : tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %cx = ttg.convert_layout %x : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %g = tt.histogram %cx, %m : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return %ch, %g : tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<16xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }

  // A reshape that may reorder absorbs a following conversion when the view stays cheap (not
  // when a thread would hold other elements); a reshape reads through a trivial conversion (both
  // layouts map every element to the same thread and register).
  // CHECK-LABEL: tt.func @reshapes
  // CHECK-NEXT: %[[A:.*]] = tt.reshape %arg0 allow_reorder : tensor<128xf32, #{{.*}}> -> tensor<1x128xf32, #[[L:.*]]>
  // CHECK-NEXT: %[[E:.*]] = tt.reshape %arg1 allow_reorder
  // CHECK-NEXT: %[[F:.*]] = ttg.convert_layout %[[E]]
  // CHECK-NEXT: %[[B:.*]] = tt.reshape %arg2 : tensor<1x128xf32, #{{.*}}> -> tensor<128xf32, #{{.*}}>
  // CHECK-NEXT: tt.return %[[A]], %[[F]], %[[B]] : tensor<1x128xf32, #[[L]]>
  tt.func @reshapes(%z: tensor<128xf32, #b1d>, %x: tensor<32x32xf32, #blocked>, %y: tensor<1x128xf32, #blocked2>) -> (tensor<1x128xf32, #blocked3>, tensor<1024xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<128xf32, #b1d>) {
    %q = tt.reshape %z allow_reorder : tensor<128xf32, #b1d> -> tensor<1x128xf32, #blocked2>
    %cq = ttg.convert_layout %q : tensor<1x128xf32, #blocked2> -> tensor<1x128xf32, #blocked3>
    %r = tt.reshape %x allow_reorder : tensor<32x32xf32, #blocked> -> tensor<1024xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c = ttg.convert_layout %r : tensor<1024xf32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1024xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %t = ttg.convert_layout %y : tensor<1x128xf32, #blocked2> -> tensor<1x128xf32, #blocked3>
    %s = tt.reshape %t : tensor<1x128xf32, #blocked3> -> tensor<128xf32, #b1d>
    tt.return %cq, %c, %s : tensor<1x128xf32, #blocked3>, tensor<1024xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<128xf32, #b1d>
  }

  // A gather without an efficient layout reads the conversion's source.
  // CHECK-LABEL: tt.func @gather_source
  // CHECK-NEXT: %[[G:.*]] = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<32x32xf32, #blocked>, tensor<16x32xi32, #blocked1>) -> tensor<16x32xf32, #blocked1>
  // CHECK-NEXT: tt.return %[[G]]
  tt.func @gather_source(%x: tensor<32x32xf32, #blocked>, %i: tensor<16x32xi32, #blocked1>) -> tensor<16x32xf32, #blocked1> {
    %c = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    %g = tt.gather %c[%i] {axis = 0 : i32} : (tensor<32x32xf32, #blocked1>, tensor<16x32xi32, #blocked1>) -> tensor<16x32xf32, #blocked1>
    tt.return %g : tensor<16x32xf32, #blocked1>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Shared memory is written from the conversion's source and read into any layout directly.
  // CHECK-LABEL: tt.func @shared_memory
  // CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  // CHECK-NEXT: ttg.local_store %arg0, %[[A]] : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  // CHECK-NEXT: %[[L:.*]] = ttg.local_load %[[A]] : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
  // CHECK-NEXT: tt.return %[[L]]
  tt.func @shared_memory(%x: tensor<32x32xf16, #blocked>) -> tensor<32x32xf16, #blocked> {
    %c = ttg.convert_layout %x : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
    %a = ttg.local_alloc %c {alignment = 16 : i32} : (tensor<32x32xf16, #blocked1>) -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_store %c, %a : tensor<32x32xf16, #blocked1> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %l = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked1>
    %r = ttg.convert_layout %l : tensor<32x32xf16, #blocked1> -> tensor<32x32xf16, #blocked>
    tt.return %r : tensor<32x32xf16, #blocked>
  }

  // An immutable copy of a buffer's own contents is the buffer; transposes of shared-memory
  // views compose, and the identity transpose disappears.
  // CHECK-LABEL: tt.func @shared_views
  // CHECK-NEXT: %[[T:.*]] = ttg.memdesc_trans %arg0 {order = array<i32: 1, 0>}
  // CHECK-NEXT: tt.return %arg0, %arg0, %[[T]]
  tt.func @shared_views(%m: !ttg.memdesc<32x32xf16, #shared, #smem>) -> (!ttg.memdesc<32x32xf16, #shared, #smem>, !ttg.memdesc<32x32xf16, #shared, #smem>, !ttg.memdesc<32x32xf16, #shared, #smem>) {
    %l = ttg.local_load %m : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
    %a = ttg.local_alloc %l : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %t1 = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<32x32xf16, #shared, #smem> -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %t2 = ttg.memdesc_trans %t1 {order = array<i32: 1, 0>} : !ttg.memdesc<32x32xf16, #shared, #smem> -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %id = ttg.memdesc_trans %m {order = array<i32: 0, 1>} : !ttg.memdesc<32x32xf16, #shared, #smem> -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %t3 = ttg.memdesc_trans %id {order = array<i32: 1, 0>} : !ttg.memdesc<32x32xf16, #shared, #smem> -> !ttg.memdesc<32x32xf16, #shared, #smem>
    tt.return %a, %t2, %t3 : !ttg.memdesc<32x32xf16, #shared, #smem>, !ttg.memdesc<32x32xf16, #shared, #smem>, !ttg.memdesc<32x32xf16, #shared, #smem>
  }

  // A conversion from an mma layout to a dot operand is kept (Triton's fused-attention rule).
  // CHECK-LABEL: tt.func @mma_to_dot_operand
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg0
  // CHECK-NEXT: %[[D:.*]] = ttg.convert_layout %[[C]]
  // CHECK-NEXT: tt.return %[[D]]
  tt.func @mma_to_dot_operand(%x: tensor<32x32xf16, #blocked>) -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %c = ttg.convert_layout %x : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #mma>
    %d = ttg.convert_layout %c : tensor<32x32xf16, #mma> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %d : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// split(cvt(x)) splits x directly when x's layout splits into the very layout of the results
// (here both orders of a 2-per-thread pair); a layout that splits into another one, or into an
// equivalent linear one, keeps the conversion.
// CHECK-LABEL: tt.func @split_of_convert
// CHECK-NEXT: tt.split %arg0
// CHECK-NEXT: %[[C1:.*]] = ttg.convert_layout %arg1
// CHECK-NEXT: tt.split %[[C1]]
// CHECK-NEXT: %[[C2:.*]] = ttg.convert_layout %arg2
// CHECK-NEXT: tt.split %[[C2]]
#pairs = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#pairs_t = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#lin = #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#spread = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#one = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_of_convert(%x: tensor<128x2xf32, #pairs_t>, %y: tensor<256x2xf32, #spread>, %z: tensor<128x2xf32, #lin>) -> (tensor<128xf32, #one>, tensor<256xf32, #one>, tensor<128xf32, #one>) {
    %c = ttg.convert_layout %x : tensor<128x2xf32, #pairs_t> -> tensor<128x2xf32, #pairs>
    %lo, %hi = tt.split %c : tensor<128x2xf32, #pairs> -> tensor<128xf32, #one>
    %c2 = ttg.convert_layout %y : tensor<256x2xf32, #spread> -> tensor<256x2xf32, #pairs>
    %lo2, %hi2 = tt.split %c2 : tensor<256x2xf32, #pairs> -> tensor<256xf32, #one>
    %c3 = ttg.convert_layout %z : tensor<128x2xf32, #lin> -> tensor<128x2xf32, #pairs>
    %lo3, %hi3 = tt.split %c3 : tensor<128x2xf32, #pairs> -> tensor<128xf32, #one>
    tt.return %lo, %lo2, %lo3 : tensor<128xf32, #one>, tensor<256xf32, #one>, tensor<128xf32, #one>
  }
}

// -----

// A sub-slice of a sub-slice is one sub-slice of the first buffer at the summed offsets.
#sh = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#sm = #ttg.shared_memory
// CHECK-LABEL: tt.func @nested_subslices
// CHECK: %[[BUF:.*]] = ttg.local_alloc
// CHECK-NOT: ttg.memdesc_subslice %[[BUF]][32, 0]
// CHECK: %[[TILE:.*]] = ttg.memdesc_subslice %[[BUF]][48, 16]
// CHECK: ttg.local_load %[[TILE]]
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @nested_subslices() -> tensor<16x16xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>> {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #sh, #sm, mutable>
  %half = ttg.memdesc_subslice %buf[32, 0] : !ttg.memdesc<64x32xf16, #sh, #sm, mutable> -> !ttg.memdesc<32x32xf16, #sh, #sm, mutable, 64x32>
  %tile = ttg.memdesc_subslice %half[16, 16] : !ttg.memdesc<32x32xf16, #sh, #sm, mutable, 64x32> -> !ttg.memdesc<16x16xf16, #sh, #sm, mutable, 64x32>
  %v = ttg.local_load %tile : !ttg.memdesc<16x16xf16, #sh, #sm, mutable, 64x32> -> tensor<16x16xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>
  tt.return %v : tensor<16x16xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>
}
}

// -----

// A tmem_store takes the source of a layout conversion when that source's layout maps onto
// tensor-memory messages (here 16x64b messages), and keeps the conversion otherwise.
#rows = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#pairs = #ttg.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [16, 0]], lane = [[8, 0], [0, 1], [1, 0], [2, 0], [4, 0]], warp = [[32, 0], [64, 0]], block = []}>
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tmem_store_of_convert
  // CHECK-NEXT: ttng.tmem_store %arg0, %arg2, %arg3 : tensor<128x64xf32, #linear>
  // CHECK-NEXT: %[[CVT:.*]] = ttg.convert_layout %arg1
  // CHECK-NEXT: ttng.tmem_store %[[CVT]], %arg2, %arg3 : tensor<128x64xf32, #blocked1>
  tt.func @tmem_store_of_convert(%r: tensor<128x64xf32, #pairs>, %c: tensor<128x64xf32, #cols>, %m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    %0 = ttg.convert_layout %r : tensor<128x64xf32, #pairs> -> tensor<128x64xf32, #rows>
    ttng.tmem_store %0, %m, %p : tensor<128x64xf32, #rows> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>
    %1 = ttg.convert_layout %c : tensor<128x64xf32, #cols> -> tensor<128x64xf32, #rows>
    ttng.tmem_store %1, %m, %p : tensor<128x64xf32, #rows> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// A memdesc_reinterpret to its own type folds away; unused tmem_allocs are erased (an
// immutable one has no effects, a mutable one only allocates its own result).
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#rows = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @same_type_reinterpret
  // CHECK-NEXT: tt.return %arg0
  tt.func @same_type_reinterpret(%m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>, %t: tensor<128x64xf32, #rows>) -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory> {
    %unused = ttng.tmem_alloc %t : (tensor<128x64xf32, #rows>) -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
    %kept = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory, mutable>
    %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
    tt.return %0 : !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
  }
}

// -----

// ttg.warp_specialize: results nobody reads are dropped (the default region stops yielding them),
// captures no partition reads are dropped, and a value captured twice is passed once.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @keep_what_is_read
  // CHECK-NEXT: %[[R:.*]] = ttg.warp_specialize(%arg1, %arg0)
  // CHECK-NEXT: default {
  // CHECK-NEXT: %[[S:.*]] = arith.muli %arg0, %arg1 : i32
  // CHECK-NEXT: ttg.warp_yield %[[S]] : i32
  // CHECK: partition0(%[[Y:.*]]: i32, %[[X:.*]]: i32) num_warps(2) {
  // CHECK-NEXT: arith.subi %[[Y]], %[[X]] : i32
  // CHECK: partition1(%[[Y1:.*]]: i32, %[[X1:.*]]: i32) num_warps(2) {
  // CHECK-NEXT: arith.addi %[[Y1]], %[[Y1]] : i32
  // CHECK: } : (i32, i32) -> i32
  // CHECK-NEXT: tt.return %[[R]] : i32
  tt.func @keep_what_is_read(%x: i32, %y: i32, %z: i32) -> i32 {
    %r:2 = ttg.warp_specialize(%z, %y, %x, %y)
    default {
      %s = arith.addi %x, %y : i32
      %p = arith.muli %x, %y : i32
      ttg.warp_yield %s, %p : i32, i32
    }
    partition0(%a: i32, %b: i32, %c: i32, %d: i32) num_warps(2) {
      %u = arith.subi %d, %c : i32
      "keep"(%u) : (i32) -> ()
      ttg.warp_return
    }
    partition1(%a: i32, %b: i32, %c: i32, %d: i32) num_warps(2) {
      %v = arith.addi %b, %d : i32
      "keep"(%v) : (i32) -> ()
      ttg.warp_return
    } : (i32, i32, i32, i32) -> (i32, i32)
    tt.return %r#1 : i32
  }
}
