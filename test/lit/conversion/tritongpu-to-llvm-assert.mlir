// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

// A tensor condition: each thread ORs `element == 0` over its two registers and, if set, calls
// __assertfail(message, file, line, "unknown", 1) in a block of its own; every thread then meets
// at a barrier. The file and line come from the op's location.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("index out of range\00") : !llvm.array<19 x i8>
// CHECK-DAG: llvm.mlir.global internal constant @assertFile_0("kernel.py\00") : !llvm.array<10 x i8>
// CHECK-DAG: llvm.mlir.global internal constant @assertFunc_0("unknown\00") : !llvm.array<8 x i8>
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) attributes {passthrough = ["noreturn"]}
// CHECK-LABEL: llvm.func @tensor_condition
// CHECK: %[[C0:.*]] = llvm.icmp "slt" %{{.*}}, %arg0 : i32
// CHECK: %[[C1:.*]] = llvm.icmp "slt" %{{.*}}, %arg0 : i32
// CHECK: %[[FALSE:.*]] = llvm.mlir.constant(false) : i1
// CHECK: %[[Z0:.*]] = llvm.icmp "eq" %[[C0]], %{{.*}} : i1
// CHECK: %[[A0:.*]] = llvm.or %[[FALSE]], %[[Z0]] : i1
// CHECK: %[[Z1:.*]] = llvm.icmp "eq" %[[C1]], %{{.*}} : i1
// CHECK: %[[A1:.*]] = llvm.or %[[A0]], %[[Z1]] : i1
// CHECK: llvm.cond_br %[[A1]], ^[[FAIL:.*]], ^[[NEXT:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: %[[M:.*]] = llvm.mlir.addressof @assertMessage_0 : !llvm.ptr
// CHECK: %[[MP:.*]] = llvm.getelementptr %[[M]][%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, i8
// CHECK: %[[FP:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, i8
// CHECK: %[[UP:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, i8
// CHECK: %[[LINE:.*]] = llvm.mlir.constant(12 : i32) : i32
// CHECK: %[[SIZE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: llvm.call @__assertfail(%[[MP]], %[[FP]], %[[LINE]], %[[UP]], %[[SIZE]]) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) -> ()
// CHECK-NEXT: llvm.br ^[[NEXT]]
// CHECK: ^[[NEXT]]:
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tensor_condition(%n: i32) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %s = tt.splat %n : i32 -> tensor<256xi32, #blocked>
    %c = arith.cmpi slt, %r, %s : tensor<256xi32, #blocked>
    tt.assert %c, "index out of range" : tensor<256xi1, #blocked> loc("kernel.py":12:5)
    tt.return
  }
}

// -----

// A scalar condition needs no barrier. Through a call site the callee's location is reported;
// without a file location the file is "unknown" and the line 0. Equal strings share one global
// whatever their key: the second file name is the function-name string "unknown", and the
// second message gets the next number.
// CHECK-DAG: @assertMessage_0("n > 0\00")
// CHECK-DAG: @assertMessage_1("m > 0\00")
// CHECK-DAG: @assertFile_0("helpers.py\00")
// CHECK-DAG: @assertFunc_0("unknown\00")
// CHECK-NOT: @assertFunc_1
// CHECK-NOT: @assertFile_1
// CHECK-LABEL: llvm.func @scalar_conditions
// CHECK: llvm.cond_br %{{.*}}, ^[[FAIL0:.*]], ^[[NEXT0:.*]]
// CHECK: ^[[FAIL0]]:
// CHECK: llvm.mlir.constant(40 : i32) : i32
// CHECK: llvm.call @__assertfail
// CHECK: ^[[NEXT0]]:
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.cond_br %{{.*}}, ^[[FAIL1:.*]], ^[[NEXT1:.*]]
// CHECK: ^[[FAIL1]]:
// CHECK: llvm.mlir.addressof @assertMessage_1
// CHECK: llvm.mlir.addressof @assertFunc_0
// CHECK: llvm.mlir.addressof @assertFunc_0
// CHECK: llvm.mlir.constant(0 : i32) : i32
// CHECK: llvm.call @__assertfail
// CHECK: ^[[NEXT1]]:
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalar_conditions(%n: i32, %m: i32) {
    %c0 = arith.constant 0 : i32
    %a = arith.cmpi sgt, %n, %c0 : i32
    tt.assert %a, "n > 0" : i1 loc(callsite("check"("helpers.py":40:3) at "kernel.py":7:1))
    %b = arith.cmpi sgt, %m, %c0 : i32
    tt.assert %b, "m > 0" : i1 loc(unknown)
    tt.return
  }
}
