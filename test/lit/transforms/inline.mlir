// RUN: ttc opt %s -split-input-file -inline | FileCheck %s

// CHECK-LABEL: tt.func public @kernel
// CHECK-NOT: tt.call
// CHECK: %[[C:.*]] = arith.constant 63 : i32
// CHECK: arith.addi %arg0, %[[C]] : i32
// CHECK: arith.divsi
// CHECK-NOT: @cdiv
tt.func public @kernel(%x: i32) -> i32 {
  %r = tt.call @cdiv(%x) : (i32) -> i32
  tt.return %r : i32
}
tt.func private @cdiv(%x: i32) -> i32 attributes {noinline = false} {
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %a = arith.addi %x, %c63 : i32
  %b = arith.divsi %a, %c64 : i32
  tt.return %b : i32
}

// -----

// CHECK-LABEL: tt.func public @keeps_noinline
// CHECK: tt.call @helper
// CHECK: tt.func private @helper
tt.func public @keeps_noinline(%x: i32) -> i32 {
  %r = tt.call @helper(%x) : (i32) -> i32
  tt.return %r : i32
}
tt.func private @helper(%x: i32) -> i32 attributes {noinline = true} {
  tt.return %x : i32
}
