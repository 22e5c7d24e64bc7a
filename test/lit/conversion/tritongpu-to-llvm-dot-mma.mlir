// RUN: ttc opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// Two K steps of one m16n8k16 tile: each i32 operand register packs two f16 (insertelement into
// vector<2xf16>, bitcast); the second instruction accumulates into the first one's results.
// CHECK-LABEL: llvm.func @f16_two_k_steps
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK: llvm.insertelement %arg0, %{{.*}} : vector<2xf16>
// CHECK: %[[A0:.*]] = llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: %[[MMA:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,r,r" %[[ZERO]], %[[ZERO]], %[[ZERO]], %[[ZERO]], %[[A0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (f32, f32, f32, f32, i32, i32, i32, i32, i32, i32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT: %[[D0:.*]] = llvm.extractvalue %[[MMA]][0]
// CHECK-NEXT: %[[D1:.*]] = llvm.extractvalue %[[MMA]][1]
// CHECK-NEXT: %[[D2:.*]] = llvm.extractvalue %[[MMA]][2]
// CHECK-NEXT: %[[D3:.*]] = llvm.extractvalue %[[MMA]][3]
// CHECK: "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}" %[[D0]], %[[D1]], %[[D2]], %[[D3]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK-NOT: mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_two_k_steps(%x: f16, %y: f16, %out: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<16x8xf32, #mma>
    %a = tt.splat %x : f16 -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = tt.splat %y : f16 -> tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %zero : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<16x8x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<16x8x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// A 64x64x32 bf16 tile on 2x2 warps: each warp computes 32x32, 2 (M) x 4 (N) x 2 (K) = 16
// instructions. The operands arrive from blocked loads through shared memory; the epilogue
// truncates in the accumulator layout, converts to the store layout through a swizzled shared
// buffer (8-byte vectors of bf16 bits on both sides) and stores 16-byte vectors under the mask.
// CHECK-LABEL: llvm.func @bf16_matmul_epilogue
// CHECK: nvvm.barrier0
// CHECK-COUNT-16: "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,r,r"
// CHECK-NOT: mma.sync
// CHECK-COUNT-32: llvm.fptrunc %{{.*}} : f32 to bf16
// CHECK-NOT: llvm.fptrunc
// CHECK: llvm.bitcast %{{.*}} : bf16 to i16
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<4xi16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<4xi16>
// CHECK: llvm.bitcast %{{.*}} : i16 to bf16
// CHECK: "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blockedb = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16_matmul_epilogue(%pa: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %pc: !tt.ptr<bf16> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c32 = arith.constant dense<32> : tensor<64x1xi32, #blocked>
    %c64 = arith.constant dense<64> : tensor<32x1xi32, #blockedb>
    %c64c = arith.constant dense<64> : tensor<64x1xi32, #blockedb>
    %ra = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %ka = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ra2 = tt.expand_dims %ra {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %ka2 = tt.expand_dims %ka {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %rowa = arith.muli %ra2, %c32 : tensor<64x1xi32, #blocked>
    %rowab = tt.broadcast %rowa : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %kab = tt.broadcast %ka2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %offa = arith.addi %rowab, %kab : tensor<64x32xi32, #blocked>
    %pas = tt.splat %pa : !tt.ptr<bf16> -> tensor<64x32x!tt.ptr<bf16>, #blocked>
    %pta = tt.addptr %pas, %offa : tensor<64x32x!tt.ptr<bf16>, #blocked>, tensor<64x32xi32, #blocked>
    %a = tt.load %pta : tensor<64x32x!tt.ptr<bf16>, #blocked>
    %kb = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blockedb}>>
    %nb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blockedb}>>
    %kb2 = tt.expand_dims %kb {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blockedb}>> -> tensor<32x1xi32, #blockedb>
    %nb2 = tt.expand_dims %nb {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blockedb}>> -> tensor<1x64xi32, #blockedb>
    %rowb = arith.muli %kb2, %c64 : tensor<32x1xi32, #blockedb>
    %rowbb = tt.broadcast %rowb : tensor<32x1xi32, #blockedb> -> tensor<32x64xi32, #blockedb>
    %nbb = tt.broadcast %nb2 : tensor<1x64xi32, #blockedb> -> tensor<32x64xi32, #blockedb>
    %offb = arith.addi %rowbb, %nbb : tensor<32x64xi32, #blockedb>
    %pbs = tt.splat %pb : !tt.ptr<bf16> -> tensor<32x64x!tt.ptr<bf16>, #blockedb>
    %ptb = tt.addptr %pbs, %offb : tensor<32x64x!tt.ptr<bf16>, #blockedb>, tensor<32x64xi32, #blockedb>
    %b = tt.load %ptb : tensor<32x64x!tt.ptr<bf16>, #blockedb>
    %ad = ttg.convert_layout %a : tensor<64x32xbf16, #blocked> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %bd = ttg.convert_layout %b : tensor<32x64xbf16, #blockedb> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %ad, %bd, %zero : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    %h = arith.truncf %d : tensor<64x64xf32, #mma> to tensor<64x64xbf16, #mma>
    %hb = ttg.convert_layout %h : tensor<64x64xbf16, #mma> -> tensor<64x64xbf16, #blockedb>
    %rc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blockedb}>>
    %rc2 = tt.expand_dims %rc {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blockedb}>> -> tensor<64x1xi32, #blockedb>
    %rowc = arith.muli %rc2, %c64c : tensor<64x1xi32, #blockedb>
    %rowcb = tt.broadcast %rowc : tensor<64x1xi32, #blockedb> -> tensor<64x64xi32, #blockedb>
    %ncb = tt.broadcast %nb2 : tensor<1x64xi32, #blockedb> -> tensor<64x64xi32, #blockedb>
    %offc = arith.addi %rowcb, %ncb : tensor<64x64xi32, #blockedb>
    %pcs = tt.splat %pc : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>, #blockedb>
    %ptc = tt.addptr %pcs, %offc : tensor<64x64x!tt.ptr<bf16>, #blockedb>, tensor<64x64xi32, #blockedb>
    %lim = arith.constant dense<4000> : tensor<64x64xi32, #blockedb>
    %mask = arith.cmpi slt, %offc, %lim : tensor<64x64xi32, #blockedb>
    tt.store %ptc, %hb, %mask : tensor<64x64x!tt.ptr<bf16>, #blockedb>
    tt.return
  }
}

// -----

// tf32: m16n8k8, one f32 per operand register (vector<1xf32> bitcast to i32); K = 16 is two
// instructions.
// CHECK-LABEL: llvm.func @tf32
// CHECK: llvm.bitcast %{{.*}} : vector<1xf32> to i32
// CHECK-COUNT-2: "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=f,=f,=f,=f,0,1,2,3,r,r,r,r,r,r"
// CHECK-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32(%x: f32, %y: f32, %out: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<16x8xf32, #mma>
    %a = tt.splat %x : f32 -> tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %b = tt.splat %y : f32 -> tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    %d = tt.dot %a, %b, %zero, inputPrecision = tf32 : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<16x8x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<16x8x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// An f16 accumulator: c0 c1 and c2 c3 travel as two vector<2xf16> registers ("=r", tied).
// CHECK-LABEL: llvm.func @f16_accumulator
// CHECK: llvm.insertelement %arg1, %{{.*}} : vector<2xf16>
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: %[[C01:.*]] = llvm.insertelement %arg1, %{{.*}} : vector<2xf16>
// CHECK: llvm.insertelement %arg1, %{{.*}} : vector<2xf16>
// CHECK-NEXT: llvm.mlir.constant(1 : i32)
// CHECK-NEXT: %[[C23:.*]] = llvm.insertelement %arg1, %{{.*}} : vector<2xf16>
// CHECK: %[[MMA:.*]] = llvm.inline_asm {{.*}} "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 { $0, $1 }, { $4, $5, $6, $7 }, { $8, $9 }, { $2, $3 };", "=r,=r,0,1,r,r,r,r,r,r" %[[C01]], %[[C23]], {{.*}} -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
// CHECK: %[[LOW:.*]] = llvm.extractvalue %[[MMA]][0]
// CHECK: %[[HIGH:.*]] = llvm.extractvalue %[[MMA]][1]
// CHECK: llvm.extractelement %[[LOW]][%{{.*}} : i32] : vector<2xf16>
// CHECK: llvm.extractelement %[[LOW]][%{{.*}} : i32] : vector<2xf16>
// CHECK: llvm.extractelement %[[HIGH]][%{{.*}} : i32] : vector<2xf16>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_accumulator(%x: f16, %c: f16, %out: !tt.ptr<f16>) {
    %acc = tt.splat %c : f16 -> tensor<16x8xf16, #mma>
    %a = tt.splat %x : f16 -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = tt.splat %x : f16 -> tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %acc : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf16, #mma>
    %p = tt.splat %out : !tt.ptr<f16> -> tensor<16x8x!tt.ptr<f16>, #mma>
    tt.store %p, %d : tensor<16x8x!tt.ptr<f16>, #mma>
    tt.return
  }
}

// -----

// int8: m16n8k32 with an i32 accumulator, four i8 per operand register; 32 rows of A on 2 warps
// along M and 16 columns of B: 2 instructions per warp.
// CHECK-LABEL: llvm.func @int8
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK-COUNT-2: "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 { $0, $1, $2, $3 }, { $8, $9, $10, $11 }, { $12, $13 }, { $4, $5, $6, $7 };", "=r,=r,=r,=r,0,1,2,3,r,r,r,r,r,r" {{.*}} -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @int8(%x: i8, %out: !tt.ptr<i32>) {
    %zero = arith.constant dense<0> : tensor<32x16xi32, #mma>
    %a = tt.splat %x : i8 -> tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %b = tt.splat %x : i8 -> tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %d = tt.dot %a, %b, %zero : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x16xi32, #mma>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<32x16x!tt.ptr<i32>, #mma>
    tt.store %p, %d : tensor<32x16x!tt.ptr<i32>, #mma>
    tt.return
  }
}


// -----

// A dot smaller than the 16 x 8 tile (Triton pads tiny dots onto the tensor cores): the layout
// repeats its 2 rows and 4 columns over the fragment, and one m16n8k16 per 16 of K covers it.
// CHECK-LABEL: llvm.func @tiny_dot
// CHECK-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tiny_dot(%a: tensor<2x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x4xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %out: !tt.ptr<f32>) {
    %c = arith.constant dense<0.000000e+00> : tensor<2x4xf32, #mma>
    %d = tt.dot %a, %b, %c : tensor<2x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x4xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x4xf32, #mma>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>, #mma>
    tt.store %p, %d : tensor<2x4x!tt.ptr<f32>, #mma>
    tt.return
  }
}
