// RUN: ttc opt %s -split-input-file | FileCheck %s
// Padded and partitioned shared layouts round-trip in Triton's spelling: a padded layout whose
// linear component is an identity prints in the short `{order, shape}` form.

// CHECK-DAG: #[[ROWS:shared[0-9]*]] = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [32, 64]}>
// CHECK-DAG: #[[COLS:shared[0-9]*]] = #ttg.padded_shared<[8:+1, 32:+2] {order = [0, 1], shape = [8, 4]}>
// CHECK-DAG: #[[INTERLEAVED:shared[0-9]*]] = #ttg.padded_shared<[16:+1] {offset = [[0, 1], [0, 2], [2, 0], [4, 0], [1, 0]], block = []}>
// CHECK-DAG: #[[INNER:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #[[PARTS:shared[0-9]*]] = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 1, partitionLayout = #[[INNER]]}>
#rows = #ttg.padded_shared<[64:+4] {order = [1, 0], shape = [32, 64]}>
#cols = #ttg.padded_shared<[8:+1, 32:+2] {offset = [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2]], block = []}>
#interleaved = #ttg.padded_shared<[16:+1] {offset = [[0, 1], [0, 2], [2, 0], [4, 0], [1, 0]], block = []}>
#inner = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#parts = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 1, partitionLayout = #inner}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @buffers
  // CHECK-SAME: !ttg.memdesc<2x32x64xf16, #[[ROWS]], #smem, mutable>
  // CHECK-SAME: !ttg.memdesc<8x2xi8, #[[COLS]], #smem, 8x4>
  // CHECK-SAME: !ttg.memdesc<8x4xf32, #[[INTERLEAVED]], #smem>
  // CHECK-SAME: !ttg.memdesc<64x128xbf16, #[[PARTS]], #smem, mutable>
  tt.func @buffers(%a: !ttg.memdesc<2x32x64xf16, #rows, #smem, mutable>, %b: !ttg.memdesc<8x2xi8, #cols, #smem, 8x4>, %c: !ttg.memdesc<8x4xf32, #interleaved, #smem>, %d: !ttg.memdesc<64x128xbf16, #parts, #smem, mutable>) {
    tt.return
  }
}
