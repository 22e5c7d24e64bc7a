// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file | ttc opt -split-input-file | FileCheck %s

// Constants print as MLIR prints them: signed integers, `true`, 6-digit scientific floats,
// APFloat's shortest form when 6 digits are not exact, upper-case hex for inf/NaN, dense splats.

// CHECK-LABEL: tt.func @constants
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c2147483647_i64 = arith.constant 2147483647 : i64
// CHECK-NEXT:    %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %cst_0 = arith.constant 1.44269502 : f32
// CHECK-NEXT:    %cst_1 = arith.constant 0xFF800000 : f32
// CHECK-NEXT:    %cst_2 = arith.constant dense<0xFF800000> : tensor<128xf32, #blocked>
// CHECK-NEXT:    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128xf16, #blocked>
// CHECK-NEXT:    %cst_4 = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @constants() {
    %c-1_i32 = arith.constant 4294967295 : i32
    %true = arith.constant 1 : i1
    %c0 = arith.constant 0 : index
    %c2147483647_i64 = arith.constant 2147483647 : i64
    %cst = arith.constant 1.0 : f32
    %cst_0 = arith.constant 1.44269502 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant dense<0xFF800000> : tensor<128xf32, #blocked>
    %cst_3 = arith.constant dense<0.0> : tensor<128xf16, #blocked>
    %cst_4 = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
    tt.return
  }
}

// -----

// Elementwise ops on tensors with encodings, flags, compares with tensor-of-i1 results,
// select with a tensor or scalar condition (also on tensors of pointers), casts.

// CHECK-LABEL: tt.func @elementwise
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : tensor<128xi32, #blocked>
// CHECK-NEXT:    %1 = arith.muli %arg0, %arg1 overflow<nsw, nuw> : tensor<128xi32, #blocked>
// CHECK-NEXT:    %2 = arith.cmpi slt, %0, %1 : tensor<128xi32, #blocked>
// CHECK-NEXT:    %3 = arith.select %2, %arg3, %arg4 : tensor<128xi1, #blocked>, tensor<128x!tt.ptr<f32>, #blocked>
// CHECK-NEXT:    %4 = arith.select %arg5, %0, %1 : tensor<128xi32, #blocked>
// CHECK-NEXT:    %5 = arith.extf %arg2 : tensor<128xf16, #blocked> to tensor<128xf32, #blocked>
// CHECK-NEXT:    %6 = arith.mulf %5, %5 fastmath<fast> : tensor<128xf32, #blocked>
// CHECK-NEXT:    %7 = arith.cmpf ogt, %6, %5 : tensor<128xf32, #blocked>
// CHECK-NEXT:    %8 = arith.maxnumf %6, %5 : tensor<128xf32, #blocked>
// CHECK-NEXT:    %9 = arith.truncf %8 : tensor<128xf32, #blocked> to tensor<128xf16, #blocked>
// CHECK-NEXT:    %10 = arith.extsi %0 : tensor<128xi32, #blocked> to tensor<128xi64, #blocked>
// CHECK-NEXT:    %11 = arith.sitofp %0 : tensor<128xi32, #blocked> to tensor<128xf32, #blocked>
// CHECK-NEXT:    %12 = arith.bitcast %11 : tensor<128xf32, #blocked> to tensor<128xi32, #blocked>
// CHECK-NEXT:    %13 = arith.andi %2, %7 : tensor<128xi1, #blocked>
// CHECK-NEXT:    %14 = math.exp2 %6 fastmath<afn> : tensor<128xf32, #blocked>
// CHECK-NEXT:    %15 = math.fma %6, %6, %14 : tensor<128xf32, #blocked>
// CHECK-NEXT:    %16 = math.isnan %15 : tensor<128xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @elementwise(%arg0: tensor<128xi32, #blocked>, %arg1: tensor<128xi32, #blocked>, %arg2: tensor<128xf16, #blocked>, %arg3: tensor<128x!tt.ptr<f32>, #blocked>, %arg4: tensor<128x!tt.ptr<f32>, #blocked>, %arg5: i1) {
    %0 = arith.addi %arg0, %arg1 : tensor<128xi32, #blocked>
    %1 = arith.muli %arg0, %arg1 overflow<nsw,nuw> : tensor<128xi32, #blocked>
    %2 = arith.cmpi slt, %0, %1 : tensor<128xi32, #blocked>
    %3 = arith.select %2, %arg3, %arg4 : tensor<128xi1, #blocked>, tensor<128x!tt.ptr<f32>, #blocked>
    %4 = arith.select %arg5, %0, %1 : tensor<128xi32, #blocked>
    %5 = arith.extf %arg2 : tensor<128xf16, #blocked> to tensor<128xf32, #blocked>
    %6 = arith.mulf %5, %5 fastmath<fast> : tensor<128xf32, #blocked>
    %7 = arith.cmpf ogt, %6, %5 : tensor<128xf32, #blocked>
    %8 = arith.maxnumf %6, %5 : tensor<128xf32, #blocked>
    %9 = arith.truncf %8 : tensor<128xf32, #blocked> to tensor<128xf16, #blocked>
    %10 = arith.extsi %0 : tensor<128xi32, #blocked> to tensor<128xi64, #blocked>
    %11 = arith.sitofp %0 : tensor<128xi32, #blocked> to tensor<128xf32, #blocked>
    %12 = arith.bitcast %11 : tensor<128xf32, #blocked> to tensor<128xi32, #blocked>
    %13 = arith.andi %2, %7 : tensor<128xi1, #blocked>
    %14 = math.exp2 %6 fastmath<afn> : tensor<128xf32, #blocked>
    %15 = math.fma %6, %6, %14 : tensor<128xf32, #blocked>
    %16 = math.isnan %15 : tensor<128xf32, #blocked>
    tt.return
  }
}

// -----

// scf.for: two spaces before `: i32`, yield printed only with iter_args, attributes after the
// region; an index loop omits its type. scf.if prints `-> (T)` and elides an empty yield.

// CHECK-LABEL: tt.func @loops
// CHECK:         %0:2 = scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg3 = %arg1, %arg4 = %c0_i32) -> (f32, i32)  : i32 {
// CHECK-NEXT:      %4 = arith.addf %arg3, %arg3 : f32
// CHECK-NEXT:      scf.yield %4, %arg4 : f32, i32
// CHECK-NEXT:    } {tt.num_stages = 2 : i32}
// CHECK-NEXT:    scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32  : i32 {
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %arg2 = %c0 to %c0 step %c0 {
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = scf.if %true -> (f32) {
// CHECK-NEXT:      scf.yield %0#0 : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg1 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %true {
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:    }
// CHECK-NEXT:    %2 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT:      %4 = arith.cmpi slt, %arg2, %arg0 : i32
// CHECK-NEXT:      scf.condition(%4) %arg2 : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg2: i32):
// CHECK-NEXT:      %4 = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT:      scf.yield %4 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %3 = scf.execute_region -> i32 {
// CHECK-NEXT:      scf.yield %2 : i32
// CHECK-NEXT:    }
module {
  tt.func @loops(%arg0: i32, %arg1: f32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %0:2 = scf.for %i = %c0_i32 to %arg0 step %c1_i32 iter_args(%a = %arg1, %b = %c0_i32) -> (f32, i32) : i32 {
      %s = arith.addf %a, %a : f32
      scf.yield %s, %b : f32, i32
    } {tt.num_stages = 2 : i32}
    scf.for %i = %c0_i32 to %arg0 step %c1_i32 : i32 {
      gpu.barrier
      scf.yield
    }
    scf.for %i = %c0 to %c0 step %c0 {
    }
    %1 = scf.if %true -> f32 {
      scf.yield %0#0 : f32
    } else {
      scf.yield %arg1 : f32
    }
    scf.if %true {
      gpu.barrier
    }
    %2 = scf.while (%x = %c0_i32) : (i32) -> i32 {
      %c = arith.cmpi slt, %x, %arg0 : i32
      scf.condition(%c) %x : i32
    } do {
    ^bb0(%y: i32):
      %n = arith.addi %y, %c1_i32 : i32
      scf.yield %n : i32
    }
    %3 = scf.execute_region -> (i32) {
      scf.yield %2 : i32
    }
    tt.return
  }
}

// -----

// Comparison predicates may be written as strings, as MLIR's enum parsers accept; they print as
// keywords.
// CHECK-LABEL: func.func @quoted_predicates
// CHECK-NEXT: arith.cmpi slt, %arg0, %arg0 : i32
// CHECK-NEXT: arith.cmpf olt, %arg1, %arg1 : f32
func.func @quoted_predicates(%a: i32, %b: f32) -> (i1, i1) {
  %0 = arith.cmpi "slt", %a, %a : i32
  %1 = arith.cmpf "olt", %b, %b : f32
  return %0, %1 : i1, i1
}

// -----

// Poison flags print after the operands as MLIR's arith assembly formats do: `exact` on the
// divisions and right shifts, `nneg` on the zero-extending casts, `overflow<...>` on trunci;
// the generic form's properties print the same way.

// CHECK-LABEL: tt.func @poison_flags
// CHECK-NEXT:    %0 = arith.divsi %arg0, %arg1 exact : tensor<64xi32>
// CHECK-NEXT:    %1 = arith.divui %arg0, %arg1 : tensor<64xi32>
// CHECK-NEXT:    %2 = arith.shrsi %0, %1 exact : tensor<64xi32>
// CHECK-NEXT:    %3 = arith.shrui %2, %arg1 exact : tensor<64xi32>
// CHECK-NEXT:    %4 = arith.extui %3 nneg : tensor<64xi32> to tensor<64xi64>
// CHECK-NEXT:    %5 = arith.uitofp %3 nneg : tensor<64xi32> to tensor<64xf32>
// CHECK-NEXT:    %6 = arith.index_castui %arg2 nneg : i32 to index
// CHECK-NEXT:    %7 = arith.trunci %4 overflow<nsw, nuw> : tensor<64xi64> to tensor<64xi16>
// CHECK-NEXT:    %8 = arith.trunci %4 overflow<nuw> : tensor<64xi64> to tensor<64xi32>
// CHECK-NEXT:    %9 = arith.trunci %4 : tensor<64xi64> to tensor<64xi8>
// CHECK-NEXT:    %10 = arith.extui %arg2 : i32 to i64
tt.func @poison_flags(%a: tensor<64xi32>, %b: tensor<64xi32>, %s: i32) {
  %0 = arith.divsi %a, %b exact : tensor<64xi32>
  %1 = arith.divui %a, %b : tensor<64xi32>
  %2 = "arith.shrsi"(%0, %1) <{isExact}> : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
  %3 = arith.shrui %2, %b exact : tensor<64xi32>
  %4 = "arith.extui"(%3) <{nonNeg}> : (tensor<64xi32>) -> tensor<64xi64>
  %5 = arith.uitofp %3 nneg : tensor<64xi32> to tensor<64xf32>
  %6 = arith.index_castui %s nneg : i32 to index
  %7 = arith.trunci %4 overflow<nuw, nsw> : tensor<64xi64> to tensor<64xi16>
  %8 = "arith.trunci"(%4) <{overflowFlags = #arith.overflow<nuw>}> : (tensor<64xi64>) -> tensor<64xi32>
  %9 = arith.trunci %4 overflow<none> : tensor<64xi64> to tensor<64xi8>
  %10 = arith.extui %s : i32 to i64
  tt.return
}
