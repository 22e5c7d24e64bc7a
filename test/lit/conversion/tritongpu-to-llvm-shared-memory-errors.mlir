// RUN: ttc opt %s -split-input-file -allocate-shared-memory -verify-diagnostics -convert-triton-gpu-to-llvm

// cp.async zero-fills masked elements; another 'other' value has no lowering.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @nonzero_other(%base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %k: i32) {
    %one = arith.constant dense<1.000000e+00> : tensor<64x32xf16, #blocked>
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %ks = tt.splat %k : i32 -> tensor<64x32xi32, #blocked>
    %m = arith.cmpi slt, %cb, %ks : tensor<64x32xi32, #blocked>
    %ps = tt.splat %base : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %p = tt.addptr %ps, %cb : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // expected-error @below {{cp.async fills masked elements with zeros; 'other' must be zero}}
    %t = ttg.async_copy_global_to_local %p, %a mask %m other %one : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A copy narrower than 4 bytes per thread is not a cp.async.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @narrow_copy(%base: !tt.ptr<f16>) {
    %ps = tt.splat %base : !tt.ptr<f16> -> tensor<32x4x!tt.ptr<f16>, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x4xf16, #shared, #smem, mutable>
    // expected-error @below {{cp.async does not support transfers smaller than 4 bytes; calculated this as 2 bytes}}
    %t = ttg.async_copy_global_to_local %ps, %a : tensor<32x4x!tt.ptr<f16>, #blocked> -> <32x4xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A layout conversion that moves data between the CTAs of a cluster has no lowering: the scratch
// buffer cannot be sized.
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @across_ctas() {
    %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %e = tt.expand_dims %i {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x64xi32, #a>
    %x = tt.broadcast %e : tensor<1x64xi32, #a> -> tensor<64x64xi32, #a>
    // expected-error @below {{cannot size the shared memory of 'ttg.convert_layout': the conversion moves data between CTAs}}
    %y = ttg.convert_layout %x : tensor<64x64xi32, #a> -> tensor<64x64xi32, #b>
    tt.return
  }
}
