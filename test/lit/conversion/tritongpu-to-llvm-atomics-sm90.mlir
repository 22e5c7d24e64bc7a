// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv='compute-capability=90 ptx-version=81' --convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=81' | FileCheck %s
// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv='compute-capability=90 ptx-version=80' --convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=80' | FileCheck %s --check-prefix=PTX80

// sm_90 with PTX 8.1 has vector atomics for fadd: contiguous f32 go four at a time (128 bits),
// f16 eight at a time, bf16 too, each element its own output and input register (also where the
// result is dead, as for bf16 here: Triton 3.6 never writes `red`). Before PTX 8.1, f32 is one
// atomic per element and f16 pairs are f16x2.
// CHECK-LABEL: llvm.func @vector_fadd
// CHECK: "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09atom.global.gpu.relaxed.add.v4.f32 { $0, $1, $2, $3 }, [ $4 + 0 ], { $5, $6, $7, $8 };", "=r,=r,=r,=r,l,r,r,r,r" {{.*}} -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-4: llvm.extractvalue {{.*}} : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: atom.global.gpu.relaxed.add.noftz.v8.f16 { $0, $1, $2, $3, $4, $5, $6, $7 }, [ $8 + 0 ], { $9, $10, $11, $12, $13, $14, $15, $16 };", "=h,=h,=h,=h,=h,=h,=h,=h,l,h,h,h,h,h,h,h,h"
// CHECK: "mov.u16 $0, 0x0;{{.*}}mov.u16 $7, 0x0;\0A\09atom.global.gpu.relaxed.add.noftz.v8.bf16 { $0, $1, $2, $3, $4, $5, $6, $7 }, [ $8 + 0 ], { $9, $10, $11, $12, $13, $14, $15, $16 };", "=h,=h,=h,=h,=h,=h,=h,=h,l,h,h,h,h,h,h,h,h"
// PTX80-LABEL: llvm.func @vector_fadd
// PTX80-COUNT-8: atom.global.gpu.relaxed.add.f32 $0
// PTX80-COUNT-4: atom.global.gpu.relaxed.add.noftz.f16x2 $0
// PTX80-COUNT-8: atom.global.gpu.relaxed.add.noftz.bf16 $0, [ $1 + 0 ], $2;", "=h,l,h"
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vector_fadd(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %hout: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %f = arith.sitofp %r : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %pp, %f : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %op = tt.addptr %os, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %op, %0 : tensor<256x!tt.ptr<f32>, #blocked>
    %qs = tt.splat %q : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %qp = tt.addptr %qs, %r : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    %h = arith.truncf %f : tensor<256xf32, #blocked> to tensor<256xf16, #blocked>
    %1 = tt.atomic_rmw fadd, relaxed, gpu, %qp, %h : (tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xf16, #blocked>) -> tensor<256xf16, #blocked>
    %hs = tt.splat %hout : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %hp = tt.addptr %hs, %r : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    tt.store %hp, %1 : tensor<256x!tt.ptr<f16>, #blocked>
    %bs = tt.splat %b : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>, #blocked>
    %bp = tt.addptr %bs, %r : tensor<256x!tt.ptr<bf16>, #blocked>, tensor<256xi32, #blocked>
    %g = arith.truncf %f : tensor<256xf32, #blocked> to tensor<256xbf16, #blocked>
    %2 = tt.atomic_rmw fadd, relaxed, gpu, %bp, %g : (tensor<256x!tt.ptr<bf16>, #blocked>, tensor<256xbf16, #blocked>) -> tensor<256xbf16, #blocked>
    tt.return
  }
}
