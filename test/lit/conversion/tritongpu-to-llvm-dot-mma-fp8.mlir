// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm=compute-capability=89 | FileCheck %s

// fp8 (sm_89+): m16n8k32 with an f32 accumulator, four fp8 per operand register, and e5m2 and
// e4m3 operands mixed.
// CHECK-LABEL: llvm.func @fp8_mixed
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK-COUNT-2: "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,r,r"
// CHECK-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_mixed(%x: f8E5M2, %y: f8E4M3FN, %out: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.0> : tensor<32x16xf32, #mma>
    %a = tt.splat %x : f8E5M2 -> tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %b = tt.splat %y : f8E4M3FN -> tensor<32x16xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %d = tt.dot %a, %b, %zero : tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x16xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x16xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<32x16x!tt.ptr<f32>, #mma>
    tt.return
  }
}
