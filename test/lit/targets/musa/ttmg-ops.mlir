// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file | ttc opt -split-input-file | FileCheck %s

// The TTGIR of a 32x32x32 SQMMA step as Triton 3.1's MUSA back end prints it: both tiles come
// from the TME into shared memory, each behind its own async barrier, then tt.dot reads them.

#mma = #triton_gpu.mthreads_sqmma<{versionMajor = 3, versionMinor = 1, warpsPerCTA = [4, 1], instrShape = [8, 32, 32]}>
#shared = #triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-warps" = 4 : i32, "triton_gpu.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tme_tiles
  tt.func @tme_tiles(%a_desc: !tt.ptr<i8>, %b_desc: !tt.ptr<i8>, %m: i32, %k: i32, %n: i32) {
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    // CHECK: %[[A:.+]] = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttmg.init_arrival %c2_i32, %c4_i32, %c0_i32, %true : i32
    // CHECK-NEXT: ttmg.async_tme_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %c2_i32, %[[A]], %true {sqmma.opIdx = 0 : i32} : !tt.ptr<i8>, i32 -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: %[[PA:.+]] = ttmg.arrive_barrier %c2_i32 : i32 -> i32
    // CHECK-NEXT: ttmg.wait_barrier %c2_i32, %[[PA]] : i32
    %a = triton_gpu.local_alloc : () -> !tt.memdesc<32x32xf16, #shared, mutable>
    triton_mthreads_gpu.init_arrival %c2_i32, %c4_i32, %c0_i32, %true : i32
    triton_mthreads_gpu.async_tme_copy_global_to_local %a_desc[%m, %k] %c2_i32, %a, %true {sqmma.opIdx = 0 : i32} : <i8>, i32 -> <32x32xf16, #shared, mutable>
    %pa = triton_mthreads_gpu.barrier_arrive %c2_i32 : i32 -> i32
    triton_mthreads_gpu.wait_barrier %c2_i32, %pa : i32
    %b = triton_gpu.local_alloc : () -> !tt.memdesc<32x32xf16, #shared, mutable>
    triton_mthreads_gpu.init_arrival %c1_i32, %c4_i32, %c0_i32, %true : i32
    triton_mthreads_gpu.async_tme_copy_global_to_local %b_desc[%k, %n] %c1_i32, %b, %true {sqmma.opIdx = 1 : i32} : <i8>, i32 -> <32x32xf16, #shared, mutable>
    %pb = triton_mthreads_gpu.barrier_arrive %c1_i32 : i32 -> i32
    triton_mthreads_gpu.wait_barrier %c1_i32, %pb : i32
    tt.return
  }
}

// -----

// The newer spellings: a transaction count, an arrival without a result, an i64 descriptor, and
// the TME store.

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @tme_store
  tt.func @tme_store(%desc: i64, %x: i32, %y: i32) {
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2048_i32 = arith.constant 2048 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK: ttmg.init_arrival %c0_i32, %c1_i32, %c0_i32 : i32
    // CHECK-NEXT: ttmg.barrier_add_trans %c0_i32, %c2048_i32, %true : i32
    // CHECK-NEXT: ttmg.async_tme_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %c0_i32, %{{.*}}, %true : i64, i32 -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttmg.arrive_barrier_noret %c0_i32, %true : i32
    // CHECK-NEXT: ttmg.wait_barrier %c0_i32, %c0_i32 : i32
    // CHECK-NEXT: ttmg.async_tme_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %true : i64, !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    // CHECK-NEXT: ttmg.tme_store_commit
    // CHECK-NEXT: ttmg.tme_store_read_wait
    ttmg.init_arrival %c0_i32, %c1_i32, %c0_i32 : i32
    ttmg.barrier_add_trans %c0_i32, %c2048_i32, %true : i32
    ttmg.async_tme_copy_global_to_local %desc[%x, %y] %c0_i32, %buf, %true : i64, i32 -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttmg.arrive_barrier_noret %c0_i32, %true : i32
    ttmg.wait_barrier %c0_i32, %c0_i32 : i32
    ttmg.async_tme_copy_local_to_global %desc[%x, %y] %buf, %true : i64, !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttmg.tme_store_commit
    ttmg.tme_store_read_wait
    tt.return
  }
}

// -----

// One SQMMA step: a 32x32x32 f16 product on a squad, its operands in shared memory.

#mma = #ttg.musa_sqmma<{versionMajor = 3, versionMinor = 1, warpsPerCTA = [4, 1], instrShape = [32, 32, 32]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @squad_dot
  // CHECK: %{{.+}} = ttmg.squad_dot %{{.+}}, %{{.+}}, %{{.+}} {inputPrecision = 0 : i32} : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<32x32xf32, #mma>
  tt.func @squad_dot(%acc: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %d = ttmg.squad_dot %a, %b, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}
