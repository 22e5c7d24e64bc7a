// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Triton's type verifiers: pointee types, address spaces, tensor-typed formats, the Elementwise
// trait, and the "prior use" note of a value used with two types.

// expected-error @+1 {{pointer types must point to integer or floating-point types}}
tt.func @pointer_to_pointer(%p: !tt.ptr<!tt.ptr<f16>>) {
  tt.return
}

// -----

// expected-error @+1 {{invalid pointer address space 'shared'}}
tt.func @unknown_space(%p: !tt.ptr<i8, "shared">) {
  tt.return
}

// -----

// expected-note @+1 {{prior use here}}
tt.func @cat_mixed(%a: tensor<16xi32>, %b: tensor<16xi64>) {
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'tensor<16xi32>' vs 'tensor<16xi64>'}}
  %0 = tt.cat %a, %b : tensor<16xi32> -> tensor<32xi32>
  tt.return
}

// -----

tt.func @expand_scalar(%x: i32) {
  // expected-error @+1 {{custom op 'tt.expand_dims' invalid kind of type specified: expected builtin.tensor, but found 'i32'}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : i32 -> tensor<1xi32>
  tt.return
}

// -----

tt.func @histogram_scalar(%x: tensor<64xi32>) {
  // expected-error @+1 {{custom op 'tt.histogram' invalid kind of type specified: expected builtin.tensor, but found 'i32'}}
  %0 = tt.histogram %x : tensor<64xi32> -> i32
  tt.return
}

// -----

tt.func @extern_shapes(%a: tensor<8xf32>, %b: tensor<16xf32>) {
  // expected-error @+1 {{'tt.extern_elementwise' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.extern_elementwise %a, %b {libname = "", libpath = "", pure = true, symbol = "__nv_hypotf"} : (tensor<8xf32>, tensor<16xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @extern_scalar_to_tensor(%a: f32) {
  // expected-error @+1 {{'tt.extern_elementwise' op if a result is non-scalar, then at least one operand must be non-scalar}}
  %0 = tt.extern_elementwise %a {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (f32) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @inline_asm_packing(%a: tensor<8xi8>) {
  // expected-error @+1 {{number of input elements 8 must be a multiple of the op's packed_element attribute, 16}}
  %0 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 16 : i32, pure = true} %a : tensor<8xi8> -> tensor<8xi8>
  tt.return
}

// -----

tt.func @cas_cmp_type(%p: tensor<64x!tt.ptr<i32>>, %v: tensor<64xi32>, %c: tensor<64xi64>) {
  // expected-error @+1 {{'tt.atomic_cas' op failed to verify that ptr type matches cmp type}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (tensor<64x!tt.ptr<i32>>, tensor<64xi64>, tensor<64xi32>) -> tensor<64xi32>
  tt.return
}

// -----

tt.func @gather_other_dim(%src: tensor<64x8xf16>, %idx: tensor<32x4xi32>) {
  // expected-error @+1 {{'tt.gather' op indices dimension 1 must match the corresponding input dimension}}
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64x8xf16>, tensor<32x4xi32>) -> tensor<32x4xf16>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @shared_tensor(%x: tensor<32x32xf16, #shared>) {
    // expected-error @+1 {{Non-distributed layout is not allowed in tensor type.}}
    %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x32xf16, #shared> -> tensor<32x32xf16, #shared>
    tt.return
  }
}
