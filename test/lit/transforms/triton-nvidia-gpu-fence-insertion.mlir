// RUN: ttc opt %s -split-input-file -triton-nvidia-gpu-fence-insertion | FileCheck %s
// RUN: ttc opt %s -split-input-file "-triton-nvidia-gpu-fence-insertion=compute-capability=80" | FileCheck %s --check-prefix=AMPERE

// A wgmma reading a buffer stored from registers (a generic-proxy write) needs a proxy fence right
// before it. Before Hopper the pass does nothing.
// CHECK-LABEL: tt.func @stored_from_registers
// CHECK: ttg.local_alloc %arg1
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.warp_group_dot
// AMPERE-NOT: ttng.fence_async_shared
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @stored_from_registers(%a: !ttg.memdesc<64x32xf16, #sa, #smem>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %sb = ttg.local_alloc %b : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #sb, #smem>
    %d = ttng.warp_group_dot %a, %sb, %c : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x64xf16, #sb, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Buffers filled by cp.async are written by the async proxy: no fence. Neither does a register A
// need one, nor a dot of registers.
// CHECK-LABEL: tt.func @async_copies
// CHECK-NOT: ttng.fence_async_shared
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @async_copies(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %p: tensor<32x64x!tt.ptr<f16>, #blocked>, %c: tensor<64x64xf32, #mma>,
                        %ra: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>, %rb: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %rc: tensor<64x64xf32, #acc>) -> (tensor<64x64xf32, #mma>, tensor<64x64xf32, #acc>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sb, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #sb, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    %d = ttng.warp_group_dot %a, %buf, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #sb, #smem, mutable> -> tensor<64x64xf32, #mma>
    %e = tt.dot %ra, %rb, %rc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<64x64xf32, #acc>
    tt.return %d, %e : tensor<64x64xf32, #mma>, tensor<64x64xf32, #acc>
  }
}

// -----

// A buffer stored before two nested loops: the fence leaves both loops and goes right before the
// outer one. The second dot's fence lands right after the first one and is dropped.
// CHECK-LABEL: tt.func @hoisted
// CHECK: ttg.local_alloc %arg1
// CHECK-NEXT: ttng.fence_async_shared
// CHECK-NEXT: scf.for
// CHECK-NOT: ttng.fence_async_shared
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @hoisted(%a: !ttg.memdesc<64x32xf16, #sa, #smem>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %sb = ttg.local_alloc %b : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #sb, #smem>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      %s = scf.for %j = %c0 to %n step %c1 iter_args(%inner = %acc) -> (tensor<64x64xf32, #mma>) : i32 {
        %d = ttng.warp_group_dot %a, %sb, %inner : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x64xf16, #sb, #smem> -> tensor<64x64xf32, #mma>
        %e = ttng.warp_group_dot %a, %sb, %d : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x64xf16, #sb, #smem> -> tensor<64x64xf32, #mma>
        scf.yield %e : tensor<64x64xf32, #mma>
      }
      scf.yield %s : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A buffer stored to in the inner loop (ttg.local_store, through a view of its own; the dot reads
// another view): the fence leaves no loop.
// CHECK-LABEL: tt.func @stored_in_loop
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttng.fence_async_shared
// CHECK-NEXT: ttng.warp_group_dot
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @stored_in_loop(%a: !ttg.memdesc<64x32xf16, #sa, #smem>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<1x32x64xf16, #sb, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      %s = scf.for %j = %c0 to %n step %c1 iter_args(%inner = %acc) -> (tensor<64x64xf32, #mma>) : i32 {
        %dst = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<1x32x64xf16, #sb, #smem, mutable> -> !ttg.memdesc<32x64xf16, #sb, #smem, mutable>
        ttg.local_store %b, %dst : tensor<32x64xf16, #blocked> -> !ttg.memdesc<32x64xf16, #sb, #smem, mutable>
        %slot = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<1x32x64xf16, #sb, #smem, mutable> -> !ttg.memdesc<32x64xf16, #sb, #smem, mutable>
        %d = ttng.warp_group_dot %a, %slot, %inner : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x64xf16, #sb, #smem, mutable> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      }
      scf.yield %s : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Buffers carried by a loop are traced to the initial value and the yielded one: here the yielded
// buffer is stored from registers inside the loop, so the fence stays before the dot. A buffer
// that is an argument of the function is assumed written by anyone: the fence for it leaves the
// loop.
// CHECK-LABEL: tt.func @carried
// CHECK: scf.for
// CHECK: ttng.fence_async_shared
// CHECK-NEXT: ttng.warp_group_dot
// CHECK: ttg.local_alloc
// CHECK-NEXT: scf.yield
// CHECK-LABEL: tt.func @argument
// CHECK: ttng.fence_async_shared
// CHECK-NEXT: scf.for
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @carried(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b0: !ttg.memdesc<32x64xf16, #sb, #smem>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c, %buf = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<32x64xf16, #sb, #smem>) : i32 {
      %d = ttng.warp_group_dot %a, %buf, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #sb, #smem> -> tensor<64x64xf32, #mma>
      %next = ttg.local_alloc %b : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #sb, #smem>
      scf.yield %d, %next : tensor<64x64xf32, #mma>, !ttg.memdesc<32x64xf16, #sb, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
  tt.func @argument(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<32x64xf16, #sb, #smem>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #sb, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}
