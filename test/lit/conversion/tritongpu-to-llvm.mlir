// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

// Kernel ABI: two trailing scratch pointers, nvvm.kernel, reqntid = num-warps * 32.
// CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @kernel_abi
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1> {tt.divisibility = 16 : i32, tt.pointee_type = f32}, %{{.*}}: i32, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
// CHECK-SAME: attributes {noinline = false, nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 256>}
// CHECK: nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: nvvm.read.ptx.sreg.nctaid.z : i32
// CHECK: llvm.mul
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kernel_abi(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {noinline = false} {
    %x = tt.get_program_id x : i32
    %y = tt.get_program_id y : i32
    %z = tt.get_num_programs z : i32
    %a = arith.muli %x, %y : i32
    tt.return
  }
}

// -----

// make_range: the thread part comes from tid.x (masked, split into lane and warp, joined again
// into one word and shifted to the thread's first element), the register part is folded into
// constants XOR-ed in.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @make_range
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[C127:.*]] = llvm.mlir.constant(127 : i32) : i32
// CHECK: %[[T:.*]] = llvm.and %[[TID]], %[[C127]] : i32
// CHECK: %[[LANE:.*]] = llvm.urem %[[T]]
// CHECK: %[[WARP:.*]] = llvm.udiv %[[T]]
// CHECK: %[[W:.*]] = llvm.shl %[[WARP]]
// CHECK: %[[ID:.*]] = llvm.or %[[LANE]], %[[W]] : i32
// CHECK: %[[BASE:.*]] = llvm.shl %[[ID]]
// CHECK: llvm.mlir.constant(1 : i32) : i32
// CHECK: llvm.xor %[[BASE]]
// CHECK: llvm.mlir.constant(515 : i32) : i32
// CHECK: %[[LAST:.*]] = llvm.xor %[[BASE]]
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: llvm.add %[[BASE]], %[[C16]] : i32
// CHECK-COUNT-7: llvm.add
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @make_range() {
    %r = tt.make_range {end = 1040 : i32, start = 16 : i32} : tensor<1024xi32, #blocked>
    tt.return
  }
}

// -----

// Elementwise arithmetic: one LLVM op per register, fast-math flags carried over.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: llvm.func @elementwise
// CHECK-COUNT-2: llvm.add %{{.*}}, %{{.*}} : i32
// CHECK-COUNT-2: llvm.sdiv
// CHECK-COUNT-2: llvm.icmp "slt"
// CHECK-COUNT-2: llvm.sitofp %{{.*}} : i32 to f32
// CHECK-COUNT-2: llvm.fmul %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK-COUNT-2: llvm.fcmp "olt"
// CHECK-COUNT-2: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// CHECK-COUNT-2: llvm.fptrunc %{{.*}} : f32 to f16
// CHECK-COUNT-2: llvm.fpext %{{.*}} : f16 to f32
// CHECK-COUNT-2: llvm.intr.maxnum
// CHECK-COUNT-2: llvm.fneg
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @elementwise(%n: i32) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %s = tt.splat %n : i32 -> tensor<64xi32, #blocked>
    %a = arith.addi %r, %s : tensor<64xi32, #blocked>
    %d = arith.divsi %a, %s : tensor<64xi32, #blocked>
    %c = arith.cmpi slt, %d, %s : tensor<64xi32, #blocked>
    %f = arith.sitofp %d : tensor<64xi32, #blocked> to tensor<64xf32, #blocked>
    %m = arith.mulf %f, %f fastmath<fast> : tensor<64xf32, #blocked>
    %lt = arith.cmpf olt, %m, %f : tensor<64xf32, #blocked>
    %sel = arith.select %lt, %m, %f : tensor<64xi1, #blocked>, tensor<64xf32, #blocked>
    %h = arith.truncf %sel : tensor<64xf32, #blocked> to tensor<64xf16, #blocked>
    %e = arith.extf %h : tensor<64xf16, #blocked> to tensor<64xf32, #blocked>
    %mx = arith.maxnumf %e, %f : tensor<64xf32, #blocked>
    %ng = arith.negf %mx : tensor<64xf32, #blocked>
    tt.return
  }
}

// -----

// Math: exp is x * log2(e) then ex2.approx on f32 and libdevice's __nv_expf on f16 (in f32),
// exp2 is the flush-to-zero ex2.approx (libdevice's __nv_exp2f under nvvm-reflect-ftz), f32
// division is div.full, precise ops are the IEEE (.rn) NVVM intrinsics, sqrt/rsqrt/log2/floor
// are libdevice calls.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK: llvm.func @__nv_expf(f32) -> f32
// CHECK: llvm.func @__nv_sqrtf(f32) -> f32
// CHECK-LABEL: llvm.func @math
// CHECK: %[[LOG2E:.*]] = llvm.mlir.constant(1.44269502 : f32) : f32
// CHECK: %[[S:.*]] = llvm.fmul %{{.*}}, %[[LOG2E]] : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f"(%[[S]]) : (f32) -> f32
// CHECK: %[[H:.*]] = llvm.fpext %{{.*}} : f16 to f32
// CHECK: %[[E:.*]] = llvm.call @__nv_expf(%[[H]]) : (f32) -> f32
// CHECK: llvm.fptrunc %[[E]] : f32 to f16
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.full"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.rn.f"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%{{.*}}) : (f32) -> f32
// CHECK: llvm.call @__nv_rsqrtf
// CHECK: llvm.call @__nv_log2f
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK: llvm.intr.fabs
// CHECK: llvm.call @__nv_floorf
// CHECK: %[[MAX:.*]] = llvm.intr.maximum
// CHECK: llvm.intr.minimum(%[[MAX]], %{{.*}})
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"(%{{.*}}) : (f32) -> f32
// CHECK: llvm.call @__nv_sqrtf
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @math(%x: f32, %h: f16) {
    %0 = tt.splat %x : f32 -> tensor<32xf32, #blocked>
    %1 = math.exp %0 : tensor<32xf32, #blocked>
    %2 = math.exp %h : f16
    %3 = arith.divf %1, %0 : tensor<32xf32, #blocked>
    %4 = tt.precise_divf %1, %0 : tensor<32xf32, #blocked>
    %5 = tt.precise_sqrt %4 : tensor<32xf32, #blocked>
    %6 = math.rsqrt %5 : tensor<32xf32, #blocked>
    %7 = math.log2 %6 : tensor<32xf32, #blocked>
    %8 = math.fma %7, %6, %5 : tensor<32xf32, #blocked>
    %9 = math.absf %8 : tensor<32xf32, #blocked>
    %10 = math.floor %9 : tensor<32xf32, #blocked>
    %11 = tt.clampf %10, %0, %1, propagateNan = all : tensor<32xf32, #blocked>
    %12 = math.exp2 %11 : tensor<32xf32, #blocked>
    %13 = math.sqrt %12 : tensor<32xf32, #blocked>
    tt.return
  }
}

// -----

// Scalar code and CFG: a tensor block argument is one struct of the thread's registers.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: llvm.func @branches
// CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(f32, f32)>
// CHECK: %[[P0:.*]] = llvm.insertvalue %{{.*}}, %[[U]][0] : !llvm.struct<(f32, f32)>
// CHECK: %[[P1:.*]] = llvm.insertvalue %{{.*}}, %[[P0]][1] : !llvm.struct<(f32, f32)>
// CHECK: llvm.br ^bb1(%{{.*}}, %[[P1]] : i32, !llvm.struct<(f32, f32)>)
// CHECK: ^bb1(%[[I:.*]]: i32, %[[ACC:.*]]: !llvm.struct<(f32, f32)>):
// CHECK: llvm.extractvalue %[[ACC]][0] : !llvm.struct<(f32, f32)>
// CHECK: llvm.extractvalue %[[ACC]][1] : !llvm.struct<(f32, f32)>
// CHECK: llvm.icmp "slt" %[[I]]
// CHECK: llvm.cond_br %{{.*}}, ^bb2, ^bb3
// CHECK: ^bb2:
// CHECK-COUNT-2: llvm.fadd
// CHECK: llvm.br ^bb1
// CHECK: ^bb3:
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @branches(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cst = arith.constant dense<1.000000e+00> : tensor<64xf32, #blocked>
    cf.br ^bb1(%c0, %cst : i32, tensor<64xf32, #blocked>)
  ^bb1(%i: i32, %acc: tensor<64xf32, #blocked>):
    %cond = arith.cmpi slt, %i, %n : i32
    cf.cond_br %cond, ^bb2, ^bb3
  ^bb2:
    %next = arith.addf %acc, %cst : tensor<64xf32, #blocked>
    %j = arith.addi %i, %c1 : i32
    cf.br ^bb1(%j, %next : i32, tensor<64xf32, #blocked>)
  ^bb3:
    tt.return
  }
}

// -----

// Barriers: gpu.barrier and Triton 3.7's ttg.barrier, whatever its address spaces, are bar.sync 0.
// CHECK-LABEL: llvm.func @barriers
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @barriers() {
    gpu.barrier
    ttg.barrier local
    ttg.barrier local|global_read|global_write
    ttg.barrier none
    tt.return
  }
}

// -----

// Registers that axis info proves equal are computed once (Triton's maybeDeduplicate): with n
// divisible by 16, `offs < n` is constant over each thread's 4 contiguous elements, so one icmp
// serves all four registers; the float subtraction, whose constancy is unknown, stays per register.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @dedup_constant_runs
// CHECK-COUNT-1: llvm.icmp "slt"
// CHECK-NOT: llvm.icmp "slt"
// CHECK-COUNT-4: llvm.fsub
// CHECK-NOT: llvm.fsub
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dedup_constant_runs(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %v: f32) attributes {noinline = false} {
    %offs = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %bound = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %mask = arith.cmpi slt, %offs, %bound : tensor<512xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %offs : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %x = tt.load %ptrs : tensor<512x!tt.ptr<f32>, #blocked>
    %y = tt.splat %v : f32 -> tensor<512xf32, #blocked>
    %d = arith.subf %x, %y : tensor<512xf32, #blocked>
    tt.store %ptrs, %d, %mask : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// The same on an mma accumulator layout, whose registers are not contiguous: a thread of a
// 16x64 tile holds columns 2t, 2t+1, 2t+8, 2t+9, ... (16 registers per row). With n divisible by
// 16, `cols < n` is constant over aligned runs of 16 columns, so each thread compares 4 times.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
// CHECK-LABEL: llvm.func @dedup_mma_columns
// CHECK-COUNT-4: llvm.icmp "slt"
// CHECK-NOT: llvm.icmp "slt"
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dedup_mma_columns(%p: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %row = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>> -> tensor<1x64xi32, #mma>
    %all = tt.broadcast %row : tensor<1x64xi32, #mma> -> tensor<16x64xi32, #mma>
    %bound = tt.splat %n : i32 -> tensor<16x64xi32, #mma>
    %mask = arith.cmpi slt, %all, %bound : tensor<16x64xi32, #mma>
    %bytes = arith.extui %mask : tensor<16x64xi1, #mma> to tensor<16x64xi8, #mma>
    %base = tt.splat %p : !tt.ptr<i8> -> tensor<16x64x!tt.ptr<i8>, #mma>
    tt.store %base, %bytes : tensor<16x64x!tt.ptr<i8>, #mma>
    tt.return
  }
}
