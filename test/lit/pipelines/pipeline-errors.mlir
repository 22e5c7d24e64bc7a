// Problems in a pipelines file are reported at their line and column in the YAML.
// RUN: not ttc opt %s --pipelines-file %S/Inputs/unknown-pass.yaml --pipeline=broken 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not ttc opt %s --pipelines-file %S/Inputs/bad-option.yaml --pipeline=broken 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not ttc opt %s --pipelines-file %S/Inputs/cycle.yaml --pipeline=a 2>&1 | FileCheck %s --check-prefix=CYCLE
// RUN: not ttc opt %s --pipelines-file %S/Inputs/malformed.yaml --pipeline=a 2>&1 | FileCheck %s --check-prefix=YAML
// RUN: not ttc opt %s --pipelines-file %S/Inputs/good.yaml --pipeline=simplfy 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not ttc opt %s --pipelines-file %S/Inputs/none.yaml --pipeline=a 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not ttc opt %s --num-warps=4 2>&1 | FileCheck %s --check-prefix=NOPIPE
// RUN: not ttc opt %s --pipeline=ttgir --mma=fast 2>&1 | FileCheck %s --check-prefix=MMA

// PASS: unknown-pass.yaml:5:9: error: unknown pass 'canonicalise'; did you mean 'canonicalize'?
// PASS-NEXT: {{^}}      - canonicalise
// PASS-NEXT: {{^}}        ^

// OPTION: bad-option.yaml:4:9: error: invalid value 'lots' for option 'max-iterations' of pass 'canonicalize': expected an integer

// CYCLE: cycle.yaml:5:14: error: pipeline 'a' includes itself: a -> b -> a

// YAML: malformed.yaml:4:4: error: malformed YAML: expected ',' or ']', but got ':'

// NAME: error: unknown pipeline 'simplfy'; did you mean 'simplify'?

// FILE: error: pipelines file '{{.*}}none.yaml' does not exist

// NOPIPE: error: --target, --num-warps, --num-stages, --num-ctas, --ptx-version and --mma fill in a --pipeline; give one

// MMA: error: '--mma=fast': --mma takes wgmma, auto, mma-sync

// CHECK-NOT: Traceback
tt.func @f() {
  tt.return
}
