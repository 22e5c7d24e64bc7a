// RUN: ttc opt %s -split-input-file -verify-diagnostics
// ttg.fp4_to_fp gives Triton's diagnostics.

#packed = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#unpacked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @to_f32(%x: tensor<16x64xi8, #packed>) {
    // expected-error @below {{only bf16 or f16 is supported for now, got 'f32'}}
    %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<16x64xi8, #packed> -> tensor<16x128xf32, #unpacked>
    tt.return
  }
  tt.func @not_doubled(%x: tensor<16x64xi8, #packed>) {
    // expected-error @below {{axis 1 dimension must be 2x source dimension (src=64, dst=64)}}
    %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<16x64xi8, #packed> -> tensor<16x64xf16, #packed>
    tt.return
  }
  tt.func @other_rows(%x: tensor<16x64xi8, #packed>) {
    // expected-error @below {{dimension 0 mismatch (src=16, dst=32, axis=1)}}
    %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<16x64xi8, #packed> -> tensor<32x128xf16, #unpacked>
    tt.return
  }
  tt.func @same_layout(%x: tensor<16x64xi8, #packed>) {
    // expected-error @below {{Src and Dst encodings are not compatible}}
    %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<16x64xi8, #packed> -> tensor<16x128xf16, #packed>
    tt.return
  }
  tt.func @pair_across_rows(%x: tensor<16x64xi8, #packed>) {
    // expected-error @below {{failed to infer encoding}}
    %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<16x64xi8, #packed> -> tensor<16x128xf16, #rows>
    tt.return
  }
}
