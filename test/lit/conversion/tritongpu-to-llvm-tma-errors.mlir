// RUN: ttc opt %s -split-input-file -allocate-shared-memory -verify-diagnostics -convert-triton-gpu-to-llvm='compute-capability=90'

// TMA loads take neither cache modifiers nor eviction policies.
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cached(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %x: i32, %p: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // expected-error @+1 {{cache modifiers not supported yet}}
    ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %b, %p cacheModifier = ca : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @evicted(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %x: i32, %p: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // expected-error @+1 {{eviction policy not supported yet}}
    ttng.async_tma_copy_global_to_local %d[%x, %x] %buf, %b, %p evictionPolicy = evict_last : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}

// -----

// Only kernels take host-made descriptors by value.
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{tt.nv_tma_desc is not supported for device functions}}
  tt.func private @device(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>> {tt.nv_tma_desc = 1 : i32}) {
    tt.return
  }
}
