// RUN: ttc opt %s | FileCheck %s
// RUN: ttc opt %s --mlir-print-op-generic | ttc opt | FileCheck %s
// Row gather/scatter and reducing stores through tensor descriptors print as Triton does.

// CHECK-LABEL: tt.func @f
// CHECK-NEXT: %0 = tt.descriptor_gather %arg0[%arg1, %arg2] : (!tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
// CHECK-NEXT: tt.descriptor_scatter %arg0[%arg1, %arg2], %0 : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32>, i32, tensor<32x64xf16>
// CHECK-NEXT: tt.descriptor_reduce add, %arg3[%arg2, %arg2], %arg4 : !tt.tensordesc<tensor<32x64xf32>>, tensor<32x64xf32>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tt.func @f(%d: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<32xi32>, %col: i32, %b: !tt.tensordesc<tensor<32x64xf32>>, %t: tensor<32x64xf32>) {
  %g = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  tt.descriptor_scatter %d[%rows, %col], %g : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32>, i32, tensor<32x64xf16>
  tt.descriptor_reduce add, %b[%col, %col], %t : !tt.tensordesc<tensor<32x64xf32>>, tensor<32x64xf32>
  tt.return
}
