// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt -split-input-file | FileCheck %s
// Device-side descriptor creation prints as Triton does.

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @make_2d
  // CHECK-NEXT: ttng.tensormap_create %arg0, %arg1, [%arg2, %arg3], [%arg3, %arg2], [%arg4], [%arg2, %arg2] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  // CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %arg0 : !tt.ptr<i8>
  tt.func @make_2d(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %a: i32, %b: i32, %stride: i64) {
    ttng.tensormap_create %desc, %base, [%a, %b], [%b, %a], [%stride], [%a, %a] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
    tt.return
  }

  // CHECK-LABEL: tt.func @make_1d
  // CHECK-NEXT: ttng.tensormap_create %arg0, %arg1, [%arg2], [%arg2], [], [%arg2] {elem_type = 7 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32) -> ()
  tt.func @make_1d(%desc: !tt.ptr<i8>, %base: !tt.ptr<f32>, %a: i32) {
    ttng.tensormap_create %desc, %base, [%a], [%a], [], [%a] {elem_type = 7 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32) -> ()
    tt.return
  }
}
