// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s

// Float functions of f32 tensors are libdevice calls, one per register; each function is declared
// once, before the function that calls it.
// CHECK: llvm.func @__nv_erff(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_tanhf(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_powf(f32, f32) -> f32
// CHECK-NEXT: llvm.func @__nv_log1pf(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_sqrtf(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_logf(f32) -> f32
// CHECK-NEXT: llvm.func @functions
// CHECK: %[[X0:.*]] = llvm.extractelement
// CHECK: %[[X1:.*]] = llvm.extractelement
// CHECK: %[[E0:.*]] = llvm.call @__nv_erff(%[[X0]]) : (f32) -> f32
// CHECK-NEXT: %[[E1:.*]] = llvm.call @__nv_erff(%[[X1]]) : (f32) -> f32
// CHECK-NEXT: %[[T0:.*]] = llvm.call @__nv_tanhf(%[[E0]]) : (f32) -> f32
// CHECK-NEXT: %[[T1:.*]] = llvm.call @__nv_tanhf(%[[E1]]) : (f32) -> f32
// CHECK-NEXT: llvm.call @__nv_powf(%[[T0]], %[[X0]]) : (f32, f32) -> f32
// CHECK-NEXT: llvm.call @__nv_powf(%[[T1]], %[[X1]]) : (f32, f32) -> f32
// CHECK-COUNT-2: llvm.call @__nv_log1pf
// CHECK-COUNT-2: llvm.call @__nv_sqrtf
// CHECK-COUNT-2: llvm.call @__nv_logf
// CHECK-COUNT-2: llvm.call @__nv_erff
// CHECK-NOT: llvm.call
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @functions(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %x = tt.load %a : tensor<64x!tt.ptr<f32>, #blocked>
    %0 = math.erf %x : tensor<64xf32, #blocked>
    %1 = math.tanh %0 : tensor<64xf32, #blocked>
    %2 = math.powf %1, %x : tensor<64xf32, #blocked>
    %3 = math.log1p %2 : tensor<64xf32, #blocked>
    %4 = math.sqrt %3 : tensor<64xf32, #blocked>
    %5 = math.log %4 : tensor<64xf32, #blocked>
    %6 = math.erf %5 : tensor<64xf32, #blocked>
    tt.store %a, %6 : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// f64 calls the double function, f16 and bf16 go through the f32 one; with `afn`, the f32 call is
// libdevice's fast variant.
// CHECK: llvm.func @__nv_sin(f64) -> f64
// CHECK-NEXT: llvm.func @__nv_sinf(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_cosf(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_fast_sinf(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_fast_log2f(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_cbrtf(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_powif(f32, i32) -> f32
// CHECK-NEXT: llvm.func @__nv_atan2(f64, f64) -> f64
// CHECK-LABEL: llvm.func @types
// CHECK: llvm.call @__nv_sin(%arg0) : (f64) -> f64
// CHECK-NEXT: %[[H:.*]] = llvm.fpext %arg1 : f16 to f32
// CHECK-NEXT: %[[SH:.*]] = llvm.call @__nv_sinf(%[[H]]) : (f32) -> f32
// CHECK-NEXT: llvm.fptrunc %[[SH]] : f32 to f16
// CHECK-NEXT: %[[B:.*]] = llvm.fpext %arg2 : bf16 to f32
// CHECK-NEXT: %[[CB:.*]] = llvm.call @__nv_cosf(%[[B]]) : (f32) -> f32
// CHECK-NEXT: llvm.fptrunc %[[CB]] : f32 to bf16
// CHECK-NEXT: llvm.call @__nv_fast_sinf(%arg3) : (f32) -> f32
// CHECK-NEXT: llvm.call @__nv_fast_log2f(%arg3) : (f32) -> f32
// CHECK-NEXT: llvm.call @__nv_cbrtf(%arg3) : (f32) -> f32
// CHECK-NEXT: %[[H2:.*]] = llvm.fpext %arg1 : f16 to f32
// CHECK-NEXT: %[[P:.*]] = llvm.call @__nv_powif(%[[H2]], %arg4) : (f32, i32) -> f32
// CHECK-NEXT: llvm.fptrunc %[[P]] : f32 to f16
// CHECK-NEXT: llvm.call @__nv_atan2(%arg0, %arg0) : (f64, f64) -> f64
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @types(%d: f64, %h: f16, %b: bf16, %x: f32, %i: i32) {
    %0 = math.sin %d : f64
    %1 = math.sin %h : f16
    %2 = math.cos %b : bf16
    %3 = math.sin %x fastmath<afn> : f32
    %4 = math.log2 %x fastmath<fast> : f32
    %5 = math.cbrt %x fastmath<afn> : f32
    %6 = math.fpowi %h, %i : f16, i32
    %7 = math.atan2 %d, %d : f64
    tt.return
  }
}

// -----

// exp on f32 is Triton's x * log2(e) and ex2.approx, whatever its flags, and libdevice's on other
// types; exp2 is the flush-to-zero ex2.approx up to f32 and libdevice's __nv_exp2 on f64.
// CHECK: llvm.func @__nv_exp(f64) -> f64
// CHECK-NEXT: llvm.func @__nv_expf(f32) -> f32
// CHECK-NEXT: llvm.func @__nv_exp2(f64) -> f64
// CHECK-LABEL: llvm.func @exponentials
// CHECK: %[[LOG2E:.*]] = llvm.mlir.constant(1.44269502 : f32) : f32
// CHECK-NEXT: %[[S:.*]] = llvm.fmul %arg0, %[[LOG2E]] : f32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f"(%[[S]]) : (f32) -> f32
// CHECK-NEXT: llvm.call @__nv_exp(%arg1) : (f64) -> f64
// CHECK-NEXT: %[[B:.*]] = llvm.fpext %arg2 : bf16 to f32
// CHECK-NEXT: %[[E:.*]] = llvm.call @__nv_expf(%[[B]]) : (f32) -> f32
// CHECK-NEXT: llvm.fptrunc %[[E]] : f32 to bf16
// CHECK-NEXT: %[[B2:.*]] = llvm.fpext %arg2 : bf16 to f32
// CHECK-NEXT: %[[E2:.*]] = llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f"(%[[B2]]) : (f32) -> f32
// CHECK-NEXT: llvm.fptrunc %[[E2]] : f32 to bf16
// CHECK-NEXT: llvm.call @__nv_exp2(%arg1) : (f64) -> f64
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @exponentials(%x: f32, %d: f64, %b: bf16) {
    %0 = math.exp %x fastmath<afn> : f32
    %1 = math.exp %d : f64
    %2 = math.exp %b : bf16
    %3 = math.exp2 %b : bf16
    %4 = math.exp2 %d : f64
    tt.return
  }
}

// -----

// tt.extern_elementwise calls its symbol, declared with the op's libname and libpath; tt.mulhiui
// calls __nv_umulhi or __nv_umul64hi; math.absi is llvm.intr.abs, INT_MIN not poison.
// CHECK: llvm.func @__nv_powif(f32, i32) -> f32 attributes {libname = "libdevice", libpath = "/path/libdevice.10.bc"}
// CHECK-NEXT: llvm.func @__nv_umulhi(i32, i32) -> i32 attributes {libname = "", libpath = ""}
// CHECK-NEXT: llvm.func @__nv_umul64hi(i64, i64) -> i64 attributes {libname = "", libpath = ""}
// CHECK-LABEL: llvm.func @extern
// CHECK: %[[X0:.*]] = llvm.extractelement
// CHECK: %[[X1:.*]] = llvm.extractelement
// CHECK: llvm.call @__nv_powif(%[[X0]], %[[R0:.*]]) : (f32, i32) -> f32
// CHECK-NEXT: llvm.call @__nv_powif(%[[X1]], %[[R1:.*]]) : (f32, i32) -> f32
// CHECK-NEXT: %[[H0:.*]] = llvm.call @__nv_umulhi(%[[R0]], %[[R0]]) : (i32, i32) -> i32
// CHECK-NEXT: %[[H1:.*]] = llvm.call @__nv_umulhi(%[[R1]], %[[R1]]) : (i32, i32) -> i32
// CHECK-NEXT: llvm.call @__nv_umul64hi(%arg2, %arg2) : (i64, i64) -> i64
// CHECK-NEXT: "llvm.intr.abs"(%[[H0]]) <{is_int_min_poison = false}> : (i32) -> i32
// CHECK-NEXT: "llvm.intr.abs"(%[[H1]]) <{is_int_min_poison = false}> : (i32) -> i32
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @extern(%p: !tt.ptr<f32>, %i: i32, %l: i64) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %x = tt.load %a : tensor<64x!tt.ptr<f32>, #blocked>
    %0 = tt.extern_elementwise %x, %r {libname = "libdevice", libpath = "/path/libdevice.10.bc", pure = true, symbol = "__nv_powif"} : (tensor<64xf32, #blocked>, tensor<64xi32, #blocked>) -> tensor<64xf32, #blocked>
    %1 = tt.mulhiui %r, %r : tensor<64xi32, #blocked>
    %2 = tt.mulhiui %l, %l : i64
    %3 = math.absi %1 : tensor<64xi32, #blocked>
    tt.store %a, %0 : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A pure external function in a scan's combiner is called like any other op: no branch.
// CHECK: llvm.func @__nv_log1pf(f32) -> f32 attributes {libname = "", libpath = ""}
// CHECK-LABEL: llvm.func @scan_combiner
// CHECK-NOT: llvm.cond_br
// CHECK: llvm.call @__nv_log1pf
// CHECK-NOT: llvm.cond_br
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scan_combiner(%p: !tt.ptr<f32>) {
    %x = tt.splat %p : !tt.ptr<f32> -> tensor<32x2x!tt.ptr<f32>, #blocked>
    %v = tt.load %x : tensor<32x2x!tt.ptr<f32>, #blocked>
    %0 = "tt.scan"(%v) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %l = tt.extern_elementwise %a {libname = "", libpath = "", pure = true, symbol = "__nv_log1pf"} : (f32) -> f32
      %s = arith.addf %l, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<32x2xf32, #blocked>) -> tensor<32x2xf32, #blocked>
    tt.store %x, %0 : tensor<32x2x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// math.absf is llvm.intr.fabs on real float registers; fp8 values live in i8 registers, so their
// absolute value clears the sign bit instead.
// CHECK-LABEL: llvm.func @absolute_values
// CHECK: llvm.intr.fabs({{.*}}) : (f16) -> f16
// CHECK: %[[MASK:.*]] = llvm.mlir.constant(127 : i8) : i8
// CHECK: llvm.and %{{.*}}, %[[MASK]] : i8
// CHECK-NOT: llvm.intr.fabs({{.*}}) : (i8)
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @absolute_values(%h: tensor<32xf16, #blocked>, %q: tensor<32xf8E5M2, #blocked>, %ph: !tt.ptr<f16>, %pq: !tt.ptr<f8E5M2>) {
    %0 = math.absf %h : tensor<32xf16, #blocked>
    %1 = math.absf %q : tensor<32xf8E5M2, #blocked>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %sh = tt.splat %ph : !tt.ptr<f16> -> tensor<32x!tt.ptr<f16>, #blocked>
    %ah = tt.addptr %sh, %r : tensor<32x!tt.ptr<f16>, #blocked>, tensor<32xi32, #blocked>
    tt.store %ah, %0 : tensor<32x!tt.ptr<f16>, #blocked>
    %sq = tt.splat %pq : !tt.ptr<f8E5M2> -> tensor<32x!tt.ptr<f8E5M2>, #blocked>
    %aq = tt.addptr %sq, %r : tensor<32x!tt.ptr<f8E5M2>, #blocked>, tensor<32xi32, #blocked>
    tt.store %aq, %1 : tensor<32x!tt.ptr<f8E5M2>, #blocked>
    tt.return
  }
}
