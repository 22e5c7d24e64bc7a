// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// A scalar: one vprintf of the program id, an empty index and the value, the format string an
// internal constant global ending in "\n\0", the arguments stored into an alloca'd struct.
// isSigned picks %i or %u.
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) idx () n: %i\0A\00") : !llvm.array<31 x i8>
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_1("pid (%u, %u, %u) idx () n: %u\0A\00") : !llvm.array<31 x i8>
// CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @scalar
// CHECK: %[[X:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: %[[Y:.*]] = nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: %[[Z:.*]] = nvvm.read.ptx.sreg.ctaid.z : i32
// CHECK: %[[G:.*]] = llvm.mlir.addressof @printfFormat_0 : !llvm.ptr
// CHECK: %[[F:.*]] = llvm.getelementptr %[[G]][%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, i8
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[BUF:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(i32, i32, i32, i32)> : (i32) -> !llvm.ptr
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[BUF]][%[[ZERO]], 0] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.store %[[X]], %[[P0]] : i32, !llvm.ptr
// CHECK: llvm.getelementptr %[[BUF]][%[[ZERO]], 1]
// CHECK: llvm.store %[[Y]]
// CHECK: llvm.getelementptr %[[BUF]][%[[ZERO]], 2]
// CHECK: llvm.store %[[Z]]
// CHECK: %[[P3:.*]] = llvm.getelementptr %[[BUF]][%[[ZERO]], 3]
// CHECK: llvm.store %arg0, %[[P3]] : i32, !llvm.ptr
// CHECK: llvm.call @vprintf(%[[F]], %[[BUF]]) : (!llvm.ptr, !llvm.ptr) -> i32
// CHECK: llvm.mlir.addressof @printfFormat_1
// CHECK: llvm.call @vprintf
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalar(%n: i32) {
    tt.print " n: " {hex = false, isSigned = array<i32: 1>} : %n : i32
    tt.print " n: " {hex = false, isSigned = array<i32: 0>} : %n : i32
    tt.return
  }
}

// -----

// A tensor: one line per register, all with one format string; the index is padded to
// ceil(log10(200)) = 3 digits, and each line stores the element's coordinate.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) idx (%3u) x: %i\0A\00")
// CHECK-NOT: printfFormat_1
// CHECK-LABEL: llvm.func @tensor
// CHECK: nvvm.read.ptx.sreg.ctaid.z
// CHECK: %[[ID:.*]] = llvm.or
// CHECK: %[[I0:.*]] = llvm.shl %[[ID]], %{{.*}} : i32
// CHECK: %[[I1:.*]] = llvm.xor %[[I0]], %{{.*}} : i32
// CHECK: %[[F:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, i8
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32)>
// CHECK: llvm.store %[[I0]]
// CHECK: llvm.call @vprintf(%[[F]], %{{.*}})
// CHECK: llvm.store %[[I1]]
// CHECK: llvm.call @vprintf(%[[F]], %{{.*}})
// CHECK-NOT: llvm.call
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tensor() {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %r : tensor<256xi32, #blocked>
    tt.return
  }
}

// -----

// Several operands, each printed in turn with "(operand N) "; hex integers as 0x%0Nx with N the
// hex digits of the width (ll above 32 bits), zero-extended to i32 when narrower; hex floats %a,
// extended to f64; pointers %p. A 2-D index has one padded field per dimension.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: @printfFormat_0("pid (%u, %u, %u) idx (%2u, %1u) v: (operand 0) 0x%04x\0A\00")
// CHECK-DAG: @printfFormat_1("pid (%u, %u, %u) idx (%2u, %1u) v: (operand 1) 0x%016llx\0A\00")
// CHECK-DAG: @printfFormat_2("pid (%u, %u, %u) idx (%2u, %1u) v: (operand 2) %a\0A\00")
// CHECK-DAG: @printfFormat_3("pid (%u, %u, %u) idx (%2u, %1u) v: (operand 3) %p\0A\00")
// CHECK-LABEL: llvm.func @operands
// CHECK: llvm.zext %{{.*}} : i16 to i32
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32, i32)>
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32, i64)>
// CHECK: llvm.fpext %{{.*}} : f32 to f64
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32, f64)>
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32, ptr<1>)>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @operands(%a: i16, %b: i64, %c: f32, %p: !tt.ptr<f32>) {
    %sa = tt.splat %a : i16 -> tensor<16x8xi16, #blocked>
    %sb = tt.splat %b : i64 -> tensor<16x8xi64, #blocked>
    %sc = tt.splat %c : f32 -> tensor<16x8xf32, #blocked>
    %sp = tt.splat %p : !tt.ptr<f32> -> tensor<16x8x!tt.ptr<f32>, #blocked>
    tt.print " v: " {hex = true, isSigned = array<i32: 0, 0, 0, 0>} : %sa, %sb, %sc, %sp : tensor<16x8xi16, #blocked>, tensor<16x8xi64, #blocked>, tensor<16x8xf32, #blocked>, tensor<16x8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Decimal: a signed i8 is sign-extended and printed %i, an f16 is extended to f64 and printed
// %f, an i64 is %lli.
// CHECK-DAG: @printfFormat_0("pid (%u, %u, %u) idx () (operand 0) %i\0A\00")
// CHECK-DAG: @printfFormat_1("pid (%u, %u, %u) idx () (operand 1) %f\0A\00")
// CHECK-DAG: @printfFormat_2("pid (%u, %u, %u) idx () (operand 2) %lli\0A\00")
// CHECK-LABEL: llvm.func @decimal
// CHECK: llvm.sext %arg0 : i8 to i32
// CHECK: llvm.fpext %arg1 : f16 to f64
// CHECK: llvm.store %arg2, %{{.*}} : i64, !llvm.ptr
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @decimal(%a: i8, %b: f16, %c: i64) {
    tt.print " " {hex = false, isSigned = array<i32: 1, 1, 1>} : %a, %b, %c : i8, f16, i64
    tt.return
  }
}

// -----

// No operands: the program id and the prefix, once. The same text printed twice shares one
// global.
// CHECK: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) hello\0A\00") : !llvm.array<24 x i8>
// CHECK-NOT: printfFormat_1
// CHECK-LABEL: llvm.func @no_operands
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32)>
// CHECK: llvm.call @vprintf
// CHECK: llvm.mlir.addressof @printfFormat_0
// CHECK: llvm.call @vprintf
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_operands() {
    tt.print " hello" {hex = false, isSigned = array<i32>}
    tt.print " hello" {hex = false, isSigned = array<i32>}
    tt.return
  }
}
