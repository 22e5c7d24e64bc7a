// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm='compute-capability=90' | FileCheck %s

// One warp group, A (64x32, K-major, rows of 64 bytes swizzled 64 bytes wide) and B (32x64,
// N-major, rows of 128 bytes swizzled 128 bytes wide) in shared memory: two m64n64k16 steps
// between one wgmma.fence and one commit_group. B's descriptor: 128-byte swizzle (mode 1 in bits
// 62-63), 8-row groups 1024 bytes apart (64 units in bits 32-45); A's: 64-byte swizzle (mode 2),
// 512 bytes (32 units); neither needs a leading offset (each spans one swizzle width). Each
// operand's address field (bytes / 16, 14 bits) is computed once; each step's descriptor adds one
// constant to it, the descriptor bits plus the step's offset, as Triton does. The second step
// moves A by 16 elements (32 bytes, 2 units) and B by 16 rows (2048 bytes, 128 units). A is K-major (trans-a 0), B N-major (trans-b 1). Not async: the
// group is waited for at once, its registers passed through the wait.
// CHECK-LABEL: llvm.func @shared_operands
// CHECK-NOT: nvvm.shfl.sync
// CHECK: %[[AA:.*]] = llvm.zext %{{.*}} : i32 to i64
// CHECK: %[[BA:.*]] = llvm.zext %{{.*}} : i32 to i64
// CHECK: llvm.call_intrinsic "llvm.nvvm.wgmma.fence.sync.aligned"() : () -> ()
// CHECK: %[[A0C:.*]] = llvm.mlir.constant(-9223371899415822336 : i64) : i64
// CHECK-NEXT: %[[A0:.*]] = llvm.add %[[A0C]], %[[AA]] : i64
// CHECK: %[[B0C:.*]] = llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK-NEXT: %[[B0:.*]] = llvm.add %[[B0C]], %[[BA]] : i64
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 { $0, {{.*}}, $31 }, $64, $65, $66, 1, 1, 0, 1;"
// CHECK-SAME: %[[A0]], %[[B0]]
// CHECK: %[[A1C:.*]] = llvm.mlir.constant(-9223371899415822334 : i64) : i64
// CHECK-NEXT: %[[A1:.*]] = llvm.add %[[A1C]], %[[AA]] : i64
// CHECK: %[[B1C:.*]] = llvm.mlir.constant(4611686293305294976 : i64) : i64
// CHECK-NEXT: %[[B1:.*]] = llvm.add %[[B1C]], %[[BA]] : i64
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 1, 1, 0, 1;"
// CHECK-SAME: %[[A1]], %[[B1]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.wgmma.commit_group.sync.aligned"() : () -> ()
// CHECK: "// wait for regs: $0,{{.*}},$31\0A\09wgmma.wait_group.sync.aligned 0;"
// CHECK-NOT: wgmma.mma_async
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @shared_operands(%out: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #sa, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sb, #smem, mutable>
    %d = ttng.warp_group_dot %a, %b, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sa, #smem, mutable> * !ttg.memdesc<32x64xf16, #sb, #smem, mutable> -> tensor<64x64xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// Two warp groups along M (8 warps): the warp id (made uniform by a shuffle) selects the group,
// whose 64 rows of A start 64 * 128 bytes later: bit 2 of the warp id selects 512 16-byte units
// (8192 bytes), added to A's address in those units (Triton's warp-group offset, a linear layout
// of the warp id); B's is shared. tf32 reads both operands K-major and has no transpose immediates.
// Async: the commit ends the lowering, and the wait comes from ttng.warp_group_dot_wait, which
// passes only the tensor's registers through the asm (the shared-memory view is not a register).
// CHECK-LABEL: llvm.func @two_warp_groups_tf32
// CHECK: %[[W:.*]] = nvvm.shfl.sync idx
// CHECK: %[[UNITS:.*]] = llvm.lshr
// CHECK: %[[BIT2:.*]] = llvm.and %[[W]], %{{.*}} : i32
// CHECK: %[[C512:.*]] = llvm.mlir.constant(512 : i32) : i32
// CHECK: %[[GROUP:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[C512]] : i1, i32
// CHECK: llvm.add %[[UNITS]], %[[GROUP]] : i32
// CHECK: llvm.call_intrinsic "llvm.nvvm.wgmma.fence.sync.aligned"
// CHECK-COUNT-4: "wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32 { $0, {{.*}}, $15 }, $32, $33, $34, 1, 1;"
// CHECK: llvm.call_intrinsic "llvm.nvvm.wgmma.commit_group.sync.aligned"
// CHECK-NOT: wgmma.wait_group.sync.aligned 0
// CHECK: "// wait for regs: $0,{{.*}},$15\0A\09wgmma.wait_group.sync.aligned 1;", "=f,{{.*}},=f,0,{{.*}},15"
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 32, 8]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_warp_groups_tf32(%out: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x32xf32, #mma>
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x32xf32, #sa, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #sb, #smem, mutable>
    %d = ttng.warp_group_dot %a, %b, %zero {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x32xf32, #sa, #smem, mutable> * !ttg.memdesc<32x32xf32, #sb, #smem, mutable> -> tensor<128x32xf32, #mma>
    %w:2 = ttng.warp_group_dot_wait %d, %b {pendings = 1 : i32} : tensor<128x32xf32, #mma>, !ttg.memdesc<32x32xf32, #sb, #smem, mutable>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<128x32x!tt.ptr<f32>, #mma>
    tt.store %p, %w#0 : tensor<128x32x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// A in registers (the dot_op of the accumulator, kWidth 2): four i32 words of two f16 each per
// step, no transpose immediate for A; the operand to use C is the scale-d predicate.
// CHECK-LABEL: llvm.func @register_a
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 { $0, $1, $2, $3, $4, $5, $6, $7 }, { $16, $17, $18, $19 }, $20, $21, 1, 1, 1;", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,r,r,r,r,l,b" {{.*}}, %arg1 :
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16, 16]}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @register_a(%x: f16, %use_c: i1, %out: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x16xf32, #mma>
    %a = tt.splat %x : f16 -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #sb, #smem, mutable>
    %d = ttng.warp_group_dot %a, %b, %zero, %use_c {inputPrecision = 0 : i32} : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<16x16xf16, #sb, #smem, mutable> -> tensor<64x16xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<64x16x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<64x16x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// fence_async_shared orders generic-proxy writes before async-proxy reads of the CTA (or the
// cluster).
// CHECK-LABEL: llvm.func @fences
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "fence.proxy.async.shared::cta;", ""  : () -> !llvm.void
// CHECK: "fence.proxy.async.shared::cluster;"
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fences() {
    ttng.fence_async_shared {bCluster = false}
    ttng.fence_async_shared {bCluster = true}
    tt.return
  }
}

// -----

// fp8 into f32 with maxNumImpreciseAcc = 64 over K = 128 (four m64n16k32 steps): the steps
// accumulate in a separate accumulator, the first of each pair with none (scale-d 0, no tied
// inputs), the second into the first's results (scale-d true); after each pair the partial sums
// are added to the dot's accumulator in f32 (8 fadds per pair). use_c plays no part here.
// CHECK-LABEL: llvm.func @fp8_partial_accumulator
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: llvm.call_intrinsic "llvm.nvvm.wgmma.fence.sync.aligned"() : () -> ()
// CHECK: %[[P0:.*]] = llvm.inline_asm {{.*}}"wgmma.mma_async.sync.aligned.m64n16k32.f32.e5m2.e5m2 { $0, $1, $2, $3, $4, $5, $6, $7 }, $8, $9, 0, 1, 1;", "=f,=f,=f,=f,=f,=f,=f,=f,l,l"
// CHECK: %[[E0:.*]] = llvm.extractvalue %[[P0]][0]
// CHECK: %[[P1:.*]] = llvm.inline_asm {{.*}}"wgmma.mma_async.sync.aligned.m64n16k32.f32.e5m2.e5m2 { $0, $1, $2, $3, $4, $5, $6, $7 }, $16, $17, $18, 1, 1;", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,l,l,b" %[[E0]], {{.*}}, %[[TRUE]] :
// CHECK: %[[S0:.*]] = llvm.extractvalue %[[P1]][0]
// CHECK: %[[SUM0:.*]] = llvm.fadd %{{.*}}, %[[S0]] : f32
// CHECK-COUNT-7: llvm.fadd
// CHECK: "wgmma.mma_async.sync.aligned.m64n16k32.f32.e5m2.e5m2 {{.*}}, $8, $9, 0, 1, 1;"
// CHECK: "wgmma.mma_async.sync.aligned.m64n16k32.f32.e5m2.e5m2 {{.*}}, $16, $17, $18, 1, 1;"
// CHECK: %[[S1:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK: llvm.fadd %[[SUM0]], %[[S1]] : f32
// CHECK-COUNT-7: llvm.fadd
// CHECK-NOT: llvm.fadd
// CHECK: llvm.call_intrinsic "llvm.nvvm.wgmma.commit_group.sync.aligned"() : () -> ()
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16, 32]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_partial_accumulator(%c: tensor<64x16xf32, #mma>, %use_c: i1, %out: !tt.ptr<f32>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x128xf8E5M2, #sa, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<128x16xf8E5M2, #sb, #smem, mutable>
    %d = ttng.warp_group_dot %a, %b, %c, %use_c {inputPrecision = 0 : i32, maxNumImpreciseAcc = 64 : i32} : !ttg.memdesc<64x128xf8E5M2, #sa, #smem, mutable> * !ttg.memdesc<128x16xf8E5M2, #sb, #smem, mutable> -> tensor<64x16xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<64x16x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<64x16x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// Without a partial accumulator (maxNumImpreciseAcc beyond K) the same fp8 dot accumulates in
// place: the first step of the tile takes use_c as scale-d, the later ones true, and no fadd.
// CHECK-LABEL: llvm.func @fp8_use_c_first_step_only
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: "wgmma.mma_async.sync.aligned.m64n16k32.f32.e5m2.e5m2 {{.*}}, $16, $17, $18, 1, 1;"{{.*}}, %arg1 :
// CHECK-COUNT-3: "wgmma.mma_async.sync.aligned.m64n16k32.f32.e5m2.e5m2 {{.*}}, $16, $17, $18, 1, 1;"{{.*}}, %[[TRUE]] :
// CHECK-NOT: llvm.fadd
// CHECK: llvm.call_intrinsic "llvm.nvvm.wgmma.commit_group.sync.aligned"() : () -> ()
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16, 32]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_use_c_first_step_only(%c: tensor<64x16xf32, #mma>, %use_c: i1, %out: !tt.ptr<f32>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x128xf8E5M2, #sa, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<128x16xf8E5M2, #sb, #smem, mutable>
    %d = ttng.warp_group_dot %a, %b, %c, %use_c {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<64x128xf8E5M2, #sa, #smem, mutable> * !ttg.memdesc<128x16xf8E5M2, #sb, #smem, mutable> -> tensor<64x16xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<64x16x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<64x16x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// B is the lower half (rows 16-31 of K) of a 32x64 buffer, a static subslice (as the pipeliner
// cuts B when it splits a dot along K): its descriptor is the buffer's plus 16 rows of 128
// bytes, in 16-byte units.
// CHECK-LABEL: llvm.func @subslice_operand
// CHECK: llvm.zext %{{.*}} : i32 to i64
// CHECK: %[[BA:.*]] = llvm.zext %{{.*}} : i32 to i64
// CHECK: llvm.call_intrinsic "llvm.nvvm.wgmma.fence.sync.aligned"
// CHECK: %[[ROWS:.*]] = llvm.mlir.constant(4611686293305294976 : i64) : i64
// CHECK-NEXT: %[[B:.*]] = llvm.add %[[ROWS]], %[[BA]] : i64
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 1, 1, 0, 1;"
// CHECK-SAME: %[[B]]
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @subslice_operand(%out: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x16xf16, #sa, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sb, #smem, mutable>
    %b = ttg.memdesc_subslice %buf [16, 0] : !ttg.memdesc<32x64xf16, #sb, #smem, mutable> -> !ttg.memdesc<16x64xf16, #sb, #smem, mutable, 32x64>
    %d = ttng.warp_group_dot %a, %b, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #sa, #smem, mutable> * !ttg.memdesc<16x64xf16, #sb, #smem, mutable, 32x64> -> tensor<64x64xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}
