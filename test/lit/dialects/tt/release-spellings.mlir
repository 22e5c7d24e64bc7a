// RUN: ttc opt %s -split-input-file | FileCheck %s

// Types whose spelling changed between Triton releases print the way the input wrote them, so a
// file round-trips in the dialect of the Triton that produced it. Each chunk is its own input.

// Triton 3.6: tensor descriptors wrap a tensor type, address spaces are integers.
// CHECK-LABEL: tt.func @triton_3_6
// CHECK-SAME: (%arg0: !tt.ptr<i8, 0>, %arg1: !tt.tensordesc<tensor<64x32xf16, #shared>>, %arg2: !tt.ptr<f32, 4>)
// CHECK: tt.descriptor_load %arg1[%c0_i32, %c0_i32] : !tt.tensordesc<tensor<64x32xf16, #shared>> -> tensor<64x32xf16>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
tt.func @triton_3_6(%a: !tt.ptr<i8, 0>, %d: !tt.tensordesc<tensor<64x32xf16, #shared>>, %k: !tt.ptr<f32, 4>) {
  %c0 = arith.constant 0 : i32
  %t = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<64x32xf16, #shared>> -> tensor<64x32xf16>
  tt.return
}

// -----

// Triton 3.8: bare tensor descriptors, still integer address spaces.
// CHECK-LABEL: tt.func @triton_3_8
// CHECK-SAME: (%arg0: !tt.ptr<i8, 0>, %arg1: !tt.tensordesc<64x32xf16, #shared>, %arg2: !tt.tensordesc<128xf32>)
// CHECK: tt.descriptor_store %arg2[%c0_i32], %{{.*}} : !tt.tensordesc<128xf32>, tensor<128xf32>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
tt.func @triton_3_8(%a: !tt.ptr<i8, 0>, %d: !tt.tensordesc<64x32xf16, #shared>, %e: !tt.tensordesc<128xf32>) {
  %c0 = arith.constant 0 : i32
  %cst = arith.constant dense<1.0> : tensor<128xf32>
  tt.descriptor_store %e[%c0], %cst : !tt.tensordesc<128xf32>, tensor<128xf32>
  tt.return
}

// -----

// Later releases name the address spaces; the default (global) is still left out.
// CHECK-LABEL: tt.func @named_address_spaces
// CHECK-SAME: (%arg0: !tt.ptr<i8, "descriptor">, %arg1: !tt.ptr<f32, "constant">, %arg2: !tt.ptr<f16>, %arg3: !tt.ptr<f16, 3>)
tt.func @named_address_spaces(%a: !tt.ptr<i8, "descriptor">, %b: !tt.ptr<f32, 4>, %c: !tt.ptr<f16, "global">, %d: !tt.ptr<f16, 3>) {
  tt.return
}
