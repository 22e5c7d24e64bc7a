// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// A tensor fadd whose result is stored: one atom per element the thread holds, predicated by the
// mask, its result straight from the instruction (no element is held twice, so no staging).
// CHECK-LABEL: llvm.func @fadd_tensor
// CHECK-NOT: st.shared
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<1>, f32, i1) -> f32
// CHECK: atom.global.gpu.relaxed.add.f32
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: st.shared
// CHECK: st.global.b32
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fadd_tensor(%p: !tt.ptr<f32>, %v: f32, %n: i32) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %vs = tt.splat %v : f32 -> tensor<256xf32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<256xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #blocked>
    %old = tt.atomic_rmw fadd, relaxed, gpu, %pp, %vs, %m : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>, tensor<256xi1, #blocked>) -> tensor<256xf32, #blocked>
    tt.store %pp, %old : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Integer kinds whose result nobody reads are still `atom`s with an output register (Triton 3.6
// never writes `red`), with the PTX type of each kind; i64 takes `l` registers.
// CHECK-LABEL: llvm.func @integer_kinds
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.max.s32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.min.s32 $0, [ $1 + 0 ], $2;"
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.max.u32 $0, [ $1 + 0 ], $2;"
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.min.u32 $0, [ $1 + 0 ], $2;"
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.and.b32 $0, [ $1 + 0 ], $2;"
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.or.b32 $0, [ $1 + 0 ], $2;"
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.xor.b32 $0, [ $1 + 0 ], $2;"
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.add.u32 $0, [ $1 + 0 ], $2;"
// CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.exch.b32 $0, [ $1 + 0 ], $2;"
// CHECK: "mov.u64 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.add.u64 $0, [ $1 + 0 ], $2;", "=l,l,l,b"
// CHECK-NOT: red.global
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @integer_kinds(%p: !tt.ptr<i32>, %q: !tt.ptr<i64>, %v: i32, %w: i64, %c: i1) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>
    %vs = tt.splat %v : i32 -> tensor<32xi32, #blocked>
    %m = tt.splat %c : i1 -> tensor<32xi1, #blocked>
    %0 = tt.atomic_rmw max, relaxed, gpu, %pp, %vs, %m : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>, tensor<32xi1, #blocked>) -> tensor<32xi32, #blocked>
    %1 = tt.atomic_rmw min, relaxed, gpu, %pp, %vs, %m : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>, tensor<32xi1, #blocked>) -> tensor<32xi32, #blocked>
    %2 = tt.atomic_rmw umax, relaxed, gpu, %pp, %vs, %m : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>, tensor<32xi1, #blocked>) -> tensor<32xi32, #blocked>
    %3 = tt.atomic_rmw umin, relaxed, gpu, %pp, %vs, %m : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>, tensor<32xi1, #blocked>) -> tensor<32xi32, #blocked>
    %4 = tt.atomic_rmw and, relaxed, gpu, %pp, %vs, %m : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>, tensor<32xi1, #blocked>) -> tensor<32xi32, #blocked>
    %5 = tt.atomic_rmw or, relaxed, gpu, %pp, %vs, %m : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>, tensor<32xi1, #blocked>) -> tensor<32xi32, #blocked>
    %6 = tt.atomic_rmw xor, relaxed, gpu, %pp, %vs, %m : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>, tensor<32xi1, #blocked>) -> tensor<32xi32, #blocked>
    %7 = tt.atomic_rmw add, relaxed, gpu, %pp, %vs, %m : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>, tensor<32xi1, #blocked>) -> tensor<32xi32, #blocked>
    %8 = tt.atomic_rmw exch, relaxed, gpu, %pp, %vs, %m : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>, tensor<32xi1, #blocked>) -> tensor<32xi32, #blocked>
    %9 = tt.atomic_rmw add, relaxed, gpu, %q, %w, %c : (!tt.ptr<i64>, i64, i1) -> i64
    tt.return
  }
}

// -----

// Memory semantics and scopes of a scalar atomic whose result is dead, each an `atom` whose
// PTX spells the scope then the semantic as written (`atom.global.gpu.acq_rel`, what Triton's
// test_atomic_rmw looks for): release after a barrier, acquire followed by one, acq_rel both.
// Thread 0 alone issues a scalar atomic.
// CHECK-LABEL: llvm.func @semantics_and_scopes
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.icmp "eq"
// CHECK: llvm.icmp "eq"
// CHECK: atom.global.cta.relaxed.add.u32 $0
// CHECK-NEXT: nvvm.barrier0
// CHECK: atom.global.sys.release.add.u32 $0
// CHECK-NOT: nvvm.barrier0
// CHECK: atom.global.gpu.acquire.add.u32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.barrier0
// CHECK: atom.global.gpu.acq_rel.add.u32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @semantics_and_scopes(%p: !tt.ptr<i32>, %v: i32) {
    %0 = tt.atomic_rmw add, relaxed, cta, %p, %v : (!tt.ptr<i32>, i32) -> i32
    %1 = tt.atomic_rmw add, release, sys, %p, %v : (!tt.ptr<i32>, i32) -> i32
    %2 = tt.atomic_rmw add, acquire, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
    %3 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
    tt.return
  }
}

// -----

// A scalar atomic whose result is used: thread 0 (and the mask) issues it and writes the old value
// to the op's scratch, `bar.sync`, every thread reads it back; that barrier also orders the
// acquire, so none follows.
// CHECK: ttg.shared = 4 : i32
// CHECK-LABEL: llvm.func @scalar_result
// CHECK: %[[LANE0:.*]] = llvm.icmp "eq"
// CHECK: %[[WARP0:.*]] = llvm.icmp "eq"
// CHECK: %[[FIRST:.*]] = llvm.and %[[LANE0]], %[[WARP0]] : i1
// CHECK: %[[PRED:.*]] = llvm.and %[[FIRST]], %arg2 : i1
// CHECK: %[[OLD:.*]] = llvm.inline_asm {{.*}}"mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acquire.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %arg0, %arg1, %[[PRED]]
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[OLD]] : f32 to i32
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[SMEM]], %[[BITS]], %[[PRED]]
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load %[[SMEM]] : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalar_result(%p: !tt.ptr<f32>, %v: f32, %c: i1) {
    %old = tt.atomic_rmw fadd, acquire, gpu, %p, %v, %c : (!tt.ptr<f32>, f32, i1) -> f32
    tt.store %p, %old : !tt.ptr<f32>
    tt.return
  }
}

// -----

// 16 elements over 128 threads: lanes 16-31 and warps 1-3 hold copies, so only the first copy of
// each element issues the atomic; its result is staged through 64 bytes of scratch (one f32 per
// element) and read back by every thread.
// CHECK: ttg.shared = 64 : i32
// CHECK-LABEL: llvm.func @replicated_result
// CHECK: %[[LANE:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[LANE_FREE:.*]] = llvm.icmp "eq" %[[LANE]]
// CHECK: %[[WARP_FREE:.*]] = llvm.icmp "eq"
// CHECK: %[[FIRST:.*]] = llvm.and %[[LANE_FREE]], %[[WARP_FREE]] : i1
// CHECK: atom.global.gpu.relaxed.max.s32
// CHECK-NOT: atom.global
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %{{.*}}, %{{.*}}, %[[FIRST]]
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @replicated_result(%p: !tt.ptr<i32>, %q: !tt.ptr<i32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<16x!tt.ptr<i32>, #blocked>, tensor<16xi32, #blocked>
    %old = tt.atomic_rmw max, relaxed, gpu, %pp, %r : (tensor<16x!tt.ptr<i32>, #blocked>, tensor<16xi32, #blocked>) -> tensor<16xi32, #blocked>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #blocked>
    %qq = tt.addptr %qs, %r : tensor<16x!tt.ptr<i32>, #blocked>, tensor<16xi32, #blocked>
    tt.store %qq, %old : tensor<16x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// Four registers of which two repeat the other two (a 2-element tensor over 4 registers per
// thread): two atomics, issued by lane 0 only; the dead result needs no scratch.
// CHECK: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @repeated_registers
// CHECK-COUNT-2: atom.global.gpu.relaxed.add.u32
// CHECK-NOT: atom.global
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @repeated_registers(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<2x!tt.ptr<i32>, #blocked>, tensor<2xi32, #blocked>
    %old = tt.atomic_rmw add, relaxed, gpu, %pp, %r : (tensor<2x!tt.ptr<i32>, #blocked>, tensor<2xi32, #blocked>) -> tensor<2xi32, #blocked>
    tt.return
  }
}

// -----

// f16 on sm_80: contiguous aligned pointers and no mask pair the elements into `f16x2` atomics on
// a vector<2xf16> in one 32-bit register; a mask that may differ per element keeps them single
// (`h` registers).
// CHECK-LABEL: llvm.func @f16_add
// CHECK: llvm.insertelement {{.*}} : vector<2xf16>
// CHECK: llvm.insertelement {{.*}} : vector<2xf16>
// CHECK: "mov.u32 $0, 0x0;\0A\09atom.global.gpu.acq_rel.add.noftz.f16x2 $0, [ $1 + 0 ], $2;", "=r,l,r" {{.*}} : (!llvm.ptr<1>, vector<2xf16>) -> vector<2xf16>
// CHECK: llvm.extractelement {{.*}} : vector<2xf16>
// CHECK: atom.global.gpu.acq_rel.add.noftz.f16x2
// CHECK-NOT: f16x2
// CHECK: "mov.u16 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.noftz.f16 $0, [ $1 + 0 ], $2;", "=h,l,h,b" {{.*}} : (!llvm.ptr<1>, f16, i1) -> f16
// CHECK-COUNT-3: atom.global.gpu.acq_rel.add.noftz.f16 $0
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_add(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: f16) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<128x!tt.ptr<f16>, #blocked>, tensor<128xi32, #blocked>
    %vs = tt.splat %v : f16 -> tensor<128xf16, #blocked>
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %pp, %vs : (tensor<128x!tt.ptr<f16>, #blocked>, tensor<128xf16, #blocked>) -> tensor<128xf16, #blocked>
    %c = arith.constant dense<7> : tensor<128xi32, #blocked>
    %odd = arith.andi %r, %c : tensor<128xi32, #blocked>
    %zero = arith.constant dense<0> : tensor<128xi32, #blocked>
    %m = arith.cmpi eq, %odd, %zero : tensor<128xi32, #blocked>
    %1 = tt.atomic_rmw fadd, acq_rel, gpu, %pp, %vs, %m : (tensor<128x!tt.ptr<f16>, #blocked>, tensor<128xf16, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xf16, #blocked>
    tt.return
  }
}

// -----

// bf16 fadd before sm_90 has no PTX atom: an `llvm.atomicrmw fadd` in a block entered where the
// mask holds, its old value (undef elsewhere) passed to the block that follows.
// CHECK-LABEL: llvm.func @bf16_add_sm80
// CHECK: %[[UNDEF:.*]] = llvm.mlir.undef : bf16
// CHECK: llvm.cond_br %{{.*}}, ^[[ATOMIC:bb[0-9]+]], ^[[JOIN:bb[0-9]+]](%[[UNDEF]] : bf16)
// CHECK: ^[[ATOMIC]]:
// CHECK: %[[OLD:.*]] = llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") acq_rel : !llvm.ptr<1>, bf16
// CHECK: llvm.br ^[[JOIN]](%[[OLD]] : bf16)
// CHECK: ^[[JOIN]](%{{.*}}: bf16):
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw fadd
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16_add_sm80(%p: !tt.ptr<bf16>, %v: bf16, %c: i1) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<bf16> -> tensor<64x!tt.ptr<bf16>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<64x!tt.ptr<bf16>, #blocked>, tensor<64xi32, #blocked>
    %vs = tt.splat %v : bf16 -> tensor<64xbf16, #blocked>
    %m = tt.splat %c : i1 -> tensor<64xi1, #blocked>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %pp, %vs, %m : (tensor<64x!tt.ptr<bf16>, #blocked>, tensor<64xbf16, #blocked>, tensor<64xi1, #blocked>) -> tensor<64xbf16, #blocked>
    tt.store %pp, %old : tensor<64x!tt.ptr<bf16>, #blocked>
    tt.return
  }
}

// -----

// An add of the constant 0 only reads: a relaxed or acquire scalar one is a `ld.global`.
// CHECK-LABEL: llvm.func @add_zero_is_a_load
// CHECK: "mov.u32 $0, 0x0;\0A\09@$2 ld.global.sys.acquire.b32 $0, [ $1 + 0 ];", "=r,l,b"
// CHECK: llvm.bitcast %{{.*}} : i32 to f32
// CHECK-NOT: atom.global
// CHECK: st.shared.b32
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_zero_is_a_load(%p: !tt.ptr<f32>) {
    %zero = arith.constant 0.000000e+00 : f32
    %old = tt.atomic_rmw fadd, acquire, sys, %p, %zero : (!tt.ptr<f32>, f32) -> f32
    tt.store %p, %old : !tt.ptr<f32>
    tt.return
  }
}

// -----

// The same add of 0 with its result dead reads nothing: no load, no atomic, no barrier (Triton's
// load then has no user and is dropped). A dead add of another value is an `atom`.
// CHECK-LABEL: llvm.func @dead_add_zero
// CHECK-NOT: ld.global
// CHECK-NOT: nvvm.barrier0
// CHECK: atom.global.gpu.relaxed.add.f32 $0
// CHECK-NOT: ld.global
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dead_add_zero(%p: !tt.ptr<f32>, %v: f32) {
    %zero = arith.constant 0.000000e+00 : f32
    %0 = tt.atomic_rmw fadd, acquire, sys, %p, %zero : (!tt.ptr<f32>, f32) -> f32
    %1 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
    tt.return
  }
}

// -----

// Compare-and-swap: `atom.global.<sem>.<scope>.cas`, unpredicated where every thread holds its own
// elements, between the barriers of acq_rel; a scalar one is issued by thread 0 and its result
// staged.
// CHECK-LABEL: llvm.func @cas
// CHECK: nvvm.barrier0
// CHECK-NEXT: "mov.u32 $0, 0x0;\0A\09atom.global.acq_rel.gpu.cas.b32 $0, [ $1 + 0 ], $2, $3;", "=r,l,r,r" {{.*}} : (!llvm.ptr<1>, i32, i32) -> i32
// CHECK-NEXT: nvvm.barrier0
// CHECK: "mov.u64 $0, 0x0;\0A\09@$4 atom.global.relaxed.cta.cas.b64 $0, [ $1 + 0 ], $2, $3;", "=l,l,l,l,b"
// CHECK: st.shared.b64
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load {{.*}} -> i64
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cas(%p: !tt.ptr<i32>, %q: !tt.ptr<i64>, %w: i64) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>
    %0 = tt.atomic_cas acq_rel, gpu, %pp, %r, %r : (tensor<32x!tt.ptr<i32>, #blocked>, tensor<32xi32, #blocked>, tensor<32xi32, #blocked>) -> tensor<32xi32, #blocked>
    %1 = tt.atomic_cas relaxed, cta, %q, %w, %w : (!tt.ptr<i64>, i64, i64) -> i64
    tt.store %q, %1 : !tt.ptr<i64>
    tt.return
  }
}
