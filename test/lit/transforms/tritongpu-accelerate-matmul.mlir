// RUN: ttc opt %s -split-input-file -tritongpu-accelerate-matmul -verify-diagnostics=only-expected | FileCheck %s

// An f16 dot with 4 warps: a 128x128 tile has 8 m16 rows and 16 n8 columns of MMA tiles, so warps
// go to N first, then alternate ([2, 2]). The accumulator is converted into the MMA layout before
// the operands (kWidth 2: two f16 make 32 bits), and the result is converted back.
// CHECK: #[[$MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @f16_four_warps
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #[[$MMA]]>
// CHECK-NEXT: %[[A:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>>
// CHECK-NEXT: %[[B:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 2}>>
// CHECK-NEXT: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = tf32 : {{.*}} -> tensor<128x128xf32, #[[$MMA]]>
// CHECK-NEXT: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[$MMA]]> -> tensor<128x128xf32, #blocked>
// CHECK-NEXT: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16_four_warps(%a: tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// bf16 with 8 warps on a 128x64 tile: 8 x 8 MMA tiles, warps [4, 2]. A tall 256x16 tile puts
// all 8 warps along M. (The dots are in separate functions: two dots of one function that meet
// in any op, even the return, count as chained.)
// CHECK-DAG: #[[$MMA42:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[$MMA81:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @bf16_eight_warps
// CHECK: tt.dot {{.*}} : tensor<128x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA42]], kWidth = 2}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA42]], kWidth = 2}>> -> tensor<128x64xf32, #[[$MMA42]]>
// CHECK-LABEL: tt.func @tall_tile
// CHECK: tt.dot {{.*}} -> tensor<256x16xf32, #[[$MMA81]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bf16_eight_warps(%a: tensor<128x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    tt.return %d : tensor<128x64xf32, #blocked>
  }
  tt.func @tall_tile(%a: tensor<256x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<256x16xf32, #blocked>) -> tensor<256x16xf32, #blocked> {
    %t = tt.dot %a, %b, %c : tensor<256x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<256x16xf32, #blocked>
    tt.return %t : tensor<256x16xf32, #blocked>
  }
}

// -----

// f32 operands use tensor cores only as tf32 (kWidth 1: one 32-bit element per register); an
// ieee f32 dot stays on the FMA path untouched (its operands already have the accumulator's type).
// CHECK: #[[$MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @tf32
// CHECK: tt.dot {{.*}}, inputPrecision = tf32 : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 1}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 1}>> -> tensor<64x64xf32, #[[$MMA]]>
// CHECK-LABEL: tt.func @ieee
// CHECK-NOT: arith.extf
// CHECK: tt.dot %arg0, %arg1, %arg2 : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32(%a: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func @ieee(%a: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// Before Ampere the dot falls back to FMA (with a remark): f16 operands of an f32 dot are
// extended to f32 first. An f16 dot accumulating in f16 needs no extension.
// CHECK-LABEL: tt.func @fma_before_ampere
// CHECK-NOT: nvidia_mma
// CHECK: %[[A:.*]] = arith.extf %arg0 : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %[[B:.*]] = arith.extf %arg1 : tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: tt.dot %[[A]], %[[B]], %arg2 : tensor<32x16xf32, {{.*}} -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: tt.dot %arg0, %arg1, %arg3 : tensor<32x16xf16, {{.*}} -> tensor<32x32xf16, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fma_before_ampere(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xf32, #blocked>, %h: tensor<32x32xf16, #blocked>) -> (tensor<32x32xf32, #blocked>, tensor<32x32xf16, #blocked>) {
    // expected-remark @below {{Dot op using MMA for compute capability 75 has been deprecated. It falls back to the FMA path.}}
    %d = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    // expected-remark @below {{falls back to the FMA path}}
    %e = tt.dot %a, %b, %h : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf16, #blocked>
    tt.return %d, %e : tensor<32x32xf32, #blocked>, tensor<32x32xf16, #blocked>
  }
}

// -----

// fp8: sm_89 has fp8 mma.sync, so the operands stay fp8 (kWidth 4: four bytes per register). On
// sm_80 the dot gets the same MMA layout, then its operands are converted to f16 right before it.
// CHECK-LABEL: tt.func @fp8_on_ada
// CHECK-NOT: tt.fp_to_fp
// CHECK: tt.dot {{.*}} : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:89", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_on_ada(%a: tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// CHECK-LABEL: tt.func @fp8_on_ampere
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
// CHECK-NEXT: %[[A16:.*]] = tt.fp_to_fp %[[A]] : tensor<64x32xf8E5M2, {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK-NEXT: %[[B16:.*]] = tt.fp_to_fp %[[B]] : tensor<32x64xf8E5M2, {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
// CHECK-NEXT: tt.dot %[[A16]], %[[B16]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_on_ampere(%a: tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// kWidth follows the width the operands were loaded with: A is loaded as i8 and converted to
// f16, so each thread holds 4 f16 of K per operand (32 bits of the loaded data).
// CHECK-LABEL: tt.func @k_width_from_load
// CHECK: tt.dot {{.*}} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @k_width_from_load(%pa: tensor<64x32x!tt.ptr<i8>, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a8 = tt.load %pa : tensor<64x32x!tt.ptr<i8>, #blocked>
    %a16 = arith.sitofp %a8 : tensor<64x32xi8, #blocked> to tensor<64x32xf16, #blocked>
    %a = ttg.convert_layout %a16 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// int8 and f64: i8 x i8 -> i32 uses mma.sync with kWidth 4; f64 the same m16n8 layout (Triton
// 3.6; the lowering covers its tiles with m8n8k4.f64 pairs) and kWidth 1. On sm_86 (no fast f64
// tensor cores) the f64 dot stays on the FMA path.
// CHECK: #[[$I8:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-NOT: #ttg.nvidia_mma
// CHECK-LABEL: tt.func @int8
// CHECK: tt.dot {{.*}} : tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #[[$I8]], kWidth = 4}>> * {{.*}} -> tensor<32x32xi32, #[[$I8]]>
// CHECK-LABEL: tt.func @f64
// CHECK: tt.dot {{.*}} : tensor<32x16xf64, #ttg.dot_op<{opIdx = 0, parent = #[[$I8]], kWidth = 1}>> * {{.*}} -> tensor<32x32xf64, #[[$I8]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @int8(%a: tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xi32, #blocked>) -> tensor<32x32xi32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xi32, #blocked>
    tt.return %d : tensor<32x32xi32, #blocked>
  }
  tt.func @f64(%x: tensor<32x16xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %y: tensor<16x32xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %z: tensor<32x32xf64, #blocked>) -> tensor<32x32xf64, #blocked> {
    %e = tt.dot %x, %y, %z : tensor<32x16xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf64, #blocked>
    tt.return %e : tensor<32x32xf64, #blocked>
  }
}

// -----

// CHECK-LABEL: tt.func @f64_on_sm86
// CHECK-NOT: nvidia_mma
// CHECK: tt.dot %arg0, %arg1, %arg2 : {{.*}} -> tensor<32x32xf64, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f64_on_sm86(%x: tensor<32x16xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %y: tensor<16x32xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %z: tensor<32x32xf64, #blocked>) -> tensor<32x32xf64, #blocked> {
    %e = tt.dot %x, %y, %z : tensor<32x16xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf64, #blocked>
    tt.return %e : tensor<32x32xf64, #blocked>
  }
}

// -----

// A batched (3-D) dot puts every warp on the batch dimension, with a unit batch in instrShape.
// CHECK: #[[$MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
// CHECK-LABEL: tt.func @batched
// CHECK: tt.dot {{.*}} : tensor<4x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>> * {{.*}} -> tensor<4x32x32xf32, #[[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @batched(%a: tensor<4x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x32x32xf32, #blocked>) -> tensor<4x32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<4x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x32x32xf32, #blocked>
    tt.return %d : tensor<4x32x32xf32, #blocked>
  }
}

// -----

// Chained dots (attention's S = QK^T, then P V): the later dot is rewritten first (bottom-up) and
// puts all 8 warps along its longer dimension, N; the earlier one, connected to it through the
// elementwise ops, reuses that MMA layout although its own balanced choice would differ.
// CHECK: #[[$MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 8], instrShape = [16, 8]}>
// CHECK-NOT: #ttg.nvidia_mma
// CHECK-LABEL: tt.func @chained
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[$MMA]]>
// CHECK: tt.dot {{.*}} -> tensor<64x128xf32, #[[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @chained(%q: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %k: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %v: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<64x128xf32, #blocked> {
    %zero_s = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %zero_o = arith.constant dense<0.000000e+00> : tensor<64x128xf32, #blocked>
    %s = tt.dot %q, %k, %zero_s : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    %e = math.exp2 %s : tensor<64x64xf32, #blocked>
    %h = arith.truncf %e : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
    %p = ttg.convert_layout %h : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %o = tt.dot %p, %v, %zero_o : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x128xf32, #blocked>
    tt.return %o : tensor<64x128xf32, #blocked>
  }
}

// -----

// An i8 dot left on the FMA path before Ampere cannot have its operands extended: an error at the
// dot, not invalid IR.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @int8_fma(%a: tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xi32, #blocked>) -> tensor<32x32xi32, #blocked> {
    // expected-remark @below {{falls back to the FMA path}}
    // expected-error @below {{cannot convert the i8 operands of this dot to i32 for the FMA path}}
    %d = tt.dot %a, %b, %c : tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xi32, #blocked>
    tt.return %d : tensor<32x32xi32, #blocked>
  }
}

// -----

// The pass reads the target from the module.
// expected-error @below {{expected a ttg.target = "cuda:NN" module attribute}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_target() {
    tt.return
  }
}

// -----

// A scaled dot with an e2m1 A (two values per i8 along K) and its e8m0 scale, times a bf16 B,
// has no scaled MMA before Blackwell: A is unpacked to bf16 along K, its scale (one byte per 32
// K elements) becomes a bf16 power of two (shifted 7 bits into the exponent), is repeated over
// its 32 elements (expand dims in a default 3-D blocked layout, broadcast, reshape) and
// multiplied in; elements whose scale is 0xFF become NaN. B only changes layout (its bf16 ->
// bf16 conversion folds away). The plain tt.dot then goes to mma.sync on sm_80.
// CHECK-DAG: #[[$BL3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [16, 2, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[$MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @e2m1_lhs_scaled
// CHECK-DAG: %[[NAN:.*]] = arith.constant dense<0x7FC0> : tensor<64x64xbf16, #[[$UPL:blocked[0-9]*]]>
// CHECK-DAG: %[[FF:.*]] = arith.constant dense<-1> : tensor<64x2xi8, #blocked>
// CHECK-DAG: %[[SEVEN:.*]] = arith.constant dense<7> : tensor<64x2xi16, #blocked>
// CHECK: %[[UP:.*]] = ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #[[$UPL]]>
// CHECK-NEXT: %[[EXT:.*]] = arith.extui %arg1 : tensor<64x2xi8, #blocked> to tensor<64x2xi16, #blocked>
// CHECK-NEXT: %[[SHL:.*]] = arith.shli %[[EXT]], %[[SEVEN]]
// CHECK-NEXT: %[[S16:.*]] = tt.bitcast %[[SHL]] : tensor<64x2xi16, #blocked> -> tensor<64x2xbf16, #blocked>
// CHECK-NEXT: %[[SL:.*]] = ttg.convert_layout %[[S16]] : {{.*}} -> tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #[[$BL3]]}>>
// CHECK-NEXT: %[[E:.*]] = tt.expand_dims %[[SL]] {axis = 2 : i32} : {{.*}} -> tensor<64x2x1xbf16, #[[$BL3]]>
// CHECK-NEXT: %[[BC:.*]] = tt.broadcast %[[E]] : {{.*}} -> tensor<64x2x32xbf16, #[[$BL3]]>
// CHECK-NEXT: %[[RS:.*]] = tt.reshape %[[BC]] : tensor<64x2x32xbf16, #[[$BL3]]> -> tensor<64x64xbf16,
// CHECK-NEXT: %[[SC:.*]] = ttg.convert_layout %[[RS]] : {{.*}} -> tensor<64x64xbf16, #[[$UPL]]>
// CHECK-NEXT: %[[MUL:.*]] = arith.mulf %[[UP]], %[[SC]] : tensor<64x64xbf16, #[[$UPL]]>
// CHECK-NEXT: %[[ISNAN:.*]] = arith.cmpi eq, %arg1, %[[FF]] : tensor<64x2xi8, #blocked>
// CHECK: %[[MASK:.*]] = ttg.convert_layout {{.*}} -> tensor<64x64xi1, #[[$UPL]]>
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[MASK]], %[[NAN]], %[[MUL]]
// CHECK-NEXT: %[[A:.*]] = ttg.convert_layout %[[SEL]] : {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %[[B:.*]] = ttg.convert_layout %arg2 : {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg3 : {{.*}} -> tensor<64x64xf32, #[[$MMA]]>
// CHECK-NEXT: %[[AM:.*]] = ttg.convert_layout %[[A]] : {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 8}>>
// CHECK-NEXT: %[[BM:.*]] = ttg.convert_layout %[[B]] : {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 8}>>
// CHECK-NEXT: %[[D:.*]] = tt.dot %[[AM]], %[[BM]], %[[C]] : {{.*}} -> tensor<64x64xf32, #[[$MMA]]>
// CHECK-NEXT: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, #[[$MMA]]> -> tensor<64x64xf32, #blocked>
// CHECK-NEXT: %[[R2:.*]] = ttg.convert_layout %[[R]] : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
// CHECK-NEXT: tt.return %[[R2]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @e2m1_lhs_scaled(%a: tensor<64x32xi8, #blocked>, %sa: tensor<64x2xi8, #blocked>, %b: tensor<64x64xbf16, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<64x32xi8, #blocked>, tensor<64x2xi8, #blocked> * tensor<64x64xbf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// Only B is scaled: the dot is transposed first (trans(B) x trans(A) + trans(C), transposed
// back), so that the scaled operand is A. With an fp16 operand the compute type is f16, whose
// exponent cannot hold an e8m0 scale: the scale goes through f32 (shifted 23 bits) and is
// truncated. fastMath drops the NaN masking. The zero accumulator's transpose folds to a
// constant; the e4m3 operand is upcast with tt.fp_to_fp.
// CHECK-LABEL: tt.func @e4m3_rhs_scaled_fast
// CHECK-DAG: %[[SHIFT:.*]] = arith.constant dense<23> : tensor<32x4xi32, #blocked1>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32, #[[$T:.*]]>
// CHECK: %[[AT:.*]] = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x128xf16, #blocked> -> tensor<128x64xf16,
// CHECK-NEXT: %[[BT:.*]] = tt.trans %arg1 {order = array<i32: 1, 0>} : tensor<128x32xf8E4M3FN, #blocked> -> tensor<32x128xf8E4M3FN, #[[$T]]>
// CHECK-NEXT: %[[UP:.*]] = tt.fp_to_fp %[[BT]] : tensor<32x128xf8E4M3FN, #[[$T]]> -> tensor<32x128xf16, #[[$T]]>
// CHECK-NEXT: %[[EXT:.*]] = arith.extui %arg2 : tensor<32x4xi8, #blocked1> to tensor<32x4xi32, #blocked1>
// CHECK-NEXT: %[[SHL:.*]] = arith.shli %[[EXT]], %[[SHIFT]] : tensor<32x4xi32, #blocked1>
// CHECK-NEXT: %[[F32:.*]] = tt.bitcast %[[SHL]] : tensor<32x4xi32, #blocked1> -> tensor<32x4xf32, #blocked1>
// CHECK-NEXT: %[[F16:.*]] = arith.truncf %[[F32]] : tensor<32x4xf32, #blocked1> to tensor<32x4xf16, #blocked1>
// CHECK: %[[MUL:.*]] = arith.mulf %[[UP]], {{.*}} : tensor<32x128xf16, #[[$T]]>
// CHECK-NOT: arith.select
// CHECK: %[[A:.*]] = ttg.convert_layout %[[MUL]] : {{.*}} -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$T]]}>>
// CHECK-NEXT: %[[B:.*]] = ttg.convert_layout %[[AT]] : {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$T]]}>>
// CHECK: %[[D:.*]] = tt.dot
// CHECK-NEXT: %[[R:.*]] = ttg.convert_layout %[[D]] : {{.*}} -> tensor<32x64xf32, #[[$T]]>
// CHECK-NEXT: %[[R2:.*]] = ttg.convert_layout %[[R]]
// CHECK-NEXT: %[[OUT:.*]] = tt.trans %[[R2]] {order = array<i32: 1, 0>} : tensor<32x64xf32, #[[$T]]> -> tensor<64x32xf32, #blocked>
// CHECK-NEXT: tt.return %[[OUT]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @e4m3_rhs_scaled_fast(%a: tensor<64x128xf16, #blocked1>, %b: tensor<128x32xf8E4M3FN, #blocked1>, %sb: tensor<32x4xi8, #blocked>) -> tensor<64x32xf32, #blocked1> {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #blocked1>
    %d = tt.dot_scaled %a, %b scale %sb, %zero lhs = fp16 rhs = e4m3 {fastMath = true} : tensor<64x128xf16, #blocked1> * tensor<128x32xf8E4M3FN, #blocked1>, tensor<32x4xi8, #blocked> -> tensor<64x32xf32, #blocked1>
    tt.return %d : tensor<64x32xf32, #blocked1>
  }
}

// -----

// Both operands scaled (no transpose of the dot): B's e2m1 values unpack along K (axis 0). B's
// scale comes as N x K/32 like A's, so it is transposed to K/32 x N first; its broadcast copies
// are moved next to K (transpose [0, 2, 1]) before the reshape to K x N. On sm_90 the scaled B
// goes to shared memory for wgmma.
// CHECK-LABEL: tt.func @both_scaled
// CHECK: ttg.fp4_to_fp %arg0 {axis = 1 : i32}
// CHECK: %[[UPB:.*]] = ttg.fp4_to_fp %arg2 {axis = 0 : i32} : tensor<32x64xi8, {{.*}}> -> tensor<64x64xbf16, #[[$UPBL:.*]]>
// CHECK-NEXT: %[[SBT:.*]] = tt.trans %arg3 {order = array<i32: 1, 0>} : tensor<64x2xi8, #blocked> -> tensor<2x64xi8,
// CHECK-NEXT: %[[EXT:.*]] = arith.extui %[[SBT]]
// CHECK: %[[BC:.*]] = tt.broadcast {{.*}} -> tensor<2x64x32xbf16,
// CHECK-NEXT: %[[T:.*]] = tt.trans %[[BC]] {order = array<i32: 0, 2, 1>} : {{.*}} -> tensor<2x32x64xbf16,
// CHECK-NEXT: %[[RS:.*]] = tt.reshape %[[T]] : {{.*}} -> tensor<64x64xbf16,
// CHECK-NEXT: %[[SC:.*]] = ttg.convert_layout %[[RS]] : {{.*}} -> tensor<64x64xbf16, #[[$UPBL]]>
// CHECK-NEXT: %[[MUL:.*]] = arith.mulf %[[UPB]], %[[SC]]
// CHECK-NEXT: arith.cmpi eq, %[[SBT]], %{{.*}} : tensor<2x64xi8,
// CHECK: %[[SEL:.*]] = arith.select %{{.*}}, %{{.*}}, %[[MUL]]
// CHECK-NEXT: %[[BS:.*]] = ttg.local_alloc %[[SEL]]
// CHECK: ttng.warp_group_dot %{{.*}}, %[[BS]], %{{.*}}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#bk = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @both_scaled(%a: tensor<64x32xi8, #blocked>, %sa: tensor<64x2xi8, #blocked>, %b: tensor<32x64xi8, #bk>, %sb: tensor<64x2xi8, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<64x32xi8, #blocked>, tensor<64x2xi8, #blocked> * tensor<32x64xi8, #bk>, tensor<64x2xi8, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// A plain tt.dot whose A was unpacked from fp4 (ttg.fp4_to_fp, by class: Triton's
// computeOrigBitWidth finds its Fp4ToFpOp in A's backward slice): A's original width is 4
// bits, so kWidth is 32 / 4 = 8 for both operands, not the 2 its bf16 elements alone would give.
// CHECK-LABEL: tt.func @fp4_unpacked_operand
// CHECK: %[[UP:.*]] = ttg.fp4_to_fp %arg0 {axis = 1 : i32}
// CHECK: ttg.convert_layout %{{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
// CHECK-NEXT: ttg.convert_layout %arg1 : {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
// CHECK-NEXT: tt.dot {{.*}} -> tensor<64x64xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#unpacked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_unpacked_operand(%a: tensor<64x32xi8, #blocked>, %b: tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %up = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #unpacked>
    %a_op = ttg.convert_layout %up : tensor<64x64xbf16, #unpacked> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %d = tt.dot %a_op, %b, %c : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
