// RUN: ttc opt %s | FileCheck %s

// Spellings of Triton 2.x-3.1 parse into today's ops and print as Triton 3.6 prints them.

// CHECK-LABEL: tt.func @old_types
// CHECK-SAME: (%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>)
// CHECK: tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
// CHECK: tt.get_program_id y : i32
tt.func @old_types(%a: !tt.ptr<f16, 1>, %b: !tt.ptr<f32, "global">) {
  %0 = tt.splat %a : (!tt.ptr<f16, 1>) -> tensor<128x!tt.ptr<f16, 1>>
  %1 = tt.get_program_id {axis = 1 : i32} : i32
  tt.return
}

// CHECK-LABEL: tt.func @old_load_store
// CHECK: %[[P:.*]] = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
// CHECK: %[[L:.*]] = tt.load %[[P]], %arg1, %arg2 : tensor<128x!tt.ptr<f16>>
// CHECK: tt.load %[[P]] cacheModifier = ca evictionPolicy = evict_first {isVolatile = true} : tensor<128x!tt.ptr<f16>>
// CHECK: tt.store %[[P]], %[[L]], %arg1 : tensor<128x!tt.ptr<f16>>
// CHECK: tt.store %[[P]], %[[L]] cacheModifier = cv evictionPolicy = evict_last : tensor<128x!tt.ptr<f16>>
tt.func @old_load_store(%a: !tt.ptr<f16, 1>, %mask: tensor<128xi1>, %other: tensor<128xf16>) {
  %ptrs = tt.splat %a : (!tt.ptr<f16, 1>) -> tensor<128x!tt.ptr<f16, 1>>
  %x = tt.load %ptrs, %mask, %other {cache = 1 : i32, evict = 1 : i32, isVolatile = false} : tensor<128xf16>
  %y = tt.load %ptrs {cache = 2 : i32, evict = 2 : i32, isVolatile = true} : tensor<128xf16>
  tt.store %ptrs, %x, %mask {cache = 1 : i32, evict = 1 : i32} : tensor<128xf16>
  tt.store %ptrs, %x {cache = 7 : i32, evict = 3 : i32} : tensor<128xf16>
  tt.return
}

// CHECK-LABEL: tt.func @old_shapes
// CHECK: tt.expand_dims %arg0 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
// CHECK: tt.broadcast %{{.*}} : tensor<1x32xi32> -> tensor<128x32xi32>
// CHECK: tt.reshape %{{.*}} : tensor<128x32xi32> -> tensor<4096xi32>
// CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<128x32xi32> -> tensor<32x128xi32>
// CHECK: tt.cat %arg0, %arg0 : tensor<32xi32> -> tensor<64xi32>
tt.func @old_shapes(%v: tensor<32xi32>) {
  %0 = tt.expand_dims %v {axis = 0 : i32} : (tensor<32xi32>) -> tensor<1x32xi32>
  %1 = tt.broadcast %0 : (tensor<1x32xi32>) -> tensor<128x32xi32>
  %2 = tt.view %1 : (tensor<128x32xi32>) -> tensor<4096xi32>
  %3 = tt.trans %1 : (tensor<128x32xi32>) -> tensor<32x128xi32>
  %4 = tt.cat %v, %v : (tensor<32xi32>, tensor<32xi32>) -> tensor<64xi32>
  tt.return
}

// CHECK-LABEL: tt.func @old_dot
// CHECK: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
// CHECK: tt.dot %arg0, %arg1, %arg2 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
// CHECK-NOT: allowTF32
tt.func @old_dot(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>) {
  %0 = tt.dot %a, %b, %c {allowTF32 = true, maxNumImpreciseAcc = 0 : i32, transA = false, transB = false} : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  %1 = tt.dot %a, %b, %c {allowTF32 = false} : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  tt.return
}

