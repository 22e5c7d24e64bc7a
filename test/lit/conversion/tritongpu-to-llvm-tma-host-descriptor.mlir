// A TMA descriptor made on the host (`tt.nv_tma_desc = 1`) is a 128-byte kernel parameter passed
// by value, used in place through its generic address (`nvvm.grid_constant`).
// RUN: ttc opt %s --pipeline=llir --target=cuda:90 | FileCheck %s
// RUN: ttc opt %s --pipeline=llir --target=cuda:90 | %ttc translate - --to=llvmir --target=cuda:90 | FileCheck %s --check-prefix=IR
// RUN: ttc opt %s --pipeline=llir --target=cuda:90 | %ttc translate - --to=ptx --target=cuda:90 | FileCheck %s --check-prefix=PTX

// CHECK: llvm.func @host_descriptor(%arg0: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant, tt.nv_tma_desc = 1 : i32}, %arg1: i32,
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes {{.*}}, %arg0,
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group {{.*}}, %arg0,

// IR: define ptx_kernel void @host_descriptor(ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %{{.*}}, i32

// PTX: .param .align 64 .b8 host_descriptor_param_0[128]
// PTX: mov.b64 %rd[[PARAM:[0-9]+]], host_descriptor_param_0;
// PTX: cvta.param.u64 %rd[[DESC:[0-9]+]], %rd[[PARAM]];
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd[[DESC]], {
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @host_descriptor(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>> {tt.nv_tma_desc = 1 : i32}, %rows: i32, %cols: i32, %rs: i64, %cs: i64, %x: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %b, 16384, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %c0] %buf, %b, %true : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    ttng.wait_barrier %b, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_local_to_global %d[%x, %c0] %buf : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
