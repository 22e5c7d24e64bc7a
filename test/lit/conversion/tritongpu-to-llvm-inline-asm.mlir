// RUN: ttc opt %s -split-input-file --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s

// Four i8 per thread, packed_element = 4: one pure asm statement on a vector<4xi8> (one 32-bit
// register), its result unpacked element by element.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @pack_four_i8
// CHECK-COUNT-4: llvm.insertelement %{{.*}}, %{{.*}}[%{{.*}} : i32] : vector<4xi8>
// CHECK: %[[R:.*]] = llvm.inline_asm asm_dialect = att "shl.b32 $0, $0, 3;", "=r,r" %{{.*}} : (vector<4xi8>) -> vector<4xi8>
// CHECK-NOT: llvm.inline_asm
// CHECK-COUNT-4: llvm.extractelement %[[R]][%{{.*}} : i32] : vector<4xi8>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pack_four_i8(%x: i8) {
    %s = tt.splat %x : i8 -> tensor<512xi8, #blocked>
    %r = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %s : tensor<512xi8, #blocked> -> tensor<512xi8, #blocked>
    tt.return
  }
}

// -----

// packed_element = 2 on i8: two statements per thread, each on a vector<2xi8> in an `h` register.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @pack_two_i8
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att "shl.b16 $0, $0, 3;", "=h,h" %{{.*}} : (vector<2xi8>) -> vector<2xi8>
// CHECK-NOT: llvm.inline_asm
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pack_two_i8(%x: i8) {
    %s = tt.splat %x : i8 -> tensor<512xi8, #blocked>
    %r = tt.elementwise_inline_asm "shl.b16 $0, $0, 3;" {constraints = "=h,h", packed_element = 2 : i32, pure = true} %s : tensor<512xi8, #blocked> -> tensor<512xi8, #blocked>
    tt.return
  }
}

// -----

// 32-bit operands are not packed: one statement per register, each taking the matching register
// of both operands (a rotate, as in the oracle kernel).
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @rotate
// CHECK: %[[X0:.*]] = llvm.xor %{{.*}}, %arg0 : i32
// CHECK: %[[X1:.*]] = llvm.xor %{{.*}}, %arg0 : i32
// CHECK: llvm.inline_asm asm_dialect = att "shf.l.wrap.b32 $0, $1, $1, $2;", "=r,r,r" %[[X0]], %arg1 : (i32, i32) -> i32
// CHECK: llvm.inline_asm asm_dialect = att "shf.l.wrap.b32 $0, $1, $1, $2;", "=r,r,r" %[[X1]], %arg1 : (i32, i32) -> i32
// CHECK-NOT: llvm.inline_asm
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rotate(%x: i32, %shift: i32) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %s = tt.splat %x : i32 -> tensor<256xi32, #blocked>
    %v = arith.xori %r, %s : tensor<256xi32, #blocked>
    %k = tt.splat %shift : i32 -> tensor<256xi32, #blocked>
    %y = tt.elementwise_inline_asm "shf.l.wrap.b32 $0, $1, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %v, %k : tensor<256xi32, #blocked>, tensor<256xi32, #blocked> -> tensor<256xi32, #blocked>
    tt.return
  }
}

// -----

// Two bf16 results of four i8 elements: each result is two vector<2xbf16> registers, so the asm
// returns a struct of four vectors, result 0 first; 32 registers per thread make 8 statements.
#blocked = #ttg.blocked<{sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: llvm.func @two_results
// CHECK: %[[A:.*]] = llvm.inline_asm asm_dialect = att "cvt4 {$0, $1}, {$2, $3}, $4;", "=r,=r,=r,=r,r" %{{.*}} : (vector<4xi8>) -> !llvm.struct<(vector<2xbf16>, vector<2xbf16>, vector<2xbf16>, vector<2xbf16>)>
// CHECK-NEXT: llvm.extractvalue %[[A]][0]
// CHECK-COUNT-2: llvm.extractelement
// CHECK: llvm.extractvalue %[[A]][1]
// CHECK: llvm.extractvalue %[[A]][2]
// CHECK: llvm.extractvalue %[[A]][3]
// CHECK-COUNT-7: llvm.inline_asm asm_dialect = att "cvt4
// CHECK-NOT: llvm.inline_asm
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_results(%x: i8) {
    %s = tt.splat %x : i8 -> tensor<64x64xi8, #blocked>
    %r:2 = tt.elementwise_inline_asm "cvt4 {$0, $1}, {$2, $3}, $4;" {constraints = "=r,=r,=r,=r,r", packed_element = 4 : i32, pure = true} %s : tensor<64x64xi8, #blocked> -> tensor<64x64xbf16, #blocked>, tensor<64x64xbf16, #blocked>
    tt.return
  }
}

// -----

// Without `pure` the statement has side effects. Two registers per thread and packed_element = 4:
// the group is padded with undef, and the padding's results are dropped.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @impure_padded
// CHECK: %[[U:.*]] = llvm.mlir.undef : i8
// CHECK: %[[U2:.*]] = llvm.mlir.undef : i8
// CHECK: llvm.insertelement %[[U]]
// CHECK: llvm.insertelement %[[U2]]
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "st.global.v4.b8 ...", "=r,r" %{{.*}} : (vector<4xi8>) -> vector<4xi8>
// CHECK-NOT: llvm.inline_asm
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @impure_padded(%x: i8) {
    %s = tt.splat %x : i8 -> tensor<256xi8, #blocked>
    %r = tt.elementwise_inline_asm "st.global.v4.b8 ..." {constraints = "=r,r", packed_element = 4 : i32, pure = false} %s : tensor<256xi8, #blocked> -> tensor<256xi8, #blocked>
    tt.return
  }
}

// -----

// Scalars: one statement; a pointer operand is 64 bits and a 16-bit result is not packed.
// CHECK-LABEL: llvm.func @scalars
// CHECK: llvm.inline_asm asm_dialect = att "ld.u16 $0, [$1];", "=h,l" %arg0 : (!llvm.ptr<1>) -> i16
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalars(%p: !tt.ptr<i16>) {
    %r = tt.elementwise_inline_asm "ld.u16 $0, [$1];" {constraints = "=h,l", packed_element = 1 : i32, pure = true} %p : !tt.ptr<i16> -> i16
    tt.return
  }
}
