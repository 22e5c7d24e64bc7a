// RUN: ttc opt %s -split-input-file -test-print-alignment -verify-diagnostics -o /dev/null

tt.func @offsets(%base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 8 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [1], constant_value = 256}}
  %c256 = arith.constant 256 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %pid = tt.get_program_id x : i32
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [1], constant_value = <none>}}
  %start = arith.muli %pid, %c256 : i32
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [256], constant_value = <none>}}
  %splat = tt.splat %start : i32 -> tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [256], constancy = [1], constant_value = <none>}}
  %offs = arith.addi %splat, %range : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [256], constant_value = <none>}}
  %ptrs = tt.splat %base : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
  // expected-remark @below {{contiguity = [256], divisibility = [16], constancy = [1], constant_value = <none>}}
  %addr = tt.addptr %ptrs, %offs : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [256], constant_value = <none>}}
  %bound = tt.splat %n : i32 -> tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>}}
  %mask = arith.cmpi slt, %offs, %bound : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [256], constant_value = 32}}
  %half = arith.constant dense<32> : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [32], constant_value = <none>}}
  %quot = arith.divsi %range, %half : tensor<256xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [32], constancy = [1], constant_value = <none>}}
  %rem = arith.remsi %range, %half : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4294967296], constancy = [1], constant_value = <none>}}
  %shl = arith.shli %range, %half : tensor<256xi32>
  tt.return
}

// -----

tt.func @two_dims(%stride: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [16], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %rows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [16, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>}}
  %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [16, 1], constant_value = <none>}}
  %s = tt.splat %stride : i32 -> tensor<16x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1], constant_value = <none>}}
  %rs = arith.muli %r, %s : tensor<16x1xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>}}
  %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64], constant_value = <none>}}
  %rb = tt.broadcast %rs : tensor<16x1xi32> -> tensor<16x64xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [16, 1], constant_value = <none>}}
  %cb = tt.broadcast %c : tensor<1x64xi32> -> tensor<16x64xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 16], constancy = [1, 1], constant_value = <none>}}
  %sum = arith.addi %rb, %cb : tensor<16x64xi32>
  tt.return
}

// -----

tt.func @loop(%n: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = 8}}
  %c8 = arith.constant 8 : i32
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %init = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [128], constant_value = 128}}
  %step = arith.constant dense<128> : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
  %out = scf.for %i = %c0 to %n step %c8 iter_args(%acc = %init) -> (tensor<128xi32>) : i32 {
    // expected-remark @below {{contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>}}
    %next = arith.addi %acc, %step : tensor<128xi32>
    scf.yield %next : tensor<128xi32>
  }
  tt.return
}
