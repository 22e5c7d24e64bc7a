// RUN: ttc opt --split-input-file %s --verify-diagnostics
// RUN: ttc opt -split-input-file %s -verify-diagnostics=only-expected -o /dev/null

// Parse and verifier errors are matched against expected-* comments, chunk by chunk, with every
// designator MLIR supports.

// expected-note @below {{prior use here}}
tt.func @operand_type(%a: i32, %b: i64) -> i32 {
  // expected-error @below {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = arith.addi %a, %b : i32
  tt.return %0 : i32
}

// -----

tt.func @make_range(%a: i32) {
  %0 = tt.make_range {end = 10 : i32, start = 0 : i32} : tensor<8xi32>
  // expected-error @above {{'tt.make_range' op number of elements in returned tensor, 8, must match size of range [0, 10)}}
  tt.return
}

// -----

tt.func @offsets() {
  // expected-error @+2 {{'tt.make_range' op number of elements in returned tensor, {{[0-9]+}}, must match}}

  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<2xi32>
  tt.return
}

// -----

tt.func @same_line() {
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<8xi32> // expected-error {{must match size of range [0, 4)}}
  tt.return
}

// -----

tt.func @unknown_op() {
  tt.frobnicate
  // expected-error @-1 {{custom op 'tt.frobnicate' is unknown}}
}

// -----

// A chunk without diagnostics passes too.
tt.func @clean() {
  tt.return
}
