// `tl.assume` facts (program ids non-negative, strides positive, a unit stride) go through every
// stage: the TTIR and TTGIR keep the `llvm.intr.assume` ops, the LLVM IR calls `llvm.assume`, and
// the PTX assembles for sm_90 and sm_80.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ttc compile %s --target=cuda:90 -o %t/sm90.cubin --dump-dir %t/sm90
// RUN: FileCheck %s --check-prefix=TTGIR < %t/sm90/sm90.strided_copy.ttgir
// RUN: FileCheck %s --check-prefix=LLIR < %t/sm90/sm90.strided_copy.llir
// RUN: %ttc compile %s --target=cuda:80 -o %t/sm80.cubin --dump-dir %t/sm80
// RUN: FileCheck %s --check-prefix=LLIR < %t/sm80/sm80.strided_copy.llir
// RUN: FileCheck %s --check-prefix=PTX80 < %t/sm80/sm80.strided_copy.ptx

// TTGIR-COUNT-4: llvm.intr.assume %{{.*}} : i1
// LLIR: call void @llvm.assume(i1
// LLIR: declare void @llvm.assume(i1
// PTX80: .target sm_80
// PTX80: .visible .entry strided_copy(

module {
  tt.func public @strided_copy(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>, %rows: i32, %stride_r: i32, %stride_c: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %pid_r = tt.get_program_id x : i32
    %pid_c = tt.get_program_id y : i32
    %0 = arith.cmpi sge, %pid_r, %c0 : i32
    llvm.intr.assume %0 : i1
    %1 = arith.cmpi sge, %pid_c, %c0 : i32
    llvm.intr.assume %1 : i1
    %2 = arith.cmpi sgt, %stride_r, %c0 : i32
    llvm.intr.assume %2 : i1
    %3 = arith.cmpi eq, %stride_c, %c1 : i32
    llvm.intr.assume %3 : i1
    %row = arith.muli %pid_r, %stride_r : i32
    %col0 = arith.muli %pid_c, %c64 : i32
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %col0s = tt.splat %col0 : i32 -> tensor<64xi32>
    %col = arith.addi %col0s, %cols : tensor<64xi32>
    %strides = tt.splat %stride_c : i32 -> tensor<64xi32>
    %coff = arith.muli %col, %strides : tensor<64xi32>
    %rows_s = tt.splat %row : i32 -> tensor<64xi32>
    %off = arith.addi %rows_s, %coff : tensor<64xi32>
    %srcs = tt.splat %src : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %sp = tt.addptr %srcs, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %dsts = tt.splat %dst : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %dp = tt.addptr %dsts, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %in = arith.cmpi slt, %pid_r, %rows : i32
    %mask = tt.splat %in : i1 -> tensor<64xi1>
    %v = tt.load %sp, %mask : tensor<64x!tt.ptr<f32>>
    tt.store %dp, %v, %mask : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
