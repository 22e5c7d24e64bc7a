// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt - -split-input-file | FileCheck %s
// Triton's NVGPU ops (nvg.*), as Triton 3.6 prints them between convert-triton-gpu-to-llvm and
// convert-nv-gpu-to-llvm.

// CHECK-LABEL: llvm.func @ids
// CHECK-NEXT: %[[C:.*]] = nvg.cluster_id{{$}}
// CHECK-NEXT: %[[W:.*]] = nvg.warp_id{{$}}
// CHECK-NEXT: llvm.add %[[C]], %[[W]] : i32
llvm.func @ids() -> i32 {
  %0 = nvg.cluster_id
  %1 = nvg.warp_id
  %2 = llvm.add %0, %1 : i32
  llvm.return %2 : i32
}

// -----

// CHECK-LABEL: llvm.func @wgmma
// CHECK-NEXT: %[[D:.*]] = nvg.wgmma %arg0, %arg1, %arg2, %arg3 {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT: %[[E:.*]] = nvg.wgmma %arg4, %arg1, %arg2 {eltTypeA = 5 : i32, eltTypeB = 5 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT: nvg.wgmma_wait_group %[[D]] {pendings = 1 : i32} : !llvm.struct<(f32, f32, f32, f32)>
llvm.func @wgmma(%a: i64, %b: i64, %useC: i1, %acc: !llvm.struct<(f32, f32, f32, f32)>, %ra: !llvm.struct<(i32, i32, i32, i32)>) -> !llvm.struct<(f32, f32, f32, f32)> {
  %d = nvg.wgmma %a, %b, %useC, %acc {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  %e = nvg.wgmma %ra, %b, %useC {m = 64 : i32, n = 8 : i32, k = 16 : i32, eltTypeA = 5 : i32, eltTypeB = 5 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 0 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  %w = nvg.wgmma_wait_group %d {pendings = 1 : i32} : !llvm.struct<(f32, f32, f32, f32)>
  llvm.return %w : !llvm.struct<(f32, f32, f32, f32)>
}
