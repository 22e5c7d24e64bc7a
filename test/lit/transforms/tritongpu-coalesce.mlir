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
