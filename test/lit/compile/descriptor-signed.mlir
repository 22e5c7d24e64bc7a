// Integer tensor descriptors as Triton's frontend writes them, the block signed (`si8`) over a
// signless `!tt.ptr<i8>`: a 3-D TMA load, a permute, and a 1-D TMA store of the flattened result,
// compiled to a cubin for sm_90.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ttc compile %s --target=cuda:90 --num-warps=8 -o %t/k.cubin --dump-dir %t/d
// RUN: FileCheck %s --check-prefix=TTGIR < %t/d/k.permute_bytes.ttgir
// RUN: FileCheck %s --check-prefix=PTX < %t/d/k.permute_bytes.ptx

// TTGIR: ttng.async_tma_copy_global_to_local {{.*}} : !tt.tensordesc<tensor<4x8x64xsi8, #{{.*}}>>, {{.*}} -> !ttg.memdesc<4x8x64xi8,
// TTGIR: ttng.async_tma_copy_local_to_global {{.*}} : !tt.tensordesc<tensor<2048xsi8, #{{.*}}>>, !ttg.memdesc<2048xi8,
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.tensor.1d.global.shared::cta.bulk_group

module {
  tt.func public @permute_bytes(%in: !tt.ptr<i8>, %out: !tt.ptr<i8>) {
    %c0 = arith.constant 0 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c64 = arith.constant 64 : i32
    %c2048 = arith.constant 2048 : i32
    %s0 = arith.constant 512 : i64
    %s1 = arith.constant 64 : i64
    %one = arith.constant 1 : i64
    %src = tt.make_tensor_descriptor %in, [%c4, %c8, %c64], [%s0, %s1, %one] : <i8>, <tensor<4x8x64xsi8>>
    %dst = tt.make_tensor_descriptor %out, [%c2048], [%one] : <i8>, <tensor<2048xsi8>>
    %v = tt.descriptor_load %src[%c0, %c0, %c0] : !tt.tensordesc<tensor<4x8x64xsi8>> -> tensor<4x8x64xi8>
    %t = tt.trans %v {order = array<i32: 1, 0, 2>} : tensor<4x8x64xi8> -> tensor<8x4x64xi8>
    %flat = tt.reshape %t : tensor<8x4x64xi8> -> tensor<2048xi8>
    tt.descriptor_store %dst[%c0], %flat : !tt.tensordesc<tensor<2048xsi8>>, tensor<2048xi8>
    tt.return
  }
}
