// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Device-side descriptor creation gives Triton's diagnostics.

module {
  tt.func @short_global_dims(%scratch: !tt.ptr<i8>, %src: !tt.ptr<f16>, %n: i32, %s: i64) {
    // expected-error @below {{Rank mismatch for global dim. Got 1 but expected 2}}
    ttng.tensormap_create %scratch, %src, [%n, %n], [%n], [%s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

module {
  tt.func @all_strides(%scratch: !tt.ptr<i8>, %src: !tt.ptr<f16>, %n: i32, %s: i64) {
    // expected-error @below {{Rank mismatch for global stride. Got 2 but expected 1}}
    ttng.tensormap_create %scratch, %src, [%n, %n], [%n, %n], [%s, %s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

module {
  tt.func @one_element_stride(%scratch: !tt.ptr<i8>, %src: !tt.ptr<f16>, %n: i32, %s: i64) {
    // expected-error @below {{Rank mismatch for element stride. Got 1 but expected 2}}
    ttng.tensormap_create %scratch, %src, [%n, %n], [%n, %n], [%s], [%n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32) -> ()
    tt.return
  }
}

// -----

module {
  tt.func @swizzle_out_of_range(%scratch: !tt.ptr<i8>, %src: !tt.ptr<f16>, %n: i32, %s: i64) {
    // expected-error @below {{'ttng.tensormap_create' op attribute 'swizzle_mode' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative whose maximum value is 3}}
    ttng.tensormap_create %scratch, %src, [%n, %n], [%n, %n], [%s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 4 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

module {
  tt.func @operand_types(%scratch: !tt.ptr<i8>, %src: !tt.ptr<f16>, %n: i32) {
    // expected-error @below {{number of operands and types do not match: got 4 operands and 2 types}}
    ttng.tensormap_create %scratch, %src, [%n], [%n], [], [] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>) -> ()
    tt.return
  }
}
