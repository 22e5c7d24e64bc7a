// RUN: ttc opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm='compute-capability=90' | FileCheck %s
// RUN: ttc opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm='compute-capability=80' | FileCheck %s --check-prefix=SM80

// init and inval: thread 0 (tid masked to the CTA) on the barrier's address, the arrival count in
// the instruction. The barrier after a 16-byte buffer sits at offset 16.
// CHECK-LABEL: llvm.func @init_inval
// CHECK: %[[BAR:.*]] = llvm.getelementptr %{{.*}}[16] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[MASKED:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// CHECK: %[[LEAD:.*]] = llvm.icmp "eq" %[[MASKED]], %{{.*}} : i32
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$0 mbarrier.init.shared::cta.b64 [$1], 3;", "b,r" %[[LEAD]], %[[BAR]]
// CHECK: "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r" %{{.*}}, %[[BAR]]
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @init_inval() {
    %pad = ttg.local_alloc : () -> !ttg.memdesc<4xi32, #bar, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %b, 3 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.inval_barrier %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttg.local_dealloc %pad : !ttg.memdesc<4xi32, #bar, #smem, mutable>
    tt.return
  }
}

// -----

// expect and arrive start with a CTA barrier; thread 0 arrives where the predicate holds. A count
// of 1 is left out of mbarrier.arrive.
// CHECK-LABEL: llvm.func @expect_arrive
// CHECK: nvvm.barrier0
// CHECK: %[[P:.*]] = llvm.and %{{.*}}, %arg0 : i1
// CHECK: "@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], 16384;", "b,r" %[[P]]
// CHECK: nvvm.barrier0
// CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1];", "b,r"
// CHECK: nvvm.barrier0
// CHECK: %[[Q:.*]] = llvm.and %{{.*}}, %arg0 : i1
// CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 2;", "b,r" %[[Q]]
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @expect_arrive(%p: i1) {
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %b, 16384, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.arrive_barrier %b, 2, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

// wait: every thread spins on the phase parity (try_wait on sm_90, test_wait and nanosleep
// before); a predicate skips the loop unless it is a constant true. Each barrier of a 2x1 array
// is 8 bytes after the previous one.
// CHECK-LABEL: llvm.func @wait
// CHECK: %[[B1:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK: llvm.inline_asm has_side_effects {{.*}}"\0A{\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.try_wait.parity.shared.b64 complete, [$0], $1;\0A\09@!complete bra.uni waitLoop;\0A}\0A", "r,r" %[[B1]], %arg0
// CHECK: "\0A{\0A\09@!$2 bra.uni skipWait;\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.try_wait.parity.shared.b64 complete, [$0], $1;\0A\09@!complete bra.uni waitLoop;\0A\09skipWait:\0A}\0A", "r,r,b" %[[B1]], %arg0, %arg1
// CHECK: "\0A{\0A\09.reg .pred complete;{{.*}}", "r,r" %[[B1]], %arg0
// SM80-LABEL: llvm.func @wait
// SM80: "\0A{\0A\09.reg .pred complete;\0A\09waitLoop:\0A\09mbarrier.test_wait.parity.shared.b64 complete, [$0], $1;\0A\09@!complete nanosleep.u32 20;\0A\09@!complete bra.uni waitLoop;\0A}\0A", "r,r"
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wait(%phase: i32, %p: i1) {
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #bar, #smem, mutable>
    %b = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.wait_barrier %b, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.wait_barrier %b, %phase, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.wait_barrier %b, %phase, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

// cp.async arrivals: the intrinsic on the barrier's address, `noinc` when the count expects them.
// CHECK-LABEL: llvm.func @copy_arrive
// CHECK: llvm.call_intrinsic "llvm.nvvm.cp.async.mbarrier.arrive.shared"(%[[B:.*]]) : (!llvm.ptr<3>) -> ()
// CHECK: llvm.call_intrinsic "llvm.nvvm.cp.async.mbarrier.arrive.noinc.shared"(%[[B]]) : (!llvm.ptr<3>) -> ()
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_arrive() {
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %b {noIncrement} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}
