// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s
// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv=compute-capability=90 --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s --check-prefix=SM90

// ---- Registers only -------------------------------------------------------------------------

// Only the order of registers changes: no shared memory, no barrier.
// CHECK-LABEL: llvm.func @register_order
// CHECK-NOT: global_smem
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#a = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @register_order(%out: !tt.ptr<i32>) attributes {noinline = false} {
    %i = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %e = tt.expand_dims %i {axis = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x2xi32, #a>
    %x = tt.broadcast %e : tensor<1x2xi32, #a> -> tensor<256x2xi32, #a>
    %y = ttg.convert_layout %x : tensor<256x2xi32, #a> -> tensor<256x2xi32, #b>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<256x2x!tt.ptr<i32>, #b>
    %q = tt.addptr %p, %y : tensor<256x2x!tt.ptr<i32>, #b>, tensor<256x2xi32, #b>
    tt.store %q, %y : tensor<256x2x!tt.ptr<i32>, #b>
    tt.return
  }
}

// -----

// An MMA accumulator already holds what the A operand of the next MMA needs in each thread.
// CHECK: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @accumulator_to_operand
// CHECK-NOT: llvm.store
// CHECK-NOT: llvm.load
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#dot = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @accumulator_to_operand() {
    %i = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %e = tt.expand_dims %i {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #mma}>> -> tensor<1x16xi32, #mma>
    %x = tt.broadcast %e : tensor<1x16xi32, #mma> -> tensor<16x16xi32, #mma>
    %h = arith.sitofp %x : tensor<16x16xi32, #mma> to tensor<16x16xf16, #mma>
    %y = ttg.convert_layout %h : tensor<16x16xf16, #mma> -> tensor<16x16xf16, #dot>
    tt.return
  }
}

// -----

// ---- Warp shuffles ----------------------------------------------------------------------------

// One register bit trades places with one lane bit, the other lanes stay: each lane ships one
// word of each pair of registers to its partner lane (16 butterfly shuffles for 32 registers,
// three selects around each), no shared memory.
// CHECK: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @ship
// CHECK: %[[LANE:.*]] = llvm.urem
// CHECK: %[[LANE2:.*]] = llvm.urem
// CHECK: %[[BIT:.*]] = llvm.and %[[LANE2]]
// CHECK: %[[OFF:.*]] = llvm.icmp "eq" %[[BIT]]
// CHECK: %[[OUT:.*]] = llvm.select %[[OFF]]
// CHECK: %[[IN:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[OUT]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: llvm.select %[[OFF]], %{{.*}}, %[[IN]]
// CHECK: llvm.select %[[OFF]], %[[IN]], %{{.*}}
// CHECK-COUNT-15: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: llvm.store
// CHECK: llvm.return
#a = #ttg.blocked<{sizePerThread = [32, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1]}>
#b = #ttg.blocked<{sizePerThread = [16, 2], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ship() {
    %i = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #a}>>
    %e = tt.expand_dims %i {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<32x1xi32, #a>
    %x = tt.broadcast %e : tensor<32x1xi32, #a> -> tensor<32x32xi32, #a>
    %y = ttg.convert_layout %x : tensor<32x32xi32, #a> -> tensor<32x32xi32, #b>
    tt.return
  }
}

// -----

// The same exchange while the other lane bits rotate: selects, then one indexed shuffle per
// register from the permuted lane id, then selects again.
// CHECK-LABEL: llvm.func @swap
// CHECK-COUNT-32: llvm.select
// CHECK-COUNT-32: nvvm.shfl.sync idx
// CHECK-COUNT-32: llvm.select
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: llvm.store
#a = #ttg.blocked<{sizePerThread = [32, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [16, 2], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swap() {
    %i = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #a}>>
    %e = tt.expand_dims %i {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<32x1xi32, #a>
    %x = tt.broadcast %e : tensor<32x1xi32, #a> -> tensor<32x32xi32, #a>
    %y = ttg.convert_layout %x : tensor<32x32xi32, #a> -> tensor<32x32xi32, #b>
    tt.return
  }
}

// -----

// Half-precision values travel two to a 32-bit word: 8 registers are 4 words, 2 shipped.
// CHECK-LABEL: llvm.func @packed_halves
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK-COUNT-2: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
#a = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ttg.linear<{register = [[1, 0], [2, 0], [0, 1]], lane = [[4, 0], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @packed_halves() {
    %i = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #a}>>
    %e = tt.expand_dims %i {axis = 1 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<8x1xi32, #a>
    %x = tt.broadcast %e : tensor<8x1xi32, #a> -> tensor<8x32xi32, #a>
    %h = arith.sitofp %x : tensor<8x32xi32, #a> to tensor<8x32xf16, #a>
    %y = ttg.convert_layout %h : tensor<8x32xf16, #a> -> tensor<8x32xf16, #b>
    tt.return
  }
}

// -----

// Booleans travel four to a word (as bytes): one shuffle for all eight registers.
// CHECK-LABEL: llvm.func @packed_booleans
// CHECK: llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.trunc %{{.*}} : i8 to i1
#a = #ttg.linear<{register = [[1, 0], [2, 0], [4, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
#b = #ttg.linear<{register = [[1, 0], [2, 0], [0, 1]], lane = [[4, 0], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @packed_booleans() {
    %i = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #a}>>
    %e = tt.expand_dims %i {axis = 1 : i32} : tensor<8xi32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<8x1xi32, #a>
    %x = tt.broadcast %e : tensor<8x1xi32, #a> -> tensor<8x32xi32, #a>
    %b = arith.trunci %x : tensor<8x32xi32, #a> to tensor<8x32xi1, #a>
    %y = ttg.convert_layout %b : tensor<8x32xi1, #a> -> tensor<8x32xi1, #b>
    tt.return
  }
}

// -----

// ---- Swizzled shared memory -----------------------------------------------------------------

// A 64x64 transpose across warps: the buffer is the whole tile (no register is common to both
// layouts), one word per access on both sides, rows XOR-swizzled so that the 32 lanes of a store
// and those of a load hit 32 distinct banks. One CTA barrier between stores and loads.
// CHECK: ttg.shared = 16384 : i32
// CHECK-LABEL: llvm.func @transpose
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[LANE:.*]] = llvm.urem
// CHECK: %[[WARP:.*]] = llvm.udiv
// CHECK: llvm.xor
// CHECK: %[[P:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : vector<1xi32>, !llvm.ptr<3>
// CHECK-COUNT-31: llvm.store %{{.*}} : vector<1xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK-NOT: llvm.load
#src = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#dst = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @transpose() {
    %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #src}>>
    %e = tt.expand_dims %i {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #src}>> -> tensor<64x1xi32, #src>
    %x = tt.broadcast %e : tensor<64x1xi32, #src> -> tensor<64x64xi32, #src>
    %f = arith.sitofp %x : tensor<64x64xi32, #src> to tensor<64x64xf32, #src>
    %y = ttg.convert_layout %f : tensor<64x64xf32, #src> -> tensor<64x64xf32, #dst>
    tt.return
  }
}

// -----

// Both layouts keep four consecutive elements of a row per thread: 128-bit stores and loads.
// CHECK: ttg.shared = 4096 : i32
// CHECK-LABEL: llvm.func @vectors
// CHECK-COUNT-2: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NOT: llvm.load
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vectors() {
    %i = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %e = tt.expand_dims %i {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x32xi32, #a>
    %x = tt.broadcast %e : tensor<1x32xi32, #a> -> tensor<32x32xi32, #a>
    %y = ttg.convert_layout %x : tensor<32x32xi32, #a> -> tensor<32x32xi32, #b>
    tt.return
  }
}

// -----

// Bytes: a word of four bytes comes from four warps' registers on the load side (each thread
// stores single bytes, loads four at once).
// CHECK: ttg.shared = 16384 : i32
// CHECK-LABEL: llvm.func @bytes
// CHECK-COUNT-128: llvm.store %{{.*}} : vector<1xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xi8>
#a = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bytes() {
    %i = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %e = tt.expand_dims %i {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x128xi32, #a>
    %x = tt.broadcast %e : tensor<1x128xi32, #a> -> tensor<128x128xi32, #a>
    %t = arith.trunci %x : tensor<128x128xi32, #a> to tensor<128x128xi8, #a>
    %y = ttg.convert_layout %t : tensor<128x128xi8, #a> -> tensor<128x128xi8, #b>
    tt.return
  }
}

// -----

// Pointers travel as i64 and booleans as bytes; a conversion within one warp synchronises the
// warp only.
// CHECK-LABEL: llvm.func @pointers_and_booleans
// CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK: llvm.store %{{.*}} : vector<1xi64>, !llvm.ptr<3>
// CHECK: nvvm.bar.warp.sync
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i64
// CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK: llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.store %{{.*}} : vector<1xi8>, !llvm.ptr<3>
// CHECK: nvvm.bar.warp.sync
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xi8>
// CHECK: llvm.trunc %{{.*}} : i8 to i1
// CHECK-NOT: nvvm.barrier0
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pointers_and_booleans(%base: !tt.ptr<f32>, %n: i32) {
    %i = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #a>
    %s = tt.splat %base : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #a>
    %p = tt.addptr %s, %i : tensor<128x!tt.ptr<f32>, #a>, tensor<128xi32, #a>
    %q = ttg.convert_layout %p : tensor<128x!tt.ptr<f32>, #a> -> tensor<128x!tt.ptr<f32>, #b>
    %ns = tt.splat %n : i32 -> tensor<128xi32, #a>
    %m = arith.cmpi slt, %i, %ns : tensor<128xi32, #a>
    %mb = ttg.convert_layout %m : tensor<128xi1, #a> -> tensor<128xi1, #b>
    tt.return
  }
}

// -----

// ---- Several rounds -----------------------------------------------------------------------------

// Rows of 32 to 4x8 blocks in one warp: three register bits are common to both layouts, so the
// conversion runs in eight rounds through a buffer of one round (128 words). Each round stores
// one 128-bit vector per lane and reads it back with ldmatrix.x4 (f32 words as matrix rows);
// the warp synchronises after each store and between rounds.
// CHECK: ttg.shared = 512 : i32
// CHECK-LABEL: llvm.func @rounds
// CHECK: llvm.store %{{.*}} : vector<4xi32>, !llvm.ptr<3>
// CHECK-NEXT: llvm.mlir.constant(-1 : i32)
// CHECK-NEXT: nvvm.bar.warp.sync
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: nvvm.bar.warp.sync
// CHECK: llvm.store %{{.*}} : vector<4xi32>, !llvm.ptr<3>
// CHECK: nvvm.bar.warp.sync
// CHECK: nvvm.ldmatrix
// CHECK-COUNT-6: nvvm.ldmatrix
// CHECK-NOT: nvvm.ldmatrix
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#a = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [4, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rounds() {
    %i = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %e = tt.expand_dims %i {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x32xi32, #a>
    %x = tt.broadcast %e : tensor<1x32xi32, #a> -> tensor<32x32xi32, #a>
    %f = arith.sitofp %x : tensor<32x32xi32, #a> to tensor<32x32xf32, #a>
    %y = ttg.convert_layout %f : tensor<32x32xf32, #a> -> tensor<32x32xf32, #b>
    tt.return
  }
}

// -----

// An MMA accumulator (f16) to rows of 8: on sm_90 the accumulator is written with stmatrix.x4
// and read back with 128-bit loads (eight halves as four words); sm_80 has no stmatrix and stores words.
// CHECK-LABEL: llvm.func @accumulator_to_rows
// CHECK-NOT: nvvm.stmatrix
// CHECK: nvvm.barrier0
// SM90-LABEL: llvm.func @accumulator_to_rows
// SM90: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
// SM90: nvvm.barrier0
// SM90: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// SM90: llvm.bitcast %{{.*}} : i32 to vector<2xi16>
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @accumulator_to_rows() {
    %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %e = tt.expand_dims %i {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>> -> tensor<1x64xi32, #mma>
    %x = tt.broadcast %e : tensor<1x64xi32, #mma> -> tensor<64x64xi32, #mma>
    %h = arith.sitofp %x : tensor<64x64xi32, #mma> to tensor<64x64xf16, #mma>
    %y = ttg.convert_layout %h : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #rows>
    tt.return
  }
}
