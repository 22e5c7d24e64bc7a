// RUN: ttc opt %s | FileCheck %s
// RUN: ttc opt %s --mlir-print-op-generic | ttc opt | FileCheck %s
// Tensor-memory encodings read their parameters in any order and print them in Triton's order,
// defaults omitted; the enum attributes print as keywords.

// CHECK-DAG: #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
// CHECK-DAG: #tmem1 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, colStride = 1, CGALayout = [[1, 0], [0, 0]], twoCTAs = true>
// CHECK-DAG: #tmem2 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, fp4Padded = true>
// CHECK-DAG: #tmem_scales = #ttng.tensor_memory_scales_encoding<CGALayout = [[1, 0], [0, 0]], blockRepOrder = kThenMn>
// CHECK-DAG: #tmem_scales1 = #ttng.tensor_memory_scales_encoding<>
// CHECK: module attributes {order = #ttng.blockRepOrder<mnThenK>, reduction = #ttng.redOp<max>
#plain = #ttng.tensor_memory_encoding<colStride = 1, blockN = 64, blockM = 128, twoCTAs = false>
#pair = #ttng.tensor_memory_encoding<twoCTAs = true, blockM = 64, CGALayout = [[1, 0], [0, 0]], blockN = 128, colStride = 1>
#fp4 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, fp4Padded = true>
#scales = #ttng.tensor_memory_scales_encoding<blockRepOrder = kThenMn, CGALayout = [[1, 0], [0, 0]]>
#scales1 = #ttng.tensor_memory_scales_encoding<blockRepOrder = mnThenK>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, order = #ttng.blockRepOrder<mnThenK>, reduction = #ttng.redOp<max>} {
  // CHECK-LABEL: tt.func @types
  // CHECK-SAME: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>
  // CHECK-SAME: !ttg.memdesc<256x128xf16, #tmem1, #ttng.tensor_memory, mutable>
  // CHECK-SAME: !ttg.memdesc<128x64xi8, #tmem2, #ttng.tensor_memory>
  // CHECK-SAME: !ttg.memdesc<256x8xi8, #tmem_scales, #ttng.tensor_memory>
  // CHECK-SAME: !ttg.memdesc<128x4xf8E4M3FN, #tmem_scales1, #ttng.tensor_memory>
  tt.func @types(%a: !ttg.memdesc<128x64xf32, #plain, #ttng.tensor_memory>, %b: !ttg.memdesc<256x128xf16, #pair, #ttng.tensor_memory, mutable>, %c: !ttg.memdesc<128x64xi8, #fp4, #ttng.tensor_memory>, %d: !ttg.memdesc<256x8xi8, #scales, #ttng.tensor_memory>, %e: !ttg.memdesc<128x4xf8E4M3FN, #scales1, #ttng.tensor_memory>) {
    tt.return
  }
}
