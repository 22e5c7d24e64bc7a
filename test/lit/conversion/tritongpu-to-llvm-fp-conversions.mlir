// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s
// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=89 | FileCheck %s --check-prefix=SM89

// f32 -> f8E5M2 -> f32: pairs of registers, each f32 a 32-bit word, through one side-effect-free
// cvt whose first element is its last operand (the low byte); back through f16x2, then fpext.
// Before sm_90 the f32 are first rounded toward zero to f16 and converted as f16x2.
// CHECK-LABEL: llvm.func @f32_e5m2_round_trip
// CHECK: %[[V0:.*]] = llvm.insertelement %[[X0:.*]], %{{.*}}[%{{.*}} : i32] : vector<1xf32>
// CHECK-NEXT: %[[W0:.*]] = llvm.bitcast %[[V0]] : vector<1xf32> to i32
// CHECK: %[[V1:.*]] = llvm.insertelement %[[X1:.*]], %{{.*}}[%{{.*}} : i32] : vector<1xf32>
// CHECK-NEXT: %[[W1:.*]] = llvm.bitcast %[[V1]] : vector<1xf32> to i32
// CHECK-NEXT: %[[P:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e5m2x2.f32 $0, $2, $1;", "=h,r,r" %[[W0]], %[[W1]] : (i32, i32) -> vector<2xi8>
// CHECK: %[[B0:.*]] = llvm.extractelement %[[P]][%{{.*}} : i32] : vector<2xi8>
// CHECK: %[[B1:.*]] = llvm.extractelement %[[P]][%{{.*}} : i32] : vector<2xi8>
// CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e5m2x2.f32 $0, $2, $1;", "=h,r,r"
// CHECK: %[[U0:.*]] = llvm.insertelement %[[B0]], %{{.*}} : vector<2xi8>
// CHECK: %[[U1:.*]] = llvm.insertelement %[[B1]], %[[U0]][%{{.*}} : i32] : vector<2xi8>
// CHECK-NEXT: %[[H:.*]] = llvm.bitcast %[[U1]] : vector<2xi8> to i16
// CHECK-NEXT: %[[F:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16x2.e5m2x2 $0, $1;", "=r,h" %[[H]] : (i16) -> vector<2xf16>
// CHECK: %[[F0:.*]] = llvm.extractelement %[[F]][%{{.*}} : i32] : vector<2xf16>
// CHECK: %[[F1:.*]] = llvm.extractelement %[[F]][%{{.*}} : i32] : vector<2xf16>
// CHECK-NEXT: llvm.fpext %[[F0]] : f16 to f32
// CHECK-NEXT: llvm.fpext %[[F1]] : f16 to f32
// CHECK: "cvt.rn.f16x2.e5m2x2 $0, $1;"
// CHECK-NOT: llvm.inline_asm asm_dialect
// SM89-LABEL: llvm.func @f32_e5m2_round_trip
// SM89-COUNT-2: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,r" %{{.*}} : (f32) -> f16
// SM89: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// SM89-NEXT: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e5m2x2.f16x2 $0, $1;", "=h,r" %{{.*}} : (i32) -> vector<2xi8>
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f32_e5m2_round_trip(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %x = tt.load %a : tensor<128x!tt.ptr<f32>, #blocked>
    %0 = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #blocked> -> tensor<128xf8E5M2, #blocked>
    %1 = tt.fp_to_fp %0 : tensor<128xf8E5M2, #blocked> -> tensor<128xf32, #blocked>
    tt.store %a, %1 : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// f16 pairs are one 32-bit word; bf16 goes to fp8 through its exact f32 value and fp8 to bf16
// through f16 and f32; rounding f32 toward zero to f8E5M2 keeps the high byte of the f16 it rounds
// to toward zero.
// CHECK-LABEL: llvm.func @fp8_pairs
// CHECK: "cvt.rn.satfinite.e4m3x2.f32 $0, $2, $1;", "=h,r,r"
// CHECK: %[[H:.*]] = llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK-NEXT: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.satfinite.e4m3x2.f16x2 $0, $1;", "=h,r" %[[H]] : (i32) -> vector<2xi8>
// CHECK: "cvt.rn.satfinite.e5m2x2.f16x2 $0, $1;", "=h,r"
// CHECK: %[[B0:.*]] = llvm.fpext %{{.*}} : bf16 to f32
// CHECK-NEXT: %[[B1:.*]] = llvm.fpext %{{.*}} : bf16 to f32
// CHECK: llvm.insertelement %[[B0]]
// CHECK: llvm.insertelement %[[B1]]
// CHECK: "cvt.rn.satfinite.e4m3x2.f32 $0, $2, $1;", "=h,r,r"
// CHECK: %[[E:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h"
// CHECK: %[[E0:.*]] = llvm.extractelement %[[E]]
// CHECK: %[[E1:.*]] = llvm.extractelement %[[E]]
// CHECK-NEXT: %[[W0:.*]] = llvm.fpext %[[E0]] : f16 to f32
// CHECK-NEXT: %[[W1:.*]] = llvm.fpext %[[E1]] : f16 to f32
// CHECK-NEXT: llvm.fptrunc %[[W0]] : f32 to bf16
// CHECK-NEXT: llvm.fptrunc %[[W1]] : f32 to bf16
// CHECK: "cvt.rn.f16x2.e5m2x2 $0, $1;", "=r,h"
// CHECK: %[[Z:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,r" %{{.*}} : (f32) -> f16
// CHECK-NEXT: %[[ZB:.*]] = llvm.bitcast %[[Z]] : f16 to i16
// CHECK-NEXT: %[[EIGHT:.*]] = llvm.mlir.constant(8 : i16) : i16
// CHECK-NEXT: %[[HI:.*]] = llvm.lshr %[[ZB]], %[[EIGHT]] : i16
// CHECK-NEXT: llvm.trunc %[[HI]] : i16 to i8
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_pairs(%pf: !tt.ptr<f32>, %ph: !tt.ptr<f16>, %pb: !tt.ptr<bf16>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %sf = tt.splat %pf : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %af = tt.addptr %sf, %r : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %f = tt.load %af : tensor<64x!tt.ptr<f32>, #blocked>
    %sh = tt.splat %ph : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>, #blocked>
    %ah = tt.addptr %sh, %r : tensor<64x!tt.ptr<f16>, #blocked>, tensor<64xi32, #blocked>
    %h = tt.load %ah : tensor<64x!tt.ptr<f16>, #blocked>
    %sb = tt.splat %pb : !tt.ptr<bf16> -> tensor<64x!tt.ptr<bf16>, #blocked>
    %ab = tt.addptr %sb, %r : tensor<64x!tt.ptr<bf16>, #blocked>, tensor<64xi32, #blocked>
    %b = tt.load %ab : tensor<64x!tt.ptr<bf16>, #blocked>
    %0 = tt.fp_to_fp %f, rounding = rtne : tensor<64xf32, #blocked> -> tensor<64xf8E4M3FN, #blocked>
    %1 = tt.fp_to_fp %h, rounding = rtne : tensor<64xf16, #blocked> -> tensor<64xf8E4M3FN, #blocked>
    %2 = tt.fp_to_fp %h, rounding = rtne : tensor<64xf16, #blocked> -> tensor<64xf8E5M2, #blocked>
    %3 = tt.fp_to_fp %b, rounding = rtne : tensor<64xbf16, #blocked> -> tensor<64xf8E4M3FN, #blocked>
    %4 = tt.fp_to_fp %3 : tensor<64xf8E4M3FN, #blocked> -> tensor<64xbf16, #blocked>
    %5 = tt.fp_to_fp %2 : tensor<64xf8E5M2, #blocked> -> tensor<64xf16, #blocked>
    %6 = tt.fp_to_fp %f, rounding = rtz : tensor<64xf32, #blocked> -> tensor<64xf8E5M2, #blocked>
    tt.store %ab, %4 : tensor<64x!tt.ptr<bf16>, #blocked>
    tt.store %ah, %5 : tensor<64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Copies of a register (4 registers hold 2 elements) are converted once; a scalar is padded with
// undef.
// CHECK-LABEL: llvm.func @copies
// CHECK: "cvt.rn.satfinite.e5m2x2.f32 $0, $2, $1;"
// CHECK: %[[U:.*]] = llvm.mlir.undef : f32
// CHECK: llvm.insertelement %arg1
// CHECK: llvm.insertelement %[[U]]
// CHECK: "cvt.rn.satfinite.e5m2x2.f32 $0, $2, $1;"
// CHECK-NOT: cvt.rn.satfinite
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copies(%p: !tt.ptr<f32>, %x: f32) {
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<2x!tt.ptr<f32>, #blocked>, tensor<2xi32, #blocked>
    %v = tt.load %a : tensor<2x!tt.ptr<f32>, #blocked>
    %0 = tt.fp_to_fp %v, rounding = rtne : tensor<2xf32, #blocked> -> tensor<2xf8E5M2, #blocked>
    %1 = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E5M2
    tt.return
  }
}

// -----

// Between f16, bf16, f32 and f64: f32 -> f16 is cvt in inline PTX, f32 -> bf16 the NVVM
// intrinsic, widenings fpext, other narrowings fptrunc (through f32 between f16 and bf16).
// CHECK-LABEL: llvm.func @floats
// CHECK-NEXT: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rn.f16.f32 $0, $1;", "=h,r" %arg0 : (f32) -> f16
// CHECK-NEXT: llvm.inline_asm asm_dialect = att operand_attrs = [] "cvt.rz.f16.f32 $0, $1;", "=h,r" %arg0 : (f32) -> f16
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.f2bf16.rn"(%arg0) : (f32) -> bf16
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.f2bf16.rz"(%arg0) : (f32) -> bf16
// CHECK-NEXT: llvm.fpext %arg1 : f16 to f32
// CHECK-NEXT: %[[B:.*]] = llvm.fpext %arg2 : bf16 to f32
// CHECK-NEXT: llvm.fptrunc %[[B]] : f32 to f16
// CHECK-NEXT: llvm.fptrunc %arg3 : f64 to f32
// CHECK-NEXT: llvm.fpext %arg2 : bf16 to f64
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @floats(%x: f32, %h: f16, %b: bf16, %d: f64) {
    %0 = tt.fp_to_fp %x, rounding = rtne : f32 -> f16
    %1 = tt.fp_to_fp %x, rounding = rtz : f32 -> f16
    %2 = tt.fp_to_fp %x, rounding = rtne : f32 -> bf16
    %3 = tt.fp_to_fp %x, rounding = rtz : f32 -> bf16
    %4 = tt.fp_to_fp %h : f16 -> f32
    %5 = tt.fp_to_fp %b, rounding = rtne : bf16 -> f16
    %6 = tt.fp_to_fp %d, rounding = rtne : f64 -> f32
    %7 = tt.fp_to_fp %b : bf16 -> f64
    tt.return
  }
}

// -----

// i8 -> bf16 converts four registers per inline PTX statement (two bf16 pairs out); with fewer
// than four registers, and to other types, it is sitofp.
// CHECK-LABEL: llvm.func @int8_to_bf16
// CHECK-NOT: llvm.sitofp
// CHECK: %[[W:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK-NEXT: %[[S:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "{\0A.reg .b32 i<4>;\0A.reg .f32 f<4>;\0Abfe.s32 i0, $2, 0, 8;{{.*}}prmt.b32 $0, f0, f1, 0x7632;\0Aprmt.b32 $1, f2, f3, 0x7632;\0A}", "=r,=r,r" %[[W]] : (i32) -> !llvm.struct<(vector<2xbf16>, vector<2xbf16>)>
// CHECK-NEXT: llvm.extractvalue %[[S]][0] : !llvm.struct<(vector<2xbf16>, vector<2xbf16>)>
// CHECK-NEXT: llvm.extractvalue %[[S]][1] : !llvm.struct<(vector<2xbf16>, vector<2xbf16>)>
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK-NEXT: llvm.inline_asm
// CHECK-NOT: llvm.inline_asm asm_dialect
// CHECK-COUNT-8: llvm.sitofp %{{.*}} : i8 to f16
// CHECK-LABEL: llvm.func @two_int8_to_bf16
// CHECK-NOT: llvm.inline_asm asm_dialect
// CHECK-COUNT-2: llvm.sitofp %{{.*}} : i8 to bf16
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#pair = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @int8_to_bf16(%p: !tt.ptr<i8>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #blocked>
    %a = tt.addptr %s, %r : tensor<256x!tt.ptr<i8>, #blocked>, tensor<256xi32, #blocked>
    %i = tt.load %a : tensor<256x!tt.ptr<i8>, #blocked>
    %0 = arith.sitofp %i : tensor<256xi8, #blocked> to tensor<256xbf16, #blocked>
    %1 = arith.sitofp %i : tensor<256xi8, #blocked> to tensor<256xf16, #blocked>
    tt.return
  }
  tt.func public @two_int8_to_bf16(%p: !tt.ptr<i8>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #pair>
    %s = tt.splat %p : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>, #pair>
    %a = tt.addptr %s, %r : tensor<64x!tt.ptr<i8>, #pair>, tensor<64xi32, #pair>
    %i = tt.load %a : tensor<64x!tt.ptr<i8>, #pair>
    %0 = arith.sitofp %i : tensor<64xi8, #pair> to tensor<64xbf16, #pair>
    tt.return
  }
}

// -----

// An fp8 constant is its bit pattern in an i8 register: 1.5 is 0x3e in f8E5M2, -2.0 is 0xc0 in
// f8E4M3FN.
// CHECK-LABEL: llvm.func @fp8_constants
// CHECK: %[[C:.*]] = llvm.mlir.constant(62 : i8) : i8
// CHECK: llvm.mlir.constant(-64 : i8) : i8
// CHECK: llvm.insertelement %[[C]]
// CHECK: llvm.insertelement %[[C]]
// CHECK: "cvt.rn.f16x2.e5m2x2 $0, $1;"
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_constants(%p: !tt.ptr<f32>) {
    %c = arith.constant dense<1.5> : tensor<64xf8E5M2, #blocked>
    %d = arith.constant -2.0 : f8E4M3FN
    %0 = tt.fp_to_fp %c : tensor<64xf8E5M2, #blocked> -> tensor<64xf32, #blocked>
    %1 = tt.fp_to_fp %d : f8E4M3FN -> f32
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    tt.store %s, %0 : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// ttg.fp4_to_fp: each i8 register holds two e2m1 values along the axis, low nibble first. Each
// nibble becomes bf16 bits with integer ops: the 3-bit magnitude code shifted by 6 (the top
// mantissa bit) plus 0x3F00 (0.5) for codes 2-7, 0.5 itself for code 1, zero for code 0, and the
// sign bit moved from bit 3 to bit 15. The result's first register bit is the nibble.
// CHECK-LABEL: llvm.func @e2m1_to_bf16
// CHECK: %[[X:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i8)>
// CHECK-NEXT: %[[W:.*]] = llvm.zext %[[X]] : i8 to i16
// CHECK: %[[HI:.*]] = llvm.lshr %[[W]], %{{.*}} : i16
// CHECK: %[[EM:.*]] = llvm.and %[[W]], %{{.*}} : i16
// CHECK: %[[S:.*]] = llvm.and %[[W]], %{{.*}} : i16
// CHECK: %[[SIGN:.*]] = llvm.shl %[[S]], %{{.*}} : i16
// CHECK: %[[SIX:.*]] = llvm.mlir.constant(6 : i16) : i16
// CHECK-NEXT: %[[SH:.*]] = llvm.shl %[[EM]], %[[SIX]] : i16
// CHECK-NEXT: %[[HALF:.*]] = llvm.mlir.constant(16128 : i16) : i16
// CHECK-NEXT: %[[NORMAL:.*]] = llvm.add %[[SH]], %[[HALF]] : i16
// CHECK: %[[ZERO:.*]] = llvm.icmp "eq" %[[EM]], %{{.*}} : i16
// CHECK: %[[SMALL:.*]] = llvm.select %[[ZERO]], %{{.*}}, %{{.*}} : i1, i16
// CHECK: %[[SUB:.*]] = llvm.icmp "ult" %[[EM]], %{{.*}} : i16
// CHECK-NEXT: %[[MAG:.*]] = llvm.select %[[SUB]], %[[SMALL]], %[[NORMAL]] : i1, i16
// CHECK-NEXT: %[[BITS:.*]] = llvm.or %[[MAG]], %[[SIGN]] : i16
// CHECK-NEXT: %[[LO:.*]] = llvm.bitcast %[[BITS]] : i16 to bf16
// CHECK: llvm.and %[[HI]], %{{.*}} : i16
// CHECK: %[[HIV:.*]] = llvm.bitcast %{{.*}} : i16 to bf16
// CHECK: llvm.insertelement %[[LO]]
// CHECK: llvm.insertelement %[[HIV]]
#src = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @e2m1_to_bf16(%x: tensor<1x32xi8, #src>, %out: !tt.ptr<bf16>) {
    %y = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<1x32xi8, #src> -> tensor<1x64xbf16, #dst>
    %p = tt.splat %out : !tt.ptr<bf16> -> tensor<1x64x!tt.ptr<bf16>, #dst>
    tt.store %p, %y : tensor<1x64x!tt.ptr<bf16>, #dst>
    tt.return
  }
}
