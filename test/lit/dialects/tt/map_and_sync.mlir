// RUN: ttc opt %s | FileCheck %s
// RUN: ttc opt %s --mlir-print-op-generic | ttc opt | FileCheck %s
// tt.map_elementwise (generic form, custom terminator), tt.atomic_poll and the grid-dependency ops.

// CHECK-LABEL: tt.func @f
// CHECK-NEXT: %0 = "tt.map_elementwise"(%arg0, %arg1) <{pack = 2 : i32}> ({
// CHECK-NEXT: ^bb0(%arg5: f32, %arg6: f32, %arg7: f32, %arg8: f32):
// CHECK:        tt.map_elementwise.return %3, %4 : f32, f32
// CHECK-NEXT: }) : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
// CHECK-NEXT: %1 = tt.atomic_poll acquire, gpu, %arg2, %arg3 : !tt.ptr<i32>, i32 -> i1
// CHECK-NEXT: %2 = tt.atomic_poll relaxed, sys, %arg2, %arg3 timeout %arg4 : !tt.ptr<i32>, i32 -> i1
// CHECK-NEXT: tt.grid_dependency_wait
// CHECK-NEXT: tt.grid_dependency_launch_dependents
tt.func @f(%a: tensor<128xf32>, %b: tensor<128xf32>, %p: !tt.ptr<i32>, %e: i32, %t: i64) -> tensor<128xf32> {
  %r = "tt.map_elementwise"(%a, %b) <{pack = 2 : i32}> ({
  ^bb0(%a0: f32, %a1: f32, %b0: f32, %b1: f32):
    %x0 = arith.addf %a0, %b0 : f32
    %x1 = arith.addf %a1, %b1 : f32
    tt.map_elementwise.return %x0, %x1 : f32, f32
  }) : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
  %ok = tt.atomic_poll acquire, gpu, %p, %e : !tt.ptr<i32>, i32 -> i1
  %ok2 = tt.atomic_poll relaxed, sys, %p, %e timeout %t : !tt.ptr<i32>, i32 -> i1
  tt.grid_dependency_wait
  tt.grid_dependency_launch_dependents
  tt.return %r : tensor<128xf32>
}
