// RUN: ttc opt %s -split-input-file -tritongpu-fuse-nested-loops -canonicalize | FileCheck %s
// RUN: ttc opt %s -split-input-file -tritongpu-fuse-nested-loops | FileCheck %s --check-prefix=RAW

// One inner loop with outer-invariant bounds: versioned on an empty inner loop (the `then`
// branch keeps the outer loop without it), else one loop of len(i) * max(1, len(j)) iterations.
// T wraps at the inner length; the prologue if (T == 0) steps i and restarts j; the body runs
// unguarded (ttg.must-execute); the inner loop's init, the outer iter_arg, is carried through.
// CHECK-LABEL: tt.func @one_inner
// CHECK: %[[EMPTY:.*]] = arith.cmpi eq, %arg1, %c0_i32
// CHECK: scf.if %[[EMPTY]] -> (i32) {
// CHECK-NEXT: scf.yield %c0_i32
// CHECK: } else {
// CHECK: %[[INNER:.*]] = arith.maxsi %arg1, %c1_i32
// CHECK: %[[TOTAL:.*]] = arith.muli %arg0, %[[INNER]]
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[TOTAL]] step %c1_i32 iter_args(%[[T:.*]] = %c0_i32, %[[I:.*]] = %c-1_i32, %[[K:.*]] = %c0_i32, %[[J:.*]] = %c0_i32, %[[BASE:.*]] = %c0_i32)
// CHECK: %[[START:.*]] = arith.cmpi eq, %[[T]], %c0_i32
// CHECK: %[[J0:.*]] = arith.select %[[START]], %c0_i32, %[[J]]
// CHECK: %[[PRO:.*]]:2 = scf.if %[[START]] -> (i32, i32) {
// CHECK-NEXT: %[[NEXTI:.*]] = arith.addi %[[I]], %c1_i32
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[NEXTI]], %arg1
// CHECK-NEXT: scf.yield %[[B]], %[[NEXTI]]
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[BASE]], %[[I]]
// CHECK: %[[OFF:.*]] = arith.addi %[[PRO]]#0, %[[J0]]
// CHECK: tt.store %{{.*}}, %[[K]]
// CHECK: %[[K1:.*]] = arith.addi %[[K]], %c7_i32
// CHECK: %[[J1:.*]] = arith.addi %[[J0]], %c1_i32
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[T]], %{{.*}}
// CHECK: %[[T1:.*]] = arith.select %[[LAST]], %c0_i32, %{{.*}}
// CHECK: scf.yield %[[T1]], %[[PRO]]#1, %[[K1]], %[[J1]], %[[PRO]]#0
// CHECK-NOT: scf.for

// RAW-LABEL: tt.func @one_inner
// RAW: } {tt.flatten}
// RAW: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32)  : i32 {
// RAW-NEXT: scf.yield
// RAW-NEXT: }
// RAW: scf.for
// RAW: %[[PRO:.*]]:6 = scf.if %{{.*}} -> (i32, i32, i32, i32, i32, i32) {
// RAW: %[[TRUE:.*]] = arith.constant true
// RAW-NEXT: %[[BODY:.*]]:2 = scf.if %[[TRUE]] -> (i32, i32) {
// RAW: tt.store
// RAW: scf.yield
// RAW: } else {
// RAW-NEXT: scf.yield %[[PRO]]#0, %{{.*}} : i32, i32
// RAW: %[[EPI:.*]] = arith.cmpi eq
// RAW-NEXT: scf.if %[[EPI]] {
// RAW-NEXT: } else {
// RAW-NEXT: }
// RAW: arith.select
// RAW-NEXT: scf.yield %{{.*}}, %[[PRO]]#3, %[[BODY]]#1, %[[PRO]]#4, %[[PRO]]#5, %[[BODY]]#0, %[[BODY]]#1, %[[PRO]]#1
tt.func @one_inner(%n: i32, %m: i32, %p: !tt.ptr<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (i32) : i32 {
    %base = arith.muli %i, %m : i32
    %t = scf.for %j = %c0 to %m step %c1 iter_args(%a = %s) -> (i32) : i32 {
      %off = arith.addi %base, %j : i32
      %q = tt.addptr %p, %off : !tt.ptr<i32>, i32
      tt.store %q, %a : !tt.ptr<i32>
      %b = arith.addi %a, %c7 : i32
      scf.yield %b : i32
    }
    scf.yield %t : i32
  } {tt.flatten}
  tt.return %r : i32
}

// -----

// Two inner loops in sequence (ttg.always-fuse: no preprocessing, bodies stay guarded): the
// second starts where the first ends, overlapping its last iteration (inner length
// max(1, m) + max(1, k) - 1); values defined between them come from the second prologue if, and
// the epilogue runs on the last T.
// CHECK-LABEL: tt.func @two_inner
// CHECK: %[[M:.*]] = arith.maxsi %arg1, %c1_i32
// CHECK: %[[K:.*]] = arith.maxsi %arg2, %c1_i32
// CHECK: %[[LEN:.*]] = arith.addi %[[M]], %[[K]]
// CHECK: %[[INNER:.*]] = arith.subi %[[LEN]], %c1_i32
// CHECK: %[[TOTAL:.*]] = arith.muli %arg0, %[[INNER]]
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[TOTAL]] step %c1_i32 iter_args(%[[T:[^ ]*]] = %c0_i32
// CHECK: %[[P0:.*]]:2 = scf.if
// CHECK: %[[IN0:.*]] = arith.cmpi slt, %[[T]], %arg1
// CHECK: %[[G0:.*]] = arith.andi %{{.*}}, %[[IN0]]
// CHECK: scf.if %[[G0]] -> (i32) {
// CHECK: tt.store
// CHECK: %[[S1:.*]] = arith.subi %{{.*}}, %c1_i32
// CHECK: %[[AT1:.*]] = arith.cmpi eq, %[[T]], %[[S1]]
// CHECK: %[[P1:.*]] = scf.if %[[AT1]] -> (i32) {
// CHECK-NEXT: arith.addi %[[P0]]#0, %c1_i32
// CHECK: %[[E1:.*]] = arith.addi %[[S1]], %arg2
// CHECK: %[[IN1:.*]] = arith.cmpi slt, %[[T]], %[[E1]]
// CHECK: %[[G1:.*]] = arith.andi %{{.*}}, %[[IN1]]
// CHECK: scf.if %[[G1]] -> (i32) {
// CHECK: tt.store
// CHECK: %[[LASTT:.*]] = arith.subi %[[LEN]], %c2_i32
// CHECK: %[[EPI:.*]] = arith.cmpi eq, %[[T]], %[[LASTT]]
// CHECK: scf.if %[[EPI]] {
// CHECK-NEXT: %[[Q:.*]] = tt.addptr %arg3, %[[P1]]
// CHECK-NEXT: tt.store %[[Q]], %[[P0]]#0
tt.func @two_inner(%n: i32, %m: i32, %k: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x = arith.muli %i, %i : i32
    scf.for %j = %c0 to %m step %c1 : i32 {
      %o = arith.addi %x, %j : i32
      %q = tt.addptr %p, %o : !tt.ptr<i32>, i32
      tt.store %q, %j : !tt.ptr<i32>
    }
    %y = arith.addi %x, %c1 : i32
    scf.for %j = %c0 to %k step %c1 : i32 {
      %o = arith.addi %y, %j : i32
      %q = tt.addptr %p, %o : !tt.ptr<i32>, i32
      tt.store %q, %i : !tt.ptr<i32>
    }
    %q = tt.addptr %p, %y : !tt.ptr<i32>, i32
    tt.store %q, %x : !tt.ptr<i32>
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// Bounds computed from i (with an assumption that the range is not empty): the lengths are
// summed by a peeled copy of the outer loop and recomputed in the prologue.
// CHECK-LABEL: tt.func @dependent
// CHECK: %[[TOTAL:.*]] = scf.for %[[PI:.*]] = %c0_i32 to %arg0 step %c1_i32 iter_args(%[[ACC:.*]] = %c0_i32)
// CHECK: %[[PLB:.*]] = arith.muli %[[PI]], %c3_i32
// CHECK: %[[PN:.*]] = arith.maxsi %{{.*}}, %c1_i32
// CHECK: %[[PSUM:.*]] = arith.addi %[[ACC]], %[[PN]]
// CHECK: scf.yield %[[PSUM]]
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[TOTAL]] step %c1_i32 iter_args(%[[T:[^ ]*]] = %c0_i32, %[[I:[^ ]*]] = %c-1_i32
// CHECK: %[[PRO:.*]]:6 = scf.if
// CHECK: %[[NEXTI:.*]] = arith.addi %[[I]], %c1_i32
// CHECK: %[[LEN:.*]] = arith.subi
// CHECK: %[[LB:.*]] = arith.muli %[[NEXTI]], %c3_i32
// CHECK: llvm.intr.assume
// CHECK: scf.yield %[[LB]], %[[LB]], %{{.*}}, %[[NEXTI]], %[[LEN]],
// CHECK: tt.store %{{.*}}, %[[PRO]]#3
// CHECK: %[[LASTT:.*]] = arith.subi %[[PRO]]#5, %c1_i32
// CHECK: arith.cmpi eq, %[[T]], %[[LASTT]]
tt.func @dependent(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %lb = arith.muli %i, %c3 : i32
    %ub = arith.addi %lb, %i : i32
    %ub1 = arith.addi %ub, %c1 : i32
    %pos = arith.cmpi sgt, %ub1, %lb : i32
    llvm.intr.assume %pos : i1
    scf.for %j = %lb to %ub1 step %c1 : i32 {
      %q = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %q, %i : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// The accumulator's init, defined outside, becomes the fused loop's init and is reset by the
// epilogue; the outer iter_arg goes through the epilogue if; num_stages is the nest's largest and
// tt.disallow_acc_multi_buffer carries over.
// CHECK-LABEL: tt.func @carried
// CHECK: } {tt.disallow_acc_multi_buffer, tt.flatten, tt.num_stages = 2 : i32}
// CHECK: scf.for %{{.*}} iter_args(%[[T:[^ ]*]] = %c0_i32, %{{.*}} = %c-1_i32, %[[TOT:[^ ]*]] = %cst, %{{.*}} = %c0_i32, %[[ACC:[^ ]*]] = %cst)
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %{{.*}}
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[T]],
// CHECK: %[[RESET:.*]] = arith.select %[[LAST]], %cst, %[[SUM]]
// CHECK: %[[EPI:.*]] = scf.if %[[LAST]] -> (f32) {
// CHECK: tt.store %{{.*}}, %[[SUM]]
// CHECK: %[[NEWTOT:.*]] = arith.addf %[[TOT]], %[[SUM]]
// CHECK-NEXT: scf.yield %[[NEWTOT]]
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[TOT]]
// CHECK: scf.yield %{{.*}}, %{{.*}}, %[[EPI]], %{{.*}}, %[[RESET]]
// CHECK-NEXT: } {tt.disallow_acc_multi_buffer, tt.num_stages = 4 : i32}
tt.func @carried(%n: i32, %m: i32, %p: !tt.ptr<f32>) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%t = %zero) -> (f32) : i32 {
    %acc = scf.for %j = %c0 to %m step %c1 iter_args(%a = %zero) -> (f32) : i32 {
      %q = tt.addptr %p, %j : !tt.ptr<f32>, i32
      %v = tt.load %q : !tt.ptr<f32>
      %b = arith.addf %a, %v : f32
      scf.yield %b : f32
    } {tt.num_stages = 4 : i32}
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    tt.store %q, %acc : !tt.ptr<f32>
    %u = arith.addf %t, %acc : f32
    scf.yield %u : f32
  } {tt.flatten, tt.num_stages = 2 : i32, tt.disallow_acc_multi_buffer}
  tt.return %total : f32
}

// -----

// Nests that are left alone: no tt.flatten.
// CHECK-LABEL: tt.func @no_flatten
// CHECK: scf.for
// CHECK-NEXT: scf.for
tt.func @no_flatten(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      %q = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %q, %i : !tt.ptr<i32>
    }
  }
  tt.return
}

// -----

// tt.flatten fuses only one loop around one loop.
// CHECK-LABEL: tt.func @flatten_two_inner
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK: scf.for
// CHECK: } {tt.flatten}
tt.func @flatten_two_inner(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      %q = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %q, %i : !tt.ptr<i32>
    }
    scf.for %j = %c0 to %n step %c1 : i32 {
      %q = tt.addptr %p, %i : !tt.ptr<i32>, i32
      tt.store %q, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// Inner bounds that depend on i without an assumption of a non-empty range: not fused, though
// the invariant splat was already hoisted.
// CHECK-LABEL: tt.func @variant_unproven
// CHECK: scf.for
// CHECK: scf.for
// CHECK: } {tt.flatten}
// RAW-LABEL: tt.func @variant_unproven
// RAW: tt.splat %arg0
// RAW-NEXT: scf.for
// RAW-NEXT: arith.addi
// RAW-NEXT: scf.for
tt.func @variant_unproven(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %s = tt.splat %n : i32 -> tensor<4xi32>
    %ub = arith.addi %i, %c1 : i32
    scf.for %j = %c0 to %ub step %c1 : i32 {
      %q = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %q, %i : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// An scf.if between the loops splits the nest.
// CHECK-LABEL: tt.func @inner_under_if
// CHECK: scf.for
// CHECK-NEXT: scf.if
// CHECK-NEXT: scf.for
tt.func @inner_under_if(%n: i32, %c: i1, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.if %c {
      scf.for %j = %c0 to %n step %c1 : i32 {
        %q = tt.addptr %p, %j : !tt.ptr<i32>, i32
        tt.store %q, %i : !tt.ptr<i32>
      }
    }
  } {tt.flatten}
  tt.return
}

// -----

// ttg.always-fuse flattens a deeper nest, innermost first: one loop remains.
// CHECK-LABEL: tt.func @three_levels
// CHECK: %[[K:.*]] = arith.ceildivsi %arg0, %c2_i32
// CHECK: %[[MK:.*]] = arith.maxsi %[[K]], %c1_i32
// CHECK: %[[MID:.*]] = arith.muli %[[MK]], %c2_i32
// CHECK: %[[MM:.*]] = arith.maxsi %[[MID]], %c1_i32
// CHECK: %[[TOTAL:.*]] = arith.muli %arg0, %[[MM]]
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[TOTAL]]
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @three_levels(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %c2 step %c1 : i32 {
      scf.for %k = %c0 to %n step %c2 : i32 {
        %a = arith.addi %i, %j : i32
        %b = arith.addi %a, %k : i32
        %q = tt.addptr %p, %b : !tt.ptr<i32>, i32
        tt.store %q, %b : !tt.ptr<i32>
      }
    }
  } {"ttg.always-fuse"}
  tt.return
}

// -----

// An index outer loop around an i64 inner loop: the fused counter is i64.
// CHECK-LABEL: tt.func @index_and_i64
// CHECK: %[[N:.*]] = arith.index_cast %arg0 : index to i64
// CHECK: %[[TOTAL:.*]] = arith.muli %[[N]], %{{.*}} : i64
// CHECK: scf.for %{{.*}} = %c0_i64 to %[[TOTAL]] step %c1_i64 iter_args({{.*}}) -> (i64, index, i64)  : i64
tt.func @index_and_i64(%n: index, %m: i64, %p: !tt.ptr<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %o = arith.constant 1 : i64
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %z to %m step %o : i64 {
      %q = tt.addptr %p, %j : !tt.ptr<i64>, i64
      tt.store %q, %j : !tt.ptr<i64>
    }
  } {tt.flatten}
  tt.return
}
