// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// Warp-local: each row is in one warp, 4 elements per thread across 8 lanes. For each index
// register (4 of them) the thread reads the 4 source registers of its row from the lane the index
// names and keeps the one whose register number the index names: 16 shuffles and 16 selects, no
// shared memory.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @gather_warp_local
// CHECK-COUNT-4: ld.global
// CHECK: %[[U:.*]] = llvm.mlir.undef : f32
// CHECK: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %[[LANE:.*]], %{{.*}} : i32 -> i32
// CHECK: %[[EQ:.*]] = llvm.icmp "eq" %{{.*}}, %[[REG:.*]] : i32
// CHECK: %[[S0:.*]] = llvm.select %[[EQ]], %{{.*}}, %[[U]] : i1, f32
// CHECK: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %[[LANE]]
// CHECK: llvm.icmp "eq" %{{.*}}, %[[REG]] : i32
// CHECK: llvm.select %{{.*}}, %{{.*}}, %[[S0]] : i1, f32
// CHECK-COUNT-2: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %[[LANE]]
// CHECK-COUNT-12: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.select
// CHECK-NOT: llvm.select
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_warp_local(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>) {
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>, #b>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<16x32x!tt.ptr<i32>, #b>
    %src = tt.load %ps : tensor<16x32x!tt.ptr<f32>, #b>
    %idx = tt.load %qs : tensor<16x32x!tt.ptr<i32>, #b>
    %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<16x32xf32, #b>, tensor<16x32xi32, #b>) -> tensor<16x32xf32, #b>
    tt.store %ps, %g : tensor<16x32x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// The gather axis lies in each thread's registers: no shuffle, only selects. 8-bit indices are
// zero-extended, then placed above the row bits in the word the inverse layout reads.
#s = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
#i = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-LABEL: llvm.func @gather_in_thread
// CHECK-NOT: nvvm.shfl.sync
// CHECK: %[[I0:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK: llvm.shl %[[I0]]
// CHECK: llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
// CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f16
// CHECK-COUNT-3: llvm.select
// CHECK: %[[I1:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK-COUNT-4: llvm.select
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_in_thread(%p: !tt.ptr<f16>, %q: !tt.ptr<i8>) {
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x4x!tt.ptr<f16>, #s>
    %qs = tt.splat %q : !tt.ptr<i8> -> tensor<64x2x!tt.ptr<i8>, #i>
    %os = tt.splat %p : !tt.ptr<f16> -> tensor<64x2x!tt.ptr<f16>, #i>
    %src = tt.load %ps : tensor<64x4x!tt.ptr<f16>, #s>
    %idx = tt.load %qs : tensor<64x2x!tt.ptr<i8>, #i>
    %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<64x4xf16, #s>, tensor<64x2xi8, #i>) -> tensor<64x2xf16, #i>
    tt.store %os, %g : tensor<64x2x!tt.ptr<f16>, #i>
    tt.return
  }
}

// -----

// The gather axis spans warps: the source goes through shared memory (its whole 32x4 f32 tile,
// 512 bytes, dimension 0 fastest), a barrier, then each index register loads its element. 64-bit
// indices are truncated.
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#i = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: ttg.shared = 512 : i32
// CHECK-LABEL: llvm.func @gather_shared
// CHECK: %[[SRC:.*]] = llvm.extractelement %{{.*}} : vector<1xf32>
// CHECK: %[[IDX0:.*]] = llvm.extractelement %{{.*}} : vector<1xi64>
// CHECK: %[[IDX1:.*]] = llvm.extractelement %{{.*}} : vector<1xi64>
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[OFF:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[PTR:.*]] = llvm.getelementptr %[[SMEM]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.insertelement %[[SRC]]
// CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[V:.*]] = llvm.insertelement %[[BITS]]
// CHECK-NEXT: llvm.store %[[V]], %[[PTR]] {alignment = 4 : i64} : vector<1xi32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[I0:.*]] = llvm.trunc %[[IDX0]] : i64 to i32
// CHECK: %[[L0:.*]] = llvm.add %{{.*}}, %[[I0]] : i32
// CHECK-NEXT: %[[P0:.*]] = llvm.getelementptr %[[SMEM]][%[[L0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr<3> -> vector<1xi32>
// CHECK: llvm.bitcast %{{.*}} : i32 to f32
// CHECK: %[[I1:.*]] = llvm.trunc %[[IDX1]] : i64 to i32
// CHECK: llvm.add %{{.*}}, %[[I1]] : i32
// CHECK: llvm.load
// CHECK-NOT: llvm.load
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_shared(%p: !tt.ptr<f32>, %q: !tt.ptr<i64>) {
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x4x!tt.ptr<f32>, #s>
    %qs = tt.splat %q : !tt.ptr<i64> -> tensor<64x4x!tt.ptr<i64>, #i>
    %os = tt.splat %p : !tt.ptr<f32> -> tensor<64x4x!tt.ptr<f32>, #i>
    %src = tt.load %ps : tensor<32x4x!tt.ptr<f32>, #s>
    %idx = tt.load %qs : tensor<64x4x!tt.ptr<i64>, #i>
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<32x4xf32, #s>, tensor<64x4xi64, #i>) -> tensor<64x4xf32, #i>
    tt.store %os, %g : tensor<64x4x!tt.ptr<f32>, #i>
    tt.return
  }
}
