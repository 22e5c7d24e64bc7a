// RUN: ttc opt %s | FileCheck %s
// RUN: ttc opt %s --mlir-print-op-generic | ttc opt | FileCheck %s
// tti.dot_i8 (the floating-point sanitizer's wrapping i8 MMA) prints as Triton does.

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
#b = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @limbs
  // CHECK-NEXT: %0 = tti.dot_i8 %arg0, %arg1, %arg2, aSigned = true, bSigned = false : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x16xi32, #mma>
  tt.func @limbs(%x: tensor<32x32xi8, #a>, %y: tensor<32x16xi8, #b>, %acc: tensor<32x16xi32, #mma>) -> tensor<32x16xi32, #mma> {
    %d = tti.dot_i8 %x, %y, %acc, aSigned = true, bSigned = false : tensor<32x32xi8, #a> * tensor<32x16xi8, #b> -> tensor<32x16xi32, #mma>
    tt.return %d : tensor<32x16xi32, #mma>
  }
}
