// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv='compute-capability=90 ptx-version=80' --convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=80' | FileCheck %s

// A 512-element row over 4 warps (Triton's cumsum): 4 registers scanned in the thread, their total
// scanned over 32 lanes by shfl.sync.up at 1, 2, 4, 8, 16, the last lane's total of each warp
// through shared memory, the totals of the warps read back in order and combined, then the carry
// from the previous lane added to the first 3 registers.
// CHECK: ttg.shared = 16 : i32
// CHECK-LABEL: llvm.func @cumsum
// CHECK-COUNT-3: llvm.fadd
// CHECK-COUNT-5: llvm.icmp "sge"
// CHECK: %[[UP:.*]] = nvvm.shfl.sync up {{.*}} : i32 -> i32
// CHECK: llvm.fadd
// CHECK: llvm.select
// CHECK-COUNT-4: nvvm.shfl.sync up
// CHECK: %[[LAST:.*]] = llvm.icmp "eq"
// CHECK: llvm.inline_asm has_side_effects {{.*}}"@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" {{.*}}, %[[LAST]]
// CHECK-NOT: st.shared
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: nvvm.shfl.sync up
// CHECK-COUNT-3: llvm.fadd
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#row = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cumsum(%out: !tt.ptr<f32>) attributes {noinline = false} {
    %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #row>
    %x = arith.sitofp %i : tensor<512xi32, #row> to tensor<512xf32, #row>
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tt.scan.return %r : f32
    }) : (tensor<512xf32, #row>) -> tensor<512xf32, #row>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #row>
    %q = tt.addptr %p, %i : tensor<512x!tt.ptr<f32>, #row>, tensor<512xi32, #row>
    tt.store %q, %s : tensor<512x!tt.ptr<f32>, #row>
    tt.return
  }
}

// -----

// Rows within one warp (8 lanes along dim 1), the 32-column tile repeated twice along the row: no
// shared memory; each repetition takes the previous one's total from the row's last lane
// (shfl.sync.idx), and its earlier registers the previous lane's total (shfl.sync.up by 1).
// CHECK: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @rows_one_warp
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-6: nvvm.shfl.sync up
// CHECK: nvvm.shfl.sync up
// CHECK: nvvm.shfl.sync idx
// CHECK: llvm.add
// CHECK: nvvm.shfl.sync up
// CHECK: nvvm.shfl.sync idx
// CHECK-NOT: st.shared
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows_one_warp(%out: !tt.ptr<i32>) attributes {noinline = false} {
    %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>>
    %e = tt.expand_dims %i {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #tile}>> -> tensor<1x64xi32, #tile>
    %x = tt.broadcast %e : tensor<1x64xi32, #tile> -> tensor<16x64xi32, #tile>
    %s = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %r = arith.addi %a, %b : i32
      tt.scan.return %r : i32
    }) : (tensor<16x64xi32, #tile>) -> tensor<16x64xi32, #tile>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<16x64x!tt.ptr<i32>, #tile>
    %q = tt.addptr %p, %s : tensor<16x64x!tt.ptr<i32>, #tile>, tensor<16x64xi32, #tile>
    tt.store %q, %s : tensor<16x64x!tt.ptr<i32>, #tile>
    tt.return
  }
}

// -----

// reverse = true: registers reversed and lanes mirrored (shfl.sync.bfly 31) before and after the
// forward scan; one warp, so no shared memory.
// CHECK-LABEL: llvm.func @reverse_cummax
// CHECK-COUNT-2: nvvm.shfl.sync bfly
// CHECK: llvm.intr.maxnum
// CHECK-COUNT-5: nvvm.shfl.sync up
// CHECK: nvvm.shfl.sync up
// CHECK: llvm.intr.maxnum
// CHECK-NOT: nvvm.shfl.sync idx
// CHECK-COUNT-2: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#pair = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reverse_cummax(%out: !tt.ptr<f32>) attributes {noinline = false} {
    %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #pair>
    %x = arith.sitofp %i : tensor<64xi32, #pair> to tensor<64xf32, #pair>
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.maxnumf %a, %b : f32
      tt.scan.return %r : f32
    }) : (tensor<64xf32, #pair>) -> tensor<64xf32, #pair>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #pair>
    %q = tt.addptr %p, %i : tensor<64x!tt.ptr<f32>, #pair>, tensor<64xi32, #pair>
    tt.store %q, %s : tensor<64x!tt.ptr<f32>, #pair>
    tt.return
  }
}

// -----

// Two operands of different widths across warps: the scratch holds the 4 warp totals of the i64
// operand first, then those of the f32 one (Triton's widest-first order): 4 * (8 + 4) bytes.
// CHECK: ttg.shared = 48 : i32
// CHECK-LABEL: llvm.func @running_argmax
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[F32S:.*]] = llvm.getelementptr %[[SMEM]][4] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
// CHECK: llvm.getelementptr %[[F32S]][{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: st.shared.b32
// CHECK: llvm.getelementptr %[[SMEM]][{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i64
// CHECK: st.shared.b64
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i64
// CHECK: llvm.return
#row = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @running_argmax(%out: !tt.ptr<i64>) attributes {noinline = false} {
    %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #row>
    %x = arith.sitofp %i : tensor<512xi32, #row> to tensor<512xf32, #row>
    %j = arith.extsi %i : tensor<512xi32, #row> to tensor<512xi64, #row>
    %s:2 = "tt.scan"(%x, %j) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %ai: i64, %b: f32, %bi: i64):
      %gt = arith.cmpf ogt, %b, %a : f32
      %v = arith.select %gt, %b, %a : f32
      %vi = arith.select %gt, %bi, %ai : i64
      tt.scan.return %v, %vi : f32, i64
    }) : (tensor<512xf32, #row>, tensor<512xi64, #row>) -> (tensor<512xf32, #row>, tensor<512xi64, #row>)
    %p = tt.splat %out : !tt.ptr<i64> -> tensor<512x!tt.ptr<i64>, #row>
    %q = tt.addptr %p, %i : tensor<512x!tt.ptr<i64>, #row>, tensor<512xi32, #row>
    tt.store %q, %s#1 : tensor<512x!tt.ptr<i64>, #row>
    tt.return
  }
}
