// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// Rows to columns crosses warps: stores of the source registers, one barrier, loads.
// CHECK-LABEL: llvm.func @rows_to_columns
// CHECK: llvm.mlir.addressof @global_smem
// CHECK: llvm.store {{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i32
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows_to_columns(%out: !tt.ptr<i32>) attributes {noinline = false} {
    %i = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #rows}>>
    %e = tt.expand_dims %i {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #rows}>> -> tensor<1x128xi32, #rows>
    %x = tt.broadcast %e : tensor<1x128xi32, #rows> -> tensor<4x128xi32, #rows>
    %y = ttg.convert_layout %x : tensor<4x128xi32, #rows> -> tensor<4x128xi32, #cols>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<4x128x!tt.ptr<i32>, #cols>
    %q = tt.addptr %p, %y : tensor<4x128x!tt.ptr<i32>, #cols>, tensor<4x128xi32, #cols>
    tt.store %q, %y : tensor<4x128x!tt.ptr<i32>, #cols>
    tt.return
  }
}

// -----

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
