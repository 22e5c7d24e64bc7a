// RUN: ttc opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 -tritongpu-schedule-loops -tritongpu-pipeline=num-stages=3 | FileCheck %s
// RUN: ttc opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 | FileCheck %s --check-prefix=LAT

// Software pipelining for Hopper: cp.async copies straight into the shared buffers of wgmma
// operands, and TMA copies of descriptor loads with rings of mbarriers.

// Loads copied into `#ttg.nvmma_shared` buffers that feed a wgmma directly: with 3 stages the
// copies run two iterations ahead, and the rings get a third slot for the dot still in flight.
// The `local_alloc`s become slots of the rings (no `local_load`), the dot is asynchronous and
// one dot stays pending across the iteration boundary.
// CHECK-LABEL: tt.func @wgmma_loop
// CHECK-DAG: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// CHECK-DAG: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable>
// CHECK-COUNT-4: ttg.async_copy_global_to_local
// CHECK: %[[R:.*]]:11 = scf.for
// CHECK: %[[E:.*]] = arith.select
// CHECK: ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
// CHECK-NEXT: %[[SA:.*]] = ttg.memdesc_index %[[A]][%[[E]]]
// CHECK-NEXT: %[[SB:.*]] = ttg.memdesc_index %[[B]][%[[E]]]
// CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot %[[SA]], %[[SB]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
// CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], %[[SA]], %[[SB]] {pendings = 1 : i32}
// CHECK-NOT: ttg.local_load
// CHECK: arith.cmpi sge, %{{.*}}, %c3_i32
// CHECK: ttg.async_copy_global_to_local
// CHECK: ttg.async_copy_global_to_local
// CHECK: scf.yield %[[W]]#0
// CHECK: %[[F:.*]] = ttng.warp_group_dot_wait %[[R]]#0 {pendings = 0 : i32}
// CHECK-NEXT: ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %[[B]]
// CHECK-NEXT: ttg.local_dealloc %[[A]]
// CHECK-NEXT: tt.return %[[F]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_loop(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step_a = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %step_b = arith.constant dense<2048> : tensor<32x64xi32, #blocked1>
    %ra = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ea = tt.expand_dims %ra {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %ba = tt.broadcast %ea : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %sa = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %a0 = tt.addptr %sa, %ba : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %rb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %eb = tt.expand_dims %rb {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %bb = tt.broadcast %eb : tensor<1x64xi32, #blocked1> -> tensor<32x64xi32, #blocked1>
    %sb = tt.splat %pb : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked1>
    %b0 = tt.addptr %sb, %bb : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked1>) : i32 {
      %va = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
      %sa_i = ttg.local_alloc %va : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %vb = tt.load %b : tensor<32x64x!tt.ptr<f16>, #blocked1>
      %sb_i = ttg.local_alloc %vb : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %sa_i, %sb_i, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      %an = tt.addptr %a, %step_a : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %bn = tt.addptr %b, %step_b : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
      scf.yield %d, %an, %bn : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Descriptor loads become TMA copies. The two wgmma operands (one stage, one cluster, no user in
// between) share a ring of three mbarriers expecting 4096 + 4096 bytes; the bias tile, read in
// registers, has a two-slot ring of its own with its own barriers. Each ring has an insert
// index, an extract index and a phase that flips when the extract index wraps (the bias ring's
// counters come first in the body, the operands' next). The dot's result
// is used in the loop, so it is waited on at once.
// CHECK-LABEL: tt.func @tma_bias_loop
// CHECK-DAG: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
// CHECK-DAG: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable>
// CHECK-DAG: %[[C:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf32, #shared2, #smem, mutable>
// CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared3, #smem, mutable>
// CHECK-COUNT-3: ttng.init_barrier %{{.*}}, 1
// CHECK: %[[BARC:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared3, #smem, mutable>
// CHECK-COUNT-2: ttng.init_barrier %{{.*}}, 1
// CHECK: ttng.barrier_expect %{{.*}}, 8192, %{{.*}}
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.barrier_expect %{{.*}}, 16384, %{{.*}}
// CHECK: %[[R:.*]]:11 = scf.for %{{.*}} iter_args(%{{.*}}, %{{.*}}, %{{.*}}, %[[PHASE:.*]] = %c0_i32, %{{.*}}, %{{.*}}, %{{.*}} = %c0_i32, %{{.*}})
// CHECK: arith.xori
// CHECK: %[[EXT:.*]] = arith.addi
// CHECK-NEXT: %[[WRAP:.*]] = arith.cmpi sge, %[[EXT]]
// CHECK-NEXT: %[[IDX:.*]] = arith.select %[[WRAP]], %c0_i32, %[[EXT]]
// CHECK-NEXT: %[[FLIP:.*]] = arith.xori %[[PHASE]], %c1_i32
// CHECK-NEXT: %[[PH:.*]] = arith.select %[[WRAP]], %[[FLIP]], %[[PHASE]]
// CHECK-NEXT: %[[WB:.*]] = ttg.memdesc_index %[[BAR]][%[[IDX]]]
// CHECK-NEXT: ttng.wait_barrier %[[WB]], %[[PH]]
// CHECK-NEXT: %[[SB:.*]] = ttg.memdesc_index %[[B]][%[[IDX]]]
// CHECK-NEXT: %[[SA:.*]] = ttg.memdesc_index %[[A]][%[[IDX]]]
// CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot %[[SA]], %[[SB]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
// CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], %[[SA]], %[[SB]] {pendings = 0 : i32}
// CHECK: ttng.wait_barrier
// CHECK: %[[BIAS:.*]] = ttg.local_load
// CHECK: %[[CB:.*]] = ttg.convert_layout %[[BIAS]]
// CHECK: arith.addf %[[W]]#0, %[[CB]]
// CHECK: ttng.barrier_expect %{{.*}}, 8192, %{{.*}}
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.barrier_expect %{{.*}}, 16384, %{{.*}}
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: scf.yield
// CHECK-NOT: ttg.async_wait
// CHECK-NOT: ttng.warp_group_dot_wait
// CHECK-COUNT-2: ttng.inval_barrier
// CHECK: ttg.local_dealloc %[[BARC]]
// CHECK-COUNT-3: ttng.inval_barrier
// CHECK: ttg.local_dealloc %[[BAR]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_bias_loop(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pc: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %m: i32 {tt.divisibility = 16 : i32}, %k: i32 {tt.divisibility = 16 : i32}) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %sk = arith.extsi %k : i32 to i64
    %da = tt.make_tensor_descriptor %pa, [%m, %k], [%sk, %c1_i64] : <f16>, <tensor<64x32xf16, #shared>>
    %db = tt.make_tensor_descriptor %pb, [%k, %m], [%sk, %c1_i64] : <f16>, <tensor<32x64xf16, #shared1>>
    %dc = tt.make_tensor_descriptor %pc, [%k, %m], [%sk, %c1_i64] : <f32>, <tensor<64x64xf32, #shared2>>
    %n = arith.divsi %k, %c32 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %off = arith.muli %i, %c32 : i32
      %va = tt.descriptor_load %da[%c0, %off] : !tt.tensordesc<tensor<64x32xf16, #shared>> -> tensor<64x32xf16, #blocked>
      %sa = ttg.local_alloc %va : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %vb = tt.descriptor_load %db[%off, %c0] : !tt.tensordesc<tensor<32x64xf16, #shared1>> -> tensor<32x64xf16, #blocked1>
      %sb = ttg.local_alloc %vb : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      %vc = tt.descriptor_load %dc[%off, %c0] : !tt.tensordesc<tensor<64x64xf32, #shared2>> -> tensor<64x64xf32, #blocked2>
      %cc = ttg.convert_layout %vc : tensor<64x64xf32, #blocked2> -> tensor<64x64xf32, #mma>
      %s = arith.addf %d, %cc : tensor<64x64xf32, #mma>
      scf.yield %s : tensor<64x64xf32, #mma>
    } {tt.num_stages = 3 : i32}
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A TMA copy needs each slot of its ring to start on a 128-byte boundary: the 4x8xf16 tile (64
// bytes) stays a plain descriptor load, the 8x8xf16 tile (128 bytes) is pipelined. The loop
// pipelines loads without a dot because it carries `tt.num_stages`.
// LAT-LABEL: tt.func @tma_alignment
// LAT: tt.descriptor_load %{{.*}} : !tt.tensordesc<tensor<4x8xf16, #shared>>
// LAT: tt.descriptor_load %{{.*}} {tt.latency = 2 : i32} : !tt.tensordesc<tensor<8x8xf16, #shared>>
// CHECK-LABEL: tt.func @tma_alignment
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<2x8x8xf16, #shared, #smem, mutable>
// CHECK: scf.for
// CHECK: tt.descriptor_load %{{.*}} : !tt.tensordesc<tensor<4x8xf16, #shared>>
// CHECK: ttng.wait_barrier
// CHECK: ttng.barrier_expect %{{.*}}, 128, %{{.*}}
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK-NOT: tt.descriptor_load
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_alignment(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: i32 {tt.divisibility = 16 : i32}, %n: i32, %out4: tensor<4x8x!tt.ptr<f16>, #blocked>, %out8: tensor<8x8x!tt.ptr<f16>, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %sm = arith.extsi %m : i32 to i64
    %d4 = tt.make_tensor_descriptor %pa, [%m, %m], [%sm, %c1_i64] : <f16>, <tensor<4x8xf16, #shared>>
    %d8 = tt.make_tensor_descriptor %pa, [%m, %m], [%sm, %c1_i64] : <f16>, <tensor<8x8xf16, #shared>>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %v4 = tt.descriptor_load %d4[%i, %c0] : !tt.tensordesc<tensor<4x8xf16, #shared>> -> tensor<4x8xf16, #blocked>
      tt.store %out4, %v4 : tensor<4x8x!tt.ptr<f16>, #blocked>
      %v8 = tt.descriptor_load %d8[%i, %c0] : !tt.tensordesc<tensor<8x8xf16, #shared>> -> tensor<8x8xf16, #blocked>
      tt.store %out8, %v8 : tensor<8x8x!tt.ptr<f16>, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return
  }
}
