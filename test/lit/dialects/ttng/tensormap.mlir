// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt -split-input-file | FileCheck %s
// Device-side descriptor creation prints as Triton does: four bracketed operand groups, the enums
// in the attribute dictionary, and a functional type listing every operand.

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @rank3_descriptor
  tt.func @rank3_descriptor(%src: !tt.ptr<bf16>, %d0: i32, %d1: i32, %d2: i32, %s0: i64, %s1: i64) {
    %box_inner = arith.constant 32 : i32
    %box = arith.constant 8 : i32
    %one = arith.constant 1 : i32
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    // CHECK: ttng.tensormap_create %[[S:.*]], %arg0, [%{{.*}}, %{{.*}}, %{{.*}}], [%arg3, %arg2, %arg1], [%arg5, %arg4], [%{{.*}}, %{{.*}}, %{{.*}}] {elem_type = 10 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32} : (!tt.ptr<i8>, !tt.ptr<bf16>, i32, i32, i32, i32, i32, i32, i64, i64, i32, i32, i32) -> ()
    ttng.tensormap_create %scratch, %src, [%box_inner, %box, %box], [%d2, %d1, %d0], [%s1, %s0], [%one, %one, %one] {swizzle_mode = 2 : i32, elem_type = 10 : i32, interleave_layout = 0 : i32, fill_mode = 1 : i32} : (!tt.ptr<i8>, !tt.ptr<bf16>, i32, i32, i32, i32, i32, i32, i64, i64, i32, i32, i32) -> ()
    // CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[S]] : !tt.ptr<i8>
    ttng.tensormap_fenceproxy_acquire %scratch : !tt.ptr<i8>
    // CHECK-NEXT: ttng.reinterpret_tensor_descriptor %[[S]] : !tt.ptr<i8> to !tt.tensordesc<tensor<8x8x32xbf16>>
    %desc = ttng.reinterpret_tensor_descriptor %scratch : !tt.ptr<i8> to !tt.tensordesc<tensor<8x8x32xbf16>>
    tt.return
  }
}

// -----

module {
  // CHECK-LABEL: tt.func @rank1_descriptor
  tt.func @rank1_descriptor(%scratch: !tt.ptr<i8>, %src: !tt.ptr<i32>, %n: i32) {
    // CHECK: ttng.tensormap_create %arg0, %arg1, [%arg2], [%arg2], [], [%arg2] {elem_type = 3 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i32>, i32, i32, i32) -> ()
    ttng.tensormap_create %scratch, %src, [%n], [%n], [], [%n] {elem_type = 3 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i32>, i32, i32, i32) -> ()
    tt.return
  }
}
