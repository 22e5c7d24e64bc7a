// RUN: ttc opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm='compute-capability=90' | FileCheck %s
// RUN: ttc opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm='compute-capability=80' | FileCheck %s --check-prefix=SM80

// A wgmma accumulator tile (f16, 64x64 over 4 warps) stored into a 128-byte-swizzled NVMMA buffer,
// once by local_store and once by local_alloc with a value: on sm_90 each is four stmatrix.x4 (a
// thread's 32 elements as 16 words), as Triton's lowerLdStMatrix does; before sm_90 there is no
// stmatrix and the stores are plain.
// CHECK-LABEL: llvm.func @store_mma
// CHECK-COUNT-8: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
// CHECK-NOT: nvvm.stmatrix
// CHECK-NOT: llvm.store
// CHECK: llvm.return
// SM80-LABEL: llvm.func @store_mma
// SM80-NOT: nvvm.stmatrix
// SM80: llvm.store {{.*}} : vector<2xf16>, !llvm.ptr<3>
// SM80-NOT: nvvm.stmatrix
// SM80: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_mma(%x: tensor<64x64xf16, #mma>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %x, %a : tensor<64x64xf16, #mma> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc %x : (tensor<64x64xf16, #mma>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}
