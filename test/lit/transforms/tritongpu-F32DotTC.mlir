// RUN: ttc opt %s -split-input-file -tritongpu-F32DotTC | FileCheck %s --check-prefixes=CHECK,NOEMU
// RUN: ttc opt %s -split-input-file -tritongpu-F32DotTC="emu-tf32=1" | FileCheck %s --check-prefixes=CHECK,EMU

// tf32x3 is decomposed only with emu-tf32: big parts are the operands rounded to tf32, small parts
// the remainders; small*big + big*small (NaNs zeroed) + big*big, then the accumulator.
// CHECK-LABEL: tt.func @tf32x3
// NOEMU-NEXT: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32x3
// EMU-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
// EMU-NEXT: %[[ABIG:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %arg0
// EMU-NEXT: %[[ASMALL:.*]] = arith.subf %arg0, %[[ABIG]]
// EMU-NEXT: %[[BBIG:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {{.*}} %arg1
// EMU-NEXT: %[[BSMALL:.*]] = arith.subf %arg1, %[[BBIG]]
// EMU-NEXT: %[[D1:.*]] = tt.dot %[[ASMALL]], %[[BBIG]], %[[ZERO]], inputPrecision = tf32
// EMU-NEXT: %[[D2:.*]] = tt.dot %[[ABIG]], %[[BSMALL]], %[[D1]], inputPrecision = tf32
// EMU-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]] : tensor<32x32xf32, #blocked>
// EMU-NEXT: %[[SMALL:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
// EMU-NEXT: %[[D3:.*]] = tt.dot %[[ABIG]], %[[BBIG]], %[[SMALL]], inputPrecision = tf32
// EMU-NEXT: %[[SUM:.*]] = arith.addf %[[D3]], %arg2
// EMU-NEXT: tt.return %[[SUM]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32x3(%a: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}

// -----

// bf16x3 (with or without emu-tf32): hi and mid bf16 parts of each operand; mid*hi + hi*mid
// (NaNs zeroed), then hi*hi, as ieee bf16 dots; the layouts of the operands carry over.
// CHECK-LABEL: tt.func @bf16x3
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked>
// CHECK-NEXT: %[[AHI:.*]] = arith.truncf %arg0 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK-NEXT: %[[AHI32:.*]] = arith.extf %[[AHI]]
// CHECK-NEXT: %[[AREST:.*]] = arith.subf %arg0, %[[AHI32]]
// CHECK-NEXT: %[[AMID:.*]] = arith.truncf %[[AREST]]
// CHECK-NEXT: %[[BHI:.*]] = arith.truncf %arg1
// CHECK-NEXT: %[[BHI32:.*]] = arith.extf %[[BHI]]
// CHECK-NEXT: %[[BREST:.*]] = arith.subf %arg1, %[[BHI32]]
// CHECK-NEXT: %[[BMID:.*]] = arith.truncf %[[BREST]]
// CHECK-NEXT: %[[D1:.*]] = tt.dot %[[AMID]], %[[BHI]], %[[ZERO]] : tensor<32x16xbf16, {{.*}} -> tensor<32x32xf32, #blocked>
// CHECK-NEXT: %[[D2:.*]] = tt.dot %[[AHI]], %[[BMID]], %[[D1]] :
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK-NEXT: %[[SMALL:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
// CHECK-NEXT: %[[D3:.*]] = tt.dot %[[AHI]], %[[BHI]], %[[SMALL]] :
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[D3]], %arg2
// CHECK-NEXT: tt.return %[[SUM]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bf16x3(%a: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}

// -----

// bf16x6 splits into hi, mid and lo, and adds mid*mid, lo*hi and hi*lo before the bf16x3 terms.
// CHECK-LABEL: tt.func @bf16x6
// CHECK-COUNT-6: arith.truncf
// CHECK: %[[D1:.*]] = tt.dot %[[AMID:.*]], %[[BMID:.*]], %cst : tensor<16x16xbf16>
// CHECK-NEXT: %[[D2:.*]] = tt.dot %[[ALO:.*]], %[[BHI:.*]], %[[D1]]
// CHECK-NEXT: %[[D3:.*]] = tt.dot %[[AHI:.*]], %[[BLO:.*]], %[[D2]]
// CHECK-NEXT: %[[D4:.*]] = tt.dot %[[AMID]], %[[BHI]], %[[D3]]
// CHECK-NEXT: %[[D5:.*]] = tt.dot %[[AHI]], %[[BMID]], %[[D4]]
// CHECK-NEXT: arith.cmpf uno, %[[D5]], %[[D5]]
// CHECK-NEXT: %[[SMALL:.*]] = arith.select
// CHECK-NEXT: tt.dot %[[AHI]], %[[BHI]], %[[SMALL]]
// CHECK-NEXT: arith.addf
module {
  tt.func @bf16x6(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    tt.return %d : tensor<16x16xf32>
  }
}

// -----

// Other dots are left alone: tf32 and ieee f32 dots, and a bf16x3 dot whose operands are not f32.
// CHECK-LABEL: tt.func @untouched
// CHECK-NEXT: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 :
// CHECK-NEXT: tt.dot %arg0, %arg1, %arg2 :
// CHECK-NEXT: tt.dot %arg3, %arg4, %arg2, inputPrecision = bf16x3 :
// CHECK-NEXT: tt.return
module {
  tt.func @untouched(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>, %x: tensor<16x16xf16>, %y: tensor<16x16xf16>) -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
    %0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    %1 = tt.dot %a, %b, %c : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    %2 = tt.dot %x, %y, %c, inputPrecision = bf16x3 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    tt.return %0, %1, %2 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
  }
}
