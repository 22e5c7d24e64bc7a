// RUN: ttc opt %s -split-input-file -verify-diagnostics

tt.func @expand_dims_axis(%v: tensor<8xi32>) {
  // expected-error @+1 {{'tt.expand_dims' op axis 2 out of range for a tensor of rank 1}}
  %0 = tt.expand_dims %v {axis = 2 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  tt.return
}

// -----

tt.func @make_range_order() {
  // expected-error @+1 {{'tt.make_range' op start must be less than end}}
  %0 = tt.make_range {end = 0 : i32, start = 8 : i32} : tensor<8xi32>
  tt.return
}

// -----

tt.func @make_range_size() {
  // expected-error @+1 {{number of elements in returned tensor, 16, must match size of range [0, 8), which has 8 elements}}
  %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<16xi32>
  tt.return
}

// -----

tt.func @power_of_two(%x: i32) {
  // expected-error @+1 {{Number of elements must be power-of-two}}
  %0 = tt.splat %x : i32 -> tensor<6xi32>
  tt.return
}

// -----

tt.func @broadcast_non_unit(%v: tensor<4x2xf32>) {
  // expected-error @+1 {{'tt.broadcast' op Different dimensions at index 0 between source and result.  Broadcast requires the source dimension to be 1.}}
  %0 = tt.broadcast %v : tensor<4x2xf32> -> tensor<8x2xf32>
  tt.return
}

// -----

tt.func @reshape_count(%v: tensor<4x2xf32>) {
  // expected-error @+1 {{'tt.reshape' op number of src and dst elements of reshape must be the same}}
  %0 = tt.reshape %v : tensor<4x2xf32> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @trans_order(%v: tensor<4x2xf32>) {
  // expected-error @+1 {{'tt.trans' op order must be a permutation of 0..n-1}}
  %0 = tt.trans %v {order = array<i32: 0, 0>} : tensor<4x2xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @addptr_shapes(%p: !tt.ptr<f16>, %i: i32) {
  %0 = tt.splat %p : !tt.ptr<f16> -> tensor<8x!tt.ptr<f16>>
  // expected-error @+1 {{'tt.addptr' op requires the same shape for all operands and results}}
  %1 = tt.addptr %0, %i : tensor<8x!tt.ptr<f16>>, i32
  tt.return
}

// -----

tt.func @load_result(%p: !tt.ptr<f16>) {
  // expected-error @+1 {{'tt.load' op failed to verify that result matches ptr type}}
  %0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tt.ptr<f16>) -> f32
  tt.return
}

// -----

tt.func @atomic_pointer(%p: !tt.ptr<f16>, %v: f32) {
  // expected-error @+1 {{'tt.atomic_rmw' op failed to verify that ptr type matches value type}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tt.ptr<f16>, f32) -> f32
  tt.return
}

// -----

tt.func @dot_k(%a: tensor<16x32xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'tt.dot' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x8xf16> -> tensor<16x8xf32>
  tt.return
}

// -----

tt.func @fp_downcast(%v: tensor<4x2xf32>) {
  // expected-error @+1 {{'tt.fp_to_fp' op Rounding mode is required for FP downcast}}
  %0 = tt.fp_to_fp %v : tensor<4x2xf32> -> tensor<4x2xf16>
  tt.return
}

// -----

tt.func @bitcast_width(%x: f32) {
  // expected-error @+1 {{'tt.bitcast' op Cannot bitcast data-type of size 32 to data-type of size 64}}
  %0 = tt.bitcast %x : f32 -> i64
  tt.return
}

// -----

tt.func @reduce_axis(%v: tensor<4x2xf32>) {
  // expected-error @+1 {{'tt.reduce' op axis out of bounds for operand rank 2}}
  %0 = "tt.reduce"(%v) <{axis = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x2xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_combiner(%v: tensor<4x2xf32>) {
  // expected-error @+1 {{'tt.reduce' op type mismatch on combine operation. Expected argument 1 to have type f32 but got i32}}
  %0 = "tt.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: i32):
    tt.reduce.return %a : f32
  }) : (tensor<4x2xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @return_type(%x: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0 (i32) doesn't match function result type (i64) in function @return_type}}
  tt.return %x : i32
}

// -----

tt.func @bad_call(%x: i32) {
  // expected-error @+1 {{'tt.call' op 'missing' does not reference a valid function}}
  %0 = tt.call @missing(%x) : (i32) -> i32
  tt.return
}

// -----

tt.func @program_axis() {
  // expected-error @+1 {{expected ProgramIDDim to be one of: x, y, z}}
  %0 = tt.get_program_id w : i32
  tt.return
}

// -----

tt.func @descriptor_of_other_width(%p: !tt.ptr<i8>, %dim: i32, %one: i64) {
  // expected-error @+1 {{descriptor element type 'si16' does not match the base pointer's pointee type 'i8'}}
  %d = tt.make_tensor_descriptor %p, [%dim], [%one] : <i8>, <tensor<64xsi16>>
  tt.return
}

// -----

tt.func @descriptor_load_of_other_width(%d: !tt.tensordesc<tensor<64xsi8>>, %i: i32) {
  // expected-error @+1 {{descriptor block and tensor element types must match}}
  %t = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<64xsi8>> -> tensor<64xi16>
  tt.return
}
