// RUN: ttc opt %s -split-input-file -tritongpu-optimize-dot-operands | FileCheck %s

// The transpose of an mma.sync A operand becomes a shared-memory round trip: the untransposed
// 32x64 tensor (K fastest in memory) is stored with the operand's swizzle for a transposed read
// (perPhase = 1024 / (16 * 32) = 2, vec 8, maxPhase 8 / 2), the CTA layout permuted by the
// transpose; a transposed view of it is loaded straight into the operand layout.
// CHECK-DAG: #[[BUF:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]}>
// CHECK-DAG: #[[VIEW:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tt.func @transposed_a
// CHECK-NEXT: %[[ALLOC:.*]] = ttg.local_alloc %arg0 : (tensor<32x64xf16, #{{.*}}>) -> !ttg.memdesc<32x64xf16, #[[BUF]], #smem>
// CHECK-NEXT: %[[T:.*]] = ttg.memdesc_trans %[[ALLOC]] {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #[[BUF]], #smem> -> !ttg.memdesc<64x32xf16, #[[VIEW]], #smem>
// CHECK-NEXT: %[[A:.*]] = ttg.local_load %[[T]] : !ttg.memdesc<64x32xf16, #[[VIEW]], #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: tt.dot %[[A]], %arg1, %arg2
// CHECK-NOT: tt.trans
// CHECK-NOT: ttg.convert_layout
#col = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @transposed_a(%x: tensor<32x64xf16, #col>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x64xf16, #col> -> tensor<64x32xf16, #row>
    %a = ttg.convert_layout %t : tensor<64x32xf16, #row> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

// A B operand of 8-bit integers (kWidth 4) whose transpose reads a conversion: the swizzle follows
// the memory order of the conversion's source (K = 64 fastest, perPhase 2, vec 16, maxPhase 4),
// and the allocation takes that source directly once the conversion canonicalizes away.
// CHECK-DAG: #[[BUF:.*]] = #ttg.swizzled_shared<{vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tt.func @transposed_b_of_conversion
// CHECK-NEXT: %[[ALLOC:.*]] = ttg.local_alloc %arg0 : (tensor<32x64xi8, #{{.*}}>) -> !ttg.memdesc<32x64xi8, #[[BUF]], #smem>
// CHECK-NEXT: %[[T:.*]] = ttg.memdesc_trans %[[ALLOC]] {order = array<i32: 1, 0>}
// CHECK-NEXT: %[[B:.*]] = ttg.local_load %[[T]] : !ttg.memdesc<64x32xi8, #{{.*}}, #smem> -> tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
// CHECK-NEXT: tt.dot %arg1, %[[B]], %arg2
// CHECK-NEXT: tt.return
#row = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#other = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @transposed_b_of_conversion(%x: tensor<32x64xi8, #row>, %a: tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xi32, #mma>) -> tensor<32x32xi32, #mma> {
    %cvt = ttg.convert_layout %x : tensor<32x64xi8, #row> -> tensor<32x64xi8, #other>
    %t = tt.trans %cvt {order = array<i32: 1, 0>} : tensor<32x64xi8, #other> -> tensor<64x32xi8, #col>
    %b = ttg.convert_layout %t : tensor<64x32xi8, #col> -> tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %d = tt.dot %a, %b, %c : tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xi32, #mma>
    tt.return %d : tensor<32x32xi32, #mma>
  }
}

// -----

// A transpose with another user stays for that user; the dot still reads through shared memory.
// CHECK-LABEL: tt.func @transpose_with_other_user
// CHECK-NEXT: ttg.local_alloc %arg0
// CHECK-NEXT: ttg.memdesc_trans
// CHECK-NEXT: %[[A:.*]] = ttg.local_load
// CHECK-NEXT: %[[T:.*]] = tt.trans %arg0
// CHECK-NEXT: %[[D:.*]] = tt.dot %[[A]]
// CHECK-NEXT: tt.return %[[D]], %[[T]]
#col = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @transpose_with_other_user(%x: tensor<32x64xf16, #col>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x32xf32, #mma>) -> (tensor<64x32xf32, #mma>, tensor<64x32xf16, #row>) {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x64xf16, #col> -> tensor<64x32xf16, #row>
    %a = ttg.convert_layout %t : tensor<64x32xf16, #row> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x32xf32, #mma>
    tt.return %d, %t : tensor<64x32xf32, #mma>, tensor<64x32xf16, #row>
  }
}

// -----

// Left alone: a conversion with a user besides the dot, a conversion whose user is not a dot, and
// a transpose of a 3-d tensor.
// CHECK-LABEL: tt.func @not_matched
// CHECK-NOT: ttg.local_alloc
// CHECK-COUNT-3: tt.trans
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.return
#col = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#row = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#c3 = #ttg.blocked<{sizePerThread = [1, 8, 1], threadsPerWarp = [1, 8, 4], warpsPerCTA = [1, 1, 4], order = [1, 2, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#mma3 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @not_matched(%x: tensor<32x64xf16, #col>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x32xf32, #mma>, %y: tensor<2x32x64xf16, #c3>, %b3: tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma3, kWidth = 2}>>, %c3: tensor<2x64x32xf32, #mma3>) -> (tensor<64x32xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<2x64x32xf32, #mma3>) {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x64xf16, #col> -> tensor<64x32xf16, #row>
    %a = ttg.convert_layout %t : tensor<64x32xf16, #row> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x32xf32, #mma>
    %u = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x64xf16, #col> -> tensor<64x32xf16, #row>
    %e = ttg.convert_layout %u : tensor<64x32xf16, #row> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %t3 = tt.trans %y {order = array<i32: 0, 2, 1>} : tensor<2x32x64xf16, #c3> -> tensor<2x64x32xf16, #b3>
    %a3 = ttg.convert_layout %t3 : tensor<2x64x32xf16, #b3> -> tensor<2x64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 2}>>
    %d3 = tt.dot %a3, %b3, %c3 : tensor<2x64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 2}>> * tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma3, kWidth = 2}>> -> tensor<2x64x32xf32, #mma3>
    tt.return %d, %a, %e, %d3 : tensor<64x32xf32, #mma>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<2x64x32xf32, #mma3>
  }
}

// -----

// An FMA dot (operands of a blocked parent) gets an unswizzled buffer in the operand's memory
// order.
// CHECK-DAG: #[[BUF:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
// CHECK-LABEL: tt.func @fma_operand
// CHECK-NEXT: ttg.local_alloc %arg0 : (tensor<16x32xf32, #{{.*}}>) -> !ttg.memdesc<16x32xf32, #[[BUF]], #smem>
// CHECK-NEXT: ttg.memdesc_trans
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: tt.dot
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fma_operand(%x: tensor<16x32xf32, #col>, %b: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>>, %c: tensor<32x32xf32, #acc>) -> tensor<32x32xf32, #acc> {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x32xf32, #col> -> tensor<32x16xf32, #row>
    %a = ttg.convert_layout %t : tensor<32x16xf32, #row> -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %d = tt.dot %a, %b, %c : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<32x32xf32, #acc>
    tt.return %d : tensor<32x32xf32, #acc>
  }
}

// -----

// The pass canonicalizes first, and its own patterns include the conversion canonicalizations: a
// conversion of a conversion composes, an allocation of a conversion takes its source.
// CHECK-LABEL: tt.func @conversion_canonicalization
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg0 : tensor<32x32xf16, #{{.*}}> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[S:.*]] = ttg.local_alloc %arg0 : (tensor<32x32xf16, #{{.*}}>)
// CHECK-NEXT: tt.return %[[C]], %[[S]]
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @conversion_canonicalization(%x: tensor<32x32xf16, #a>) -> (tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, !ttg.memdesc<32x32xf16, #shared, #smem>) {
    %y = ttg.convert_layout %x : tensor<32x32xf16, #a> -> tensor<32x32xf16, #b>
    %z = ttg.convert_layout %y : tensor<32x32xf16, #b> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %s = ttg.local_alloc %y : (tensor<32x32xf16, #b>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    tt.return %z, %s : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, !ttg.memdesc<32x32xf16, #shared, #smem>
  }
}

// -----

// A transposed operand stored for a wgmma: wgmma reads shared memory in either order, so the
// transpose becomes a view of a buffer holding the untransposed tensor (its nvmma_shared layout
// the transposed one: `transposed` flipped). A layout conversion before the store is fused into
// it first.
// CHECK-DAG: #[[$ROWS:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$COLS:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @wgmma_transposed_operand
// CHECK-NOT: tt.trans
// CHECK: %[[BUF:.*]] = ttg.local_alloc %arg1 : (tensor<64x128xf16, #{{.*}}>) -> !ttg.memdesc<64x128xf16, #[[$ROWS]], #smem>
// CHECK-NEXT: %[[VIEW:.*]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #[[$ROWS]], #smem> -> !ttg.memdesc<128x64xf16, #[[$COLS]], #smem>
// CHECK-NEXT: ttng.warp_group_dot %arg0, %[[VIEW]]
#ld = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#tr = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#other = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_transposed_operand(%a: !ttg.memdesc<64x128xf16, #sa, #smem>, %b: tensor<64x128xf16, #ld>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<64x128xf16, #ld> -> tensor<128x64xf16, #tr>
    %cv = ttg.convert_layout %t : tensor<128x64xf16, #tr> -> tensor<128x64xf16, #other>
    %sb = ttg.local_alloc %cv : (tensor<128x64xf16, #other>) -> !ttg.memdesc<128x64xf16, #sb, #smem>
    %d = ttng.warp_group_dot %a, %sb, %c : !ttg.memdesc<64x128xf16, #sa, #smem> * !ttg.memdesc<128x64xf16, #sb, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// The transpose stays where the buffer has other readers than the wgmma.
// CHECK-LABEL: tt.func @shared_buffer_keeps_transpose
// CHECK: tt.trans
// CHECK-NEXT: ttg.local_alloc
// CHECK-NOT: ttg.memdesc_trans
#ld = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#tr = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @shared_buffer_keeps_transpose(%a: !ttg.memdesc<64x128xf16, #sa, #smem>, %b: tensor<64x128xf16, #ld>, %c: tensor<64x64xf32, #mma>) -> (tensor<64x64xf32, #mma>, tensor<128x64xf16, #tr>) {
    %t = tt.trans %b {order = array<i32: 1, 0>} : tensor<64x128xf16, #ld> -> tensor<128x64xf16, #tr>
    %sb = ttg.local_alloc %t : (tensor<128x64xf16, #tr>) -> !ttg.memdesc<128x64xf16, #sb, #smem>
    %d = ttng.warp_group_dot %a, %sb, %c : !ttg.memdesc<64x128xf16, #sa, #smem> * !ttg.memdesc<128x64xf16, #sb, #smem> -> tensor<64x64xf32, #mma>
    %back = ttg.local_load %sb : !ttg.memdesc<128x64xf16, #sb, #smem> -> tensor<128x64xf16, #tr>
    tt.return %d, %back : tensor<64x64xf32, #mma>, tensor<128x64xf16, #tr>
  }
}

// -----

// A reshape that only merges outer rows is done by viewing the buffer: the tensor is stored in
// its own shape with the same 64-byte swizzle (a rank-3 nvmma_shared layout).
// CHECK-DAG: #[[$FLAT:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$DEEP:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, rank = 3}>
// CHECK-LABEL: tt.func @reshaped_rows
// CHECK-NOT: tt.reshape
// CHECK: %[[BUF:.*]] = ttg.local_alloc %arg0 : (tensor<4x16x32xf16, #{{.*}}>) -> !ttg.memdesc<4x16x32xf16, #[[$DEEP]], #smem>
// CHECK-NEXT: %[[VIEW:.*]] = ttg.memdesc_reshape %[[BUF]] : !ttg.memdesc<4x16x32xf16, #[[$DEEP]], #smem> -> !ttg.memdesc<64x32xf16, #[[$FLAT]], #smem>
// CHECK-NEXT: tt.return %[[VIEW]]
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 8, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#flat = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshaped_rows(%x: tensor<4x16x32xf16, #b3>) -> !ttg.memdesc<64x32xf16, #flat, #smem> {
    %r = tt.reshape %x : tensor<4x16x32xf16, #b3> -> tensor<64x32xf16, #b2>
    %m = ttg.local_alloc %r : (tensor<64x32xf16, #b2>) -> !ttg.memdesc<64x32xf16, #flat, #smem>
    tt.return %m : !ttg.memdesc<64x32xf16, #flat, #smem>
  }
}

// -----

// A reshape that splits the contiguous rows cannot keep the nvmma_shared swizzle: it stays.
// CHECK-LABEL: tt.func @reshaped_columns
// CHECK: tt.reshape
// CHECK-NEXT: ttg.local_alloc
// CHECK-NOT: ttg.memdesc_reshape
#b2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#wide = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#flat = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshaped_columns(%x: tensor<32x128xf16, #wide>) -> !ttg.memdesc<64x64xf16, #flat, #smem> {
    %r = tt.reshape %x : tensor<32x128xf16, #wide> -> tensor<64x64xf16, #b2>
    %m = ttg.local_alloc %r : (tensor<64x64xf16, #b2>) -> !ttg.memdesc<64x64xf16, #flat, #smem>
    tt.return %m : !ttg.memdesc<64x64xf16, #flat, #smem>
  }
}
