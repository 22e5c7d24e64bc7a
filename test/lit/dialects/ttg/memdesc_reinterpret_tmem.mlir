// RUN: ttc opt %s -split-input-file -verify-diagnostics | FileCheck %s
// ttg.memdesc_reinterpret in tensor memory: footprints count 32-bit columns and rows.

#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#acc64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @narrower_elements
  // CHECK-NEXT: ttg.memdesc_reinterpret %arg0 : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> !ttg.memdesc<128x128xbf16, #tmem, #ttng.tensor_memory>
  tt.func @narrower_elements(%m: !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>) {
    %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory> -> !ttg.memdesc<128x128xbf16, #acc, #ttng.tensor_memory>
    tt.return
  }
  // CHECK-LABEL: tt.func @column_prefix
  // CHECK: ttg.memdesc_reinterpret %0 : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable, 128x256> -> !ttg.memdesc<128x256xf16, #tmem, #ttng.tensor_memory, mutable>
  tt.func @column_prefix(%m: !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory, mutable>) {
    %v = ttng.tmem_subslice %m {offset = 0 : i32} : !ttg.memdesc<128x256xf32, #acc, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable, 128x256>
    %0 = ttg.memdesc_reinterpret %v : !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory, mutable, 128x256> -> !ttg.memdesc<128x256xf16, #acc, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#acc = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#acc64 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @too_many_columns(%m: !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>) {
    // expected-error @below {{result tensor-memory column footprint (128 columns) exceeds the source view (64 columns)}}
    %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory> -> !ttg.memdesc<128x128xf32, #acc, #ttng.tensor_memory>
    tt.return
  }
  tt.func @too_many_rows(%m: !ttg.memdesc<64x64xf32, #acc64, #ttng.tensor_memory>) {
    // expected-error @below {{result tensor-memory row footprint (128) exceeds the source view (64)}}
    %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<64x64xf32, #acc64, #ttng.tensor_memory> -> !ttg.memdesc<128x32xf32, #acc, #ttng.tensor_memory>
    tt.return
  }
  tt.func @columns_not_owned(%m: !ttg.memdesc<128x32xf32, #acc, #ttng.tensor_memory, 128x128>) {
    // expected-error @below {{result tensor-memory column footprint includes columns not owned by the source subview (64 columns requested; 32 contiguous columns available)}}
    %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<128x32xf32, #acc, #ttng.tensor_memory, 128x128> -> !ttg.memdesc<128x64xf32, #acc, #ttng.tensor_memory>
    tt.return
  }
}

// -----

#split = #ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 1, CGALayout = [[0, 1]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @sliced_across_ctas(%m: !ttg.memdesc<128x64xf32, #split, #ttng.tensor_memory, 128x256>) {
    // expected-error @below {{cannot reinterpret a source subview sliced across CTAs}}
    %0 = ttg.memdesc_reinterpret %m : !ttg.memdesc<128x64xf32, #split, #ttng.tensor_memory, 128x256> -> !ttg.memdesc<128x64xf32, #split, #ttng.tensor_memory>
    tt.return
  }
}
