// RUN: ttc opt %s | FileCheck %s
// ttg.fp4_to_fp doubles the packed axis; its result layout holds each i8's pair in registers.

#packed = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#unpacked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @unpack
  tt.func @unpack(%x: tensor<16x64xi8, #packed>, %a: tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>) {
    // CHECK-NEXT: ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<16x64xi8, #blocked> -> tensor<16x128xbf16, #blocked1>
    %0 = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<16x64xi8, #packed> -> tensor<16x128xbf16, #unpacked>
    // CHECK-NEXT: ttg.fp4_to_fp %arg1 {axis = 1 : i32} : {{.*}}kWidth = 4}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    %1 = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    tt.return
  }
}
