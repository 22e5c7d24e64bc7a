// RUN: ttc opt %s -split-input-file -symbol-dce | FileCheck %s

// CHECK-LABEL: tt.func public @kernel
// CHECK: tt.func private @used
// CHECK-NOT: @unused
tt.func public @kernel(%x: i32) {
  %r = tt.call @used(%x) : (i32) -> i32
  tt.return
}
tt.func private @used(%x: i32) -> i32 {
  tt.return %x : i32
}
tt.func private @unused(%x: i32) -> i32 {
  tt.return %x : i32
}
