// Triton 3.6.0's triton-rewrite-tensor-pointer (through its Python bindings) on triton-rewrite-tensor-pointer.mlir.
module {
  tt.func @matmul_loop(%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i64, %arg3: i64, %arg4: !tt.ptr<f16>, %arg5: i64, %arg6: i32, %arg7: i32) -> tensor<32x32xf32> {
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %0 = arith.extsi %arg6 : i32 to i64
    %1 = arith.extsi %c0_i32 : i32 to i64
    %2 = arith.extsi %c0_i32 : i32 to i64
    %3 = arith.extsi %c0_i32 : i32 to i64
    %4:5 = scf.for %arg8 = %c0_i32 to %arg7 step %c16_i32 iter_args(%arg9 = %0, %arg10 = %1, %arg11 = %2, %arg12 = %3, %arg13 = %cst) -> (i64, i64, i64, i64, tensor<32x32xf32>)  : i32 {
      %5 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
      %6 = tt.splat %arg9 : i64 -> tensor<32xi64>
      %7 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %8 = arith.extsi %7 : tensor<32xi32> to tensor<32xi64>
      %9 = arith.addi %6, %8 : tensor<32xi64>
      %10 = tt.expand_dims %9 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
      %11 = tt.splat %arg3 : i64 -> tensor<32x1xi64>
      %12 = arith.muli %10, %11 : tensor<32x1xi64>
      %13 = tt.broadcast %12 : tensor<32x1xi64> -> tensor<32x16xi64>
      %14 = tt.addptr %5, %13 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
      %15 = tt.splat %arg10 : i64 -> tensor<16xi64>
      %16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %17 = arith.extsi %16 : tensor<16xi32> to tensor<16xi64>
      %18 = arith.addi %15, %17 : tensor<16xi64>
      %19 = tt.expand_dims %18 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
      %20 = tt.splat %c1_i64 : i64 -> tensor<1x16xi64>
      %21 = arith.muli %19, %20 : tensor<1x16xi64>
      %22 = tt.broadcast %21 : tensor<1x16xi64> -> tensor<32x16xi64>
      %23 = tt.addptr %14, %22 : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi64>
      %c0_i64 = arith.constant 0 : i64
      %24 = tt.splat %c0_i64 : i64 -> tensor<32x1xi64>
      %25 = arith.cmpi sge, %10, %24 : tensor<32x1xi64>
      %26 = tt.splat %arg1 : i64 -> tensor<32x1xi64>
      %27 = arith.cmpi slt, %10, %26 : tensor<32x1xi64>
      %28 = arith.andi %25, %27 : tensor<32x1xi1>
      %29 = tt.broadcast %28 : tensor<32x1xi1> -> tensor<32x16xi1>
      %c0_i64_0 = arith.constant 0 : i64
      %30 = tt.splat %c0_i64_0 : i64 -> tensor<1x16xi64>
      %31 = arith.cmpi sge, %19, %30 : tensor<1x16xi64>
      %32 = tt.splat %arg2 : i64 -> tensor<1x16xi64>
      %33 = arith.cmpi slt, %19, %32 : tensor<1x16xi64>
      %34 = arith.andi %31, %33 : tensor<1x16xi1>
      %35 = tt.broadcast %34 : tensor<1x16xi1> -> tensor<32x16xi1>
      %36 = arith.andi %29, %35 : tensor<32x16xi1>
      %cst_1 = arith.constant 0.000000e+00 : f16
      %37 = tt.splat %cst_1 : f16 -> tensor<32x16xf16>
      %38 = tt.load %23, %36, %37 : tensor<32x16x!tt.ptr<f16>>
      %39 = tt.splat %arg4 : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
      %40 = tt.splat %arg11 : i64 -> tensor<16xi64>
      %41 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
      %42 = arith.extsi %41 : tensor<16xi32> to tensor<16xi64>
      %43 = arith.addi %40, %42 : tensor<16xi64>
      %44 = tt.expand_dims %43 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
      %45 = tt.splat %arg5 : i64 -> tensor<16x1xi64>
      %46 = arith.muli %44, %45 : tensor<16x1xi64>
      %47 = tt.broadcast %46 : tensor<16x1xi64> -> tensor<16x32xi64>
      %48 = tt.addptr %39, %47 : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
      %49 = tt.splat %arg12 : i64 -> tensor<32xi64>
      %50 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %51 = arith.extsi %50 : tensor<32xi32> to tensor<32xi64>
      %52 = arith.addi %49, %51 : tensor<32xi64>
      %53 = tt.expand_dims %52 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
      %54 = tt.splat %c1_i64 : i64 -> tensor<1x32xi64>
      %55 = arith.muli %53, %54 : tensor<1x32xi64>
      %56 = tt.broadcast %55 : tensor<1x32xi64> -> tensor<16x32xi64>
      %57 = tt.addptr %48, %56 : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
      %c0_i64_2 = arith.constant 0 : i64
      %58 = tt.splat %c0_i64_2 : i64 -> tensor<16x1xi64>
      %59 = arith.cmpi sge, %44, %58 : tensor<16x1xi64>
      %60 = tt.splat %arg2 : i64 -> tensor<16x1xi64>
      %61 = arith.cmpi slt, %44, %60 : tensor<16x1xi64>
      %62 = arith.andi %59, %61 : tensor<16x1xi1>
      %63 = tt.broadcast %62 : tensor<16x1xi1> -> tensor<16x32xi1>
      %c0_i64_3 = arith.constant 0 : i64
      %64 = tt.splat %c0_i64_3 : i64 -> tensor<1x32xi64>
      %65 = arith.cmpi sge, %53, %64 : tensor<1x32xi64>
      %66 = tt.splat %arg5 : i64 -> tensor<1x32xi64>
      %67 = arith.cmpi slt, %53, %66 : tensor<1x32xi64>
      %68 = arith.andi %65, %67 : tensor<1x32xi1>
      %69 = tt.broadcast %68 : tensor<1x32xi1> -> tensor<16x32xi1>
      %70 = arith.andi %63, %69 : tensor<16x32xi1>
      %71 = tt.load %57, %70 : tensor<16x32x!tt.ptr<f16>>
      %72 = tt.dot %38, %71, %arg13 : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
      %73 = arith.extsi %c0_i32 : i32 to i64
      %74 = arith.addi %arg9, %73 : i64
      %75 = arith.extsi %c16_i32 : i32 to i64
      %76 = arith.addi %arg10, %75 : i64
      %77 = arith.extsi %c16_i32 : i32 to i64
      %78 = arith.addi %arg11, %77 : i64
      %79 = arith.extsi %c0_i32 : i32 to i64
      %80 = arith.addi %arg12, %79 : i64
      scf.yield %74, %76, %78, %80, %72 : i64, i64, i64, i64, tensor<32x32xf32>
    }
    tt.return %4#4 : tensor<32x32xf32>
  }
}
// -----
module {
  tt.func @check_dim1(%arg0: !tt.ptr<bf16>, %arg1: i64, %arg2: i64) -> (tensor<4x8xbf16>, tensor<4x8xbf16>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %c0_i32 : i32 to i64
    %1 = arith.extsi %c0_i32 : i32 to i64
    %2 = tt.splat %arg0 : !tt.ptr<bf16> -> tensor<4x8x!tt.ptr<bf16>>
    %3 = tt.splat %0 : i64 -> tensor<4xi64>
    %4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %5 = arith.extsi %4 : tensor<4xi32> to tensor<4xi64>
    %6 = arith.addi %3, %5 : tensor<4xi64>
    %7 = tt.expand_dims %6 {axis = 1 : i32} : tensor<4xi64> -> tensor<4x1xi64>
    %8 = tt.splat %arg2 : i64 -> tensor<4x1xi64>
    %9 = arith.muli %7, %8 : tensor<4x1xi64>
    %10 = tt.broadcast %9 : tensor<4x1xi64> -> tensor<4x8xi64>
    %11 = tt.addptr %2, %10 : tensor<4x8x!tt.ptr<bf16>>, tensor<4x8xi64>
    %12 = tt.splat %1 : i64 -> tensor<8xi64>
    %13 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %14 = arith.extsi %13 : tensor<8xi32> to tensor<8xi64>
    %15 = arith.addi %12, %14 : tensor<8xi64>
    %16 = tt.expand_dims %15 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
    %17 = tt.splat %c1_i64 : i64 -> tensor<1x8xi64>
    %18 = arith.muli %16, %17 : tensor<1x8xi64>
    %19 = tt.broadcast %18 : tensor<1x8xi64> -> tensor<4x8xi64>
    %20 = tt.addptr %11, %19 : tensor<4x8x!tt.ptr<bf16>>, tensor<4x8xi64>
    %c0_i64 = arith.constant 0 : i64
    %21 = tt.splat %c0_i64 : i64 -> tensor<1x8xi64>
    %22 = arith.cmpi sge, %16, %21 : tensor<1x8xi64>
    %23 = tt.splat %arg2 : i64 -> tensor<1x8xi64>
    %24 = arith.cmpi slt, %16, %23 : tensor<1x8xi64>
    %25 = arith.andi %22, %24 : tensor<1x8xi1>
    %26 = tt.broadcast %25 : tensor<1x8xi1> -> tensor<4x8xi1>
    %cst = arith.constant 0x7FC0 : bf16
    %27 = tt.splat %cst : bf16 -> tensor<4x8xbf16>
    %28 = tt.load %20, %26, %27 cacheModifier = cg : tensor<4x8x!tt.ptr<bf16>>
    %29 = tt.splat %arg0 : !tt.ptr<bf16> -> tensor<4x8x!tt.ptr<bf16>>
    %30 = tt.splat %0 : i64 -> tensor<4xi64>
    %31 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %32 = arith.extsi %31 : tensor<4xi32> to tensor<4xi64>
    %33 = arith.addi %30, %32 : tensor<4xi64>
    %34 = tt.expand_dims %33 {axis = 1 : i32} : tensor<4xi64> -> tensor<4x1xi64>
    %35 = tt.splat %arg2 : i64 -> tensor<4x1xi64>
    %36 = arith.muli %34, %35 : tensor<4x1xi64>
    %37 = tt.broadcast %36 : tensor<4x1xi64> -> tensor<4x8xi64>
    %38 = tt.addptr %29, %37 : tensor<4x8x!tt.ptr<bf16>>, tensor<4x8xi64>
    %39 = tt.splat %1 : i64 -> tensor<8xi64>
    %40 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %41 = arith.extsi %40 : tensor<8xi32> to tensor<8xi64>
    %42 = arith.addi %39, %41 : tensor<8xi64>
    %43 = tt.expand_dims %42 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
    %44 = tt.splat %c1_i64 : i64 -> tensor<1x8xi64>
    %45 = arith.muli %43, %44 : tensor<1x8xi64>
    %46 = tt.broadcast %45 : tensor<1x8xi64> -> tensor<4x8xi64>
    %47 = tt.addptr %38, %46 : tensor<4x8x!tt.ptr<bf16>>, tensor<4x8xi64>
    %48 = tt.load %47 : tensor<4x8x!tt.ptr<bf16>>
    tt.return %28, %48 : tensor<4x8xbf16>, tensor<4x8xbf16>
  }
}
// -----
module {
  tt.func @store_rank3_dim0(%arg0: !tt.ptr<i32>, %arg1: i64, %arg2: tensor<2x4x8xi32>, %arg3: i32) {
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg3 : i32 to i64
    %1 = arith.extsi %arg3 : i32 to i64
    %2 = arith.extsi %arg3 : i32 to i64
    %3 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<2x4x8x!tt.ptr<i32>>
    %4 = tt.splat %0 : i64 -> tensor<2xi64>
    %5 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %6 = arith.extsi %5 : tensor<2xi32> to tensor<2xi64>
    %7 = arith.addi %4, %6 : tensor<2xi64>
    %8 = tt.expand_dims %7 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %9 = tt.expand_dims %8 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %10 = tt.splat %arg1 : i64 -> tensor<2x1x1xi64>
    %11 = arith.muli %9, %10 : tensor<2x1x1xi64>
    %12 = tt.broadcast %11 : tensor<2x1x1xi64> -> tensor<2x4x8xi64>
    %13 = tt.addptr %3, %12 : tensor<2x4x8x!tt.ptr<i32>>, tensor<2x4x8xi64>
    %14 = tt.splat %1 : i64 -> tensor<4xi64>
    %15 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %16 = arith.extsi %15 : tensor<4xi32> to tensor<4xi64>
    %17 = arith.addi %14, %16 : tensor<4xi64>
    %18 = tt.expand_dims %17 {axis = 0 : i32} : tensor<4xi64> -> tensor<1x4xi64>
    %19 = tt.expand_dims %18 {axis = 2 : i32} : tensor<1x4xi64> -> tensor<1x4x1xi64>
    %20 = tt.splat %arg1 : i64 -> tensor<1x4x1xi64>
    %21 = arith.muli %19, %20 : tensor<1x4x1xi64>
    %22 = tt.broadcast %21 : tensor<1x4x1xi64> -> tensor<2x4x8xi64>
    %23 = tt.addptr %13, %22 : tensor<2x4x8x!tt.ptr<i32>>, tensor<2x4x8xi64>
    %24 = tt.splat %2 : i64 -> tensor<8xi64>
    %25 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %26 = arith.extsi %25 : tensor<8xi32> to tensor<8xi64>
    %27 = arith.addi %24, %26 : tensor<8xi64>
    %28 = tt.expand_dims %27 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
    %29 = tt.expand_dims %28 {axis = 1 : i32} : tensor<1x8xi64> -> tensor<1x1x8xi64>
    %30 = tt.splat %c1_i64 : i64 -> tensor<1x1x8xi64>
    %31 = arith.muli %29, %30 : tensor<1x1x8xi64>
    %32 = tt.broadcast %31 : tensor<1x1x8xi64> -> tensor<2x4x8xi64>
    %33 = tt.addptr %23, %32 : tensor<2x4x8x!tt.ptr<i32>>, tensor<2x4x8xi64>
    %c0_i64 = arith.constant 0 : i64
    %34 = tt.splat %c0_i64 : i64 -> tensor<2x1x1xi64>
    %35 = arith.cmpi sge, %9, %34 : tensor<2x1x1xi64>
    %36 = tt.splat %arg1 : i64 -> tensor<2x1x1xi64>
    %37 = arith.cmpi slt, %9, %36 : tensor<2x1x1xi64>
    %38 = arith.andi %35, %37 : tensor<2x1x1xi1>
    %39 = tt.broadcast %38 : tensor<2x1x1xi1> -> tensor<2x4x8xi1>
    tt.store %33, %arg2, %39 : tensor<2x4x8x!tt.ptr<i32>>
    tt.return
  }
}
// -----
module {
  tt.func @load_rank3_dims02(%arg0: !tt.ptr<f32>, %arg1: i64, %arg2: i32) -> tensor<2x4x8xf32> {
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg2 : i32 to i64
    %1 = arith.extsi %arg2 : i32 to i64
    %2 = arith.extsi %arg2 : i32 to i64
    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<2x4x8x!tt.ptr<f32>>
    %4 = tt.splat %0 : i64 -> tensor<2xi64>
    %5 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %6 = arith.extsi %5 : tensor<2xi32> to tensor<2xi64>
    %7 = arith.addi %4, %6 : tensor<2xi64>
    %8 = tt.expand_dims %7 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %9 = tt.expand_dims %8 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %10 = tt.splat %arg1 : i64 -> tensor<2x1x1xi64>
    %11 = arith.muli %9, %10 : tensor<2x1x1xi64>
    %12 = tt.broadcast %11 : tensor<2x1x1xi64> -> tensor<2x4x8xi64>
    %13 = tt.addptr %3, %12 : tensor<2x4x8x!tt.ptr<f32>>, tensor<2x4x8xi64>
    %14 = tt.splat %1 : i64 -> tensor<4xi64>
    %15 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %16 = arith.extsi %15 : tensor<4xi32> to tensor<4xi64>
    %17 = arith.addi %14, %16 : tensor<4xi64>
    %18 = tt.expand_dims %17 {axis = 0 : i32} : tensor<4xi64> -> tensor<1x4xi64>
    %19 = tt.expand_dims %18 {axis = 2 : i32} : tensor<1x4xi64> -> tensor<1x4x1xi64>
    %20 = tt.splat %arg1 : i64 -> tensor<1x4x1xi64>
    %21 = arith.muli %19, %20 : tensor<1x4x1xi64>
    %22 = tt.broadcast %21 : tensor<1x4x1xi64> -> tensor<2x4x8xi64>
    %23 = tt.addptr %13, %22 : tensor<2x4x8x!tt.ptr<f32>>, tensor<2x4x8xi64>
    %24 = tt.splat %2 : i64 -> tensor<8xi64>
    %25 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %26 = arith.extsi %25 : tensor<8xi32> to tensor<8xi64>
    %27 = arith.addi %24, %26 : tensor<8xi64>
    %28 = tt.expand_dims %27 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
    %29 = tt.expand_dims %28 {axis = 1 : i32} : tensor<1x8xi64> -> tensor<1x1x8xi64>
    %30 = tt.splat %c1_i64 : i64 -> tensor<1x1x8xi64>
    %31 = arith.muli %29, %30 : tensor<1x1x8xi64>
    %32 = tt.broadcast %31 : tensor<1x1x8xi64> -> tensor<2x4x8xi64>
    %33 = tt.addptr %23, %32 : tensor<2x4x8x!tt.ptr<f32>>, tensor<2x4x8xi64>
    %c0_i64 = arith.constant 0 : i64
    %34 = tt.splat %c0_i64 : i64 -> tensor<2x1x1xi64>
    %35 = arith.cmpi sge, %9, %34 : tensor<2x1x1xi64>
    %36 = tt.splat %arg1 : i64 -> tensor<2x1x1xi64>
    %37 = arith.cmpi slt, %9, %36 : tensor<2x1x1xi64>
    %38 = arith.andi %35, %37 : tensor<2x1x1xi1>
    %39 = tt.broadcast %38 : tensor<2x1x1xi1> -> tensor<2x4x8xi1>
    %c0_i64_0 = arith.constant 0 : i64
    %40 = tt.splat %c0_i64_0 : i64 -> tensor<1x1x8xi64>
    %41 = arith.cmpi sge, %29, %40 : tensor<1x1x8xi64>
    %42 = tt.splat %arg1 : i64 -> tensor<1x1x8xi64>
    %43 = arith.cmpi slt, %29, %42 : tensor<1x1x8xi64>
    %44 = arith.andi %41, %43 : tensor<1x1x8xi1>
    %45 = tt.broadcast %44 : tensor<1x1x8xi1> -> tensor<2x4x8xi1>
    %46 = arith.andi %39, %45 : tensor<2x4x8xi1>
    %47 = tt.load %33, %46 : tensor<2x4x8x!tt.ptr<f32>>
    tt.return %47 : tensor<2x4x8xf32>
  }
}
// -----
module {
  tt.func @if_yield(%arg0: !tt.ptr<f32>, %arg1: i64, %arg2: i32, %arg3: i1) -> tensor<16xf32> {
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg2 : i32 to i64
    %1 = scf.if %arg3 -> (i64) {
      %18 = arith.extsi %arg2 : i32 to i64
      %19 = arith.addi %0, %18 : i64
      scf.yield %19 : i64
    } else {
      scf.yield %0 : i64
    }
    %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %3 = tt.splat %1 : i64 -> tensor<16xi64>
    %4 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %5 = arith.extsi %4 : tensor<16xi32> to tensor<16xi64>
    %6 = arith.addi %3, %5 : tensor<16xi64>
    %7 = tt.splat %c1_i64 : i64 -> tensor<16xi64>
    %8 = arith.muli %6, %7 : tensor<16xi64>
    %9 = tt.broadcast %8 : tensor<16xi64> -> tensor<16xi64>
    %10 = tt.addptr %2, %9 : tensor<16x!tt.ptr<f32>>, tensor<16xi64>
    %c0_i64 = arith.constant 0 : i64
    %11 = tt.splat %c0_i64 : i64 -> tensor<16xi64>
    %12 = arith.cmpi sge, %6, %11 : tensor<16xi64>
    %13 = tt.splat %arg1 : i64 -> tensor<16xi64>
    %14 = arith.cmpi slt, %6, %13 : tensor<16xi64>
    %15 = arith.andi %12, %14 : tensor<16xi1>
    %16 = tt.broadcast %15 : tensor<16xi1> -> tensor<16xi1>
    %17 = tt.load %10, %16 : tensor<16x!tt.ptr<f32>>
    tt.return %17 : tensor<16xf32>
  }
}
// -----
module {
  tt.func @plain_pointers(%arg0: tensor<16x!tt.ptr<f32>>, %arg1: tensor<16xi1>) {
    %0 = tt.load %arg0, %arg1 : tensor<16x!tt.ptr<f32>>
    tt.store %arg0, %0 : tensor<16x!tt.ptr<f32>>
    tt.return
  }
}
