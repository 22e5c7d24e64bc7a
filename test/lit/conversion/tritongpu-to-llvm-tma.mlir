// RUN: ttc opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=87' | FileCheck %s
// RUN: ttc opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=85' | FileCheck %s --check-prefix=PTX85

// A 128x64 f16 box fits one message: the first warp issues it on one elected lane, where the
// predicate holds; coordinates go innermost first, the mbarrier last.
// CHECK-LABEL: llvm.func @load_one_box(%arg0: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant, tt.nv_tma_desc = 1 : i32},
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[BAR:.*]] = llvm.getelementptr %{{.*}}[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[ELECT:.*]] = llvm.call_intrinsic "llvm.nvvm.elect.sync"(%{{.*}}) : (i32) -> !llvm.struct<(i32, i1)>
// CHECK: %[[ONE:.*]] = llvm.extractvalue %[[ELECT]][1]
// CHECK: %[[P:.*]] = llvm.and %arg3, %[[ONE]] : i1
// CHECK: %[[WARP0:.*]] = llvm.icmp "ult" %{{.*}}, %{{.*}} : i32
// CHECK: %[[BOX:.*]] = llvm.and %[[P]], %[[WARP0]] : i1
// CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %[[BOX]], %[[SMEM]], %arg0, %arg2, %arg1, %[[BAR]]
// CHECK-NOT: cp.async.bulk
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_one_box(%d: !tt.tensordesc<tensor<128x64xf16, #nvmma>>, %x: i32, %y: i32, %p: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %b, %p : !tt.tensordesc<tensor<128x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}


// -----

// 32x256 f32 with a 128-byte swizzle is eight 32x32 boxes: warps 0-3 issue boxes 0-3, then 4-7;
// box w starts w * 1024 elements into the buffer and w * 32 columns to the right.
// CHECK-LABEL: llvm.func @load_two_rounds
// CHECK: %[[W:.*]] = llvm.udiv %{{.*}}, %{{.*}} : i32
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[W]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[OFF:.*]] = llvm.shl %[[WARP]], %{{.*}} : i32
// CHECK: %[[DST:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: %[[COL:.*]] = llvm.shl %[[WARP]]
// CHECK: %[[Y:.*]] = llvm.add %arg2, %[[COL]] : i32
// CHECK: cp.async.bulk.tensor.2d{{.*}} %{{.*}}, %[[DST]], %arg0, %[[Y]], %arg1,
// CHECK: %[[NEXT:.*]] = llvm.add %[[WARP]], %{{.*}} : i32
// CHECK: llvm.shl %[[NEXT]]
// CHECK: cp.async.bulk.tensor.2d
// CHECK-NOT: cp.async.bulk

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @load_two_rounds(%d: !tt.tensordesc<tensor<32x256xf32, #nvmma>>, %x: i32, %y: i32, %p: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x256xf32, #nvmma, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %y] %buf, %b, %p : !tt.tensordesc<tensor<32x256xf32, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x256xf32, #nvmma, #smem, mutable>
    tt.return
  }
}


// -----

// Stores and reductions read the buffer box by box (2x16x32 boxes, three coordinates) and
// commit the bulk group; the store wait keeps `pendings` groups reading.
// CHECK-LABEL: llvm.func @store_reduce
// CHECK: "@$0 cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [$1, {$2, $3, $4}], [$5];", "b,l,r,r,r,r" %{{.*}}, %arg0, %{{.*}}, %arg2, %arg1, %{{.*}}
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.cp.async.bulk.commit.group"() : () -> ()
// CHECK: "@$0 cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.bulk_group [$1, {$2, $3, $4}], [$5];"
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.cp.async.bulk.commit.group"() : () -> ()
// CHECK: llvm.call_intrinsic "llvm.nvvm.cp.async.bulk.wait.group.read"(%{{.*}}) : (i32) -> ()

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, CTAsPerCGA = [1, 1, 1], CTASplitNum = [1, 1, 1], CTAOrder = [2, 1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_reduce(%d: !tt.tensordesc<tensor<2x16x64xf16, #nvmma>>, %x: i32, %y: i32, %z: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #nvmma, #smem, mutable>
    ttng.async_tma_copy_local_to_global %d[%x, %y, %z] %buf : !tt.tensordesc<tensor<2x16x64xf16, #nvmma>>, !ttg.memdesc<2x16x64xf16, #nvmma, #smem, mutable>
    ttng.async_tma_reduce add, %d[%x, %y, %z] %buf : !tt.tensordesc<tensor<2x16x64xf16, #nvmma>>, !ttg.memdesc<2x16x64xf16, #nvmma, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 1 : i32}
    tt.return
  }
}

// -----

// Device-side descriptors: the first warp zeroes the 128-byte scratch, thread 0 sets each field
// (register operands for values, immediates for the rank - 1 and the enumerations), the first
// warp copies it out with a release fence; the acquire fence ends with a CTA barrier. PTX 8.5
// takes the global strides in units of 16 bytes.
// CHECK-LABEL: llvm.func @make_descriptor
// CHECK: %[[SCRATCH:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[WARP0:.*]] = llvm.icmp "slt"
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" {{.*}}, %[[WARP0]]
// CHECK: nvvm.bar.warp.sync
// CHECK: %[[LEAD:.*]] = llvm.icmp "eq"
// CHECK: "@$2 tensormap.replace.tile.global_address.shared::cta.b1024.b64 [ $0 + 0 ], $1;", "l,l,b" %[[SCRATCH]], %arg1, %[[LEAD]]
// CHECK: "@$1 tensormap.replace.tile.rank.shared::cta.b1024.b32 [ $0 + 0 ], 0x1;", "l,b"
// CHECK: "@$2 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;", "l,r,b" %[[SCRATCH]], %arg4
// CHECK: "@$2 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x1, $1;", "l,r,b" %[[SCRATCH]], %arg5
// CHECK: "@$2 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;", "l,r,b" %[[SCRATCH]], %arg2
// CHECK: "@$2 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [ $0 + 0 ], 0x1, $1;", "l,r,b" %[[SCRATCH]], %arg3
// CHECK: "@$2 tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [ $0 + 0 ], 0x0, $1;", "l,l,b" %[[SCRATCH]], %arg6
// CHECK: "@$2 tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [ $0 + 0 ], 0x0, $1;"
// CHECK: "@$2 tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [ $0 + 0 ], 0x1, $1;"
// CHECK: "@$1 tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [ $0 + 0 ], 0x7;"
// CHECK: "@$1 tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [ $0 + 0 ], 0x0;"
// CHECK: "@$1 tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [ $0 + 0 ], 0x2;"
// CHECK: "@$1 tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [ $0 + 0 ], 0x1;"
// CHECK: "@$2 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [ $0 + 0 ], [ $1 + 0 ], 0x80;", "l,l,b" %arg0, %[[SCRATCH]], %[[WARP0]]
// CHECK: "@$1 fence.proxy.tensormap::generic.acquire.gpu [ $0 + 0 ], 0x80;\0A\09@$2 cp.async.bulk.commit_group ;\0A\09@$3 cp.async.bulk.wait_group.read 0 ;", "l,b,b,b" %arg0
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.addrspacecast %arg0 : !llvm.ptr<1> to !llvm.ptr
// PTX85-LABEL: llvm.func @make_descriptor
// PTX85: %[[UNITS:.*]] = llvm.ashr %arg6, %{{.*}} : i64
// PTX85: tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [ $0 + 0 ], 0x0, $1;", "l,l,b" %{{.*}}, %[[UNITS]]
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @make_descriptor(%desc: !tt.ptr<i8>, %base: !tt.ptr<f32>, %cols: i32, %rows: i32, %bc: i32, %br: i32, %stride: i64) {
    %c1 = arith.constant 1 : i32
    ttng.tensormap_create %desc, %base, [%bc, %br], [%cols, %rows], [%stride], [%c1, %c1] {elem_type = 7 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
    %d = ttng.reinterpret_tensor_descriptor %desc : !tt.ptr<i8> to !tt.tensordesc<tensor<32x16xf32, #nvmma>>
    tt.return
  }
}
