// RUN: ttc opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: ttc opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm='compute-capability=70' | FileCheck %s --check-prefix=SM70

// local_alloc with a value: one 16-byte vector store of the 8 contiguous elements of a thread, at the buffer's
// allocation.offset; the module's ttg.shared is the buffer's size. Rows XOR their 8-element chunk
// with the phase ((row / 1) % 4) * 8.
// CHECK: ttg.shared = 2048 : i32
// CHECK-LABEL: llvm.func @alloc_init
// CHECK: llvm.mlir.addressof @global_smem
// CHECK: llvm.store {{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @alloc_init() {
    %x = arith.constant dense<1.000000e+00> : tensor<32x32xf16, #blocked>
    %a = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    tt.return
  }
}

// -----

// local_store then local_load of a mutable buffer, both as 16-byte vectors; the barrier between
// them comes from membar. local_dealloc emits nothing.
// CHECK-LABEL: llvm.func @store_load
// CHECK: llvm.store {{.*}} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: llvm.extractelement
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_load(%out: !tt.ptr<f32>) {
    %x = arith.constant dense<1.000000e+00> : tensor<16x32xf32, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf32, #shared, #smem, mutable>
    ttg.local_store %x, %a : tensor<16x32xf32, #blocked> -> !ttg.memdesc<16x32xf32, #shared, #smem, mutable>
    %y = ttg.local_load %a : !ttg.memdesc<16x32xf32, #shared, #smem, mutable> -> tensor<16x32xf32, #blocked>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>, #blocked>
    tt.store %p, %y : tensor<16x32x!tt.ptr<f32>, #blocked>
    ttg.local_dealloc %a : !ttg.memdesc<16x32xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// An mma v2 operand A is read with ldmatrix.x4 (row), operand B with ldmatrix.x4.trans (col);
// each instruction gives four i32 words, two f16 each. memdesc_index moves the base by one
// buffer (64 * 32 elements).
// CHECK-LABEL: llvm.func @ldmatrix_operands
// CHECK: %[[IDX:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK: llvm.getelementptr %{{.*}}[%[[IDX]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK-COUNT-4: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK-NOT: nvvm.ldmatrix
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ldmatrix_operands(%i: i32) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #sa, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sb, #smem, mutable>
    %ai = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x32xf16, #sa, #smem, mutable> -> !ttg.memdesc<64x32xf16, #sa, #smem, mutable>
    %x = ttg.local_load %ai : !ttg.memdesc<64x32xf16, #sa, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %y = ttg.local_load %b : !ttg.memdesc<32x64xf16, #sb, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return
  }
}

// -----

// On sm_70 there is no ldmatrix: the operand is read with 4-byte loads.
// CHECK-LABEL: llvm.func @no_ldmatrix_before_sm75
// CHECK: nvvm.ldmatrix
// SM70-LABEL: llvm.func @no_ldmatrix_before_sm75
// SM70-NOT: nvvm.ldmatrix
// SM70: llvm.load {{.*}} : !llvm.ptr<3> -> vector<2xf16>
// SM70-NOT: nvvm.ldmatrix
// SM70: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_ldmatrix_before_sm75() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #sa, #smem, mutable>
    %x = ttg.local_load %a : !ttg.memdesc<64x32xf16, #sa, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return
  }
}

// -----

// A subslice adds its offsets to the descriptor (folded while they are constants); a transposed
// view permutes them. The offsets XOR into the address: the lower half of the rows starts 16 rows
// (1024 elements, 2048 bytes) further.
// CHECK-LABEL: llvm.func @views
// CHECK-NOT: llvm.add
// CHECK: %[[ROWS:.*]] = llvm.mlir.constant(2048 : i32) : i32
// CHECK-NEXT: %[[ADDR:.*]] = llvm.xor %{{.*}}, %[[ROWS]] : i32
// CHECK-NEXT: %[[PTR:.*]] = llvm.getelementptr %{{.*}}[%[[ADDR]]]
// CHECK-NEXT: llvm.load %[[PTR]] {{.*}} -> vector<8xf16>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blockedT = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sharedT = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @views() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    %s = ttg.memdesc_subslice %a [16, 0] : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64>
    %x = ttg.local_load %s : !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 32x64> -> tensor<16x64xf16, #blocked>
    %t = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #sharedT, #smem, mutable>
    %y = ttg.local_load %t : !ttg.memdesc<64x32xf16, #sharedT, #smem, mutable> -> tensor<64x32xf16, #blockedT>
    tt.return
  }
}

// -----

// cp.async of 16 bytes per vector (.cg), the source size 16 or 0 by the mask (zero fill);
// commit and wait become their NVVM ops.
// CHECK-LABEL: llvm.func @async_copy
// CHECK: %[[SIZE:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
// CHECK: llvm.inline_asm has_side_effects {{.*}}"cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x10, $2;", "r,l,r" %{{.*}}, %{{.*}}, %[[SIZE]]
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @async_copy(%base: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %k: i32) {
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %ks = tt.splat %k : i32 -> tensor<64x32xi32, #blocked>
    %m = arith.cmpi slt, %cb, %ks : tensor<64x32xi32, #blocked>
    %ps = tt.splat %base : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %p = tt.addptr %ps, %cb : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %a mask %m other %zero {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    tt.return
  }
}

// -----

// Without a mask the source size is the copy size; 8-byte vectors use .ca.
// CHECK-LABEL: llvm.func @async_copy_unmasked
// CHECK: "cp.async.ca.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x8, 0x8;", "r,l"
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @async_copy_unmasked(%base: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x32xi32, #blocked> -> tensor<8x32xi32, #blocked>
    %ps = tt.splat %base : !tt.ptr<f32> -> tensor<8x32x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %ps, %cb : tensor<8x32x!tt.ptr<f32>, #blocked>, tensor<8x32xi32, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %a {contiguity = 2 : i32} : tensor<8x32x!tt.ptr<f32>, #blocked> -> <8x32xf32, #shared, #smem, mutable>
    tt.return
  }
}
