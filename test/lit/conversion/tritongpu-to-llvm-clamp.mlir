// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s
// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s --check-prefix=SM80

// A clamp to [-m, m] is one min.xorsign.abs of x and m from sm_90 on (.nan when NaNs propagate):
// m's negation is an arith.negf of m, or of the scalar m is a splat of, or 0.0 - m, or both bounds
// are constants. Before sm_90 it is max then min, maximum/minimum when NaNs propagate.
// CHECK-LABEL: llvm.func @clips
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f"(%[[X:.*]], %[[M:.*]]) : (f32, f32) -> f32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.fmin.nan.xorsign.abs.f"(%[[X]], %[[M]]) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f"(%[[X]], %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f"(%[[X]], %[[M]]) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f16"(%{{.*}}, %{{.*}}) : (f16, f16) -> f16
// CHECK-NOT: llvm.intr.m
// SM80-LABEL: llvm.func @clips
// SM80: %[[LO:.*]] = llvm.intr.maxnum(%[[X:.*]], %{{.*}}) : (f32, f32) -> f32
// SM80-NEXT: llvm.intr.minnum(%[[LO]], %{{.*}}) : (f32, f32) -> f32
// SM80: %[[NLO:.*]] = llvm.intr.maximum(%[[X]], %{{.*}}) : (f32, f32) -> f32
// SM80-NEXT: llvm.intr.minimum(%[[NLO]], %{{.*}}) : (f32, f32) -> f32
// SM80-NOT: xorsign
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @clips(%p: !tt.ptr<f32>, %m: f32, %h: f16) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    %x = tt.load %a : tensor<32x!tt.ptr<f32>, #blocked>
    %hi = tt.splat %m : f32 -> tensor<32xf32, #blocked>
    %lo = arith.negf %hi : tensor<32xf32, #blocked>
    %0 = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<32xf32, #blocked>
    %1 = tt.clampf %x, %lo, %hi, propagateNan = all : tensor<32xf32, #blocked>
    %nm = arith.negf %m : f32
    %slo = tt.splat %nm : f32 -> tensor<32xf32, #blocked>
    %2 = tt.clampf %x, %slo, %hi, propagateNan = none : tensor<32xf32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<32xf32, #blocked>
    %sub = arith.subf %zero, %hi : tensor<32xf32, #blocked>
    %3 = tt.clampf %x, %sub, %hi, propagateNan = none : tensor<32xf32, #blocked>
    %c = arith.constant -2.5 : f16
    %d = arith.constant 2.5 : f16
    %4 = tt.clampf %h, %c, %d, propagateNan = none : f16
    tt.return
  }
}

// -----

// Bounds that are not each other's negation by construction are clamped by max then min.
// CHECK-LABEL: llvm.func @not_clips
// CHECK: %[[A:.*]] = llvm.intr.maxnum(%[[X:.*]], %{{.*}}) : (f32, f32) -> f32
// CHECK-NEXT: llvm.intr.minnum(%[[A]], %{{.*}}) : (f32, f32) -> f32
// CHECK: %[[B:.*]] = llvm.intr.maximum(%[[X]], %{{.*}}) : (f32, f32) -> f32
// CHECK-NEXT: llvm.intr.minimum(%[[B]], %{{.*}}) : (f32, f32) -> f32
// CHECK-NOT: xorsign
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @not_clips(%p: !tt.ptr<f32>, %m: f32, %n: f32) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    %x = tt.load %a : tensor<32x!tt.ptr<f32>, #blocked>
    %lo = tt.splat %n : f32 -> tensor<32xf32, #blocked>
    %hi = tt.splat %m : f32 -> tensor<32xf32, #blocked>
    %0 = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<32xf32, #blocked>
    %c = arith.constant dense<-1.0> : tensor<32xf32, #blocked>
    %d = arith.constant dense<2.0> : tensor<32xf32, #blocked>
    %1 = tt.clampf %x, %c, %d, propagateNan = all : tensor<32xf32, #blocked>
    tt.return
  }
}
