// RUN: ttc opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer | FileCheck %s

// A host descriptor parameter of rank 2 with attributes; the frontend's own size and stride
// parameters follow it. Load then store through it.

// CHECK-LABEL: tt.func public @host_rank2
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %[[S0:.*]]: i64, %[[S1:.*]]: i64, %[[ST0:.*]]: i64, %[[ST1:.*]]: i64, %[[NAN:.*]]: i1, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i64, %{{.*}}: i64, %[[I:.*]]: i32)
// CHECK: %[[ROW:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK: %[[COL:.*]] = arith.constant 0 : i64
// CHECK: %[[NANS:.*]] = arith.constant dense<0x7E00> : tensor<16x32xf16>
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf16>
// CHECK: %[[OTHER:.*]] = arith.select %[[NAN]], %[[NANS]], %[[ZEROS]] : tensor<16x32xf16>
// CHECK: tt.splat %[[ROW]] : i64 -> tensor<16xi64>
// CHECK: tt.splat %[[COL]] : i64 -> tensor<32xi64>
// CHECK: tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
// CHECK: tt.splat %[[ST0]] : i64 -> tensor<16x1xi64>
// CHECK: tt.addptr
// CHECK: tt.splat %[[ST1]] : i64 -> tensor<1x32xi64>
// CHECK: %[[PTR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
// CHECK: tt.splat %[[S0]] : i64 -> tensor<16x1xi64>
// CHECK: tt.splat %[[S1]] : i64 -> tensor<1x32xi64>
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x32xi1>
// CHECK: %[[V:.*]] = tt.load %[[PTR]], %[[MASK]], %[[OTHER]] cacheModifier = cg : tensor<16x32x!tt.ptr<f16>>
// CHECK: tt.store %{{.*}}, %[[V]], %{{.*}} : tensor<16x32x!tt.ptr<f16>>
// CHECK-NOT: tt.descriptor
tt.func public @host_rank2(%d: !tt.tensordesc<tensor<16x32xf16>> {tt.divisibility = 16 : i32}, %d_s0: i32, %d_s1: i32, %d_st0: i64, %d_st1: i64, %i: i32) {
  %c0 = arith.constant 0 : i32
  %v = tt.descriptor_load %d[%i, %c0] cacheModifier = cg : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
  tt.descriptor_store %d[%c0, %i], %v : !tt.tensordesc<tensor<16x32xf16>>, tensor<16x32xf16>
  tt.return
}

// -----

// A rank-1 descriptor made in the kernel, NaN padding: the flag is a constant true.

// CHECK-LABEL: tt.func public @made_rank1
// CHECK: %[[SIZE:.*]] = arith.extsi %arg1 : i32 to i64
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: arith.select %[[TRUE]], %{{.*}}, %{{.*}} : tensor<64xf32>
// CHECK: tt.splat %c1_i64 : i64 -> tensor<64xi64>
// CHECK: tt.splat %[[SIZE]] : i64 -> tensor<64xi64>
// CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK-NOT: tt.make_tensor_descriptor
tt.func public @made_rank1(%p: !tt.ptr<f32>, %n: i32, %i: i32) -> tensor<64xf32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%n], [%c1] {padding = 2 : i32} : <f32>, <tensor<64xf32>>
  %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<64xf32>> -> tensor<64xf32>
  tt.return %v : tensor<64xf32>
}

// -----

// A rank-3 descriptor of signed integers made in the kernel with constant sizes: the pointer is
// signless, the sizes are i64 constants, and masked-off elements read zero.

// CHECK-LABEL: tt.func public @made_rank3
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i64
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i64
// CHECK-DAG: %false = arith.constant false
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0> : tensor<2x8x64xi8>
// CHECK: tt.splat %arg0 : !tt.ptr<i8> -> tensor<2x8x64x!tt.ptr<i8>>
// CHECK: tt.addptr
// CHECK: tt.addptr
// CHECK: %[[PTR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<2x8x64x!tt.ptr<i8>>, tensor<2x8x64xi64>
// CHECK: tt.splat %[[C2]] : i64 -> tensor<2x1x1xi64>
// CHECK: %[[M0:.*]] = tt.broadcast %{{.*}} : tensor<2x1x1xi1> -> tensor<2x8x64xi1>
// CHECK: tt.splat %[[C8]] : i64 -> tensor<1x8x1xi64>
// CHECK: %[[M1:.*]] = tt.broadcast %{{.*}} : tensor<1x8x1xi1> -> tensor<2x8x64xi1>
// CHECK: %[[M01:.*]] = arith.andi %[[M0]], %[[M1]] : tensor<2x8x64xi1>
// CHECK: tt.splat %[[C64]] : i64 -> tensor<1x1x64xi64>
// CHECK: %[[M2:.*]] = tt.broadcast %{{.*}} : tensor<1x1x64xi1> -> tensor<2x8x64xi1>
// CHECK: %[[MASK:.*]] = arith.andi %[[M01]], %[[M2]] : tensor<2x8x64xi1>
// CHECK: %[[V:.*]] = tt.load %[[PTR]], %[[MASK]], %[[ZEROS]] : tensor<2x8x64x!tt.ptr<i8>>
// CHECK: tt.store %{{.*}}, %[[V]], %{{.*}} : tensor<2x8x64x!tt.ptr<i8>>
tt.func public @made_rank3(%p: !tt.ptr<i8>, %s0: i64, %s1: i64) {
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %d = tt.make_tensor_descriptor %p, [%c2, %c8, %c64], [%s0, %s1, %c1] : <i8>, <tensor<2x8x64xsi8>>
  %v = tt.descriptor_load %d[%c0, %c0, %c0] : !tt.tensordesc<tensor<2x8x64xsi8>> -> tensor<2x8x64xi8>
  tt.descriptor_store %d[%c0, %c0, %c64], %v : !tt.tensordesc<tensor<2x8x64xsi8>>, tensor<2x8x64xi8>
  tt.return
}

// -----

// A descriptor carried by a loop and chosen by scf.if and arith.select.

// CHECK-LABEL: tt.func public @control_flow
// CHECK-SAME: (%[[A:.*]]: !tt.ptr<f32>, %[[AS:.*]]: i64, %[[AST:.*]]: i64, %[[AN:.*]]: i1, %[[B:.*]]: !tt.ptr<f32>, %[[BS:.*]]: i64, %[[BST:.*]]: i64, %[[BN:.*]]: i1, %[[C:.*]]: i1, %{{.*}}: i32)
// CHECK: %[[SEL:.*]]:4 = scf.if %[[C]] -> (!tt.ptr<f32>, i64, i64, i1) {
// CHECK:   scf.yield %[[A]], %[[AS]], %[[AST]], %[[AN]] : !tt.ptr<f32>, i64, i64, i1
// CHECK: } else {
// CHECK:   scf.yield %[[B]], %[[BS]], %[[BST]], %[[BN]] : !tt.ptr<f32>, i64, i64, i1
// CHECK: }
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[D:.*]] = %[[SEL]]#0, %[[DS:.*]] = %[[SEL]]#1, %[[DST:.*]] = %[[SEL]]#2, %[[DN:.*]] = %[[SEL]]#3) -> (!tt.ptr<f32>, i64, i64, i1)  : i32 {
// CHECK:   arith.select %[[DN]], %{{.*}}, %{{.*}} : tensor<32xf32>
// CHECK:   tt.splat %[[D]] : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
// CHECK:   tt.load
// CHECK:   tt.store
// CHECK:   %[[E:.*]]:4 = scf.if %[[C]] -> (!tt.ptr<f32>, i64, i64, i1) {
// CHECK:     scf.yield %[[A]], %[[AS]], %[[AST]], %[[AN]] : !tt.ptr<f32>, i64, i64, i1
// CHECK:   } else {
// CHECK:     scf.yield %[[D]], %[[DS]], %[[DST]], %[[DN]] : !tt.ptr<f32>, i64, i64, i1
// CHECK:   }
// CHECK:   scf.yield %[[E]]#0, %[[E]]#1, %[[E]]#2, %[[E]]#3 : !tt.ptr<f32>, i64, i64, i1
tt.func public @control_flow(%a: !tt.tensordesc<tensor<32xf32>>, %b: !tt.tensordesc<tensor<32xf32>>, %c: i1, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %s = arith.select %c, %a, %b : !tt.tensordesc<tensor<32xf32>>
  %r = scf.for %i = %c0 to %n step %c32 iter_args(%d = %s) -> (!tt.tensordesc<tensor<32xf32>>) : i32 {
    %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<32xf32>> -> tensor<32xf32>
    tt.descriptor_store %d[%i], %v : !tt.tensordesc<tensor<32xf32>>, tensor<32xf32>
    %e = scf.if %c -> (!tt.tensordesc<tensor<32xf32>>) {
      scf.yield %a : !tt.tensordesc<tensor<32xf32>>
    } else {
      scf.yield %d : !tt.tensordesc<tensor<32xf32>>
    }
    scf.yield %e : !tt.tensordesc<tensor<32xf32>>
  }
  tt.return
}

// -----

// Row gather and scatter, and reductions: float add, signed max, unsigned min, xor.

// CHECK-LABEL: tt.func public @gather_scatter_reduce
// CHECK: %[[ROWS:.*]] = tt.expand_dims %arg6 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
// CHECK: %[[COL:.*]] = arith.extsi %arg7 : i32 to i64
// CHECK: %[[ROWS64:.*]] = arith.extsi %[[ROWS]] : tensor<8x1xi32> to tensor<8x1xi64>
// CHECK: tt.splat %[[COL]] : i64 -> tensor<64xi64>
// CHECK: tt.splat %arg3 : i64 -> tensor<8x1xi64>
// CHECK: tt.addptr
// CHECK: %[[GPTR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<8x64x!tt.ptr<f16>>, tensor<8x64xi64>
// CHECK: arith.cmpi sge, %[[ROWS64]], %{{.*}} : tensor<8x1xi64>
// CHECK: %[[GMASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<8x64xi1>
// CHECK: %[[OTHER:.*]] = arith.select %arg5, %{{.*}}, %{{.*}} : tensor<8x64xf16>
// CHECK: %[[G:.*]] = tt.load %[[GPTR]], %[[GMASK]], %[[OTHER]] : tensor<8x64x!tt.ptr<f16>>
// CHECK: tt.store %{{.*}}, %[[G]], %{{.*}} : tensor<8x64x!tt.ptr<f16>>
// CHECK: tt.atomic_rmw fadd, release, gpu, %{{.*}}, %arg14, %{{.*}} : (tensor<8x16x!tt.ptr<f32>>, tensor<8x16xf32>, tensor<8x16xi1>) -> tensor<8x16xf32>
// CHECK: tt.atomic_rmw max, release, gpu, %{{.*}}, %arg27, %{{.*}} : (tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi32>, tensor<8x16xi1>) -> tensor<8x16xi32>
// CHECK: tt.atomic_rmw umin, release, gpu, %{{.*}}, %arg27, %{{.*}} : (tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi32>, tensor<8x16xi1>) -> tensor<8x16xi32>
// CHECK: tt.atomic_rmw xor, release, gpu, %{{.*}}, %arg27, %{{.*}} : (tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi32>, tensor<8x16xi1>) -> tensor<8x16xi32>
tt.func public @gather_scatter_reduce(%d: !tt.tensordesc<tensor<1x64xf16>>, %rows: tensor<8xi32>, %col: i32, %f: !tt.tensordesc<tensor<8x16xf32>>, %t: tensor<8x16xf32>, %s: !tt.tensordesc<tensor<8x16xsi32>>, %u: !tt.tensordesc<tensor<8x16xui32>>, %x: tensor<8x16xi32>) {
  %g = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<8xi32>, i32) -> tensor<8x64xf16>
  tt.descriptor_scatter %d[%rows, %col], %g : !tt.tensordesc<tensor<1x64xf16>>, tensor<8xi32>, i32, tensor<8x64xf16>
  tt.descriptor_reduce add, %f[%col, %col], %t : !tt.tensordesc<tensor<8x16xf32>>, tensor<8x16xf32>
  tt.descriptor_reduce max, %s[%col, %col], %x : !tt.tensordesc<tensor<8x16xsi32>>, tensor<8x16xi32>
  tt.descriptor_reduce min, %u[%col, %col], %x : !tt.tensordesc<tensor<8x16xui32>>, tensor<8x16xi32>
  tt.descriptor_reduce xor, %u[%col, %col], %x : !tt.tensordesc<tensor<8x16xui32>>, tensor<8x16xi32>
  tt.return
}

// -----

// A device function taking and returning a descriptor, and its call.

// CHECK-LABEL: tt.func private @pass_through
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<i16>, %[[S:.*]]: i64, %[[ST:.*]]: i64, %[[N:.*]]: i1) -> (!tt.ptr<i16>, i64, i64, i1) attributes {noinline = true}
// CHECK: tt.return %[[P]], %[[S]], %[[ST]], %[[N]] : !tt.ptr<i16>, i64, i64, i1
// CHECK-LABEL: tt.func public @caller
// CHECK: %[[R:.*]]:4 = tt.call @pass_through(%arg0, %arg1, %arg2, %arg3) : (!tt.ptr<i16>, i64, i64, i1) -> (!tt.ptr<i16>, i64, i64, i1)
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0> : tensor<16xi16>
// CHECK: tt.splat %[[R]]#0 : !tt.ptr<i16> -> tensor<16x!tt.ptr<i16>>
// CHECK: tt.load %{{.*}}, %{{.*}}, %[[ZEROS]] : tensor<16x!tt.ptr<i16>>
tt.func private @pass_through(%d: !tt.tensordesc<tensor<16xi16>>) -> !tt.tensordesc<tensor<16xi16>> attributes {noinline = true} {
  tt.return %d : !tt.tensordesc<tensor<16xi16>>
}
tt.func public @caller(%d: !tt.tensordesc<tensor<16xi16>>, %i: i32) -> tensor<16xi16> {
  %e = tt.call @pass_through(%d) : (!tt.tensordesc<tensor<16xi16>>) -> !tt.tensordesc<tensor<16xi16>>
  %v = tt.descriptor_load %e[%i] : !tt.tensordesc<tensor<16xi16>> -> tensor<16xi16>
  tt.return %v : tensor<16xi16>
}

// -----

// Loads and stores through pointers are left alone.

// CHECK-LABEL: tt.func public @no_descriptor
// CHECK-NEXT: %[[V:.*]] = tt.load %arg0 : tensor<16x!tt.ptr<f32>>
// CHECK-NEXT: tt.store %arg0, %[[V]] : tensor<16x!tt.ptr<f32>>
// CHECK-NEXT: tt.return
tt.func public @no_descriptor(%p: tensor<16x!tt.ptr<f32>>) {
  %v = tt.load %p : tensor<16x!tt.ptr<f32>>
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}
