// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

// A masked f32 load and store, 16-byte aligned and contiguous: two 128-bit accesses per thread.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @vector_f32
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: %[[LD:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b" %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i1) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[W0:.*]] = llvm.extractvalue %[[LD]][0] : !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[V0:.*]] = llvm.bitcast %[[W0]] : i32 to vector<1xf32>
// CHECK: llvm.extractelement %[[V0]]
// CHECK: ld.global.v4.b32
// CHECK-NOT: ld.global
// CHECK: %[[U:.*]] = llvm.mlir.undef : vector<1xf32>
// CHECK: llvm.insertelement %{{.*}}, %[[U]][%{{.*}} : i32] : vector<1xf32>
// CHECK: llvm.bitcast %{{.*}} : vector<1xf32> to i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b" {{.*}} : (i32, i32, i32, i32, !llvm.ptr<1>, i1) -> !llvm.void
// CHECK: st.global.v4.b32
// CHECK-NOT: st.global
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vector_f32(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %s : tensor<1024xi32, #blocked>
    %b = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %b, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %ptrs, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.store %ptrs, %x, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// f16 with `other`: 8 halves are one 128-bit access of four 32-bit words, each word initialised
// from two `other` halves packed into an i32.
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: llvm.func @vector_f16_other
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: llvm.inline_asm {{.*}} "@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,0,1,2,3,l,b"
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK-NOT: ld.global
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vector_f16_other(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %zero = arith.constant dense<0.000000e+00> : tensor<256xf16, #blocked>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %s = tt.splat %n : i32 -> tensor<256xi32, #blocked>
    %m = arith.cmpi slt, %r, %s : tensor<256xi32, #blocked>
    %b = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %b, %r : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    %x = tt.load %ptrs, %m, %zero : tensor<256x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Without alignment information each element is its own access; no mask, no predicate.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: llvm.func @unaligned
// CHECK-COUNT-2: "mov.u32 $0, 0x0;\0A\09ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l" %{{.*}} : (!llvm.ptr<1>) -> i32
// CHECK-COUNT-2: "st.global.b32 [ $1 + 0 ], { $0 };", "r,l"
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unaligned(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %b = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %b, %r : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %x = tt.load %ptrs : tensor<64x!tt.ptr<f32>, #blocked>
    tt.store %ptrs, %x : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A scalar store is done by thread 0 only: (lane & 31) == 0 and (warp & 3) == 0.
// CHECK-LABEL: llvm.func @scalar_store
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: %[[LANE:.*]] = llvm.urem
// CHECK: %[[WARP:.*]] = llvm.udiv
// CHECK: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK: %[[L:.*]] = llvm.and %[[LANE]], %[[C31]] : i32
// CHECK: %[[L0:.*]] = llvm.icmp "eq" %[[L]]
// CHECK: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: %[[W:.*]] = llvm.and %[[WARP]], %[[C3]] : i32
// CHECK: %[[W0:.*]] = llvm.icmp "eq" %[[W]]
// CHECK: %[[P:.*]] = llvm.and %[[L0]], %[[W0]] : i1
// CHECK: "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b" %{{.*}}, %{{.*}}, %[[P]]
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalar_store(%p: !tt.ptr<f32>, %i: i32, %v: f32) {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    tt.store %q, %v : !tt.ptr<f32>
    tt.return
  }
}

// -----

// 16 elements over 32 lanes: lanes 16..31 hold copies, so the store is predicated on lane & 16.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: llvm.func @redundant_lanes
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[L:.*]] = llvm.and %{{.*}}, %[[C16]] : i32
// CHECK: %[[P:.*]] = llvm.icmp "eq" %[[L]], %{{.*}} : i32
// CHECK: "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b" %{{.*}}, %{{.*}}, %[[P]]
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @redundant_lanes(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %v: f32) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #blocked>
    %b = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %b, %r : tensor<16x!tt.ptr<f32>, #blocked>, tensor<16xi32, #blocked>
    %x = tt.splat %v : f32 -> tensor<16xf32, #blocked>
    tt.store %ptrs, %x : tensor<16x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Cache modifiers and eviction policies: an L2 policy register from createpolicy, made once
// per op by a pure asm statement.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK-LABEL: llvm.func @cache_policy
// CHECK: %[[POL:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "mov.u64 $0, 0x0;\0A\09createpolicy.fractional.L2::evict_last.b64 $0, 1.0;", "=l"  : () -> i64
// CHECK: "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09ld.global.cg.L1::evict_last.L2::cache_hint.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ], $5;", "=r,=r,=r,=r,l,l" %{{.*}}, %[[POL]]
// CHECK: "st.global.cs.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };"
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cache_policy(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %b = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %b, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %x = tt.load %ptrs cacheModifier = cg evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>, #blocked>
    tt.store %ptrs, %x cacheModifier = cs : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
