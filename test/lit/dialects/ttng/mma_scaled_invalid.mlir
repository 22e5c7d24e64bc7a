// RUN: ttc opt %s -split-input-file -verify-diagnostics
// ttng.tc_gen5_mma_scaled gives Triton's diagnostics.

#s8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#s8t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#acc64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1>
#lhs = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#plain = #ttng.tensor_memory_encoding<blockM = 128, blockN = 8, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
#kfirst = #ttng.tensor_memory_scales_encoding<blockRepOrder = kThenMn>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @block_m_64(%a: !ttg.memdesc<128x64xf8E4M3FN, #s8, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #s8t, #smem>, %d: !ttg.memdesc<128x128xf32, #acc64, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma_scaled' op only supports instruction shape blockM=128}}
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x64xf8E4M3FN, #s8, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #s8t, #smem>, !ttg.memdesc<128x128xf32, #acc64, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>
    tt.return
  }
  tt.func @i32_acc(%a: !ttg.memdesc<128x64xf8E4M3FN, #s8, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #s8t, #smem>, %d: !ttg.memdesc<128x128xi32, #acc, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma_scaled' op unsupported accumulator dtype for operand types 'f8E4M3FN' and 'f8E4M3FN', accumulator dtype is 'i32' but must be one of ['f16', 'f32']}}
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x64xf8E4M3FN, #s8, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #s8t, #smem>, !ttg.memdesc<128x128xi32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>
    tt.return
  }
  tt.func @fp8_lhs_format(%a: !ttg.memdesc<128x64xf8E4M3FN, #lhs, #ttng.tensor_memory>, %b: !ttg.memdesc<64x128xf8E4M3FN, #s8t, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma_scaled' op expected float8 LHS operand to have e4m3 or e5m2 format}}
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e2m3 rhs = e4m3 : !ttg.memdesc<128x64xf8E4M3FN, #lhs, #ttng.tensor_memory>, !ttg.memdesc<64x128xf8E4M3FN, #s8t, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>
    tt.return
  }
  tt.func @fp4_lhs_unpadded(%a: !ttg.memdesc<128x32xi8, #lhs, #ttng.tensor_memory>, %b: !ttg.memdesc<64x128xf8E4M3FN, #s8t, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma_scaled' op expected e2m1 LHS operand to be fp4_padded when RHS is float8}}
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e2m1 rhs = e4m3 : !ttg.memdesc<128x32xi8, #lhs, #ttng.tensor_memory>, !ttg.memdesc<64x128xf8E4M3FN, #s8t, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>
    tt.return
  }
  tt.func @k_mismatch(%a: !ttg.memdesc<128x32xi8, #s8, #smem>, %b: !ttg.memdesc<128x128xf8E4M3FN, #s8t, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma_scaled' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e2m1 rhs = e4m3 : !ttg.memdesc<128x32xi8, #s8, #smem>, !ttg.memdesc<128x128xf8E4M3FN, #s8t, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #scales, #ttng.tensor_memory>
    tt.return
  }
  tt.func @scales_without_encoding(%a: !ttg.memdesc<256x256xf8E4M3FN, #s8, #smem>, %b: !ttg.memdesc<256x128xf8E4M3FN, #s8t, #smem>, %d: !ttg.memdesc<256x128xf32, #acc, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<256x8xi8, #plain, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x8xi8, #scales, #ttng.tensor_memory>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma_scaled' op A scales in tensor memory must use #ttng.tensor_memory_scales_encoding}}
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<256x256xf8E4M3FN, #s8, #smem>, !ttg.memdesc<256x128xf8E4M3FN, #s8t, #smem>, !ttg.memdesc<256x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<256x8xi8, #plain, #ttng.tensor_memory>, !ttg.memdesc<128x8xi8, #scales, #ttng.tensor_memory>
    tt.return
  }
  tt.func @k_first_off_rubin(%a: !ttg.memdesc<256x256xf8E4M3FN, #s8, #smem>, %b: !ttg.memdesc<256x128xf8E4M3FN, #s8t, #smem>, %d: !ttg.memdesc<256x128xf32, #acc, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<256x8xi8, #kfirst, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x8xi8, #scales, #ttng.tensor_memory>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma_scaled' op A scales in tensor memory must use #ttng.tensor_memory_scales_encoding<blockRepOrder = mnThenK>}}
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<256x256xf8E4M3FN, #s8, #smem>, !ttg.memdesc<256x128xf8E4M3FN, #s8t, #smem>, !ttg.memdesc<256x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<256x8xi8, #kfirst, #ttng.tensor_memory>, !ttg.memdesc<128x8xi8, #scales, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#s8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#s8t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#scales = #ttng.tensor_memory_scales_encoding<>
#kfirst = #ttng.tensor_memory_scales_encoding<blockRepOrder = kThenMn>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:107"} {
  tt.func @rubin_nvfp4(%a: !ttg.memdesc<256x128xi8, #s8, #smem>, %b: !ttg.memdesc<128x128xi8, #s8t, #smem>, %d: !ttg.memdesc<256x128xf32, #acc, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<256x16xf8E4M3FN, #scales, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x16xf8E4M3FN, #scales, #ttng.tensor_memory>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma_scaled' op A scales in tensor memory must use #ttng.tensor_memory_scales_encoding<blockRepOrder = kThenMn>}}
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e2m1 rhs = e2m1 : !ttg.memdesc<256x128xi8, #s8, #smem>, !ttg.memdesc<128x128xi8, #s8t, #smem>, !ttg.memdesc<256x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<256x16xf8E4M3FN, #scales, #ttng.tensor_memory>, !ttg.memdesc<128x16xf8E4M3FN, #scales, #ttng.tensor_memory>
    tt.return
  }
  tt.func @rubin_ok(%a: !ttg.memdesc<256x128xi8, #s8, #smem>, %b: !ttg.memdesc<128x128xi8, #s8t, #smem>, %d: !ttg.memdesc<256x128xf32, #acc, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<256x16xf8E4M3FN, #kfirst, #ttng.tensor_memory>, %bs: !ttg.memdesc<128x16xf8E4M3FN, #scales, #ttng.tensor_memory>, %p: i1) {
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e2m1 rhs = e2m1 : !ttg.memdesc<256x128xi8, #s8, #smem>, !ttg.memdesc<128x128xi8, #s8t, #smem>, !ttg.memdesc<256x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<256x16xf8E4M3FN, #kfirst, #ttng.tensor_memory>, !ttg.memdesc<128x16xf8E4M3FN, #scales, #ttng.tensor_memory>
    tt.return
  }
}
