// RUN: ttc opt %s | FileCheck %s
// RUN: ttc opt %s | ttc opt | FileCheck %s

// Block pointers as the frontend writes them for tl.make_block_ptr / tl.advance, and loads and
// stores through them with boundary checks and padding; printed back in Triton 3.6's syntax.

// CHECK-LABEL: tt.func @block_ptr_2d
// CHECK: %[[P:.*]] = tt.make_tensor_ptr %arg0, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<32x16xbf16>>
// CHECK: %[[Q:.*]] = tt.advance %[[P]], [%{{.*}}, %{{.*}}] : <tensor<32x16xbf16>>
// CHECK: %[[V:.*]] = tt.load %[[Q]] {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<32x16xbf16>>
// CHECK: tt.store %[[Q]], %[[V]] {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<32x16xbf16>>
// CHECK: tt.load %[[Q]] cacheModifier = ca : !tt.ptr<tensor<32x16xbf16>>
tt.func @block_ptr_2d(%base: !tt.ptr<bf16>, %rows: i64, %cols: i64, %pid: i32) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %p = tt.make_tensor_ptr %base, [%rows, %cols], [%cols, %c1], [%pid, %c0] {order = array<i32: 1, 0>} : <tensor<32x16xbf16>>
  %q = tt.advance %p, [%c0, %c16] : <tensor<32x16xbf16>>
  %v = tt.load %q {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<32x16xbf16>>
  tt.store %q, %v {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<32x16xbf16>>
  %w = tt.load %q cacheModifier = ca : !tt.ptr<tensor<32x16xbf16>>
  tt.return
}

// CHECK-LABEL: tt.func @block_ptr_loop
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!tt.ptr<tensor<64xi8>>)  : i32
// CHECK: tt.advance %{{.*}}, [%{{.*}}] : <tensor<64xi8>>
// CHECK: scf.yield %{{.*}} : !tt.ptr<tensor<64xi8>>
tt.func @block_ptr_loop(%base: !tt.ptr<i8>, %n: i64, %k: i32) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %p = tt.make_tensor_ptr %base, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<64xi8>>
  %r = scf.for %i = %c0 to %k step %c64 iter_args(%it = %p) -> (!tt.ptr<tensor<64xi8>>) : i32 {
    %next = tt.advance %it, [%c64] : <tensor<64xi8>>
    scf.yield %next : !tt.ptr<tensor<64xi8>>
  }
  tt.return
}
