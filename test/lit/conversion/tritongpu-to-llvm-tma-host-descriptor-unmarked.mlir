// A kernel's `!tt.tensordesc` argument without `tt.nv_tma_desc` (Triton 3.6's frontend gives host
// TensorDescriptor parameters so) is a host-made TMA descriptor too: the lowering marks it and
// passes it by value, 128 bytes in the parameter space, as Triton's launcher passes a CUtensorMap.
// RUN: ttc opt %s --pipeline=llir --target=cuda:90 | FileCheck %s
// RUN: ttc opt %s --pipeline=llir --target=cuda:90 | %ttc translate - --to=ptx --target=cuda:90 | FileCheck %s --check-prefix=PTX

// CHECK: llvm.func @unmarked(%arg0: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant, tt.nv_tma_desc = 1 : i32}, %arg1: i32,
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group {{.*}}, %arg0,

// PTX: .param .align 64 .b8 unmarked_param_0[128]
// PTX: cvta.param.u64
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unmarked(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %x: i32) {
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    ttng.async_tma_copy_local_to_global %d[%x, %c0] %buf : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
