// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt -split-input-file | FileCheck %s
// The mbarrier and cluster-synchronisation ops of ttng print as Triton does.

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @producer
  // CHECK-NEXT: ttng.init_barrier %arg0, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  // CHECK-NEXT: ttng.barrier_expect %arg0, 16384, %arg2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  // CHECK-NEXT: ttng.wait_barrier %arg0, %arg1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  // CHECK-NEXT: ttng.wait_barrier %arg0, %arg1, %arg2 deps %arg3 : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<64xf16, #shared, #smem, mutable>
  // CHECK-NEXT: ttng.arrive_barrier %arg0, 2, %arg2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  // CHECK-NEXT: ttng.async_copy_mbarrier_arrive %arg0 {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttng.inval_barrier %arg0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  tt.func @producer(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %phase: i32, %p: i1, %buf: !ttg.memdesc<64xf16, #bar, #smem, mutable>) {
    ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %b, 16384, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.wait_barrier %b, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.wait_barrier %b, %phase, %p deps %buf : !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<64xf16, #bar, #smem, mutable>
    ttng.arrive_barrier %b, 2, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %b {noIncrement} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.inval_barrier %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @cluster
  // CHECK-NEXT: ttng.cluster_barrier {relaxed = true}
  tt.func @cluster() {
    ttng.cluster_barrier {relaxed = true}
    tt.return
  }
}
