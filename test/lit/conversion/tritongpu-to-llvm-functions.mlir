// RUN: ttc opt %s -split-input-file -allocate-shared-memory-nv -tritongpu-global-scratch-memory-allocation -convert-triton-gpu-to-llvm -reconcile-unrealized-casts | FileCheck %s

// A kernel's tensor argument is one struct of the thread's registers, unpacked at entry; pointer
// arguments keep their pointee type.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32} {
  // CHECK-LABEL: llvm.func @tensor_arguments(
  // CHECK-SAME: %[[X:.*]]: !llvm.struct<(f32, f32)>, %{{.*}}: !llvm.ptr<1> {tt.pointee_type = bf16}, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
  // CHECK-SAME: nvvm.kernel = 1 : ui1, nvvm.reqntid = array<i32: 64>
  // CHECK: %[[X0:.*]] = llvm.extractvalue %[[X]][0] : !llvm.struct<(f32, f32)>
  // CHECK: %[[X1:.*]] = llvm.extractvalue %[[X]][1] : !llvm.struct<(f32, f32)>
  // CHECK: llvm.fmul %[[X0]], %[[X0]] : f32
  // CHECK: llvm.fmul %[[X1]], %[[X1]] : f32
  tt.func @tensor_arguments(%x: tensor<128xf32, #b>, %p: !tt.ptr<bf16>) {
    %y = arith.mulf %x, %x : tensor<128xf32, #b>
    tt.return
  }
}

// -----

// A device function: internal, noinline, three trailing pointers (shared memory, global and
// profile scratch); its arguments carry what the call site knows of them (the axis analysis'
// hints); two results come back packed in one struct and are unpacked by the caller.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32} {
  // CHECK-LABEL: llvm.func internal @twice_and_scalar(
  // CHECK-SAME: %[[V:[^:]*]]: !llvm.struct<(i32, i32)> {tt.constancy = 128 : i64, tt.contiguity = 1 : i64, tt.divisibility = 1 : i64},
  // CHECK-SAME: %[[S:[^:]*]]: i32 {tt.constancy = 1 : i64, tt.contiguity = 1 : i64, tt.divisibility = 1 : i64},
  // CHECK-SAME: %{{.*}}: !llvm.ptr<3>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>) -> !llvm.struct<(struct<(i32, i32)>, i32)>
  // CHECK-SAME: passthrough = ["noinline"]
  // CHECK: %[[PACKED:.*]] = llvm.mlir.undef : !llvm.struct<(struct<(i32, i32)>, i32)>
  // CHECK: %[[INNER:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[1] : !llvm.struct<(i32, i32)>
  // CHECK: %[[WITH_TENSOR:.*]] = llvm.insertvalue %[[INNER]], %[[PACKED]][0]
  // CHECK: %[[RESULT:.*]] = llvm.insertvalue %[[S]], %[[WITH_TENSOR]][1]
  // CHECK: llvm.return %[[RESULT]] : !llvm.struct<(struct<(i32, i32)>, i32)>
  tt.func private @twice_and_scalar(%v: tensor<128xi32, #b>, %s: i32) -> (tensor<128xi32, #b>, i32) {
    %w = arith.addi %v, %v : tensor<128xi32, #b>
    tt.return %w, %s : tensor<128xi32, #b>, i32
  }

  // CHECK-LABEL: llvm.func @caller(
  // CHECK-SAME: %{{.*}}: i32, %[[SCRATCH:.*]]: !llvm.ptr<1>, %[[PROFILE:.*]]: !llvm.ptr<1>)
  // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK: %[[CALL:.*]] = llvm.call @twice_and_scalar(%{{.*}}, %{{.*}}, %[[SMEM]], %[[SCRATCH]], %[[PROFILE]])
  // CHECK-SAME: : (!llvm.struct<(i32, i32)>, i32, !llvm.ptr<3>, !llvm.ptr<1>, !llvm.ptr<1>) -> !llvm.struct<(struct<(i32, i32)>, i32)>
  // CHECK: %[[TENSOR:.*]] = llvm.extractvalue %[[CALL]][0]
  // CHECK: llvm.extractvalue %[[TENSOR]][0] : !llvm.struct<(i32, i32)>
  // CHECK: llvm.extractvalue %[[TENSOR]][1] : !llvm.struct<(i32, i32)>
  // CHECK: llvm.extractvalue %[[CALL]][1]
  tt.func public @caller(%n: i32) {
    %v = tt.splat %n : i32 -> tensor<128xi32, #b>
    %r:2 = tt.call @twice_and_scalar(%v, %n) : (tensor<128xi32, #b>, i32) -> (tensor<128xi32, #b>, i32)
    tt.return
  }
}

// -----

// A callee that allocates shared memory gets the caller's buffer past the caller's own
// allocations; a nested call passes its own argument plus the offset on.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: llvm.func internal @leaf(
  // CHECK-SAME: %[[LEAF_SMEM:[^:]*]]: !llvm.ptr<3>
  tt.func private @leaf() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32xi32, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<32xi32, #shared, #smem, mutable>
    tt.return
  }
  // CHECK-LABEL: llvm.func internal @middle(
  // CHECK-SAME: %[[MIDDLE_SMEM:[^:]*]]: !llvm.ptr<3>
  // CHECK: %[[LEAF_BASE:.*]] = llvm.getelementptr %[[MIDDLE_SMEM]][128] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: llvm.call @leaf(%[[LEAF_BASE]],
  tt.func private @middle() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<16xi64, #shared, #smem, mutable>
    tt.call @leaf() : () -> ()
    ttg.local_dealloc %a : !ttg.memdesc<16xi64, #shared, #smem, mutable>
    tt.return
  }
  // CHECK-LABEL: llvm.func @entry(
  // CHECK: %[[GLOBAL:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK: %[[GLOBAL2:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK-NEXT: %[[MIDDLE_BASE:.*]] = llvm.getelementptr %[[GLOBAL2]][512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: llvm.call @middle(%[[MIDDLE_BASE]],
  tt.func public @entry() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<128xi32, #shared, #smem, mutable>
    tt.call @middle() : () -> ()
    ttg.local_dealloc %a : !ttg.memdesc<128xi32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Global scratch: each program's slice starts at linear program id * the module's per-program
// size; an allocation adds its offset, a call passes its callee's slice.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: llvm.func internal @uses_scratch(
  // CHECK-SAME: %[[CALLEE_SCRATCH:[^:]*]]: !llvm.ptr<1>, %{{[^:]*}}: !llvm.ptr<1>)
  // CHECK: %[[OFF:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: llvm.getelementptr %[[CALLEE_SCRATCH]][%[[OFF]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
  tt.func private @uses_scratch() {
    %p = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 24 : i32} : !tt.ptr<i8>
    tt.return
  }
  // CHECK-LABEL: llvm.func @kernel_with_scratch(
  // CHECK-SAME: %[[SCRATCH:[^:]*]]: !llvm.ptr<1>, %{{[^:]*}}: !llvm.ptr<1>)
  // CHECK: nvvm.read.ptx.sreg.ctaid.x
  // CHECK: nvvm.read.ptx.sreg.ctaid.y
  // CHECK: nvvm.read.ptx.sreg.ctaid.z
  // CHECK: nvvm.read.ptx.sreg.nctaid.x
  // CHECK: nvvm.read.ptx.sreg.nctaid.y
  // CHECK: %[[SIZE:.*]] = llvm.mlir.constant(256 : i64) : i64
  // CHECK: %[[BASE:.*]] = llvm.mul %{{.*}}, %[[SIZE]] : i64
  // CHECK: %[[FIRST_OFF:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK: %[[FIRST:.*]] = llvm.add %[[BASE]], %[[FIRST_OFF]] : i64
  // CHECK: llvm.getelementptr %[[SCRATCH]][%[[FIRST]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
  // CHECK: %[[SECOND_OFF:.*]] = llvm.mlir.constant(112 : i64) : i64
  // CHECK: %[[SECOND:.*]] = llvm.add %{{.*}}, %[[SECOND_OFF]] : i64
  // CHECK: llvm.getelementptr %[[SCRATCH]][%[[SECOND]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
  // CHECK: %[[CALL_OFF:.*]] = llvm.mlir.constant(120 : i64) : i64
  // CHECK: %[[CALLEE_AT:.*]] = llvm.add %{{.*}}, %[[CALL_OFF]] : i64
  // CHECK: %[[CALLEE_SLICE:.*]] = llvm.getelementptr %[[SCRATCH]][%[[CALLEE_AT]]]
  // CHECK: llvm.call @uses_scratch(%{{.*}}, %[[CALLEE_SLICE]], %{{.*}})
  tt.func public @kernel_with_scratch() {
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %q = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 4 : i32} : !tt.ptr<i8>
    tt.call @uses_scratch() : () -> ()
    tt.return
  }
}

// -----

// The module's ttg.maxnreg (Triton's `maxnreg` option) becomes nvvm.maxnreg on every function;
// PTX states it on the kernel's .entry only.
// CHECK-LABEL: llvm.func internal @helper
// CHECK-SAME: nvvm.maxnreg = 42 : i32
// CHECK-LABEL: llvm.func @capped
// CHECK-SAME: nvvm.maxnreg = 42 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.maxnreg" = 42 : i32} {
  tt.func private @helper(%p: !tt.ptr<i32>) attributes {noinline = true} {
    tt.return
  }
  tt.func public @capped(%p: !tt.ptr<i32>) {
    tt.call @helper(%p) : (!tt.ptr<i32>) -> ()
    tt.return
  }
}
