// A TMA round trip through ttc's llir pipeline and back end: device-made descriptors, an mbarrier
// signalled by a two-box TMA load, the phase wait, and a TMA store, as PTX.
// RUN: ttc opt %s --pipeline=llir --target=cuda:90 | %ttc translate - --to=ptx --target=cuda:90 | FileCheck %s

// CHECK: .target sm_90a
// CHECK: @%p{{[0-9]+}} st.shared.b32
// CHECK: bar.warp.sync -1;
// CHECK: tensormap.replace.tile.global_address.shared::cta.b1024.b64 [ %rd{{[0-9]+}} + 0 ], %rd{{[0-9]+}};
// CHECK: tensormap.replace.tile.rank.shared::cta.b1024.b32 [ %rd{{[0-9]+}} + 0 ], 0x1;
// CHECK: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned
// CHECK: fence.proxy.tensormap::generic.acquire.gpu
// CHECK: cp.async.bulk.wait_group.read 0 ;
// CHECK: bar.sync 0;
// CHECK: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 1;
// CHECK: mbarrier.arrive.expect_tx.shared.b64 _, [%r[[BAR:[0-9]+]]], 16384;
// CHECK: elect.sync %r{{[0-9]+}}|%p{{[0-9]+}}, -1;
// CHECK: shfl.sync.idx.b32
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%r[[BAR]]];
// CHECK: mbarrier.try_wait.parity.shared.b64 complete, [%r[[BAR]]], %r{{[0-9]+}};
// CHECK: @!complete bra.uni waitLoop;
// CHECK: mbarrier.inval.shared::cta.b64 [%r[[BAR]]];
// CHECK: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}];
// CHECK: cp.async.bulk.commit_group;
// CHECK: cp.async.bulk.wait_group.read 0;
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy(%in: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: i32 {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %true = arith.constant true
    %n64 = arith.extsi %n : i32 to i64
    %c2_i64 = arith.constant 2 : i64
    %stride = arith.muli %n64, %c2_i64 : i64
    %pid = tt.get_program_id x : i32
    %row = arith.muli %pid, %c64 : i32
    %sin = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %sin, %in, [%c64, %c64], [%n, %m], [%stride], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %sin : !tt.ptr<i8>
    %din = ttng.reinterpret_tensor_descriptor %sin : !tt.ptr<i8> to !tt.tensordesc<tensor<64x128xf16, #nvmma>>
    %sout = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %sout, %out, [%c64, %c64], [%n, %m], [%stride], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %sout : !tt.ptr<i8>
    %dout = ttng.reinterpret_tensor_descriptor %sout : !tt.ptr<i8> to !tt.tensordesc<tensor<64x128xf16, #nvmma>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %din[%row, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<64x128xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %t = ttg.local_load %buf : !ttg.memdesc<64x128xf16, #nvmma, #smem, mutable> -> tensor<64x128xf16, #blocked>
    %t2 = arith.addf %t, %t : tensor<64x128xf16, #blocked>
    %obuf = ttg.local_alloc %t2 : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #nvmma, #smem>
    ttng.async_tma_copy_local_to_global %dout[%row, %c0] %obuf : !tt.tensordesc<tensor<64x128xf16, #nvmma>>, !ttg.memdesc<64x128xf16, #nvmma, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
