// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Indexed shared-memory ops give Triton's diagnostics.

#l = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [], block = []}>
#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @read_only_histogram(%v: tensor<32xi32, #l>, %i: tensor<32xi32, #l>, %d: !ttg.memdesc<64xi32, #sh, #smem>) {
    // expected-error @below {{'ttg.local_atomic_scatter_rmw' op Cannot store into immutable memory}}
    %0 = ttg.local_atomic_scatter_rmw add, %d[%i], %v {axis = 0 : i32} : (!ttg.memdesc<64xi32, #sh, #smem>, tensor<32xi32, #l>, tensor<32xi32, #l>) -> tensor<32xi32, #l>
    tt.return
  }
  tt.func @pointer_values(%v: tensor<32x!tt.ptr<f16>, #l>, %i: tensor<32xi32, #l>, %d: !ttg.memdesc<64x!tt.ptr<f16>, #sh, #smem, mutable>) {
    // expected-error @below {{values must have integer or floating element type}}
    %0 = ttg.local_atomic_scatter_rmw exch, %d[%i], %v {axis = 0 : i32} : (!ttg.memdesc<64x!tt.ptr<f16>, #sh, #smem, mutable>, tensor<32x!tt.ptr<f16>, #l>, tensor<32xi32, #l>) -> tensor<32x!tt.ptr<f16>, #l>
    tt.return
  }
  tt.func @float_indices(%v: tensor<32xi32, #l>, %i: tensor<32xf32, #l>, %d: !ttg.memdesc<64xi32, #sh, #smem, mutable>) {
    // expected-error @below {{indices must have integer element type}}
    %0 = ttg.local_atomic_scatter_rmw add, %d[%i], %v {axis = 0 : i32} : (!ttg.memdesc<64xi32, #sh, #smem, mutable>, tensor<32xi32, #l>, tensor<32xf32, #l>) -> tensor<32xi32, #l>
    tt.return
  }
  tt.func @axis_past_rank(%v: tensor<32xi32, #l>, %i: tensor<32xi32, #l>, %d: !ttg.memdesc<64xi32, #sh, #smem, mutable>) {
    // expected-error @below {{axis 1 is out of bounds for destination rank 1}}
    %0 = ttg.local_atomic_scatter_rmw add, %d[%i], %v {axis = 1 : i32} : (!ttg.memdesc<64xi32, #sh, #smem, mutable>, tensor<32xi32, #l>, tensor<32xi32, #l>) -> tensor<32xi32, #l>
    tt.return
  }
  tt.func @other_element_type(%v: tensor<32xi32, #l>, %i: tensor<32xi32, #l>, %d: !ttg.memdesc<64xi64, #sh, #smem, mutable>) {
    // expected-error @below {{values element type must match destination element type}}
    %0 = ttg.local_atomic_scatter_rmw add, %d[%i], %v {axis = 0 : i32} : (!ttg.memdesc<64xi64, #sh, #smem, mutable>, tensor<32xi32, #l>, tensor<32xi32, #l>) -> tensor<32xi32, #l>
    tt.return
  }
  tt.func @gather_other_shape(%i: tensor<32xi32, #l>, %s: !ttg.memdesc<64xf16, #sh, #smem>) {
    // expected-error @below {{'ttg.local_gather' op result shape must match indices shape}}
    %0 = ttg.local_gather %s[%i] {axis = 0 : i32} : !ttg.memdesc<64xf16, #sh, #smem>, tensor<32xi32, #l> -> tensor<64xf16, #l>
    tt.return
  }
  tt.func @gather_other_element(%i: tensor<32xi32, #l>, %s: !ttg.memdesc<64xf16, #sh, #smem>) {
    // expected-error @below {{'ttg.local_gather' op result element type must match source element type}}
    %0 = ttg.local_gather %s[%i] {axis = 0 : i32} : !ttg.memdesc<64xf16, #sh, #smem>, tensor<32xi32, #l> -> tensor<32xf32, #l>
    tt.return
  }
  tt.func @scatter_other_shape(%i: tensor<32xi32, #l>, %v: tensor<64xf16, #l>, %s: !ttg.memdesc<64xf16, #sh, #smem, mutable>) {
    // expected-error @below {{'ttg.local_scatter' op values shape must match indices shape}}
    ttg.local_scatter %s[%i], %v {axis = 0 : i32} : !ttg.memdesc<64xf16, #sh, #smem, mutable>, tensor<32xi32, #l>, tensor<64xf16, #l>
    tt.return
  }
}

// -----

#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @alloc_of_bits() {
  // expected-error @below {{'ttg.local_alloc' op element type bit width must be a multiple of 8}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<64xi1, #sh, #smem, mutable>
  tt.return
}
