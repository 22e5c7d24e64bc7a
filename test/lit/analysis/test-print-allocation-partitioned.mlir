// RUN: ttc opt %s -split-input-file -allow-unregistered-dialect -test-print-allocation -verify-diagnostics -o /dev/null
// RUN: ttc opt %s -split-input-file -allow-unregistered-dialect -test-print-allocation="partition-size=4096" -o /dev/null 2>&1 | FileCheck %s --check-prefix=P4K
// RUN: ttc opt %s -split-input-file -allow-unregistered-dialect -test-print-allocation="partition-size=2048" -o /dev/null 2>&1 | FileCheck %s --check-prefix=P2K
// RUN: ttc opt %s -split-input-file -allow-unregistered-dialect --allocate-shared-memory | FileCheck %s --check-prefix=ATTR

// A #ttg.partitioned_shared allocation is one buffer per partition, each holding its groups: a
// 64x32xf16 tile cut in 2 partitions x 2 groups is two buffers of 2048 bytes. Without a partition
// size they are placed like any two buffers; with one, they go to different physical partitions,
// and smaller buffers fill the gap.

#sw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#split2 = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 2, partitionDim = 0, partitionLayout = #sw}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// P4K-LABEL: remark: two_partitions
// P4K: remark: offset = 2048, size = 512
// P4K: remark: offset = 0, size = 2048
// P4K: remark: offset = 4096, size = 2048
// P4K: remark: size = 6144
// P2K-LABEL: remark: two_partitions
// P2K: remark: offset = 4096, size = 512
// P2K: remark: offset = 0, size = 2048
// P2K: remark: offset = 2048, size = 2048
// P2K: remark: size = 4608
// ATTR-LABEL: tt.func @two_partitions
// ATTR: ttg.local_alloc {allocation.offset = 4096 : i32}
// ATTR: ttg.local_alloc {allocation.offset = [0 : i32, 2048 : i32]}
// expected-remark @below {{two_partitions}}
// expected-remark @below {{size = 4608}}
tt.func @two_partitions() {
  // expected-remark @below {{offset = 4096, size = 512}}
  %small = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  // expected-remark @below {{offset = 0, size = 2048}}
  // expected-remark @below {{offset = 2048, size = 2048}}
  %split = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #split2, #smem, mutable>
  "use"(%small) : (!ttg.memdesc<16x16xf16, #sw, #smem, mutable>) -> ()
  "use"(%split) : (!ttg.memdesc<64x32xf16, #split2, #smem, mutable>) -> ()
  tt.return
}
}

// -----

// Four partitions of a padded layout: the padding (4 f16 after every 32) is counted over the whole
// allocation, then shared out: 4 x 256 elements + 31 paddings of 4 = 1148 elements, 574 bytes a
// buffer, each 16-byte aligned.
#pad = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [32, 8]}>
#split4 = #ttg.partitioned_shared<{numPartitions = 4, numGroups = 1, partitionDim = 1, partitionLayout = #pad}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// expected-remark @below {{padded_partitions}}
// expected-remark @below {{size = 2302}}
tt.func @padded_partitions() {
  // expected-remark @below {{offset = 0, size = 574}}
  // expected-remark @below {{offset = 576, size = 574}}
  // expected-remark @below {{offset = 1152, size = 574}}
  // expected-remark @below {{offset = 1728, size = 574}}
  %split = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #split4, #smem, mutable>
  tt.return
}
}
