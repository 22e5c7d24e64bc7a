// RUN: ttc opt %s --allocate-shared-memory-nv='compute-capability=90 ptx-version=80' --convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=80' | FileCheck %s --check-prefix=SM90
// RUN: ttc opt %s --allocate-shared-memory-nv='compute-capability=80 ptx-version=80' --convert-triton-gpu-to-llvm='compute-capability=80 ptx-version=80' | FileCheck %s --check-prefix=SM80

// An f64 dot in the m16n8 mma layout (Triton 3.6), two 16 x 8 x 16 tiles along K.
//
// sm_90: one m16n8k16.f64 per tile, every operand an f64 register (`d`), the eight A registers
// alternating upper and lower rows; the second tile accumulates into the first one's results.
// SM90-LABEL: llvm.func @f64_dot
// SM90: %[[MMA:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 { $0, $1, $2, $3 }, { $8, $9, $10, $11, $12, $13, $14, $15 }, { $16, $17, $18, $19 }, { $4, $5, $6, $7 };", "=d,=d,=d,=d,0,1,2,3,d,d,d,d,d,d,d,d,d,d,d,d" {{.*}} : (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) -> !llvm.struct<(f64, f64, f64, f64)>
// SM90-NEXT: %[[D0:.*]] = llvm.extractvalue %[[MMA]][0]
// SM90-NEXT: %[[D1:.*]] = llvm.extractvalue %[[MMA]][1]
// SM90-NEXT: %[[D2:.*]] = llvm.extractvalue %[[MMA]][2]
// SM90-NEXT: %[[D3:.*]] = llvm.extractvalue %[[MMA]][3]
// SM90: "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {{.*}}" %[[D0]], %[[D1]], %[[D2]], %[[D3]],
// SM90-NOT: mma.sync
// SM90: llvm.return
//
// sm_80: each tile as eight m8n8k4.f64 in one statement: for each group of 4 K the upper rows
// into c0 c1 and the lower rows into c2 c3, with one B register (accumulators tied).
// SM80-LABEL: llvm.func @f64_dot
// SM80: %[[MMA:.*]] = llvm.inline_asm {{.*}}"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $0, $1 }, { $8 }, { $9 }, { $4, $5 };\0A\09mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $2, $3 }, { $10 }, { $9 }, { $6, $7 };\0A\09mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $0, $1 }, { $11 }, { $12 }, { $4, $5 };\0A\09mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $2, $3 }, { $13 }, { $12 }, { $6, $7 };\0A\09mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $0, $1 }, { $14 }, { $15 }, { $4, $5 };\0A\09mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $2, $3 }, { $16 }, { $15 }, { $6, $7 };\0A\09mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $0, $1 }, { $17 }, { $18 }, { $4, $5 };\0A\09mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 { $2, $3 }, { $19 }, { $18 }, { $6, $7 };", "=d,=d,=d,=d,0,1,2,3,d,d,d,d,d,d,d,d,d,d,d,d"
// SM80: llvm.extractvalue %[[MMA]][3]
// SM80: "mma.sync.aligned.m8n8k4{{.*}}"=d,=d,=d,=d,0,1,2,3,
// SM80-NOT: mma.sync
// SM80: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f64_dot(%x: f64, %y: f64, %out: !tt.ptr<f64>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<16x8xf64, #mma>
    %a = tt.splat %x : f64 -> tensor<16x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %b = tt.splat %y : f64 -> tensor<32x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    %d = tt.dot %a, %b, %zero : tensor<16x32xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf64, #mma>
    %p = tt.splat %out : !tt.ptr<f64> -> tensor<16x8x!tt.ptr<f64>, #mma>
    tt.store %p, %d : tensor<16x8x!tt.ptr<f64>, #mma>
    tt.return
  }
}
