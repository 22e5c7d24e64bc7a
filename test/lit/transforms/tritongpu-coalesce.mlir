// RUN: ttc opt %s -split-input-file -tritongpu-coalesce | FileCheck %s

// f32 with 16-byte aligned, contiguous pointers: 4 elements (128 bits) per thread.
// CHECK: #[[$V4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @vectorized
// CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} -> tensor<1024x!tt.ptr<f32>, #[[$V4]]>
// CHECK-NEXT: %[[M:.*]] = ttg.convert_layout %{{.*}} -> tensor<1024xi1, #[[$V4]]>
// CHECK-NEXT: %[[L:.*]] = tt.load %[[P]], %[[M]] : tensor<1024x!tt.ptr<f32>, #[[$V4]]>
// CHECK-NEXT: ttg.convert_layout %[[L]] : tensor<1024xf32, #[[$V4]]> -> tensor<1024xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @vectorized(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %b = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %b : tensor<1024xi32, #blocked>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %p, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %a, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.store %a, %v, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Without an alignment hint the pointers are only element aligned: one element per thread.
// CHECK: #[[$V1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @unaligned
// CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f16>, #[[$V1]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unaligned(%x: !tt.ptr<f16>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %p = tt.splat %x : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %a = tt.addptr %p, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %a : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// f16 rows of 32 contiguous elements: 8 per thread (128 bits), order by contiguity (dim 1 first),
// lanes spread 4 along the row and 8 across rows.
// CHECK: #[[$ROW:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @tile
// CHECK: tt.load %{{.*}} : tensor<64x32x!tt.ptr<f16>, #[[$ROW]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tile(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %b = tt.broadcast %e : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %p = tt.splat %x : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %a = tt.addptr %p, %b : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %v = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// 8 warps, 512 f16 elements: 2 elements per thread at most, whatever the alignment allows.
// CHECK: #[[$V2:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// CHECK-LABEL: tt.func @few_elements
// CHECK: tt.store %{{.*}} : tensor<512x!tt.ptr<f16>, #[[$V2]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @few_elements(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: f16) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %p = tt.splat %x : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #blocked>
    %a = tt.addptr %p, %r : tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xi32, #blocked>
    %s = tt.splat %v : f16 -> tensor<512xf16, #blocked>
    tt.store %a, %s : tensor<512x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Atomics whose lowering writes fewer elements than a 128-bit store are capped: before sm_90 a
// float add writes one f32 or a pair of f16s, an integer add and a compare-and-swap one element.
// CHECK: #[[$ONE:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
// CHECK: #[[$TWO:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @narrow_atomics
  tt.func @narrow_atomics(%pf: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %ph: !tt.ptr<f16> {tt.divisibility = 16 : i32},
                          %pi: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #l>
    %f = tt.splat %pf : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #l>
    %fp = tt.addptr %f, %r : tensor<512x!tt.ptr<f32>, #l>, tensor<512xi32, #l>
    %one = arith.constant dense<1.0> : tensor<512xf32, #l>
    // CHECK: tt.atomic_rmw fadd, relaxed, gpu, {{.*}} -> tensor<512xf32, #[[$ONE]]>
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %fp, %one : (tensor<512x!tt.ptr<f32>, #l>, tensor<512xf32, #l>) -> tensor<512xf32, #l>
    %h = tt.splat %ph : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #l>
    %hp = tt.addptr %h, %r : tensor<512x!tt.ptr<f16>, #l>, tensor<512xi32, #l>
    %half = arith.constant dense<1.0> : tensor<512xf16, #l>
    // CHECK: tt.atomic_rmw fadd, relaxed, gpu, {{.*}} -> tensor<512xf16, #[[$TWO]]>
    %1 = tt.atomic_rmw fadd, relaxed, gpu, %hp, %half : (tensor<512x!tt.ptr<f16>, #l>, tensor<512xf16, #l>) -> tensor<512xf16, #l>
    %i = tt.splat %pi : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #l>
    %ip = tt.addptr %i, %r : tensor<512x!tt.ptr<i32>, #l>, tensor<512xi32, #l>
    // CHECK: tt.atomic_rmw add, relaxed, gpu, {{.*}} -> tensor<512xi32, #[[$ONE]]>
    %2 = tt.atomic_rmw add, relaxed, gpu, %ip, %r : (tensor<512x!tt.ptr<i32>, #l>, tensor<512xi32, #l>) -> tensor<512xi32, #l>
    // CHECK: tt.atomic_cas acq_rel, gpu, {{.*}} -> tensor<512xi32, #[[$ONE]]>
    %3 = tt.atomic_cas acq_rel, gpu, %ip, %r, %r : (tensor<512x!tt.ptr<i32>, #l>, tensor<512xi32, #l>, tensor<512xi32, #l>) -> tensor<512xi32, #l>
    tt.return
  }
}

// -----

// From sm_90 on a float add may write a whole 128-bit vector.
// CHECK: #[[$FOUR:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @wide_fadd
  tt.func @wide_fadd(%pf: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #l>
    %f = tt.splat %pf : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #l>
    %fp = tt.addptr %f, %r : tensor<512x!tt.ptr<f32>, #l>, tensor<512xi32, #l>
    %one = arith.constant dense<1.0> : tensor<512xf32, #l>
    // CHECK: tt.atomic_rmw fadd, relaxed, gpu, {{.*}} -> tensor<512xf32, #[[$FOUR]]>
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %fp, %one : (tensor<512x!tt.ptr<f32>, #l>, tensor<512xf32, #l>) -> tensor<512xf32, #l>
    tt.return
  }
}

// -----

// Tensor-descriptor accesses go through TMA, not L1: only the shared-memory side matters, so
// each gets the row-major blocked layout with up to 16 bytes per thread along the last dimension,
// capped by the elements each thread holds (64x32 f16 on 4 warps: 16 each, 8 per vector; 16x8 f32
// on 4 warps: one each). The store's source and the reduction's are converted to it.
// CHECK-DAG: #[[$H8:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$F1:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#l = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @descriptors
  tt.func @descriptors(%dh: !tt.tensordesc<tensor<64x32xf16>>, %df: !tt.tensordesc<tensor<16x8xf32>>, %i: i32) {
    // CHECK: tt.descriptor_load {{.*}} -> tensor<64x32xf16, #[[$H8]]>
    %h = tt.descriptor_load %dh[%i, %i] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16, #l>
    // CHECK: ttg.convert_layout {{.*}} -> tensor<64x32xf16, #[[$H8]]>
    // CHECK-NEXT: tt.descriptor_store {{.*}} tensor<64x32xf16, #[[$H8]]>
    tt.descriptor_store %dh[%i, %i], %h : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16, #l>
    %f = tt.descriptor_load %df[%i, %i] : !tt.tensordesc<tensor<16x8xf32>> -> tensor<16x8xf32, #l>
    // CHECK: tt.descriptor_reduce add, {{.*}} tensor<16x8xf32, #[[$F1]]>
    tt.descriptor_reduce add, %df[%i, %i], %f : !tt.tensordesc<tensor<16x8xf32>>, tensor<16x8xf32, #l>
    tt.return
  }
}

// -----

// In a warp-specialized partition the layout is built for the partition's warps (Triton looks
// the warp count up for each access, `lookupNumWarps`), not for the module's: 256 f32 over two
// warps is 4 (128 bits) per thread where the module's four warps would give 2.
// CHECK: #[[$PART:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
// CHECK-LABEL: tt.func @in_partition
// CHECK: partition0(%{{.*}}: !tt.ptr<f32>) num_warps(2) {
// CHECK: tt.load %{{.*}} : tensor<256x!tt.ptr<f32>, #[[$PART]]>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>, #[[$PART]]>
// CHECK-NEXT: ttg.warp_return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @in_partition(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    ttg.warp_specialize(%x) attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0(%arg: !tt.ptr<f32>) num_warps(2) {
      %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
      %p = tt.splat %arg : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
      %a = tt.addptr %p, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
      %v = tt.load %a : tensor<256x!tt.ptr<f32>, #blocked>
      tt.store %a, %v : tensor<256x!tt.ptr<f32>, #blocked>
      ttg.warp_return
    } : (!tt.ptr<f32>) -> ()
    tt.return
  }
}
