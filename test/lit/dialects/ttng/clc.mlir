// RUN: ttc opt %s | FileCheck %s
// RUN: ttc opt %s --mlir-print-op-generic | ttc opt | FileCheck %s
// Cluster launch control and reinterpret_tensor_descriptor print as Triton does.

// CHECK-LABEL: tt.func @f
// CHECK-NEXT: %0 = ttng.clc_try_cancel_sync : tensor<2xi64>
// CHECK-NEXT: ttng.clc_try_cancel %arg0, %arg1 : !ttg.memdesc<2xi64, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
// CHECK-NEXT: %1 = ttng.clc_load_result %arg0 : !ttg.memdesc<2xi64, #shared, #smem, mutable> -> i128
// CHECK-NEXT: %2 = ttng.clc_is_canceled %1 : i128 -> i1
// CHECK-NEXT: %3 = ttng.clc_get_program_id %1, y : i128 -> i32
// CHECK-NEXT: %4 = ttng.reinterpret_tensor_descriptor %arg2 : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16>>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @f(%buf: !ttg.memdesc<2xi64, #bar, #smem, mutable>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: !tt.ptr<i8>) -> i32 {
  %0 = ttng.clc_try_cancel_sync : tensor<2xi64>
  ttng.clc_try_cancel %buf, %b : !ttg.memdesc<2xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %1 = ttng.clc_load_result %buf : !ttg.memdesc<2xi64, #bar, #smem, mutable> -> i128
  %2 = ttng.clc_is_canceled %1 : i128 -> i1
  %3 = ttng.clc_get_program_id %1, y : i128 -> i32
  %4 = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16>>
  tt.return %3 : i32
}
