// RUN: ttc opt %s -split-input-file -verify-diagnostics

llvm.func @wrong_member(%s: !llvm.struct<(i32, f32)>) {
  // expected-error @+1 {{result type i32 does not match member f32}}
  %0 = "llvm.extractvalue"(%s) <{position = array<i64: 1>}> : (!llvm.struct<(i32, f32)>) -> i32
  llvm.return
}

// -----

llvm.func @branch_arity(%a: i32) {
  // expected-error @+1 {{branch passes 0 operands to a block with 1 arguments}}
  llvm.br ^bb1
^bb1(%x: i32):
  llvm.return
}

// -----

llvm.func @bad_return(%a: i32) {
  // expected-error @+1 {{returned value does not match the function result type}}
  llvm.return %a : i32
}

// -----

llvm.func @assume_bundles(%c: i1, %p: !llvm.ptr<1>) {
  // expected-error @+1 {{operand bundles of 'llvm.intr.assume' are not supported}}
  llvm.intr.assume %c ["align"(%p : !llvm.ptr<1>)] : i1
  llvm.return
}

// -----

llvm.func @assume_not_i1(%n: i32) {
  // expected-error @+1 {{operand 'cond' at position 0 does not verify}}
  llvm.intr.assume %n : i32
  llvm.return
}

// -----

llvm.func @unknown_loop_property(%c: i1) {
  // expected-error @+1 {{unknown parameter 'speed' of #llvm.loop_licm}}
  llvm.cond_br %c, ^bb1, ^bb1 {loop_annotation = #llvm.loop_annotation<licm = #llvm.loop_licm<speed = true>>}
^bb1:
  llvm.return
}
