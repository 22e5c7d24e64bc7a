// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Cluster-scope stores, device-side TMA descriptors and im2col descriptors give Triton's
// diagnostics.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @fence_one_cta() {
    // expected-error @below {{'ttng.fence_mbarrier_init_release_cluster' op requires ttg.num-ctas > 1}}
    ttng.fence_mbarrier_init_release_cluster
    tt.return
  }
  tt.func @store_one_cta(%t: tensor<128x64xf16, #blocked>, %m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.async_shared_store' op requires at least two CTAs in the cluster}}
    ttng.async_shared_store %t, %m, %b : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
  tt.func @box_rank(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %l: i64) {
    // expected-error @below {{Rank mismatch for global dim. Got 1 but expected 2}}
    ttng.tensormap_create %desc, %base, [%i, %i], [%i], [%l], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
  tt.func @stride_rank(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %l: i64) {
    // expected-error @below {{Rank mismatch for global stride. Got 2 but expected 1}}
    ttng.tensormap_create %desc, %base, [%i, %i], [%i, %i], [%l, %l], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
    tt.return
  }
  tt.func @element_stride_rank(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %l: i64) {
    // expected-error @below {{Rank mismatch for element stride. Got 1 but expected 2}}
    ttng.tensormap_create %desc, %base, [%i, %i], [%i, %i], [%l], [%i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32) -> ()
    tt.return
  }
  tt.func @swizzle_mode(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %i: i32, %l: i64) {
    // expected-error @below {{'ttng.tensormap_create' op attribute 'swizzle_mode' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 3}}
    ttng.tensormap_create %desc, %base, [%i, %i], [%i, %i], [%l], [%i, %i] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 4 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

#lanes = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @store_immutable(%t: tensor<128x64xf16, #lanes>, %m: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<2xi64, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.async_shared_store' op cannot store into immutable memory}}
    ttng.async_shared_store %t, %m, %b : tensor<128x64xf16, #lanes> -> !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<2xi64, #bar, #smem, mutable>
    tt.return
  }
  tt.func @store_i32_barrier(%t: tensor<128x64xf16, #lanes>, %m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<2xi32, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.async_shared_store' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.async_shared_store %t, %m, %b : tensor<128x64xf16, #lanes> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<2xi32, #bar, #smem, mutable>
    tt.return
  }
  tt.func @store_16_bits(%t: tensor<128x64xf16, #lanes>, %m: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<2xi64, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.async_shared_store' op requires a layout vectorizing stores to at least 32 bits}}
    ttng.async_shared_store %t, %m, %b : tensor<128x64xf16, #lanes> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<2xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

// expected-error @below {{TensorDescIm2ColType requires rank-2 shape, got rank 3}}
!d = !ttng.tensordesc_im2col<2x64x128xf16>
