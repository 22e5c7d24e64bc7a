// RUN: ttc opt %s -split-input-file -verify-diagnostics
// mbarrier ops give Triton's diagnostics.

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @i32_barrier(%b: !ttg.memdesc<1xi32, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.init_barrier' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.init_barrier %b, 1 : !ttg.memdesc<1xi32, #bar, #smem, mutable>
    tt.return
  }
  tt.func @two_barriers_one_cta(%b: !ttg.memdesc<2xi64, #bar, #smem, mutable>, %phase: i32) {
    // expected-error @below {{'ttng.wait_barrier' op barrier allocation must be a descriptor of Nxi64 type with N <= number of CTAs}}
    ttng.wait_barrier %b, %phase : !ttg.memdesc<2xi64, #bar, #smem, mutable>
    tt.return
  }
  tt.func @no_arrivals(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.arrive_barrier' op count must be greater than or equal to 1}}
    ttng.arrive_barrier %b, 0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
  tt.func @multicast_alone(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @below {{'ttng.arrive_barrier' op multicast arrive requires num_ctas > 1}}
    ttng.arrive_barrier %b, 1 {multicastCTA = 1 : i32} : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
  tt.func @expect_from_other_cta(%b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
    // expected-error @below {{'ttng.barrier_expect' op fromCTA must be in the range [0, num_ctas - 1]}}
    ttng.barrier_expect %b, 128 {fromCTA = 1 : i32}, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
  tt.func @cluster_of_one() {
    // expected-error @below {{'ttng.cluster_barrier' op requires ttg.num-ctas > 1}}
    ttng.cluster_barrier {relaxed = false}
    tt.return
  }
}
