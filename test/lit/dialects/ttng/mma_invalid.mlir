// RUN: ttc opt %s -split-input-file -verify-diagnostics
// tcgen05 MMA ops give Triton's diagnostics.

#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#acc16 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
#lhs2 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
#wide = #ttng.tensor_memory_encoding<blockM = 128, blockN = 512, colStride = 1>
#pad = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, fp4Padded = true>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @sync_with_barrier(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x128xf16, #b, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.tc_gen5_mma' op The op is synchronous but a barrier is present.}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p, %bar[%p] : !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<64x128xf16, #b, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
  tt.func @i32_barrier(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x128xf16, #b, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1, %bar: !ttg.memdesc<1xi32, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.tc_gen5_mma' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p, %bar[%p] {is_async} : !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<64x128xf16, #b, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi32, #bar, #smem, mutable>
    tt.return
  }
  tt.func @k_mismatch(%a: !ttg.memdesc<128x32xf16, #a, #smem>, %b: !ttg.memdesc<64x128xf16, #b, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x32xf16, #a, #smem>, !ttg.memdesc<64x128xf16, #b, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @f64_lhs(%a: !ttg.memdesc<128x64xf64, #sw, #smem>, %b: !ttg.memdesc<64x128xf16, #b, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op unsupported LHS operand dtype: 'f64'}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf64, #sw, #smem>, !ttg.memdesc<64x128xf16, #b, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @kinds(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x128xi8, #b, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op LHS and RHS operand dtypes kinds don't match: LHS kind is f16 but RHS kind is i8}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<64x128xi8, #b, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @bf16_acc(%a: !ttg.memdesc<128x64xbf16, #a, #smem>, %b: !ttg.memdesc<64x128xbf16, #b, #smem>, %d: !ttg.memdesc<128x128xf16, #acc16, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op unsupported accumulator dtype for operand types 'bf16' and 'bf16', accumulator dtype is 'f16' but must be one of ['f32']}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xbf16, #a, #smem>, !ttg.memdesc<64x128xbf16, #b, #smem>, !ttg.memdesc<128x128xf16, #acc16, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @rhs_swizzled(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x128xf16, #sw, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op RHS operand must have a NVMMAShared encoding}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<64x128xf16, #sw, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @acc_in_smem(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x128xf16, #b, #smem>, %d: !ttg.memdesc<128x128xf32, #sw, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op Return operand must have a TensorMemory encoding}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<64x128xf16, #b, #smem>, !ttg.memdesc<128x128xf32, #sw, #smem, mutable>
    tt.return
  }
  tt.func @acc_padded(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x128xf16, #b, #smem>, %d: !ttg.memdesc<128x128xf32, #pad, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op Accumulator must not be fp4_padded}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<64x128xf16, #b, #smem>, !ttg.memdesc<128x128xf32, #pad, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @lhs_col_stride(%a: !ttg.memdesc<128x64xf16, #lhs2, #ttng.tensor_memory>, %b: !ttg.memdesc<64x128xf16, #b, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op The col stride of the LHS operand must be 1}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #lhs2, #ttng.tensor_memory>, !ttg.memdesc<64x128xf16, #b, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @acc_col_stride(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x128xf16, #b, #smem>, %d: !ttg.memdesc<128x128xf16, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op The col stride of the return operand must be 32 / 16 but got 1}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<64x128xf16, #b, #smem>, !ttg.memdesc<128x128xf16, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @too_wide(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x512xf16, #b, #smem>, %d: !ttg.memdesc<128x512xf32, #wide, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op The block size of the return operand must be less than or equal to 256}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<64x512xf16, #b, #smem>, !ttg.memdesc<128x512xf32, #wide, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @two_ctas_mismatch(%a: !ttg.memdesc<128x64xf16, #a, #smem>, %b: !ttg.memdesc<64x128xf16, #b, #smem>, %d: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op twoCTA mode expects the first basis of the cga_layout of the RHS to be [0, 1]}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p {two_ctas} : !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<64x128xf16, #b, #smem>, !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @commit_i32(%bar: !ttg.memdesc<1xi32, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.tc_gen5_commit' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi32, #bar, #smem, mutable>
    tt.return
  }
  tt.func @commit_descs(%bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %a: !ttg.memdesc<128x64xf16, #a, #smem>) {
    // expected-error @below {{'ttng.tc_gen5_commit' op expected 0 to 4 descriptors, got 5}}
    ttng.tc_gen5_commit %bar descs %a, %a, %a, %a, %a : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<128x64xf16, #a, #smem>, !ttg.memdesc<128x64xf16, #a, #smem>
    tt.return
  }
}

// -----

#a = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#b = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#bsplitk = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#bar2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#smem = #ttg.shared_memory
#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CGALayout = [[1, 0]]>
#acc2 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CGALayout = [[1, 0]], twoCTAs = true>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @broadcast_barrier(%a: !ttg.memdesc<256x64xf16, #a, #smem>, %b: !ttg.memdesc<64x256xf16, #b, #smem>, %d: !ttg.memdesc<256x256xf32, #acc2, #ttng.tensor_memory, mutable>, %p: i1, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.tc_gen5_mma' op completion barrier cga_layout must be [[1]], got [[0]]}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p, %bar[%p] {is_async, two_ctas} : !ttg.memdesc<256x64xf16, #a, #smem>, !ttg.memdesc<64x256xf16, #b, #smem>, !ttg.memdesc<256x256xf32, #acc2, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
  tt.func @split_k(%a: !ttg.memdesc<256x64xf16, #a, #smem>, %b: !ttg.memdesc<64x256xf16, #bsplitk, #smem>, %d: !ttg.memdesc<256x256xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op RHS CTASplit along K should be 1, but got 2}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<256x64xf16, #a, #smem>, !ttg.memdesc<64x256xf16, #bsplitk, #smem>, !ttg.memdesc<256x256xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @acc_not_two_cta(%a: !ttg.memdesc<256x64xf16, #a, #smem>, %b: !ttg.memdesc<64x256xf16, #b, #smem>, %d: !ttg.memdesc<256x256xf32, #acc, #ttng.tensor_memory, mutable>, %p: i1) {
    // expected-error @below {{'ttng.tc_gen5_mma' op The returned value's encoding must have twoCTA=true to be used in a twoCTA kernel}}
    ttng.tc_gen5_mma %a, %b, %d, %p, %p {two_ctas} : !ttg.memdesc<256x64xf16, #a, #smem>, !ttg.memdesc<64x256xf16, #b, #smem>, !ttg.memdesc<256x256xf32, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
  tt.func @ok(%a: !ttg.memdesc<256x64xf16, #a, #smem>, %b: !ttg.memdesc<64x256xf16, #b, #smem>, %d: !ttg.memdesc<256x256xf32, #acc2, #ttng.tensor_memory, mutable>, %p: i1, %bar: !ttg.memdesc<2xi64, #bar2, #smem, mutable>) {
    ttng.tc_gen5_mma %a, %b, %d, %p, %p, %bar[%p] {is_async, two_ctas} : !ttg.memdesc<256x64xf16, #a, #smem>, !ttg.memdesc<64x256xf16, #b, #smem>, !ttg.memdesc<256x256xf32, #acc2, #ttng.tensor_memory, mutable>, !ttg.memdesc<2xi64, #bar2, #smem, mutable>
    tt.return
  }
}
