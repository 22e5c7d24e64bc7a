// TTIR through every stage to PTX, keeping each stage and the launch metadata.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ttc compile %s --target=cuda:90 --num-warps=2 -o %t/copy.ptx --dump-dir %t/dump
// RUN: FileCheck %s --check-prefix=PTX < %t/copy.ptx
// RUN: FileCheck %s --check-prefix=TTGIR < %t/dump/copy.copy_kernel.ttgir
// RUN: FileCheck %s --check-prefix=JSON < %t/dump/copy.copy_kernel.json
// RUN: ls %t/dump | FileCheck %s --check-prefix=FILES
// RUN: %ttc compile %s --target=cuda:80 -o %t/copy.ttgir
// RUN: FileCheck %s --check-prefix=STOP < %t/copy.ttgir

// PTX: .target sm_90a
// PTX: .visible .entry copy_kernel(
// PTX: .reqntid 64

// TTGIR: #blocked = #ttg.blocked<
// TTGIR: "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90"

// JSON:      "name": "copy_kernel",
// JSON-NEXT: "target": "cuda:90",
// JSON-NEXT: "num_warps": 2,
// JSON-NEXT: "threads_per_warp": 32,
// JSON-NEXT: "threads_per_block": 64,
// JSON:      "name": "src",
// JSON-NEXT: "type": "*fp32"
// JSON:      "name": "n",
// JSON-NEXT: "type": "i32"
// JSON:      "name": "global_scratch",
// JSON:      "name": "profile_scratch",

// FILES: copy_kernel.json
// FILES-NEXT: copy_kernel.llir
// FILES-NEXT: copy_kernel.ptx
// FILES-NEXT: copy_kernel.ttgir
// FILES-NEXT: copy_kernel.ttir

// STOP: "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"
// STOP-NOT: llvm.

module {
  tt.func public @copy_kernel(%src: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %c256_i32 = arith.constant 256 : i32
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c256_i32 : i32
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %splat = tt.splat %base : i32 -> tensor<256xi32>
    %offs = arith.addi %splat, %range : tensor<256xi32>
    %bound = tt.splat %n : i32 -> tensor<256xi32>
    %mask = arith.cmpi slt, %offs, %bound : tensor<256xi32>
    %srcs = tt.splat %src : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %src_ptrs = tt.addptr %srcs, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %x = tt.load %src_ptrs, %mask : tensor<256x!tt.ptr<f32>>
    %dsts = tt.splat %dst : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %dst_ptrs = tt.addptr %dsts, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %dst_ptrs, %x, %mask : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}
