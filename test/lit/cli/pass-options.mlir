// Pass flags in every spelling triton-opt and mlir-opt accept.
// RUN: ttc opt %s -canonicalize | FileCheck %s
// RUN: ttc opt %s --canonicalize | FileCheck %s
// RUN: ttc opt %s -canonicalize='max-iterations=3 region-simplify=disabled' | FileCheck %s
// RUN: ttc opt %s --canonicalize=max-iterations=2 | FileCheck %s
// RUN: ttc opt %s -canonicalize="max_iterations=2" | FileCheck %s
// RUN: ttc opt %s --pass-pipeline='builtin.module(tt.func(canonicalize{max-iterations=4 }))' | FileCheck %s
// RUN: ttc opt %s -pass-pipeline="builtin.module(canonicalize)" -mlir-disable-threading --mlir-use-nameloc-as-prefix | FileCheck %s
// RUN: ttc opt < %s -canonicalize | FileCheck %s
// RUN: ttc opt - -canonicalize < %s | FileCheck %s

// RUN: not ttc opt %s -canonicalize=max-iterations=many 2>&1 | FileCheck %s --check-prefix=BADVALUE
// RUN: not ttc opt %s -canonicalize=region-simplify=sometimes 2>&1 | FileCheck %s --check-prefix=BADCHOICE
// RUN: ttc opt %s -canonicalize=region-simplify=aggressive | FileCheck %s
// RUN: not ttc opt %s -canonicalize=iterations=2 2>&1 | FileCheck %s --check-prefix=BADNAME
// RUN: not ttc opt %s -canonicalise 2>&1 | FileCheck %s --check-prefix=BADPASS
// RUN: not ttc opt %s --pass-pipeline='builtin.module(canonicalize' 2>&1 | FileCheck %s --check-prefix=BADPIPE

// CHECK-LABEL: tt.func @f
// CHECK-NEXT: tt.return %arg0 : i32
tt.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  tt.return %0 : i32
}

// BADVALUE: error: '-canonicalize=max-iterations=many': invalid value 'many' for option 'max-iterations' of pass 'canonicalize': expected an integer
// BADCHOICE: error: '-canonicalize=region-simplify=sometimes': invalid value 'sometimes' for option 'region-simplify' of pass 'canonicalize': expected one of disabled, normal, aggressive
// BADNAME: error: '-canonicalize=iterations=2': pass 'canonicalize' has no option 'iterations'; did you mean 'max-iterations'?
// BADPASS: error: unknown option or pass '-canonicalise'; did you mean '-canonicalize'?
// BADPIPE: <pass-pipeline>:1:28: error: invalid --pass-pipeline: expected ')' to close 'builtin.module(', found end of input
// BADPIPE-NEXT: builtin.module(canonicalize
// BADPIPE-NEXT: {{^}}                           ^
