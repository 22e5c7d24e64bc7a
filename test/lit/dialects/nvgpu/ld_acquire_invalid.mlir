// RUN: ttc opt %s -split-input-file -verify-diagnostics
// nvg.ld_acquire loads one integer or float scalar.

llvm.func @vector_load(%flag: !llvm.ptr<1>) {
  // expected-error @below {{'nvg.ld_acquire' op result #0 must be floating-point or integer, but got 'vector<2xi32>'}}
  %v = nvg.ld_acquire acquire, gpu, %flag : (!llvm.ptr<1>) -> vector<2xi32>
  llvm.return
}
