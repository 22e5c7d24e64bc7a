// RUN: ttc opt %s | FileCheck %s
// RUN: ttc opt %s | ttc opt | FileCheck %s

// Every tt op in the syntax Triton 3.6 prints; a second pass through ttc prints the same text.

// CHECK-LABEL: tt.func public @vector_add
// CHECK-SAME: (%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32) attributes {noinline = false}
// CHECK: %[[PID:.*]] = tt.get_program_id x : i32
// CHECK: tt.get_num_programs z : i32
// CHECK: %[[RANGE:.*]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
// CHECK: %[[SPLAT:.*]] = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
// CHECK: %[[PTRS:.*]] = tt.addptr %[[SPLAT]], %[[RANGE]] : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
// CHECK: %[[X:.*]] = tt.load %[[PTRS]] : tensor<1024x!tt.ptr<f32>>
// CHECK: tt.load %[[PTRS]], %{{.*}}, %[[X]] cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<1024x!tt.ptr<f32>>
// CHECK: tt.store %[[PTRS]], %[[X]], %{{.*}} cacheModifier = wb : tensor<1024x!tt.ptr<f32>>
// CHECK: tt.return
tt.func public @vector_add(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {noinline = false} {
  %pid = tt.get_program_id x : i32
  %np = tt.get_num_programs z : i32
  %offs = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %base = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %ptrs = tt.addptr %base, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %x = tt.load %ptrs : tensor<1024x!tt.ptr<f32>>
  %bound = tt.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %bound : tensor<1024xi32>
  %y = tt.load %ptrs, %mask, %x evictionPolicy = evict_last cacheModifier = cg {isVolatile = true} : tensor<1024x!tt.ptr<f32>>
  tt.store %ptrs, %x, %mask cacheModifier = wb : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: tt.func @shapes
// CHECK: tt.expand_dims %arg0 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
// CHECK: tt.broadcast %{{.*}} : tensor<64x1xi32> -> tensor<64x32xi32>
// CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<64x32xi32> -> tensor<2048xi32>
// CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x32xi32> -> tensor<32x64xi32>
// CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<64xi32> -> tensor<128xi32>
// CHECK: tt.join %{{.*}}, %{{.*}} : tensor<64xi32> -> tensor<64x2xi32>
// CHECK: %outLHS, %outRHS = tt.split %{{.*}} : tensor<64x2xi32> -> tensor<64xi32>
// CHECK: tt.histogram %arg0 : tensor<64xi32> -> tensor<16xi32>
// CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<64x32xi32>, tensor<16x32xi32>) -> tensor<16x32xi32>
// CHECK: tt.unsplat %{{.*}} : tensor<1x1xi32>
tt.func @shapes(%v: tensor<64xi32>, %idx: tensor<16x32xi32>, %s: i32) {
  %e = tt.expand_dims %v {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %b = tt.broadcast %e : tensor<64x1xi32> -> tensor<64x32xi32>
  %r = tt.reshape %b allow_reorder efficient_layout : tensor<64x32xi32> -> tensor<2048xi32>
  %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<64x32xi32> -> tensor<32x64xi32>
  %c = tt.cat %v, %v : tensor<64xi32> -> tensor<128xi32>
  %j = tt.join %v, %v : tensor<64xi32> -> tensor<64x2xi32>
  %lo, %hi = tt.split %j : tensor<64x2xi32> -> tensor<64xi32>
  %h = tt.histogram %v : tensor<64xi32> -> tensor<16xi32>
  %g = tt.gather %b[%idx] {axis = 0 : i32} : (tensor<64x32xi32>, tensor<16x32xi32>) -> tensor<16x32xi32>
  %one = tt.splat %s : i32 -> tensor<1x1xi32>
  %u = tt.unsplat %one : tensor<1x1xi32>
  tt.return
}

// CHECK-LABEL: tt.func @math
// CHECK: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
// CHECK: tt.dot %arg0, %arg1, %arg2 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
// CHECK: tt.fp_to_fp %arg2, rounding = rtne : tensor<64x64xf32> -> tensor<64x64xf8E4M3FN>
// CHECK: tt.fp_to_fp %arg0 : tensor<64x32xf16> -> tensor<64x32xf32>
// CHECK: tt.clampf %arg2, %arg2, %arg2, propagateNan = all : tensor<64x64xf32>
// CHECK: tt.precise_sqrt %arg2 : tensor<64x64xf32>
// CHECK: tt.precise_divf %arg2, %arg2 : tensor<64x64xf32>
// CHECK: tt.mulhiui %arg3, %arg3 : i32
// CHECK: tt.bitcast %arg2 : tensor<64x64xf32> -> tensor<64x64xi32>
// CHECK: tt.extern_elementwise %arg2 {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
// CHECK: tt.elementwise_inline_asm "cvt.rn.f16x2.f32 $0, $2, $1;" {constraints = "=r,r,r", packed_element = 2 : i32, pure = true} %arg0, %arg0 : tensor<64x32xf16>, tensor<64x32xf16> -> tensor<64x32xf16>
tt.func @math(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %acc: tensor<64x64xf32>, %i: i32) {
  %d = tt.dot %a, %b, %acc, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %d2 = tt.dot %a, %b, %acc {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %f8 = tt.fp_to_fp %acc, rounding = rtne : tensor<64x64xf32> -> tensor<64x64xf8E4M3FN>
  %up = tt.fp_to_fp %a : tensor<64x32xf16> -> tensor<64x32xf32>
  %cl = tt.clampf %acc, %acc, %acc, propagateNan = all : tensor<64x64xf32>
  %sq = tt.precise_sqrt %acc : tensor<64x64xf32>
  %dv = tt.precise_divf %acc, %acc : tensor<64x64xf32>
  %hi = tt.mulhiui %i, %i : i32
  %bc = tt.bitcast %acc : tensor<64x64xf32> -> tensor<64x64xi32>
  %ex = tt.extern_elementwise %acc {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %asm = tt.elementwise_inline_asm "cvt.rn.f16x2.f32 $0, $2, $1;" {constraints = "=r,r,r", packed_element = 2 : i32, pure = true} %a, %a : tensor<64x32xf16>, tensor<64x32xf16> -> tensor<64x32xf16>
  tt.return
}

// CHECK-LABEL: tt.func @reductions
// CHECK: "tt.reduce"(%arg0) <{axis = 1 : i32}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT: tt.reduce.return %[[S]] : f32
// CHECK-NEXT: }) : (tensor<8x16xf32>) -> tensor<8xf32>
// CHECK: "tt.scan"(%arg0) <{axis = 0 : i32, reverse = true}> ({
// CHECK: tt.scan.return %{{.*}} : f32
// CHECK-NEXT: }) : (tensor<8x16xf32>) -> tensor<8x16xf32>
tt.func @reductions(%v: tensor<8x16xf32>) {
  %r = "tt.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<8x16xf32>) -> tensor<8xf32>
  %c = "tt.scan"(%v) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  tt.return
}

// CHECK-LABEL: tt.func @atomics_and_debug
// CHECK: tt.atomic_rmw add, release, gpu, %arg0, %arg1 : (!tt.ptr<i32>, i32) -> i32
// CHECK: tt.atomic_rmw fadd, acq_rel, sys, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
// CHECK: tt.atomic_cas acq_rel, cta, %arg0, %arg1, %arg1 : (!tt.ptr<i32>, i32, i32) -> i32
// CHECK: tt.print " v: " {hex = false, isSigned = array<i32: 1>} : %arg1 : i32
// CHECK: tt.assert %arg4, "mask must hold" : tensor<16xi1>
tt.func @atomics_and_debug(%p: !tt.ptr<i32>, %v: i32, %fp: tensor<16x!tt.ptr<f32>>, %fv: tensor<16xf32>, %m: tensor<16xi1>) {
  %0 = tt.atomic_rmw add, release, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  %1 = tt.atomic_rmw fadd, acq_rel, sys, %fp, %fv, %m : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
  %2 = tt.atomic_cas acq_rel, cta, %p, %v, %v : (!tt.ptr<i32>, i32, i32) -> i32
  tt.print " v: " {hex = false, isSigned = array<i32: 1>} : %v : i32
  tt.assert %m, "mask must hold" : tensor<16xi1>
  tt.return
}

// CHECK-LABEL: tt.func @calls
// CHECK: %[[R:.*]] = tt.call @callee(%arg0) : (i32) -> i32
// CHECK: tt.return %[[R]] : i32
// CHECK-LABEL: tt.func private @callee
// CHECK-SAME: (%arg0: i32) -> i32 attributes {noinline = true}
tt.func @calls(%x: i32) -> i32 {
  %r = tt.call @callee(%x) : (i32) -> i32
  tt.return %r : i32
}
tt.func private @callee(%y: i32) -> i32 attributes {noinline = true} {
  tt.return %y : i32
}

// CHECK-LABEL: tt.func @descriptors
// CHECK: tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %arg3] : <f16>, <tensor<64x32xf16>>
// CHECK: tt.descriptor_load %{{.*}}[%arg1, %arg1] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
// CHECK: tt.descriptor_store %{{.*}}[%arg1, %arg1], %{{.*}} : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
tt.func @descriptors(%base: !tt.ptr<f16>, %dim: i32, %stride: i64, %one: i64) {
  %d = tt.make_tensor_descriptor %base, [%dim, %dim], [%stride, %one] : <f16>, <tensor<64x32xf16>>
  %t = tt.descriptor_load %d[%dim, %dim] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  tt.descriptor_store %d[%dim, %dim], %t : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  tt.return
}

// Integer descriptors carry the signedness of their data (`si8`, `ui32`), as Triton's frontend
// builds them; the pointer and the tensors loaded and stored stay signless.
// CHECK-LABEL: tt.func @signed_descriptors
// CHECK: tt.make_tensor_descriptor %arg0, [%arg2, %arg2], [%arg3, %arg4] : <i8>, <tensor<2x64xsi8>>
// CHECK: tt.descriptor_load %{{.*}}[%arg2, %arg2] : !tt.tensordesc<tensor<2x64xsi8>> -> tensor<2x64xi8>
// CHECK: tt.make_tensor_descriptor %arg1, [%arg2], [%arg4] : <i32>, <tensor<128xui32>>
// CHECK: tt.descriptor_store %{{.*}}[%arg2], %{{.*}} : !tt.tensordesc<tensor<128xui32>>, tensor<128xi32>
tt.func @signed_descriptors(%in: !tt.ptr<i8>, %out: !tt.ptr<i32>, %dim: i32, %stride: i64, %one: i64) {
  %d = tt.make_tensor_descriptor %in, [%dim, %dim], [%stride, %one] : <i8>, <tensor<2x64xsi8>>
  %t = tt.descriptor_load %d[%dim, %dim] : !tt.tensordesc<tensor<2x64xsi8>> -> tensor<2x64xi8>
  %e = tt.make_tensor_descriptor %out, [%dim], [%one] : <i32>, <tensor<128xui32>>
  %w = arith.extsi %t : tensor<2x64xi8> to tensor<2x64xi32>
  %r = tt.reshape %w : tensor<2x64xi32> -> tensor<128xi32>
  tt.descriptor_store %e[%dim], %r : !tt.tensordesc<tensor<128xui32>>, tensor<128xi32>
  tt.return
}

// A comma with no mask after it is an empty optional group, as MLIR's generated parser reads it:
// the load has no mask and prints without the comma.
// CHECK-LABEL: tt.func @load_empty_mask_group
// CHECK-NEXT: tt.load %arg0 : tensor<8x!tt.ptr<i8>>
tt.func @load_empty_mask_group(%p: tensor<8x!tt.ptr<i8>>) -> tensor<8xi8> {
  %v = tt.load %p, : tensor<8x!tt.ptr<i8>>
  tt.return %v : tensor<8xi8>
}
