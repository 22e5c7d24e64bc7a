// RUN: ttc opt %s -split-input-file -verify-diagnostics
// A value used with another type than it has gets MLIR's error, with a note at its definition
// (or, for a value not defined yet, at its first use).

tt.func @argument(%p: tensor<8x!tt.ptr<f32>>,
                  %n: tensor<8xi32>) { // expected-note {{prior use here}}
  // expected-error @below {{use of value '%n' expects different type than prior uses: 'tensor<8xf32>' vs 'tensor<8xi32>'}}
  tt.store %p, %n : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @result(%x: i32) {
  %y = arith.addi %x, %x : i32 // expected-note {{prior use here}}
  // expected-error @below {{use of value '%y' expects different type than prior uses: 'i64' vs 'i32'}}
  %z = arith.addi %y, %y : i64
  tt.return
}
