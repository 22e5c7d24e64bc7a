// RUN: ttc opt %s -split-input-file -verify-diagnostics
// tti.dot_i8 gives Triton's diagnostics.

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma_other = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f16_operand(%x: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %y: tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %acc: tensor<32x16xi32, #mma>) {
    // expected-error @below {{'tti.dot_i8' op operand #0 must be ranked tensor of 8-bit signless integer values}}
    %d = tti.dot_i8 %x, %y, %acc, aSigned = true, bSigned = true : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x16xi32, #mma>
    tt.return
  }
  tt.func @blocked_result(%x: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %y: tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %acc: tensor<32x16xi32, #blocked>) {
    // expected-error @below {{'tti.dot_i8' op requires NVIDIA MMAv2 operand and result layouts}}
    %d = tti.dot_i8 %x, %y, %acc, aSigned = true, bSigned = true : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x16xi32, #blocked>
    tt.return
  }
  tt.func @other_warps(%x: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %y: tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma_other, kWidth = 4}>>, %acc: tensor<32x16xi32, #mma>) {
    // expected-error @below {{'tti.dot_i8' op requires matching NVIDIA MMAv2 layouts}}
    %d = tti.dot_i8 %x, %y, %acc, aSigned = false, bSigned = false : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma_other, kWidth = 4}>> -> tensor<32x16xi32, #mma>
    tt.return
  }
}
