// RUN: ttc opt %s -split-input-file -triton-loop-unroll | FileCheck %s

// CHECK-LABEL: tt.func @static_bounds
// CHECK: %[[UB:.*]] = arith.constant 8 : i32
// CHECK: %[[STEP:.*]] = arith.constant 4 : i32
// CHECK: %[[MAIN:.*]] = scf.for %{{.*}} = %{{.*}} to %[[UB]] step %[[STEP]]
// CHECK-COUNT-4: arith.addf
// CHECK: scf.yield
// CHECK-NOT: tt.loop_unroll_factor
// CHECK: scf.for %{{.*}} = %[[UB]] to %{{.*}} iter_args(%{{.*}} = %[[MAIN]])
// CHECK: } {tt.num_stages = 1 : i32}
tt.func @static_bounds() -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %z) -> (f32) : i32 {
    %x = arith.sitofp %i : i32 to f32
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return %r : f32
}

// -----

// CHECK-LABEL: tt.func @dynamic_bounds
// CHECK: arith.divui
// CHECK: arith.remsi
// CHECK: scf.for
// CHECK-COUNT-2: arith.addf
// CHECK: scf.yield
// CHECK: scf.for
// CHECK: } {tt.num_stages = 1 : i32}
tt.func @dynamic_bounds(%n: i32, %z: f32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) : i32 {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r : f32
}

// -----

// CHECK-LABEL: tt.func @no_factor
// CHECK: scf.for
// CHECK-NOT: scf.for
tt.func @no_factor(%n: i32, %z: f32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) : i32 {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}
