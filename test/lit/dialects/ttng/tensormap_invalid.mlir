// RUN: ttc opt %s -split-input-file -verify-diagnostics

tt.func @global_dims(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %a: i32, %s: i64) {
  // expected-error @+1 {{Rank mismatch for global dim. Got 1 but expected 2}}
  ttng.tensormap_create %desc, %base, [%a, %a], [%a], [%s], [%a, %a] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i64, i32, i32) -> ()
  tt.return
}

// -----

tt.func @strides(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %a: i32, %s: i64) {
  // expected-error @+1 {{Rank mismatch for global stride. Got 2 but expected 1}}
  ttng.tensormap_create %desc, %base, [%a, %a], [%a, %a], [%s, %s], [%a, %a] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
  tt.return
}

// -----

tt.func @element_strides(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %a: i32, %s: i64) {
  // expected-error @+1 {{Rank mismatch for element stride. Got 1 but expected 2}}
  ttng.tensormap_create %desc, %base, [%a, %a], [%a, %a], [%s], [%a] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32) -> ()
  tt.return
}

// -----

tt.func @swizzle(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %a: i32) {
  // expected-error @+1 {{attribute 'swizzle_mode' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 3}}
  ttng.tensormap_create %desc, %base, [%a], [%a], [], [%a] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 4 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32) -> ()
  tt.return
}
