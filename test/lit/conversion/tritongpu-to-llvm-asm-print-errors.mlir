// RUN: ttc opt %s -split-input-file -verify-diagnostics --convert-triton-gpu-to-llvm=compute-capability=90

// Six i8 per statement cannot be split into registers of four (tensors have power-of-two sizes,
// so only scalars can ask for this).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @uneven_pack(%x: i8) {
    // expected-error @below {{packed_element must be a multiple of the elements one register holds}}
    %r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 6 : i32, pure = true} %x : i8 -> i8
    tt.return
  }
}

// -----

// Program ids inside a cluster are not the CTA ids.
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @print_cluster(%x: i32) {
    // expected-error @below {{cannot lower 'tt.print' for cuda:90}}
    tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %x : i32
    tt.return
  }
}
