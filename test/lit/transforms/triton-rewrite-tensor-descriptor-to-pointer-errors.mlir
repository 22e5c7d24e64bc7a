// RUN: ttc opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer -verify-diagnostics

// Atomics have no float min/max, and min/max of integers need the block's signedness.
tt.func public @float_min(%d: !tt.tensordesc<tensor<8x16xf32>>, %t: tensor<8x16xf32>, %i: i32) {
  // expected-error @+1 {{Cannot fallback on descriptor atomic op, unsupported for type f32}}
  tt.descriptor_reduce min, %d[%i, %i], %t : !tt.tensordesc<tensor<8x16xf32>>, tensor<8x16xf32>
  tt.return
}

// -----

tt.func public @signless_max(%d: !tt.tensordesc<tensor<8x16xi32>>, %t: tensor<8x16xi32>, %i: i32) {
  // expected-error @+1 {{Cannot fallback on descriptor atomic op, unsupported for type i32}}
  tt.descriptor_reduce max, %d[%i, %i], %t : !tt.tensordesc<tensor<8x16xi32>>, tensor<8x16xi32>
  tt.return
}

// -----

tt.func public @branch(%d: !tt.tensordesc<tensor<16xf32>>) {
  // expected-error @+1 {{'cf.br' on tensor descriptors cannot be rewritten to pointers}}
  cf.br ^bb1(%d : !tt.tensordesc<tensor<16xf32>>)
^bb1(%e: !tt.tensordesc<tensor<16xf32>>):
  tt.return
}
