// RUN: ttc opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @fold_identities
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[R:.*]] = arith.addi %arg0, %[[C4]] : i32
// CHECK-NEXT: tt.return %[[R]] : i32
tt.func @fold_identities(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %x, %c0 : i32
  %b = arith.muli %c1, %a : i32
  %d = arith.addi %b, %c2 : i32
  %e = arith.addi %d, %c2 : i32
  tt.return %e : i32
}

// -----

// CHECK-LABEL: tt.func @constants_hoisted_and_uniqued
// CHECK-NEXT: %[[C:.*]] = arith.constant 1024 : i32
// CHECK-NEXT: %[[PID:.*]] = tt.get_program_id x : i32
// CHECK-NEXT: arith.muli %[[PID]], %[[C]] : i32
// CHECK-NOT: arith.constant
tt.func @constants_hoisted_and_uniqued() -> i32 {
  %pid = tt.get_program_id x : i32
  %a = arith.constant 1024 : i32
  %b = arith.constant 1024 : i32
  %unused = arith.extsi %b : i32 to i64
  %r = arith.muli %pid, %b : i32
  tt.return %r : i32
}

// -----

// CHECK-LABEL: tt.func @splat_of_constant
// CHECK-NEXT: %[[CST:.*]] = arith.constant dense<3> : tensor<16xi32>
// CHECK-NEXT: tt.return %[[CST]]
tt.func @splat_of_constant() -> tensor<16xi32> {
  %c = arith.constant 3 : i32
  %s = tt.splat %c : i32 -> tensor<16xi32>
  tt.return %s : tensor<16xi32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_and_expand_of_splat
// CHECK-NEXT: %[[S:.*]] = tt.splat %arg0 : i32 -> tensor<4x8xi32>
// CHECK-NEXT: tt.return %[[S]]
tt.func @broadcast_and_expand_of_splat(%x: i32) -> tensor<4x8xi32> {
  %s = tt.splat %x : i32 -> tensor<4xi32>
  %e = tt.expand_dims %s {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %b = tt.broadcast %e : tensor<4x1xi32> -> tensor<4x8xi32>
  tt.return %b : tensor<4x8xi32>
}

// -----

// CHECK-LABEL: tt.func @masked_load_store
// CHECK: %[[L:.*]] = tt.load %arg0 : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: tt.store %arg0, %[[L]] : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: tt.return
tt.func @masked_load_store(%p: tensor<8x!tt.ptr<f32>>) {
  %true = arith.constant dense<true> : tensor<8xi1>
  %false = arith.constant dense<false> : tensor<8xi1>
  %l = tt.load %p, %true : tensor<8x!tt.ptr<f32>>
  tt.store %p, %l, %true : tensor<8x!tt.ptr<f32>>
  tt.store %p, %l, %false : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @for_forwarded_iter_arg
// CHECK: scf.for {{.*}} iter_args(%[[A:.*]] = %arg1) -> (i32)
// CHECK: arith.addi %[[A]], %arg1
tt.func @for_forwarded_iter_arg(%n: i32, %x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %c2) -> (i32, i32) : i32 {
    %s = arith.addi %a, %x : i32
    scf.yield %s, %c2 : i32, i32
  }
  %t = arith.addi %r#0, %r#1 : i32
  tt.return %t : i32
}

// -----

// CHECK-LABEL: tt.func @if_static_condition
// CHECK-NOT: scf.if
// CHECK: tt.return %arg0
tt.func @if_static_condition(%x: i32, %y: i32) -> i32 {
  %true = arith.constant true
  %r = scf.if %true -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  tt.return %r : i32
}

// -----

// CHECK-LABEL: tt.func @cmpi_same_operands
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: tt.return %[[T]]
tt.func @cmpi_same_operands(%x: i32) -> i1 {
  %r = arith.cmpi sle, %x, %x : i32
  tt.return %r : i1
}

// -----

// CHECK-LABEL: tt.func @unused_loads
// CHECK-NEXT: tt.load %arg0 {isVolatile = true}
// CHECK-NEXT: tt.atomic_rmw
// CHECK-NEXT: tt.return
tt.func @unused_loads(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf32>) {
  %a = tt.load %p : tensor<8x!tt.ptr<f32>>
  %b = tt.load %p {isVolatile = true} : tensor<8x!tt.ptr<f32>>
  %c = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<8x!tt.ptr<f32>>, tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @unused_extern_calls
// CHECK-NEXT: tt.extern_elementwise %arg0 {libname = "", libpath = "", pure = false, symbol = "side"}
// CHECK-NEXT: tt.return
tt.func @unused_extern_calls(%x: f32) {
  %a = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "fn"} : (f32) -> f32
  %b = tt.extern_elementwise %x {libname = "", libpath = "", pure = false, symbol = "side"} : (f32) -> f32
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @unused_shared_memory_ops
  // CHECK-NEXT: %[[M:.*]] = ttg.local_alloc %arg0 : {{.*}}mutable>
  // CHECK-NEXT: ttg.local_dealloc %[[M]]
  // CHECK-NEXT: tt.return
  tt.func @unused_shared_memory_ops(%t: tensor<64x32xf16, #blocked>) {
    %immutable = ttg.local_alloc %t : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %m = ttg.local_alloc %t : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %l = ttg.local_load %m : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>
    ttg.local_dealloc %m : !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// arith.bitcast of a constant folds to a new constant (materialized where the cast was, then
// hoisted), before the identity-cast fold would forward the operand.
// CHECK-LABEL: tt.func @bitcast_constants
// CHECK-DAG: %[[F:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[I:.*]] = arith.constant dense<-1082130432> : tensor<4xi32>
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: tt.return %[[F]], %[[I]], %[[Z]]
tt.func @bitcast_constants(%x: i32) -> (f32, tensor<4xi32>, i32) {
  %c = arith.constant 1065353216 : i32
  %f = arith.bitcast %c : i32 to f32
  %m = arith.constant dense<-1.000000e+00> : tensor<4xf32>
  %i = arith.bitcast %m : tensor<4xf32> to tensor<4xi32>
  %z = arith.constant 0 : i32
  %same = arith.bitcast %z : i32 to i32
  tt.return %f, %i, %same : f32, tensor<4xi32>, i32
}

// -----

// LLVM-dialect constants are constant-like as arith.constant is: uniqued per (dialect, value,
// type) and hoisted to the start of the entry block, the last one met ending up first.
// CHECK-LABEL: llvm.func @llvm_constants_uniqued
// CHECK-NEXT: %[[G:.*]] = llvm.mlir.addressof @g : !llvm.ptr<3>
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : vector<1xf32>
// CHECK-NEXT: %[[IDX:.*]] = llvm.mlir.constant(0 : index) : i32
// CHECK-NEXT: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[C7:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT: %[[A:.*]] = llvm.add %arg0, %[[C7]] : i32
// CHECK-NEXT: %[[B:.*]] = llvm.add %[[A]], %[[C0]] : i32
// CHECK-NEXT: llvm.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[D:.*]] = llvm.mul %[[B]], %[[C7]] : i32
// CHECK-NEXT: %[[E:.*]] = llvm.add %[[D]], %[[IDX]] : i32
// CHECK-NEXT: %[[V:.*]] = llvm.insertelement %{{.*}}, %[[U]][%[[C0]] : i32] : vector<1xf32>
// CHECK-NEXT: llvm.store %[[V]], %[[G]] : vector<1xf32>, !llvm.ptr<3>
// CHECK-NEXT: llvm.return %[[E]] : i32
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.store %{{.*}}, %[[G]] : vector<1xf32>, !llvm.ptr<3>
// CHECK-NEXT: llvm.return %[[C7]] : i32
llvm.mlir.global external @g() {addr_space = 3 : i32} : !llvm.array<0 x i8>
llvm.func @llvm_constants_uniqued(%x: i32, %p: i1, %f: f32) -> i32 {
  %c7 = llvm.mlir.constant(7 : i32) : i32
  %a = llvm.add %x, %c7 : i32
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %b = llvm.add %a, %c0 : i32
  llvm.cond_br %p, ^bb1, ^bb2
^bb1:
  %c7b = llvm.mlir.constant(7 : i32) : i32
  %d = llvm.mul %b, %c7b : i32
  %i0 = llvm.mlir.constant(0 : index) : i32
  %e = llvm.add %d, %i0 : i32
  %u = llvm.mlir.undef : vector<1xf32>
  %c0b = llvm.mlir.constant(0 : i32) : i32
  %v = llvm.insertelement %f, %u[%c0b : i32] : vector<1xf32>
  %g = llvm.mlir.addressof @g : !llvm.ptr<3>
  llvm.store %v, %g : vector<1xf32>, !llvm.ptr<3>
  llvm.return %e : i32
^bb2:
  %u2 = llvm.mlir.undef : vector<1xf32>
  %g2 = llvm.mlir.addressof @g : !llvm.ptr<3>
  llvm.store %u2, %g2 : vector<1xf32>, !llvm.ptr<3>
  %c7c = llvm.mlir.constant(7 : i32) : i32
  llvm.return %c7c : i32
}

// -----

// An iter arg that yields another, removable one becomes removable itself once that one is
// replaced by its init value: both go.
// CHECK-LABEL: tt.func @chained_forwarded_iter_args
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32)
// CHECK: arith.addi %{{.*}}, %c2_i32
tt.func @chained_forwarded_iter_args(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0, %x = %c2, %y = %c2) -> (i32, i32, i32) : i32 {
    %s = arith.addi %acc, %x : i32
    scf.yield %s, %y, %c2 : i32, i32, i32
  }
  tt.return %r#0 : i32
}

// -----

// Two loop arguments with the same init and the same yielded value are one: the second merges into
// the first, its uses and its result's uses with it.
// CHECK-LABEL: tt.func @merge_twin_iter_args
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %arg1) -> (i32)
// CHECK:   %[[S:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK:   scf.yield %[[S]] : i32
// CHECK: tt.return %[[R]], %[[R]] : i32, i32
tt.func @merge_twin_iter_args(%n: i32, %x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
    %s = arith.muli %a, %b : i32
    scf.yield %s, %s : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// A pointer cast to an integer and back is the pointer; to another pointee type, a bitcast.
// CHECK-LABEL: tt.func @int_pointer_round_trip
// CHECK-SAME: (%[[P:.*]]: tensor<32x!tt.ptr<i16>>, %[[Q:.*]]: !tt.ptr<i8>)
// CHECK-NEXT: %[[C:.*]] = tt.bitcast %[[Q]] : !tt.ptr<i8> -> !tt.ptr<f64>
// CHECK-NEXT: tt.return %[[P]], %[[C]] : tensor<32x!tt.ptr<i16>>, !tt.ptr<f64>
tt.func @int_pointer_round_trip(%p: tensor<32x!tt.ptr<i16>>, %q: !tt.ptr<i8>) -> (tensor<32x!tt.ptr<i16>>, !tt.ptr<f64>) {
  %0 = tt.ptr_to_int %p : tensor<32x!tt.ptr<i16>> -> tensor<32xi64>
  %1 = tt.int_to_ptr %0 : tensor<32xi64> -> tensor<32x!tt.ptr<i16>>
  %2 = tt.ptr_to_int %q : !tt.ptr<i8> -> i64
  %3 = tt.int_to_ptr %2 : i64 -> !tt.ptr<f64>
  tt.return %1, %3 : tensor<32x!tt.ptr<i16>>, !tt.ptr<f64>
}

// -----

// A constant byte offset added to a pointer's integer is an addptr by whole elements: 24 bytes
// are 3 doubles; 6 bytes are not a whole number of f64 and stay integer arithmetic.
// CHECK-LABEL: tt.func @int_pointer_offsets
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f64>, %[[X:.*]]: i64)
// CHECK: %[[THREE:.*]] = arith.constant 3 : i64
// CHECK: %[[WHOLE:.*]] = tt.addptr %[[P]], %[[THREE]] : !tt.ptr<f64>, i64
// CHECK: %[[SUM:.*]] = arith.addi %[[X]], %{{.*}} : i64
// CHECK: %[[PART:.*]] = tt.int_to_ptr %[[SUM]] : i64 -> !tt.ptr<f64>
// CHECK: tt.return %[[WHOLE]], %[[PART]]
tt.func @int_pointer_offsets(%p: !tt.ptr<f64>, %x: i64) -> (!tt.ptr<f64>, !tt.ptr<f64>) {
  %c24 = arith.constant 24 : i64
  %c6 = arith.constant 6 : i64
  %0 = tt.ptr_to_int %p : !tt.ptr<f64> -> i64
  %1 = arith.addi %0, %c24 : i64
  %2 = tt.int_to_ptr %1 : i64 -> !tt.ptr<f64>
  %3 = arith.addi %x, %c6 : i64
  %4 = tt.int_to_ptr %3 : i64 -> !tt.ptr<f64>
  tt.return %2, %4 : !tt.ptr<f64>, !tt.ptr<f64>
}

// -----

// Reshaping an expand_dims back to its source type is the source; a reshape that may reorder
// elements, or to another shape, stays.
// CHECK-LABEL: tt.func @reshape_undoes_expand_dims
// CHECK-SAME: (%[[X:.*]]: tensor<16x4xf16>)
// CHECK-NEXT: %[[E:.*]] = tt.expand_dims %[[X]] {axis = 1 : i32} : tensor<16x4xf16> -> tensor<16x1x4xf16>
// CHECK-NEXT: %[[R:.*]] = tt.reshape %[[E]] allow_reorder : tensor<16x1x4xf16> -> tensor<16x4xf16>
// CHECK-NEXT: %[[S:.*]] = tt.reshape %[[E]] : tensor<16x1x4xf16> -> tensor<64xf16>
// CHECK-NEXT: tt.return %[[X]], %[[R]], %[[S]]
tt.func @reshape_undoes_expand_dims(%x: tensor<16x4xf16>) -> (tensor<16x4xf16>, tensor<16x4xf16>, tensor<64xf16>) {
  %0 = tt.expand_dims %x {axis = 1 : i32} : tensor<16x4xf16> -> tensor<16x1x4xf16>
  %1 = tt.reshape %0 : tensor<16x1x4xf16> -> tensor<16x4xf16>
  %2 = tt.reshape %0 allow_reorder : tensor<16x1x4xf16> -> tensor<16x4xf16>
  %3 = tt.reshape %0 : tensor<16x1x4xf16> -> tensor<64xf16>
  tt.return %1, %2, %3 : tensor<16x4xf16>, tensor<16x4xf16>, tensor<64xf16>
}

// -----

// The frontend's lowering of `if c: return` leaves the code after the return in blocks that no
// branch reaches; they verify (MLIR checks no dominance there) and canonicalize erases them.
// CHECK-LABEL: tt.func @unreachable_after_return
// CHECK-NEXT: %[[PID:.*]] = tt.get_program_id x : i32
// CHECK-NEXT: tt.store %arg0, %[[PID]] : !tt.ptr<i32>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func @unreachable_after_return(%out: !tt.ptr<i32>, %sem: !tt.ptr<i32>) {
  %zero = arith.constant 0 : i32
  %pid = tt.get_program_id x : i32
  tt.store %out, %pid : !tt.ptr<i32>
  tt.return
^bb1:
  %one = arith.constant 1 : i32
  %true = arith.constant true
  %prev = tt.atomic_rmw add, acq_rel, gpu, %sem, %one, %true : (!tt.ptr<i32>, i32, i1) -> i32
  %done = arith.cmpi ne, %prev, %one : i32
  cf.cond_br %done, ^bb2, ^bb3
^bb2:
  tt.return
^bb3:
  cf.br ^bb4(%zero : i32)
^bb4(%v: i32):
  %sum = arith.addi %prev, %v : i32
  tt.store %out, %sum : !tt.ptr<i32>
  tt.return
}

// -----

// An scf.if that computes something still turns the results it merely selects into arith.select
// (both yielded values defined outside) or the value itself (both the same), keeping the rest.
// CHECK-LABEL: tt.func @if_partially_select
// CHECK: %[[SEL:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %[[IF:.*]] = scf.if %arg0 -> (i32) {
// CHECK-NEXT:   %[[M:.*]] = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT:   tt.store %arg3, %[[M]] : !tt.ptr<i32>
// CHECK-NEXT:   scf.yield %[[M]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: tt.return %[[SEL]], %arg2, %[[IF]] : i32, i32, i32
tt.func @if_partially_select(%c: i1, %a: i32, %b: i32, %p: !tt.ptr<i32>) -> (i32, i32, i32) {
  %r:3 = scf.if %c -> (i32, i32, i32) {
    %m = arith.muli %a, %b : i32
    tt.store %p, %m : !tt.ptr<i32>
    scf.yield %a, %b, %m : i32, i32, i32
  } else {
    scf.yield %b, %b, %a : i32, i32, i32
  }
  tt.return %r#0, %r#1, %r#2 : i32, i32, i32
}
