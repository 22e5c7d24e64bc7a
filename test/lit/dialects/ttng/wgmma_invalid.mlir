// RUN: ttc opt %s -split-input-file -verify-diagnostics
// ttng.warp_group_dot gives Triton's diagnostics.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#a8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#b = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#b8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @not_hopper(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x64xf16, #b, #smem>, %c: tensor<128x64xf32, #mma2>) {
    // expected-error @below {{'ttng.warp_group_dot' op WGMMA result layout must be Hopper NVMMA}}
    %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #a, #smem> * !ttg.memdesc<64x64xf16, #b, #smem> -> tensor<128x64xf32, #mma2>
    tt.return
  }
  tt.func @b_swizzled(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x64xf16, #sw, #smem>, %c: tensor<128x64xf32, #mma>) {
    // expected-error @below {{'ttng.warp_group_dot' op WGMMA B operand must have NVMMA shared layout}}
    %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #a, #smem> * !ttg.memdesc<64x64xf16, #sw, #smem> -> tensor<128x64xf32, #mma>
    tt.return
  }
  tt.func @k_mismatch(%a: !ttg.memdesc<128x32xf16, #a, #smem>, %b: !ttg.memdesc<64x64xf16, #b, #smem>, %c: tensor<128x64xf32, #mma>) {
    // expected-error @below {{'ttng.warp_group_dot' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
    %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x32xf16, #a, #smem> * !ttg.memdesc<64x64xf16, #b, #smem> -> tensor<128x64xf32, #mma>
    tt.return
  }
  tt.func @short_m(%a: !ttg.memdesc<32x64xf16, #a, #smem>, %b: !ttg.memdesc<64x64xf16, #b, #smem>, %c: tensor<32x64xf32, #mma>) {
    // expected-error @below {{'ttng.warp_group_dot' op WGMMA result M dimension must be divisible by 64}}
    %0 = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<32x64xf16, #a, #smem> * !ttg.memdesc<64x64xf16, #b, #smem> -> tensor<32x64xf32, #mma>
    tt.return
  }
  tt.func @fp8_precise_acc(%a: !ttg.memdesc<128x64xf8E4M3FN, #a8, #smem>, %b: !ttg.memdesc<64x64xf8E4M3FN, #b8, #smem>, %c: tensor<128x64xf32, #mma>) {
    // expected-error @below {{'ttng.warp_group_dot' op Cannot use F32 as the accumulator element type when the max_num_imprecise_acc is less than 32}}
    %0 = ttng.warp_group_dot %a, %b, %c {maxNumImpreciseAcc = 16 : i32} : !ttg.memdesc<128x64xf8E4M3FN, #a8, #smem> * !ttg.memdesc<64x64xf8E4M3FN, #b8, #smem> -> tensor<128x64xf32, #mma>
    tt.return
  }
  tt.func @fp8_ok(%a: !ttg.memdesc<128x64xf8E4M3FN, #a8, #smem>, %b: !ttg.memdesc<64x64xf8E4M3FN, #b8, #smem>, %c: tensor<128x64xf32, #mma>) {
    %0 = ttng.warp_group_dot %a, %b, %c {maxNumImpreciseAcc = 32 : i32} : !ttg.memdesc<128x64xf8E4M3FN, #a8, #smem> * !ttg.memdesc<64x64xf8E4M3FN, #b8, #smem> -> tensor<128x64xf32, #mma>
    tt.return
  }
  tt.func @register_k_width(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: !ttg.memdesc<64x64xf16, #b, #smem>, %c: tensor<128x64xf32, #mma>) {
    // expected-error @below {{'ttng.warp_group_dot' op in-register LHS operand must have a kWidth of 2 but got 4}}
    %0 = ttng.warp_group_dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * !ttg.memdesc<64x64xf16, #b, #smem> -> tensor<128x64xf32, #mma>
    tt.return
  }
}
