// RUN: ttc opt %s | FileCheck %s
// RUN: ttc opt %s --mlir-print-op-generic | ttc opt | FileCheck %s
// The pipeliner's stage predicate and masked region, and ttg.warp_id, print as Triton does.

// CHECK-LABEL: tt.func @stage_two_of_three
// CHECK-NEXT: %0 = ttg.predicate_stage %arg0, %arg1, %arg2 maxStage 3 stage 2 : index -> i1
// CHECK-NEXT: %1 = "ttg.mask"(%0) ({
// CHECK-NEXT:   %3 = arith.mulf %arg3, %arg3 : f32
// CHECK-NEXT:   ttg.mask.return %3 : f32
// CHECK-NEXT: }) : (i1) -> f32
// CHECK-NEXT: %2 = ttg.warp_id {omitUniformHint}
tt.func @stage_two_of_three(%iv: index, %ub: index, %step: index, %x: f32) -> f32 {
  %p = ttg.predicate_stage %iv, %ub, %step maxStage 3 stage 2 : index -> i1
  %r = "ttg.mask"(%p) ({
    %sq = arith.mulf %x, %x : f32
    ttg.mask.return %sq : f32
  }) : (i1) -> f32
  %w = ttg.warp_id {omitUniformHint}
  tt.return %r : f32
}
