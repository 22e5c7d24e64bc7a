// RUN: ttc opt %s -split-input-file -verify-diagnostics
// ttg.warp_specialize and its terminators give Triton's diagnostics.

tt.func @holder_without_partitions_op() {
  // expected-error @below {{'ttg.warp_specialize' op expected to find only a `ttg.warp_specialize.partitions` op inside its second region}}
  "ttg.warp_specialize"() ({
    "ttg.warp_yield"() : () -> ()
  }, {
    "ttg.warp_yield"() : () -> ()
  }) {partitionNumWarps = array<i32: 2>} : () -> ()
  tt.return
}

// -----

tt.func @two_warp_counts_one_partition() {
  // expected-error @below {{'ttg.warp_specialize' op has 1 partitions but `partitionNumWarps` has 2 elements}}
  "ttg.warp_specialize"() ({
    "ttg.warp_yield"() : () -> ()
  }, {
    "ttg.warp_specialize.partitions"() ({
      "ttg.warp_return"() : () -> ()
    }) : () -> ()
  }) {partitionNumWarps = array<i32: 2, 4>} : () -> ()
}

// -----

tt.func @six_warps() {
  // expected-error @below {{'ttg.warp_specialize' op partition #1 number of warps (6) must be a power of 2}}
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    ttg.warp_return
  }
  partition1() num_warps(6) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

tt.func @start_ids_for_too_many_partitions() {
  // expected-error @below {{'ttg.warp_specialize' op has 2 warp group start IDs but expected 1}}
  ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4, 8>}
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// -----

tt.func @captures_without_arguments(%x: f32) {
  ttg.warp_specialize(%x)
  default {
    ttg.warp_yield
  }
  // expected-error @below {{'ttg.warp_specialize.partitions' op partition region #0 has 0 arguments but expected 1}}
  partition0() num_warps(1) {
    ttg.warp_return
  } : (f32) -> ()
  tt.return
}

// -----

tt.func @argument_of_other_type(%x: f32) {
  ttg.warp_specialize(%x)
  default {
    ttg.warp_yield
  }
  // expected-error @below {{'ttg.warp_specialize.partitions' op partition region #0 argument #0 has type 'f16' but corresponding capture has type 'f32'}}
  partition0(%y: f16) num_warps(1) {
    ttg.warp_return
  } : (f32) -> ()
  tt.return
}

// -----

tt.func @yield_too_many(%x: f32) {
  %r = ttg.warp_specialize()
  default {
    // expected-error @below {{'ttg.warp_yield' op has 2 operands but parent op expected 1}}
    ttg.warp_yield %x, %x : f32, f32
  } : () -> f32
  tt.return
}

// -----

tt.func @yield_other_type(%x: f32) {
  %r = ttg.warp_specialize()
  default {
    // expected-error @below {{'ttg.warp_yield' op operand #0 has type 'f32' but parent op expected 'i32'}}
    ttg.warp_yield %x : f32
  } : () -> i32
  tt.return
}

// -----

tt.func @nested() {
  ttg.warp_specialize()
  default {
    // expected-error @below {{'ttg.warp_specialize' op cannot be nested inside another `ttg.warp_specialize` op}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    } : () -> ()
    ttg.warp_yield
  } : () -> ()
  tt.return
}

// -----

module attributes {"ttg.num-warps" = 2 : i32} {
  tt.func @two_warp_kernel() {
    // expected-error @below {{warp-specialized kernels requires num_warps to be a multiple of 4}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    } : () -> ()
    tt.return
  }
}

// -----

tt.func @empty_partition() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  // expected-error @below {{'ttg.warp_specialize.partitions' op region #0 ('partitionRegions') failed to verify constraint: region with at least 1 blocks}}
  partition0() num_warps(1) {
  } : () -> ()
  tt.return
}

// -----

tt.func @partition_without_return() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(1) {
    // expected-error @below {{block with no terminator, has 'arith.constant'}}
    %zero = arith.constant 0 : i32
  } : () -> ()
  tt.return
}

// -----

#w4 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @module_layout_in_partition() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(2) {
      // expected-error @below {{Layout has 4 warps per CTA, but the context requires 2 warps per CTA.}}
      %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #w4>
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

tt.func @yield_outside(%x: f32) {
  // expected-error @below {{'ttg.warp_yield' expects parent op 'ttg.warp_specialize'}}
  ttg.warp_yield %x : f32
}
