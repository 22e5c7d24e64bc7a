// RUN: ttc opt %s | FileCheck %s
// How a layout spreads over the CTAs of a cluster prints as Triton's `CGALayout` (the block bases
// of a linear layout), only when there is more than one CTA; Triton 3.6's CTAsPerCGA,
// CTASplitNum and CTAOrder read as the same layout. An nvmma_shared layout of one CTA and a rank
// other than 2 prints its rank instead.

// CHECK-DAG: #[[ROWS:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [2, 0]]}>
// CHECK-DAG: #[[COPIES:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1], [0, 0]]}>
// CHECK-DAG: #[[TILE:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0], CGALayout = [[0, 1], [1, 0]]}>
// CHECK-DAG: #[[BATCHED:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, rank = 3}>
// CHECK-DAG: #[[SPLIT:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16, CGALayout = [[1, 0], [0, 1]]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [2, 0]]}>
#copies = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 4], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>
#tile = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0], CGALayout = [[0, 1], [1, 0]]}>
#batched = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, rank = 3}>
#split = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16, CGALayout = [[1, 0], [0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @cluster
  // CHECK-SAME: tensor<128x64xf16, #[[ROWS]]>, %{{.*}}: tensor<128x64xf16, #[[COPIES]]>, %{{.*}}: !ttg.memdesc<128x64xf16, #[[TILE]], #smem>, %{{.*}}: !ttg.memdesc<2x64x64xf16, #[[BATCHED]], #smem>, %{{.*}}: !ttg.memdesc<128x128xf16, #[[SPLIT]], #smem>
  tt.func @cluster(%a: tensor<128x64xf16, #rows>, %b: tensor<128x64xf16, #copies>, %c: !ttg.memdesc<128x64xf16, #tile, #smem>, %d: !ttg.memdesc<2x64x64xf16, #batched, #smem>, %e: !ttg.memdesc<128x128xf16, #split, #smem>) {
    tt.return
  }
}
