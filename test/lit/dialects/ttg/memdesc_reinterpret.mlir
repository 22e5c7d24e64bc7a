// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt -split-input-file | FileCheck %s
// ttg.memdesc_reinterpret views a buffer's bytes with another shape, element type or layout.

#rows = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: tt.func @views
tt.func @views(%tile: !ttg.memdesc<32x64xf16, #rows, #smem, mutable>, %stages: !ttg.memdesc<4x64x64xf16, #nvmma, #smem>) {
  // CHECK-NEXT: ttg.memdesc_reinterpret %arg0 : !ttg.memdesc<32x64xf16, #{{.*}}, #smem, mutable> -> !ttg.memdesc<2048xf16, #{{.*}}, #smem, mutable>
  %flat = ttg.memdesc_reinterpret %tile : !ttg.memdesc<32x64xf16, #rows, #smem, mutable> -> !ttg.memdesc<2048xf16, #flat, #smem, mutable>
  // CHECK-NEXT: ttg.memdesc_reinterpret %arg0 : {{.*}} -> !ttg.memdesc<32x32xi32, #{{.*}}, #smem, mutable>
  %words = ttg.memdesc_reinterpret %tile : !ttg.memdesc<32x64xf16, #rows, #smem, mutable> -> !ttg.memdesc<32x32xi32, #rows, #smem, mutable>
  // Two of the four pipeline stages, seen as one buffer of their bytes.
  %two = ttg.memdesc_subslice %stages[2, 0, 0] : !ttg.memdesc<4x64x64xf16, #nvmma, #smem> -> !ttg.memdesc<2x64x64xf16, #nvmma, #smem, 4x64x64>
  // CHECK: ttg.memdesc_reinterpret %{{.*}} : !ttg.memdesc<2x64x64xf16, #{{.*}}, #smem, 4x64x64> -> !ttg.memdesc<8192xf16, #{{.*}}, #smem>
  %bytes = ttg.memdesc_reinterpret %two : !ttg.memdesc<2x64x64xf16, #nvmma, #smem, 4x64x64> -> !ttg.memdesc<8192xf16, #flat, #smem>
  tt.return
}
