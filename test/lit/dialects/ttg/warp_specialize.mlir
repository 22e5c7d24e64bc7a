// RUN: ttc opt %s -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file | ttc opt -split-input-file | FileCheck %s
// RUN: ttc opt %s -split-input-file --mlir-print-op-generic | ttc opt -split-input-file | FileCheck %s
// ttg.warp_specialize prints its captures, default region, partitions and types as Triton does;
// a partition's ops see the partition's number of warps.

// CHECK-LABEL: tt.func @producer_consumer
// CHECK-NEXT: %0:2 = ttg.warp_specialize(%arg1, %arg0) attributes {requestedRegisters = array<i32: 24, 232>, warpGroupStartIds = array<i32: 4, 6>}
// CHECK-NEXT: default {
// CHECK-NEXT:   %1 = arith.addf %arg2, %arg2 : f32
// CHECK-NEXT:   ttg.warp_yield %1, %arg0 : f32, i32
// CHECK-NEXT: }
// CHECK-NEXT: partition0(%arg3: i64, %arg4: i32) num_warps(2) {
// CHECK-NEXT:   %1 = arith.extsi %arg4 : i32 to i64
// CHECK-NEXT:   %2 = arith.addi %arg3, %1 : i64
// CHECK-NEXT:   ttg.warp_return
// CHECK-NEXT: }
// CHECK-NEXT: partition1(%arg3: i64, %arg4: i32) num_warps(1) {
// CHECK-NEXT:   ttg.warp_return
// CHECK-NEXT: } : (i64, i32) -> (f32, i32)
// CHECK-NEXT: tt.return %0#0 : f32
tt.func @producer_consumer(%n: i32, %base: i64, %x: f32) -> f32 {
  %r:2 = ttg.warp_specialize(%base, %n) attributes {warpGroupStartIds = array<i32: 4, 6>, requestedRegisters = array<i32: 24, 232>}
  default {
    %twice = arith.addf %x, %x : f32
    ttg.warp_yield %twice, %n : f32, i32
  }
  partition0(%b: i64, %m: i32) num_warps(2) {
    %wide = arith.extsi %m : i32 to i64
    %sum = arith.addi %b, %wide : i64
    ttg.warp_return
  }
  partition1(%b: i64, %m: i32) num_warps(1) {
    ttg.warp_return
  } : (i64, i32) -> (f32, i32)
  tt.return %r#0 : f32
}

// CHECK-LABEL: tt.func @default_only
// CHECK-NEXT: ttg.warp_specialize()
// CHECK-NEXT: default {
// CHECK-NEXT:   ttg.warp_yield
// CHECK-NEXT: } : () -> ()
tt.func @default_only() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  } : () -> ()
  tt.return
}

// -----

// Each partition's tensors are laid out for its own warps; the default region uses the module's.
// CHECK-DAG: #[[W1:blocked[0-9]*]] = #ttg.blocked<{{.*}}warpsPerCTA = [1]
// CHECK-DAG: #[[W4:blocked[0-9]*]] = #ttg.blocked<{{.*}}warpsPerCTA = [4]
// CHECK-DAG: #[[W8:blocked[0-9]*]] = #ttg.blocked<{{.*}}warpsPerCTA = [8]
#w1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#w4 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#w8 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @per_partition_warps
  tt.func @per_partition_warps() {
    ttg.warp_specialize()
    default {
      // CHECK: tt.make_range {{.*}} tensor<64xi32, #[[W4]]>
      %d = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #w4>
      ttg.warp_yield
    }
    partition0() num_warps(8) {
      // CHECK: tt.make_range {{.*}} tensor<256xi32, #[[W8]]>
      %p = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #w8>
      ttg.warp_return
    }
    partition1() num_warps(1) {
      // CHECK: tt.make_range {{.*}} tensor<32xi32, #[[W1]]>
      %q = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #w1>
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
