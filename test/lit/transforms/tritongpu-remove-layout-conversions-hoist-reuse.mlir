// RUN: ttc opt %s -tritongpu-remove-layout-conversions | FileCheck %s

// tf32x3's split of an operand: cvt.rna(x) feeds one dot directly and another through x - cvt.rna(x).
// Hoisting the first conversion to the load rematerializes cvt.rna(x) in the dot-operand layout;
// hoisting the second reuses it (Triton's slice holds values with a rematerialization to reuse),
// so one cvt.rna remains, in the dot-operand layout.

// CHECK-LABEL: tt.func @split_operand
// CHECK: %[[X:.*]] = tt.load
// CHECK-NEXT: %[[XD:.*]] = ttg.convert_layout %[[X]] : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
// CHECK-NEXT: %[[HI:.*]] = tt.elementwise_inline_asm {{.*}} %[[XD]] : tensor<64x32xf32, #ttg.dot_op
// CHECK-NEXT: %[[LO:.*]] = arith.subf %[[XD]], %[[HI]]
// CHECK-NOT: tt.elementwise_inline_asm
// CHECK: tt.dot %[[LO]]
// CHECK: tt.dot %[[HI]]

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_operand(%p: tensor<64x32x!tt.ptr<f32>, #blocked>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %x = tt.load %p : tensor<64x32x!tt.ptr<f32>, #blocked>
      %hi = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #blocked>
      %lo = arith.subf %x, %hi : tensor<64x32xf32, #blocked>
      %lo_d = ttg.convert_layout %lo : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
      %d0 = tt.dot %lo_d, %b, %sum, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
      %hi_d = ttg.convert_layout %hi : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
      %d1 = tt.dot %hi_d, %b, %d0, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
      scf.yield %d1 : tensor<64x64xf32, #mma>
    }
    tt.return %acc : tensor<64x64xf32, #mma>
  }
}
