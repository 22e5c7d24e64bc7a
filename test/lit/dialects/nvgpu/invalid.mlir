// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Bad nvg.* ops give located diagnostics.

llvm.func @wgmma_bad_elt_type(%a: i64, %b: i64, %useC: i1, %acc: !llvm.struct<(f32, f32)>) {
  // expected-error @below {{eltTypeA must be an i32 case of 0 (s8), 1 (s32), 2 (e4m3), 3 (e5m2), 4 (f16), 5 (bf16), 6 (tf32), 7 (f32), got 9 : i32}}
  %d = nvg.wgmma %a, %b, %useC, %acc {eltTypeA = 9 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32)>) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_bad_layout(%a: i64, %b: i64, %useC: i1) {
  // expected-error @below {{layoutB must be an i32 case of 0 (row), 1 (col), got 2 : i32}}
  %d = nvg.wgmma %a, %b, %useC {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 2 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_accumulator_type(%a: i64, %b: i64, %useC: i1, %acc: !llvm.struct<(f32, f32)>) {
  // expected-error @below {{the accumulator and the result must have the same type}}
  %d = nvg.wgmma %a, %b, %useC, %acc {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_zero_k(%a: i64, %b: i64, %useC: i1) {
  // expected-error @below {{k must be a positive i32, got 0 : i32}}
  %d = nvg.wgmma %a, %b, %useC {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 0 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_operand_type(%a: i32, %b: i64, %useC: i1) {
  // expected-error @below {{'nvg.wgmma' op Expected attribute i64 but got i32}}
  %d = nvg.wgmma %a, %b, %useC {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32} : (i32, i64, i1) -> !llvm.struct<(f32, f32)>
  llvm.return
}

// -----

llvm.func @wait_group_not_a_struct(%x: i32) {
  // expected-error @below {{'nvg.wgmma_wait_group' op i32 should be of base attribute llvm.struct}}
  %w = nvg.wgmma_wait_group %x {pendings = 0 : i32} : i32
  llvm.return
}

// -----

llvm.func @wait_group_without_pendings(%x: !llvm.struct<(f32)>) {
  // expected-error @below {{property 'pendings' expected}}
  %w = nvg.wgmma_wait_group %x : !llvm.struct<(f32)>
  llvm.return
}
