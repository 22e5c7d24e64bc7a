// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Cluster launch control ops give Triton's diagnostics.

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @four_words() {
  // expected-error @below {{'ttng.clc_try_cancel_sync' op response must have shape [2]}}
  %0 = ttng.clc_try_cancel_sync : tensor<4xi64>
  tt.return
}

tt.func @i32_response() {
  // expected-error @below {{'ttng.clc_try_cancel_sync' op response element type must be i64}}
  %0 = ttng.clc_try_cancel_sync : tensor<2xi32>
  tt.return
}

tt.func @four_word_buffer(%buf: !ttg.memdesc<4xi64, #bar, #smem, mutable>) {
  // expected-error @below {{Expected CLC result buffer to have rank 1 and a single dimension equal to 2, but got 4.}}
  %r = ttng.clc_load_result %buf : !ttg.memdesc<4xi64, #bar, #smem, mutable> -> i128
  tt.return
}

tt.func @i32_buffer(%buf: !ttg.memdesc<2xi32, #bar, #smem, mutable>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
  // expected-error @below {{Expected CLC result buffer to have type int64}}
  ttng.clc_try_cancel %buf, %b : !ttg.memdesc<2xi32, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
