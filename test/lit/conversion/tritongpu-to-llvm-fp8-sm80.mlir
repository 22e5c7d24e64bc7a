// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// Before sm_89, f8E5M2 converts with integer operations (Triton's software forms): to f16 its
// byte becomes the f16's high byte (then fpext to f32; through f32 to bf16); from f16 the bits
// with the lowest one cleared plus 0x80 keep their high byte; f32 is first rounded toward zero to
// f16; rounding toward zero keeps the f16's high byte. One register at a time, no inline PTX
// beyond the f32 -> f16 cvt, except f8E5M2 -> f16: four bytes at once, interleaved with zero
// bytes by one shufflevector (two prmt in PTX).
// CHECK-LABEL: llvm.func @e5m2_sm80
// CHECK-NOT: e5m2x2
// CHECK: %[[H0:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,r" %{{.*}} : (f32) -> f16
// CHECK-NEXT: %[[B0:.*]] = llvm.bitcast %[[H0]] : f16 to i16
// CHECK-NEXT: %[[M0:.*]] = llvm.mlir.constant(-2 : i16) : i16
// CHECK-NEXT: %[[A0:.*]] = llvm.and %[[B0]], %[[M0]] : i16
// CHECK-NEXT: %[[R0:.*]] = llvm.mlir.constant(128 : i16) : i16
// CHECK-NEXT: %[[S0:.*]] = llvm.add %[[A0]], %[[R0]] : i16
// CHECK-NEXT: %[[E0:.*]] = llvm.mlir.constant(8 : i16) : i16
// CHECK-NEXT: %[[T0:.*]] = llvm.lshr %[[S0]], %[[E0]] : i16
// CHECK-NEXT: llvm.trunc %[[T0]] : i16 to i8
// CHECK-COUNT-3: "cvt.rz.f16.f32 $0, $1;"
// CHECK: %[[F:.*]] = llvm.bitcast %{{.*}} : f16 to i16
// CHECK-NEXT: llvm.mlir.constant(-2 : i16) : i16
// CHECK-NEXT: llvm.and %[[F]]
// CHECK: %[[ZERO:.*]] = llvm.mlir.zero : vector<4xi8>
// CHECK-COUNT-4: llvm.insertelement
// CHECK-NEXT: %[[SPREAD:.*]] = llvm.shufflevector %[[ZERO]], %{{.*}} [0, 4, 0, 5, 0, 6, 0, 7] : vector<4xi8>
// CHECK-NEXT: %[[HALVES:.*]] = llvm.bitcast %[[SPREAD]] : vector<8xi8> to vector<4xf16>
// CHECK-COUNT-4: llvm.extractelement %[[HALVES]]
// CHECK-NOT: llvm.fpext
// CHECK: llvm.shufflevector
// CHECK-COUNT-4: llvm.extractelement
// CHECK-COUNT-4: llvm.fpext %{{.*}} : f16 to f32
// CHECK: llvm.shufflevector
// CHECK-COUNT-4: llvm.extractelement
// CHECK: %[[W32:.*]] = llvm.fpext %{{.*}} : f16 to f32
// CHECK-COUNT-3: llvm.fpext
// CHECK-NEXT: llvm.fptrunc %[[W32]] : f32 to bf16
// CHECK: %[[Q:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,r" %{{.*}} : (f32) -> f16
// CHECK-NEXT: %[[QB:.*]] = llvm.bitcast %[[Q]] : f16 to i16
// CHECK-NEXT: %[[QE:.*]] = llvm.mlir.constant(8 : i16) : i16
// CHECK-NEXT: %[[QS:.*]] = llvm.lshr %[[QB]], %[[QE]] : i16
// CHECK-NEXT: llvm.trunc %[[QS]] : i16 to i8
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @e5m2_sm80(%x: tensor<128xf32, #blocked>, %h: tensor<128xf16, #blocked>, %e: tensor<128xf8E5M2, #blocked>) {
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #blocked> -> tensor<128xf8E5M2, #blocked>
    %1 = tt.fp_to_fp %h, rounding = rtne : tensor<128xf16, #blocked> -> tensor<128xf8E5M2, #blocked>
    %2 = tt.fp_to_fp %e : tensor<128xf8E5M2, #blocked> -> tensor<128xf16, #blocked>
    %3 = tt.fp_to_fp %e : tensor<128xf8E5M2, #blocked> -> tensor<128xf32, #blocked>
    %4 = tt.fp_to_fp %e : tensor<128xf8E5M2, #blocked> -> tensor<128xbf16, #blocked>
    %5 = tt.fp_to_fp %x, rounding = rtz : tensor<128xf32, #blocked> -> tensor<128xf8E5M2, #blocked>
    tt.return
  }
}

// -----

// bf16 -> f8E5M2 before sm_89 (Triton's clamping software form): the magnitude bits clamped to
// [0x3800, 0x57e0], 0x10 added, 0x3800 taken off, bits 5-12 kept and the sign put back.
// CHECK-LABEL: llvm.func @bf16_to_e5m2_sm80
// CHECK-NOT: e5m2x2
// CHECK:      %[[B:.*]] = llvm.bitcast %{{.*}} : bf16 to i16
// CHECK-NEXT: %[[SM:.*]] = llvm.mlir.constant(-32768 : i16) : i16
// CHECK-NEXT: %[[S:.*]] = llvm.and %[[B]], %[[SM]] : i16
// CHECK-NEXT: %[[EIGHT:.*]] = llvm.mlir.constant(8 : i16) : i16
// CHECK-NEXT: %[[SIGN:.*]] = llvm.lshr %[[S]], %[[EIGHT]] : i16
// CHECK-NEXT: %[[MM:.*]] = llvm.mlir.constant(32767 : i16) : i16
// CHECK-NEXT: %[[M:.*]] = llvm.and %[[B]], %[[MM]] : i16
// CHECK-NEXT: %[[LO:.*]] = llvm.mlir.constant(14336 : i16) : i16
// CHECK-NEXT: %[[HI:.*]] = llvm.mlir.constant(22496 : i16) : i16
// CHECK-NEXT: %[[C1:.*]] = llvm.call_intrinsic "llvm.umax.i16"(%[[M]], %[[LO]]) : (i16, i16) -> i16
// CHECK-NEXT: %[[C2:.*]] = llvm.call_intrinsic "llvm.umin.i16"(%[[C1]], %[[HI]]) : (i16, i16) -> i16
// CHECK-NEXT: %[[RN:.*]] = llvm.mlir.constant(16 : i16) : i16
// CHECK-NEXT: %[[R:.*]] = llvm.add %[[C2]], %[[RN]] : i16
// CHECK-NEXT: %[[OFF:.*]] = llvm.mlir.constant(14336 : i16) : i16
// CHECK-NEXT: %[[RB:.*]] = llvm.sub %[[R]], %[[OFF]] : i16
// CHECK-NEXT: %[[FIVE:.*]] = llvm.mlir.constant(5 : i16) : i16
// CHECK-NEXT: %[[SH:.*]] = llvm.lshr %[[RB]], %[[FIVE]] : i16
// CHECK-NEXT: %[[BYTE:.*]] = llvm.or %[[SH]], %[[SIGN]] : i16
// CHECK-NEXT: llvm.trunc %[[BYTE]] : i16 to i8
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16_to_e5m2_sm80(%x: tensor<32xbf16, #blocked>) {
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<32xbf16, #blocked> -> tensor<32xf8E5M2, #blocked>
    tt.return
  }
}
