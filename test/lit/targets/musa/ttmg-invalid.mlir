// RUN: ttc opt %s -split-input-file -verify-diagnostics

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @copy_needs_a_coordinate_per_dim(%desc: !tt.ptr<i8>, %x: i32, %bar: i32, %p: i1) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  // expected-error @+1 {{expected 2 coordinates (one per dimension of the tile), got 1}}
  ttmg.async_tme_copy_global_to_local %desc[%x] %bar, %buf, %p : !tt.ptr<i8>, i32 -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @copy_into_immutable(%desc: !tt.ptr<i8>, %x: i32, %bar: i32, %p: i1, %t: tensor<32x32xf16>) {
  %buf = ttg.local_alloc %t : (tensor<32x32xf16>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
  // expected-error @+1 {{the destination of a TME copy must be mutable}}
  ttmg.async_tme_copy_global_to_local %desc[%x, %x] %bar, %buf, %p : !tt.ptr<i8>, i32 -> !ttg.memdesc<32x32xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @descriptor_type(%desc: !tt.ptr<f16>, %x: i32, %bar: i32, %p: i1) {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  // expected-error @+1 {{a TME descriptor pointer must be !tt.ptr<i8>}}
  ttmg.async_tme_copy_global_to_local %desc[%x, %x] %bar, %buf, %p : !tt.ptr<f16>, i32 -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @squad_dot_layout(%acc: tensor<32x32xf32, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
  // expected-error @+1 {{the result of a SQMMA must have a SQMMA layout}}
  %d = ttmg.squad_dot %a, %a, %acc : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf32, #blocked>
  tt.return
}

// -----

#mma = #ttg.musa_sqmma<{versionMajor = 3, versionMinor = 1, warpsPerCTA = [4, 1], instrShape = [32, 32, 32]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @squad_dot_f32_needs_tf32(%acc: tensor<32x32xf32, #mma>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
  // expected-error @+1 {{no PH1 SQMMA takes f32 operands with K = 32 for a K of 32}}
  %d = ttmg.squad_dot %a, %a, %acc : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> * !ttg.memdesc<32x32xf32, #shared, #smem, mutable> -> tensor<32x32xf32, #mma>
  tt.return
}
