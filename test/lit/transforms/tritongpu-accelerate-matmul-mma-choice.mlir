// RUN: ttc opt %s -tritongpu-accelerate-matmul | FileCheck %s --check-prefix=WGMMA
// RUN: ttc opt %s -tritongpu-accelerate-matmul=mma-choice=wgmma | FileCheck %s --check-prefix=WGMMA
// RUN: ttc opt %s -tritongpu-accelerate-matmul=mma-choice=auto -verify-diagnostics | FileCheck %s --check-prefix=AUTO
// RUN: ttc opt %s -tritongpu-accelerate-matmul=mma-choice=mma-sync | FileCheck %s --check-prefix=SYNC

// How cuda:90 picks wgmma (MMA v3) or mma.sync (MMA v2) for dots wgmma could take. Without the
// option (and with mma-choice=wgmma) every dot gets wgmma, as in Triton. mma-choice=auto applies
// ttc's measured cost model (ttc/transforms/mma_choice.py): tf32 and int8 dots get mma.sync with
// a remark naming the reason; f16 dots keep wgmma, in a persistent tile loop too. mma-choice=mma-sync gives every dot mma.sync,
// laid out as on cuda:80 (m16n8 tiles, warps balanced over M and N, kWidth from the loaded width).

// WGMMA-COUNT-4: ttng.warp_group_dot
// WGMMA-NOT: tt.dot

// AUTO-DAG: #[[$V2:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// AUTO-LABEL: tt.func @tf32
// AUTO: tt.dot {{.*}}, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[$V2]], kWidth = 1}>> * {{.*}} -> tensor<64x64xf32, #[[$V2]]>
// AUTO-LABEL: tt.func @int8
// AUTO: tt.dot {{.*}} : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #[[$V2]], kWidth = 4}>> * {{.*}} -> tensor<64x64xi32, #[[$V2]]>
// AUTO-LABEL: tt.func @f16
// AUTO: ttng.warp_group_dot
// AUTO-LABEL: tt.func @persistent_f16
// AUTO: scf.for
// AUTO: scf.for
// AUTO: ttng.warp_group_dot

// SYNC: #[[$V2:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// SYNC-NOT: ttng.warp_group_dot
// SYNC-COUNT-4: tt.dot {{.*}} -> tensor<64x64x{{.*}}, #[[$V2]]>
// SYNC-NOT: ttng.warp_group_dot

#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32(%pa: tensor<64x32x!tt.ptr<f32>, #rows>, %pb: tensor<32x64x!tt.ptr<f32>, #rows>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #rows>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #rows>
    %da = ttg.convert_layout %a : tensor<64x32xf32, #rows> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<32x64xf32, #rows> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    // expected-remark @below {{mma.sync (MMA v2) chosen over wgmma (MMA v3): tf32 operands.}}
    %d = tt.dot %da, %db, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }

  tt.func @int8(%pa: tensor<64x64x!tt.ptr<i8>, #rows>, %pb: tensor<64x64x!tt.ptr<i8>, #rows>, %c: tensor<64x64xi32, #acc>) -> tensor<64x64xi32, #acc> {
    %a = tt.load %pa : tensor<64x64x!tt.ptr<i8>, #rows>
    %b = tt.load %pb : tensor<64x64x!tt.ptr<i8>, #rows>
    %da = ttg.convert_layout %a : tensor<64x64xi8, #rows> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<64x64xi8, #rows> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    // expected-remark @below {{mma.sync (MMA v2) chosen over wgmma (MMA v3): int8 operands.}}
    %d = tt.dot %da, %db, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xi32, #acc>
    tt.return %d : tensor<64x64xi32, #acc>
  }

  tt.func @f16(%pa: tensor<64x32x!tt.ptr<f16>, #rows>, %pb: tensor<32x64x!tt.ptr<f16>, #rows>, %c: tensor<64x64xf32, #acc>) -> tensor<64x64xf32, #acc> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #rows>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f16>, #rows>
    %da = ttg.convert_layout %a : tensor<64x32xf16, #rows> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %db = ttg.convert_layout %b : tensor<32x64xf16, #rows> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %d = tt.dot %da, %db, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d : tensor<64x64xf32, #acc>
  }

  // A persistent kernel: the outer loop walks the tiles, the inner one is the K loop.
  tt.func @persistent_f16(%pa: tensor<64x32x!tt.ptr<f16>, #rows>, %pb: tensor<32x64x!tt.ptr<f16>, #rows>, %c: tensor<64x64xf32, #acc>, %tiles: i32, %ks: i32) -> tensor<64x64xf32, #acc> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %t = %c0 to %tiles step %c1 iter_args(%outer = %c) -> (tensor<64x64xf32, #acc>) : i32 {
      %s = scf.for %k = %c0 to %ks step %c1 iter_args(%inner = %outer) -> (tensor<64x64xf32, #acc>) : i32 {
        %a = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #rows>
        %b = tt.load %pb : tensor<32x64x!tt.ptr<f16>, #rows>
        %da = ttg.convert_layout %a : tensor<64x32xf16, #rows> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
        %db = ttg.convert_layout %b : tensor<32x64xf16, #rows> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
        %d = tt.dot %da, %db, %inner : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
        scf.yield %d : tensor<64x64xf32, #acc>
      }
      scf.yield %s : tensor<64x64xf32, #acc>
    }
    tt.return %r : tensor<64x64xf32, #acc>
  }
}
