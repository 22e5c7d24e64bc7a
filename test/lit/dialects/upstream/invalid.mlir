// RUN: ttc opt %s -split-input-file -verify-diagnostics

tt.func @cmpi_result_must_keep_shape(%a: tensor<8xi32>) {
  // expected-error @+1 {{'arith.cmpi' op result #0 must be tensor<8xi1> (i1 in the operands' shape), but got i1}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 2 : i64}> : (tensor<8xi32>, tensor<8xi32>) -> i1
  tt.return
}

// -----

tt.func @select_condition_shape(%c: tensor<4xi1>, %a: tensor<8xi32>) {
  // expected-error @+1 {{'arith.select' op expected condition type to have the same shape as the result type}}
  %0 = "arith.select"(%c, %a, %a) : (tensor<4xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @cast_keeps_encoding(%a: tensor<128xi32, #blocked>) {
    // expected-error @+1 {{'arith.extsi' op requires the same encoding for all operands and results}}
    %0 = arith.extsi %a : tensor<128xi32, #blocked> to tensor<128xi64>
    tt.return
  }
}

// -----

tt.func @extsi_must_widen(%a: i32) {
  // expected-error @+1 {{'arith.extsi' op result type 'i16' must be wider than operand type 'i32'}}
  %0 = arith.extsi %a : i32 to i16
  tt.return
}

// -----

tt.func @truncf_must_narrow(%a: f16) {
  // expected-error @+1 {{'arith.truncf' op result type 'f32' must be shorter than operand type 'f16'}}
  %0 = arith.truncf %a : f16 to f32
  tt.return
}

// -----

tt.func @bitcast_width(%a: f32) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'f32' and result type 'i16' are cast incompatible}}
  %0 = arith.bitcast %a : f32 to i16
  tt.return
}

// -----

tt.func @if_results_need_else(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %0 = "scf.if"(%c) ({
    "scf.yield"(%x) : (f32) -> ()
  }, {
  }) : (i1) -> f32
  tt.return
}

// -----

tt.func @while_condition_types(%a: i32, %c: i1) {
  // expected-error @+1 {{'scf.while' op expects the 'scf.condition' operands to match the results}}
  %0 = scf.while (%x = %a) : (i32) -> f32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: f32):
    scf.yield %a : i32
  }
  tt.return
}
