// RUN: ttc opt %s -split-input-file -triton-reorder-broadcast | FileCheck %s

// CHECK-LABEL: tt.func @splat_after_elementwise
// CHECK: %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[R:.*]] = tt.splat %[[S]] : i32 -> tensor<128xi32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @splat_after_elementwise(%a: i32, %b: i32) -> tensor<128xi32> {
  %sa = tt.splat %a : i32 -> tensor<128xi32>
  %sb = tt.splat %b : i32 -> tensor<128xi32>
  %r = arith.addi %sa, %sb : tensor<128xi32>
  tt.return %r : tensor<128xi32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_after_elementwise
// CHECK: %[[C:.*]] = arith.constant dense<2> : tensor<1x32xi32>
// CHECK: %[[M:.*]] = arith.muli %arg0, %[[C]] : tensor<1x32xi32>
// CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[M]] : tensor<1x32xi32> -> tensor<64x32xi32>
// CHECK-NEXT: tt.return %[[B]]
tt.func @broadcast_after_elementwise(%x: tensor<1x32xi32>) -> tensor<64x32xi32> {
  %two = arith.constant dense<2> : tensor<64x32xi32>
  %b = tt.broadcast %x : tensor<1x32xi32> -> tensor<64x32xi32>
  %r = arith.muli %b, %two : tensor<64x32xi32>
  tt.return %r : tensor<64x32xi32>
}

// -----

// CHECK-LABEL: tt.func @different_sources_kept
// CHECK: tt.broadcast
// CHECK: tt.broadcast
// CHECK: arith.addi {{.*}} : tensor<4x4xi32>
tt.func @different_sources_kept(%x: tensor<1x4xi32>, %y: tensor<4x1xi32>) -> tensor<4x4xi32> {
  %bx = tt.broadcast %x : tensor<1x4xi32> -> tensor<4x4xi32>
  %by = tt.broadcast %y : tensor<4x1xi32> -> tensor<4x4xi32>
  %r = arith.addi %bx, %by : tensor<4x4xi32>
  tt.return %r : tensor<4x4xi32>
}
