// Triton 3.6.0's triton-rewrite-tensor-descriptor-to-pointer (through its Python bindings) on triton-rewrite-tensor-descriptor-to-pointer.mlir.
module {
  tt.func public @host_rank2(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: i64, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i1, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, %arg10: i32) {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.extsi %arg10 : i32 to i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant dense<0x7E00> : tensor<16x32xf16>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16x32xf16>
    %1 = arith.select %arg5, %cst, %cst_0 : tensor<16x32xf16>
    %2 = tt.splat %0 : i64 -> tensor<16xi64>
    %3 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %4 = arith.extsi %3 : tensor<16xi32> to tensor<16xi64>
    %5 = arith.addi %2, %4 : tensor<16xi64>
    %6 = tt.expand_dims %5 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %7 = tt.splat %c0_i64 : i64 -> tensor<32xi64>
    %8 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %9 = arith.extsi %8 : tensor<32xi32> to tensor<32xi64>
    %10 = arith.addi %7, %9 : tensor<32xi64>
    %11 = tt.expand_dims %10 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
    %12 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
    %13 = tt.splat %arg3 : i64 -> tensor<16x1xi64>
    %14 = arith.muli %6, %13 : tensor<16x1xi64>
    %15 = tt.broadcast %14 : tensor<16x1xi64> -> tensor<16x32xi64>
    %16 = tt.addptr %12, %15 : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
    %17 = tt.splat %arg4 : i64 -> tensor<1x32xi64>
    %18 = arith.muli %11, %17 : tensor<1x32xi64>
    %19 = tt.broadcast %18 : tensor<1x32xi64> -> tensor<16x32xi64>
    %20 = tt.addptr %16, %19 : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
    %21 = tt.splat %0 : i64 -> tensor<16xi64>
    %22 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %23 = arith.extsi %22 : tensor<16xi32> to tensor<16xi64>
    %24 = arith.addi %21, %23 : tensor<16xi64>
    %25 = tt.expand_dims %24 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %26 = tt.splat %c0_i64 : i64 -> tensor<32xi64>
    %27 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %28 = arith.extsi %27 : tensor<32xi32> to tensor<32xi64>
    %29 = arith.addi %26, %28 : tensor<32xi64>
    %30 = tt.expand_dims %29 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
    %c0_i64_1 = arith.constant 0 : i64
    %31 = tt.splat %c0_i64_1 : i64 -> tensor<16x1xi64>
    %32 = arith.cmpi sge, %25, %31 : tensor<16x1xi64>
    %33 = tt.splat %arg1 : i64 -> tensor<16x1xi64>
    %34 = arith.cmpi slt, %25, %33 : tensor<16x1xi64>
    %35 = arith.andi %32, %34 : tensor<16x1xi1>
    %36 = tt.broadcast %35 : tensor<16x1xi1> -> tensor<16x32xi1>
    %c0_i64_2 = arith.constant 0 : i64
    %37 = tt.splat %c0_i64_2 : i64 -> tensor<1x32xi64>
    %38 = arith.cmpi sge, %30, %37 : tensor<1x32xi64>
    %39 = tt.splat %arg2 : i64 -> tensor<1x32xi64>
    %40 = arith.cmpi slt, %30, %39 : tensor<1x32xi64>
    %41 = arith.andi %38, %40 : tensor<1x32xi1>
    %42 = tt.broadcast %41 : tensor<1x32xi1> -> tensor<16x32xi1>
    %43 = arith.andi %36, %42 : tensor<16x32xi1>
    %44 = tt.load %20, %43, %1 cacheModifier = cg : tensor<16x32x!tt.ptr<f16>>
    %c0_i64_3 = arith.constant 0 : i64
    %45 = arith.extsi %arg10 : i32 to i64
    %46 = tt.splat %c0_i64_3 : i64 -> tensor<16xi64>
    %47 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %48 = arith.extsi %47 : tensor<16xi32> to tensor<16xi64>
    %49 = arith.addi %46, %48 : tensor<16xi64>
    %50 = tt.expand_dims %49 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %51 = tt.splat %45 : i64 -> tensor<32xi64>
    %52 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %53 = arith.extsi %52 : tensor<32xi32> to tensor<32xi64>
    %54 = arith.addi %51, %53 : tensor<32xi64>
    %55 = tt.expand_dims %54 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
    %56 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
    %57 = tt.splat %arg3 : i64 -> tensor<16x1xi64>
    %58 = arith.muli %50, %57 : tensor<16x1xi64>
    %59 = tt.broadcast %58 : tensor<16x1xi64> -> tensor<16x32xi64>
    %60 = tt.addptr %56, %59 : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
    %61 = tt.splat %arg4 : i64 -> tensor<1x32xi64>
    %62 = arith.muli %55, %61 : tensor<1x32xi64>
    %63 = tt.broadcast %62 : tensor<1x32xi64> -> tensor<16x32xi64>
    %64 = tt.addptr %60, %63 : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
    %65 = tt.splat %c0_i64_3 : i64 -> tensor<16xi64>
    %66 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %67 = arith.extsi %66 : tensor<16xi32> to tensor<16xi64>
    %68 = arith.addi %65, %67 : tensor<16xi64>
    %69 = tt.expand_dims %68 {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
    %70 = tt.splat %45 : i64 -> tensor<32xi64>
    %71 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %72 = arith.extsi %71 : tensor<32xi32> to tensor<32xi64>
    %73 = arith.addi %70, %72 : tensor<32xi64>
    %74 = tt.expand_dims %73 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
    %c0_i64_4 = arith.constant 0 : i64
    %75 = tt.splat %c0_i64_4 : i64 -> tensor<16x1xi64>
    %76 = arith.cmpi sge, %69, %75 : tensor<16x1xi64>
    %77 = tt.splat %arg1 : i64 -> tensor<16x1xi64>
    %78 = arith.cmpi slt, %69, %77 : tensor<16x1xi64>
    %79 = arith.andi %76, %78 : tensor<16x1xi1>
    %80 = tt.broadcast %79 : tensor<16x1xi1> -> tensor<16x32xi1>
    %c0_i64_5 = arith.constant 0 : i64
    %81 = tt.splat %c0_i64_5 : i64 -> tensor<1x32xi64>
    %82 = arith.cmpi sge, %74, %81 : tensor<1x32xi64>
    %83 = tt.splat %arg2 : i64 -> tensor<1x32xi64>
    %84 = arith.cmpi slt, %74, %83 : tensor<1x32xi64>
    %85 = arith.andi %82, %84 : tensor<1x32xi1>
    %86 = tt.broadcast %85 : tensor<1x32xi1> -> tensor<16x32xi1>
    %87 = arith.andi %80, %86 : tensor<16x32xi1>
    tt.store %64, %44, %87 : tensor<16x32x!tt.ptr<f16>>
    tt.return
  }
}
// -----
module {
  tt.func public @made_rank1(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i32) -> tensor<64xf32> {
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg1 : i32 to i64
    %true = arith.constant true
    %1 = arith.extsi %arg2 : i32 to i64
    %cst = arith.constant dense<0x7FC00000> : tensor<64xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %2 = arith.select %true, %cst, %cst_0 : tensor<64xf32>
    %3 = tt.splat %1 : i64 -> tensor<64xi64>
    %4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %5 = arith.extsi %4 : tensor<64xi32> to tensor<64xi64>
    %6 = arith.addi %3, %5 : tensor<64xi64>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %8 = tt.splat %c1_i64 : i64 -> tensor<64xi64>
    %9 = arith.muli %6, %8 : tensor<64xi64>
    %10 = tt.broadcast %9 : tensor<64xi64> -> tensor<64xi64>
    %11 = tt.addptr %7, %10 : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
    %12 = tt.splat %1 : i64 -> tensor<64xi64>
    %13 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %14 = arith.extsi %13 : tensor<64xi32> to tensor<64xi64>
    %15 = arith.addi %12, %14 : tensor<64xi64>
    %c0_i64 = arith.constant 0 : i64
    %16 = tt.splat %c0_i64 : i64 -> tensor<64xi64>
    %17 = arith.cmpi sge, %15, %16 : tensor<64xi64>
    %18 = tt.splat %0 : i64 -> tensor<64xi64>
    %19 = arith.cmpi slt, %15, %18 : tensor<64xi64>
    %20 = arith.andi %17, %19 : tensor<64xi1>
    %21 = tt.broadcast %20 : tensor<64xi1> -> tensor<64xi1>
    %22 = tt.load %11, %21, %2 : tensor<64x!tt.ptr<f32>>
    tt.return %22 : tensor<64xf32>
  }
}
// -----
module {
  tt.func public @made_rank3(%arg0: !tt.ptr<i8>, %arg1: i64, %arg2: i64) {
    %c2_i32 = arith.constant 2 : i32
    %c8_i32 = arith.constant 8 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %c0_i32 = arith.constant 0 : i32
    %c2_i64 = arith.constant 2 : i64
    %c8_i64 = arith.constant 8 : i64
    %c64_i64 = arith.constant 64 : i64
    %false = arith.constant false
    %c0_i64 = arith.constant 0 : i64
    %c0_i64_0 = arith.constant 0 : i64
    %c0_i64_1 = arith.constant 0 : i64
    %cst = arith.constant dense<0> : tensor<2x8x64xi8>
    %0 = tt.splat %c0_i64 : i64 -> tensor<2xi64>
    %1 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %2 = arith.extsi %1 : tensor<2xi32> to tensor<2xi64>
    %3 = arith.addi %0, %2 : tensor<2xi64>
    %4 = tt.expand_dims %3 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %5 = tt.expand_dims %4 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %6 = tt.splat %c0_i64_0 : i64 -> tensor<8xi64>
    %7 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %8 = arith.extsi %7 : tensor<8xi32> to tensor<8xi64>
    %9 = arith.addi %6, %8 : tensor<8xi64>
    %10 = tt.expand_dims %9 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
    %11 = tt.expand_dims %10 {axis = 2 : i32} : tensor<1x8xi64> -> tensor<1x8x1xi64>
    %12 = tt.splat %c0_i64_1 : i64 -> tensor<64xi64>
    %13 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %14 = arith.extsi %13 : tensor<64xi32> to tensor<64xi64>
    %15 = arith.addi %12, %14 : tensor<64xi64>
    %16 = tt.expand_dims %15 {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
    %17 = tt.expand_dims %16 {axis = 1 : i32} : tensor<1x64xi64> -> tensor<1x1x64xi64>
    %18 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<2x8x64x!tt.ptr<i8>>
    %19 = tt.splat %arg1 : i64 -> tensor<2x1x1xi64>
    %20 = arith.muli %5, %19 : tensor<2x1x1xi64>
    %21 = tt.broadcast %20 : tensor<2x1x1xi64> -> tensor<2x8x64xi64>
    %22 = tt.addptr %18, %21 : tensor<2x8x64x!tt.ptr<i8>>, tensor<2x8x64xi64>
    %23 = tt.splat %arg2 : i64 -> tensor<1x8x1xi64>
    %24 = arith.muli %11, %23 : tensor<1x8x1xi64>
    %25 = tt.broadcast %24 : tensor<1x8x1xi64> -> tensor<2x8x64xi64>
    %26 = tt.addptr %22, %25 : tensor<2x8x64x!tt.ptr<i8>>, tensor<2x8x64xi64>
    %27 = tt.splat %c1_i64 : i64 -> tensor<1x1x64xi64>
    %28 = arith.muli %17, %27 : tensor<1x1x64xi64>
    %29 = tt.broadcast %28 : tensor<1x1x64xi64> -> tensor<2x8x64xi64>
    %30 = tt.addptr %26, %29 : tensor<2x8x64x!tt.ptr<i8>>, tensor<2x8x64xi64>
    %31 = tt.splat %c0_i64 : i64 -> tensor<2xi64>
    %32 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %33 = arith.extsi %32 : tensor<2xi32> to tensor<2xi64>
    %34 = arith.addi %31, %33 : tensor<2xi64>
    %35 = tt.expand_dims %34 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %36 = tt.expand_dims %35 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %37 = tt.splat %c0_i64_0 : i64 -> tensor<8xi64>
    %38 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %39 = arith.extsi %38 : tensor<8xi32> to tensor<8xi64>
    %40 = arith.addi %37, %39 : tensor<8xi64>
    %41 = tt.expand_dims %40 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
    %42 = tt.expand_dims %41 {axis = 2 : i32} : tensor<1x8xi64> -> tensor<1x8x1xi64>
    %43 = tt.splat %c0_i64_1 : i64 -> tensor<64xi64>
    %44 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %45 = arith.extsi %44 : tensor<64xi32> to tensor<64xi64>
    %46 = arith.addi %43, %45 : tensor<64xi64>
    %47 = tt.expand_dims %46 {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
    %48 = tt.expand_dims %47 {axis = 1 : i32} : tensor<1x64xi64> -> tensor<1x1x64xi64>
    %c0_i64_2 = arith.constant 0 : i64
    %49 = tt.splat %c0_i64_2 : i64 -> tensor<2x1x1xi64>
    %50 = arith.cmpi sge, %36, %49 : tensor<2x1x1xi64>
    %51 = tt.splat %c2_i64 : i64 -> tensor<2x1x1xi64>
    %52 = arith.cmpi slt, %36, %51 : tensor<2x1x1xi64>
    %53 = arith.andi %50, %52 : tensor<2x1x1xi1>
    %54 = tt.broadcast %53 : tensor<2x1x1xi1> -> tensor<2x8x64xi1>
    %c0_i64_3 = arith.constant 0 : i64
    %55 = tt.splat %c0_i64_3 : i64 -> tensor<1x8x1xi64>
    %56 = arith.cmpi sge, %42, %55 : tensor<1x8x1xi64>
    %57 = tt.splat %c8_i64 : i64 -> tensor<1x8x1xi64>
    %58 = arith.cmpi slt, %42, %57 : tensor<1x8x1xi64>
    %59 = arith.andi %56, %58 : tensor<1x8x1xi1>
    %60 = tt.broadcast %59 : tensor<1x8x1xi1> -> tensor<2x8x64xi1>
    %61 = arith.andi %54, %60 : tensor<2x8x64xi1>
    %c0_i64_4 = arith.constant 0 : i64
    %62 = tt.splat %c0_i64_4 : i64 -> tensor<1x1x64xi64>
    %63 = arith.cmpi sge, %48, %62 : tensor<1x1x64xi64>
    %64 = tt.splat %c64_i64 : i64 -> tensor<1x1x64xi64>
    %65 = arith.cmpi slt, %48, %64 : tensor<1x1x64xi64>
    %66 = arith.andi %63, %65 : tensor<1x1x64xi1>
    %67 = tt.broadcast %66 : tensor<1x1x64xi1> -> tensor<2x8x64xi1>
    %68 = arith.andi %61, %67 : tensor<2x8x64xi1>
    %69 = tt.load %30, %68, %cst : tensor<2x8x64x!tt.ptr<i8>>
    %c0_i64_5 = arith.constant 0 : i64
    %c0_i64_6 = arith.constant 0 : i64
    %c64_i64_7 = arith.constant 64 : i64
    %70 = tt.splat %c0_i64_5 : i64 -> tensor<2xi64>
    %71 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %72 = arith.extsi %71 : tensor<2xi32> to tensor<2xi64>
    %73 = arith.addi %70, %72 : tensor<2xi64>
    %74 = tt.expand_dims %73 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %75 = tt.expand_dims %74 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %76 = tt.splat %c0_i64_6 : i64 -> tensor<8xi64>
    %77 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %78 = arith.extsi %77 : tensor<8xi32> to tensor<8xi64>
    %79 = arith.addi %76, %78 : tensor<8xi64>
    %80 = tt.expand_dims %79 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
    %81 = tt.expand_dims %80 {axis = 2 : i32} : tensor<1x8xi64> -> tensor<1x8x1xi64>
    %82 = tt.splat %c64_i64_7 : i64 -> tensor<64xi64>
    %83 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %84 = arith.extsi %83 : tensor<64xi32> to tensor<64xi64>
    %85 = arith.addi %82, %84 : tensor<64xi64>
    %86 = tt.expand_dims %85 {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
    %87 = tt.expand_dims %86 {axis = 1 : i32} : tensor<1x64xi64> -> tensor<1x1x64xi64>
    %88 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<2x8x64x!tt.ptr<i8>>
    %89 = tt.splat %arg1 : i64 -> tensor<2x1x1xi64>
    %90 = arith.muli %75, %89 : tensor<2x1x1xi64>
    %91 = tt.broadcast %90 : tensor<2x1x1xi64> -> tensor<2x8x64xi64>
    %92 = tt.addptr %88, %91 : tensor<2x8x64x!tt.ptr<i8>>, tensor<2x8x64xi64>
    %93 = tt.splat %arg2 : i64 -> tensor<1x8x1xi64>
    %94 = arith.muli %81, %93 : tensor<1x8x1xi64>
    %95 = tt.broadcast %94 : tensor<1x8x1xi64> -> tensor<2x8x64xi64>
    %96 = tt.addptr %92, %95 : tensor<2x8x64x!tt.ptr<i8>>, tensor<2x8x64xi64>
    %97 = tt.splat %c1_i64 : i64 -> tensor<1x1x64xi64>
    %98 = arith.muli %87, %97 : tensor<1x1x64xi64>
    %99 = tt.broadcast %98 : tensor<1x1x64xi64> -> tensor<2x8x64xi64>
    %100 = tt.addptr %96, %99 : tensor<2x8x64x!tt.ptr<i8>>, tensor<2x8x64xi64>
    %101 = tt.splat %c0_i64_5 : i64 -> tensor<2xi64>
    %102 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %103 = arith.extsi %102 : tensor<2xi32> to tensor<2xi64>
    %104 = arith.addi %101, %103 : tensor<2xi64>
    %105 = tt.expand_dims %104 {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
    %106 = tt.expand_dims %105 {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
    %107 = tt.splat %c0_i64_6 : i64 -> tensor<8xi64>
    %108 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %109 = arith.extsi %108 : tensor<8xi32> to tensor<8xi64>
    %110 = arith.addi %107, %109 : tensor<8xi64>
    %111 = tt.expand_dims %110 {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
    %112 = tt.expand_dims %111 {axis = 2 : i32} : tensor<1x8xi64> -> tensor<1x8x1xi64>
    %113 = tt.splat %c64_i64_7 : i64 -> tensor<64xi64>
    %114 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %115 = arith.extsi %114 : tensor<64xi32> to tensor<64xi64>
    %116 = arith.addi %113, %115 : tensor<64xi64>
    %117 = tt.expand_dims %116 {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
    %118 = tt.expand_dims %117 {axis = 1 : i32} : tensor<1x64xi64> -> tensor<1x1x64xi64>
    %c0_i64_8 = arith.constant 0 : i64
    %119 = tt.splat %c0_i64_8 : i64 -> tensor<2x1x1xi64>
    %120 = arith.cmpi sge, %106, %119 : tensor<2x1x1xi64>
    %121 = tt.splat %c2_i64 : i64 -> tensor<2x1x1xi64>
    %122 = arith.cmpi slt, %106, %121 : tensor<2x1x1xi64>
    %123 = arith.andi %120, %122 : tensor<2x1x1xi1>
    %124 = tt.broadcast %123 : tensor<2x1x1xi1> -> tensor<2x8x64xi1>
    %c0_i64_9 = arith.constant 0 : i64
    %125 = tt.splat %c0_i64_9 : i64 -> tensor<1x8x1xi64>
    %126 = arith.cmpi sge, %112, %125 : tensor<1x8x1xi64>
    %127 = tt.splat %c8_i64 : i64 -> tensor<1x8x1xi64>
    %128 = arith.cmpi slt, %112, %127 : tensor<1x8x1xi64>
    %129 = arith.andi %126, %128 : tensor<1x8x1xi1>
    %130 = tt.broadcast %129 : tensor<1x8x1xi1> -> tensor<2x8x64xi1>
    %131 = arith.andi %124, %130 : tensor<2x8x64xi1>
    %c0_i64_10 = arith.constant 0 : i64
    %132 = tt.splat %c0_i64_10 : i64 -> tensor<1x1x64xi64>
    %133 = arith.cmpi sge, %118, %132 : tensor<1x1x64xi64>
    %134 = tt.splat %c64_i64 : i64 -> tensor<1x1x64xi64>
    %135 = arith.cmpi slt, %118, %134 : tensor<1x1x64xi64>
    %136 = arith.andi %133, %135 : tensor<1x1x64xi1>
    %137 = tt.broadcast %136 : tensor<1x1x64xi1> -> tensor<2x8x64xi1>
    %138 = arith.andi %131, %137 : tensor<2x8x64xi1>
    tt.store %100, %69, %138 : tensor<2x8x64x!tt.ptr<i8>>
    tt.return
  }
}
// -----
module {
  tt.func public @control_flow(%arg0: !tt.ptr<f32>, %arg1: i64, %arg2: i64, %arg3: i1, %arg4: !tt.ptr<f32>, %arg5: i64, %arg6: i64, %arg7: i1, %arg8: i1, %arg9: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %0:4 = scf.if %arg8 -> (!tt.ptr<f32>, i64, i64, i1) {
      scf.yield %arg0, %arg1, %arg2, %arg3 : !tt.ptr<f32>, i64, i64, i1
    } else {
      scf.yield %arg4, %arg5, %arg6, %arg7 : !tt.ptr<f32>, i64, i64, i1
    }
    %1:4 = scf.for %arg10 = %c0_i32 to %arg9 step %c32_i32 iter_args(%arg11 = %0#0, %arg12 = %0#1, %arg13 = %0#2, %arg14 = %0#3) -> (!tt.ptr<f32>, i64, i64, i1)  : i32 {
      %2 = arith.extsi %arg10 : i32 to i64
      %cst = arith.constant dense<0x7FC00000> : tensor<32xf32>
      %cst_0 = arith.constant dense<0.000000e+00> : tensor<32xf32>
      %3 = arith.select %arg14, %cst, %cst_0 : tensor<32xf32>
      %4 = tt.splat %2 : i64 -> tensor<32xi64>
      %5 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %6 = arith.extsi %5 : tensor<32xi32> to tensor<32xi64>
      %7 = arith.addi %4, %6 : tensor<32xi64>
      %8 = tt.splat %arg11 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
      %9 = tt.splat %arg13 : i64 -> tensor<32xi64>
      %10 = arith.muli %7, %9 : tensor<32xi64>
      %11 = tt.broadcast %10 : tensor<32xi64> -> tensor<32xi64>
      %12 = tt.addptr %8, %11 : tensor<32x!tt.ptr<f32>>, tensor<32xi64>
      %13 = tt.splat %2 : i64 -> tensor<32xi64>
      %14 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %15 = arith.extsi %14 : tensor<32xi32> to tensor<32xi64>
      %16 = arith.addi %13, %15 : tensor<32xi64>
      %c0_i64 = arith.constant 0 : i64
      %17 = tt.splat %c0_i64 : i64 -> tensor<32xi64>
      %18 = arith.cmpi sge, %16, %17 : tensor<32xi64>
      %19 = tt.splat %arg12 : i64 -> tensor<32xi64>
      %20 = arith.cmpi slt, %16, %19 : tensor<32xi64>
      %21 = arith.andi %18, %20 : tensor<32xi1>
      %22 = tt.broadcast %21 : tensor<32xi1> -> tensor<32xi1>
      %23 = tt.load %12, %22, %3 : tensor<32x!tt.ptr<f32>>
      %24 = arith.extsi %arg10 : i32 to i64
      %25 = tt.splat %24 : i64 -> tensor<32xi64>
      %26 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %27 = arith.extsi %26 : tensor<32xi32> to tensor<32xi64>
      %28 = arith.addi %25, %27 : tensor<32xi64>
      %29 = tt.splat %arg11 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
      %30 = tt.splat %arg13 : i64 -> tensor<32xi64>
      %31 = arith.muli %28, %30 : tensor<32xi64>
      %32 = tt.broadcast %31 : tensor<32xi64> -> tensor<32xi64>
      %33 = tt.addptr %29, %32 : tensor<32x!tt.ptr<f32>>, tensor<32xi64>
      %34 = tt.splat %24 : i64 -> tensor<32xi64>
      %35 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %36 = arith.extsi %35 : tensor<32xi32> to tensor<32xi64>
      %37 = arith.addi %34, %36 : tensor<32xi64>
      %c0_i64_1 = arith.constant 0 : i64
      %38 = tt.splat %c0_i64_1 : i64 -> tensor<32xi64>
      %39 = arith.cmpi sge, %37, %38 : tensor<32xi64>
      %40 = tt.splat %arg12 : i64 -> tensor<32xi64>
      %41 = arith.cmpi slt, %37, %40 : tensor<32xi64>
      %42 = arith.andi %39, %41 : tensor<32xi1>
      %43 = tt.broadcast %42 : tensor<32xi1> -> tensor<32xi1>
      tt.store %33, %23, %43 : tensor<32x!tt.ptr<f32>>
      %44:4 = scf.if %arg8 -> (!tt.ptr<f32>, i64, i64, i1) {
        scf.yield %arg0, %arg1, %arg2, %arg3 : !tt.ptr<f32>, i64, i64, i1
      } else {
        scf.yield %arg11, %arg12, %arg13, %arg14 : !tt.ptr<f32>, i64, i64, i1
      }
      scf.yield %44#0, %44#1, %44#2, %44#3 : !tt.ptr<f32>, i64, i64, i1
    }
    tt.return
  }
}
// -----
module {
  tt.func public @gather_scatter_reduce(%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i1, %arg6: tensor<8xi32>, %arg7: i32, %arg8: !tt.ptr<f32>, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i1, %arg14: tensor<8x16xf32>, %arg15: !tt.ptr<i32>, %arg16: i64, %arg17: i64, %arg18: i64, %arg19: i64, %arg20: i1, %arg21: !tt.ptr<i32>, %arg22: i64, %arg23: i64, %arg24: i64, %arg25: i64, %arg26: i1, %arg27: tensor<8x16xi32>) {
    %0 = tt.expand_dims %arg6 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %1 = arith.extsi %arg7 : i32 to i64
    %2 = arith.extsi %0 : tensor<8x1xi32> to tensor<8x1xi64>
    %3 = tt.splat %1 : i64 -> tensor<64xi64>
    %4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %5 = arith.extsi %4 : tensor<64xi32> to tensor<64xi64>
    %6 = arith.addi %3, %5 : tensor<64xi64>
    %7 = tt.expand_dims %6 {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
    %8 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<8x64x!tt.ptr<f16>>
    %9 = tt.splat %arg3 : i64 -> tensor<8x1xi64>
    %10 = arith.muli %2, %9 : tensor<8x1xi64>
    %11 = tt.broadcast %10 : tensor<8x1xi64> -> tensor<8x64xi64>
    %12 = tt.addptr %8, %11 : tensor<8x64x!tt.ptr<f16>>, tensor<8x64xi64>
    %13 = tt.splat %arg4 : i64 -> tensor<1x64xi64>
    %14 = arith.muli %7, %13 : tensor<1x64xi64>
    %15 = tt.broadcast %14 : tensor<1x64xi64> -> tensor<8x64xi64>
    %16 = tt.addptr %12, %15 : tensor<8x64x!tt.ptr<f16>>, tensor<8x64xi64>
    %c0_i64 = arith.constant 0 : i64
    %17 = tt.splat %c0_i64 : i64 -> tensor<8x1xi64>
    %18 = arith.cmpi sge, %2, %17 : tensor<8x1xi64>
    %19 = tt.splat %arg1 : i64 -> tensor<8x1xi64>
    %20 = arith.cmpi slt, %2, %19 : tensor<8x1xi64>
    %21 = arith.andi %18, %20 : tensor<8x1xi1>
    %22 = tt.broadcast %21 : tensor<8x1xi1> -> tensor<8x64xi1>
    %c0_i64_0 = arith.constant 0 : i64
    %23 = tt.splat %c0_i64_0 : i64 -> tensor<1x64xi64>
    %24 = arith.cmpi sge, %7, %23 : tensor<1x64xi64>
    %25 = tt.splat %arg2 : i64 -> tensor<1x64xi64>
    %26 = arith.cmpi slt, %7, %25 : tensor<1x64xi64>
    %27 = arith.andi %24, %26 : tensor<1x64xi1>
    %28 = tt.broadcast %27 : tensor<1x64xi1> -> tensor<8x64xi1>
    %29 = arith.andi %22, %28 : tensor<8x64xi1>
    %cst = arith.constant dense<0x7E00> : tensor<8x64xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<8x64xf16>
    %30 = arith.select %arg5, %cst, %cst_1 : tensor<8x64xf16>
    %31 = tt.load %16, %29, %30 : tensor<8x64x!tt.ptr<f16>>
    %32 = tt.expand_dims %arg6 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %33 = arith.extsi %arg7 : i32 to i64
    %34 = arith.extsi %32 : tensor<8x1xi32> to tensor<8x1xi64>
    %35 = tt.splat %33 : i64 -> tensor<64xi64>
    %36 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %37 = arith.extsi %36 : tensor<64xi32> to tensor<64xi64>
    %38 = arith.addi %35, %37 : tensor<64xi64>
    %39 = tt.expand_dims %38 {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
    %40 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<8x64x!tt.ptr<f16>>
    %41 = tt.splat %arg3 : i64 -> tensor<8x1xi64>
    %42 = arith.muli %34, %41 : tensor<8x1xi64>
    %43 = tt.broadcast %42 : tensor<8x1xi64> -> tensor<8x64xi64>
    %44 = tt.addptr %40, %43 : tensor<8x64x!tt.ptr<f16>>, tensor<8x64xi64>
    %45 = tt.splat %arg4 : i64 -> tensor<1x64xi64>
    %46 = arith.muli %39, %45 : tensor<1x64xi64>
    %47 = tt.broadcast %46 : tensor<1x64xi64> -> tensor<8x64xi64>
    %48 = tt.addptr %44, %47 : tensor<8x64x!tt.ptr<f16>>, tensor<8x64xi64>
    %c0_i64_2 = arith.constant 0 : i64
    %49 = tt.splat %c0_i64_2 : i64 -> tensor<8x1xi64>
    %50 = arith.cmpi sge, %34, %49 : tensor<8x1xi64>
    %51 = tt.splat %arg1 : i64 -> tensor<8x1xi64>
    %52 = arith.cmpi slt, %34, %51 : tensor<8x1xi64>
    %53 = arith.andi %50, %52 : tensor<8x1xi1>
    %54 = tt.broadcast %53 : tensor<8x1xi1> -> tensor<8x64xi1>
    %c0_i64_3 = arith.constant 0 : i64
    %55 = tt.splat %c0_i64_3 : i64 -> tensor<1x64xi64>
    %56 = arith.cmpi sge, %39, %55 : tensor<1x64xi64>
    %57 = tt.splat %arg2 : i64 -> tensor<1x64xi64>
    %58 = arith.cmpi slt, %39, %57 : tensor<1x64xi64>
    %59 = arith.andi %56, %58 : tensor<1x64xi1>
    %60 = tt.broadcast %59 : tensor<1x64xi1> -> tensor<8x64xi1>
    %61 = arith.andi %54, %60 : tensor<8x64xi1>
    tt.store %48, %31, %61 : tensor<8x64x!tt.ptr<f16>>
    %62 = arith.extsi %arg7 : i32 to i64
    %63 = arith.extsi %arg7 : i32 to i64
    %64 = tt.splat %62 : i64 -> tensor<8xi64>
    %65 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %66 = arith.extsi %65 : tensor<8xi32> to tensor<8xi64>
    %67 = arith.addi %64, %66 : tensor<8xi64>
    %68 = tt.expand_dims %67 {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
    %69 = tt.splat %63 : i64 -> tensor<16xi64>
    %70 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %71 = arith.extsi %70 : tensor<16xi32> to tensor<16xi64>
    %72 = arith.addi %69, %71 : tensor<16xi64>
    %73 = tt.expand_dims %72 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %74 = tt.splat %arg8 : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>>
    %75 = tt.splat %arg11 : i64 -> tensor<8x1xi64>
    %76 = arith.muli %68, %75 : tensor<8x1xi64>
    %77 = tt.broadcast %76 : tensor<8x1xi64> -> tensor<8x16xi64>
    %78 = tt.addptr %74, %77 : tensor<8x16x!tt.ptr<f32>>, tensor<8x16xi64>
    %79 = tt.splat %arg12 : i64 -> tensor<1x16xi64>
    %80 = arith.muli %73, %79 : tensor<1x16xi64>
    %81 = tt.broadcast %80 : tensor<1x16xi64> -> tensor<8x16xi64>
    %82 = tt.addptr %78, %81 : tensor<8x16x!tt.ptr<f32>>, tensor<8x16xi64>
    %83 = tt.splat %62 : i64 -> tensor<8xi64>
    %84 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %85 = arith.extsi %84 : tensor<8xi32> to tensor<8xi64>
    %86 = arith.addi %83, %85 : tensor<8xi64>
    %87 = tt.expand_dims %86 {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
    %88 = tt.splat %63 : i64 -> tensor<16xi64>
    %89 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %90 = arith.extsi %89 : tensor<16xi32> to tensor<16xi64>
    %91 = arith.addi %88, %90 : tensor<16xi64>
    %92 = tt.expand_dims %91 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %c0_i64_4 = arith.constant 0 : i64
    %93 = tt.splat %c0_i64_4 : i64 -> tensor<8x1xi64>
    %94 = arith.cmpi sge, %87, %93 : tensor<8x1xi64>
    %95 = tt.splat %arg9 : i64 -> tensor<8x1xi64>
    %96 = arith.cmpi slt, %87, %95 : tensor<8x1xi64>
    %97 = arith.andi %94, %96 : tensor<8x1xi1>
    %98 = tt.broadcast %97 : tensor<8x1xi1> -> tensor<8x16xi1>
    %c0_i64_5 = arith.constant 0 : i64
    %99 = tt.splat %c0_i64_5 : i64 -> tensor<1x16xi64>
    %100 = arith.cmpi sge, %92, %99 : tensor<1x16xi64>
    %101 = tt.splat %arg10 : i64 -> tensor<1x16xi64>
    %102 = arith.cmpi slt, %92, %101 : tensor<1x16xi64>
    %103 = arith.andi %100, %102 : tensor<1x16xi1>
    %104 = tt.broadcast %103 : tensor<1x16xi1> -> tensor<8x16xi1>
    %105 = arith.andi %98, %104 : tensor<8x16xi1>
    %106 = tt.atomic_rmw fadd, release, gpu, %82, %arg14, %105 : (tensor<8x16x!tt.ptr<f32>>, tensor<8x16xf32>, tensor<8x16xi1>) -> tensor<8x16xf32>
    %107 = arith.extsi %arg7 : i32 to i64
    %108 = arith.extsi %arg7 : i32 to i64
    %109 = tt.splat %107 : i64 -> tensor<8xi64>
    %110 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %111 = arith.extsi %110 : tensor<8xi32> to tensor<8xi64>
    %112 = arith.addi %109, %111 : tensor<8xi64>
    %113 = tt.expand_dims %112 {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
    %114 = tt.splat %108 : i64 -> tensor<16xi64>
    %115 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %116 = arith.extsi %115 : tensor<16xi32> to tensor<16xi64>
    %117 = arith.addi %114, %116 : tensor<16xi64>
    %118 = tt.expand_dims %117 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %119 = tt.splat %arg15 : !tt.ptr<i32> -> tensor<8x16x!tt.ptr<i32>>
    %120 = tt.splat %arg18 : i64 -> tensor<8x1xi64>
    %121 = arith.muli %113, %120 : tensor<8x1xi64>
    %122 = tt.broadcast %121 : tensor<8x1xi64> -> tensor<8x16xi64>
    %123 = tt.addptr %119, %122 : tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi64>
    %124 = tt.splat %arg19 : i64 -> tensor<1x16xi64>
    %125 = arith.muli %118, %124 : tensor<1x16xi64>
    %126 = tt.broadcast %125 : tensor<1x16xi64> -> tensor<8x16xi64>
    %127 = tt.addptr %123, %126 : tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi64>
    %128 = tt.splat %107 : i64 -> tensor<8xi64>
    %129 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %130 = arith.extsi %129 : tensor<8xi32> to tensor<8xi64>
    %131 = arith.addi %128, %130 : tensor<8xi64>
    %132 = tt.expand_dims %131 {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
    %133 = tt.splat %108 : i64 -> tensor<16xi64>
    %134 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %135 = arith.extsi %134 : tensor<16xi32> to tensor<16xi64>
    %136 = arith.addi %133, %135 : tensor<16xi64>
    %137 = tt.expand_dims %136 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %c0_i64_6 = arith.constant 0 : i64
    %138 = tt.splat %c0_i64_6 : i64 -> tensor<8x1xi64>
    %139 = arith.cmpi sge, %132, %138 : tensor<8x1xi64>
    %140 = tt.splat %arg16 : i64 -> tensor<8x1xi64>
    %141 = arith.cmpi slt, %132, %140 : tensor<8x1xi64>
    %142 = arith.andi %139, %141 : tensor<8x1xi1>
    %143 = tt.broadcast %142 : tensor<8x1xi1> -> tensor<8x16xi1>
    %c0_i64_7 = arith.constant 0 : i64
    %144 = tt.splat %c0_i64_7 : i64 -> tensor<1x16xi64>
    %145 = arith.cmpi sge, %137, %144 : tensor<1x16xi64>
    %146 = tt.splat %arg17 : i64 -> tensor<1x16xi64>
    %147 = arith.cmpi slt, %137, %146 : tensor<1x16xi64>
    %148 = arith.andi %145, %147 : tensor<1x16xi1>
    %149 = tt.broadcast %148 : tensor<1x16xi1> -> tensor<8x16xi1>
    %150 = arith.andi %143, %149 : tensor<8x16xi1>
    %151 = tt.atomic_rmw max, release, gpu, %127, %arg27, %150 : (tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi32>, tensor<8x16xi1>) -> tensor<8x16xi32>
    %152 = arith.extsi %arg7 : i32 to i64
    %153 = arith.extsi %arg7 : i32 to i64
    %154 = tt.splat %152 : i64 -> tensor<8xi64>
    %155 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %156 = arith.extsi %155 : tensor<8xi32> to tensor<8xi64>
    %157 = arith.addi %154, %156 : tensor<8xi64>
    %158 = tt.expand_dims %157 {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
    %159 = tt.splat %153 : i64 -> tensor<16xi64>
    %160 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %161 = arith.extsi %160 : tensor<16xi32> to tensor<16xi64>
    %162 = arith.addi %159, %161 : tensor<16xi64>
    %163 = tt.expand_dims %162 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %164 = tt.splat %arg21 : !tt.ptr<i32> -> tensor<8x16x!tt.ptr<i32>>
    %165 = tt.splat %arg24 : i64 -> tensor<8x1xi64>
    %166 = arith.muli %158, %165 : tensor<8x1xi64>
    %167 = tt.broadcast %166 : tensor<8x1xi64> -> tensor<8x16xi64>
    %168 = tt.addptr %164, %167 : tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi64>
    %169 = tt.splat %arg25 : i64 -> tensor<1x16xi64>
    %170 = arith.muli %163, %169 : tensor<1x16xi64>
    %171 = tt.broadcast %170 : tensor<1x16xi64> -> tensor<8x16xi64>
    %172 = tt.addptr %168, %171 : tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi64>
    %173 = tt.splat %152 : i64 -> tensor<8xi64>
    %174 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %175 = arith.extsi %174 : tensor<8xi32> to tensor<8xi64>
    %176 = arith.addi %173, %175 : tensor<8xi64>
    %177 = tt.expand_dims %176 {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
    %178 = tt.splat %153 : i64 -> tensor<16xi64>
    %179 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %180 = arith.extsi %179 : tensor<16xi32> to tensor<16xi64>
    %181 = arith.addi %178, %180 : tensor<16xi64>
    %182 = tt.expand_dims %181 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %c0_i64_8 = arith.constant 0 : i64
    %183 = tt.splat %c0_i64_8 : i64 -> tensor<8x1xi64>
    %184 = arith.cmpi sge, %177, %183 : tensor<8x1xi64>
    %185 = tt.splat %arg22 : i64 -> tensor<8x1xi64>
    %186 = arith.cmpi slt, %177, %185 : tensor<8x1xi64>
    %187 = arith.andi %184, %186 : tensor<8x1xi1>
    %188 = tt.broadcast %187 : tensor<8x1xi1> -> tensor<8x16xi1>
    %c0_i64_9 = arith.constant 0 : i64
    %189 = tt.splat %c0_i64_9 : i64 -> tensor<1x16xi64>
    %190 = arith.cmpi sge, %182, %189 : tensor<1x16xi64>
    %191 = tt.splat %arg23 : i64 -> tensor<1x16xi64>
    %192 = arith.cmpi slt, %182, %191 : tensor<1x16xi64>
    %193 = arith.andi %190, %192 : tensor<1x16xi1>
    %194 = tt.broadcast %193 : tensor<1x16xi1> -> tensor<8x16xi1>
    %195 = arith.andi %188, %194 : tensor<8x16xi1>
    %196 = tt.atomic_rmw umin, release, gpu, %172, %arg27, %195 : (tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi32>, tensor<8x16xi1>) -> tensor<8x16xi32>
    %197 = arith.extsi %arg7 : i32 to i64
    %198 = arith.extsi %arg7 : i32 to i64
    %199 = tt.splat %197 : i64 -> tensor<8xi64>
    %200 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %201 = arith.extsi %200 : tensor<8xi32> to tensor<8xi64>
    %202 = arith.addi %199, %201 : tensor<8xi64>
    %203 = tt.expand_dims %202 {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
    %204 = tt.splat %198 : i64 -> tensor<16xi64>
    %205 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %206 = arith.extsi %205 : tensor<16xi32> to tensor<16xi64>
    %207 = arith.addi %204, %206 : tensor<16xi64>
    %208 = tt.expand_dims %207 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %209 = tt.splat %arg21 : !tt.ptr<i32> -> tensor<8x16x!tt.ptr<i32>>
    %210 = tt.splat %arg24 : i64 -> tensor<8x1xi64>
    %211 = arith.muli %203, %210 : tensor<8x1xi64>
    %212 = tt.broadcast %211 : tensor<8x1xi64> -> tensor<8x16xi64>
    %213 = tt.addptr %209, %212 : tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi64>
    %214 = tt.splat %arg25 : i64 -> tensor<1x16xi64>
    %215 = arith.muli %208, %214 : tensor<1x16xi64>
    %216 = tt.broadcast %215 : tensor<1x16xi64> -> tensor<8x16xi64>
    %217 = tt.addptr %213, %216 : tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi64>
    %218 = tt.splat %197 : i64 -> tensor<8xi64>
    %219 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %220 = arith.extsi %219 : tensor<8xi32> to tensor<8xi64>
    %221 = arith.addi %218, %220 : tensor<8xi64>
    %222 = tt.expand_dims %221 {axis = 1 : i32} : tensor<8xi64> -> tensor<8x1xi64>
    %223 = tt.splat %198 : i64 -> tensor<16xi64>
    %224 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %225 = arith.extsi %224 : tensor<16xi32> to tensor<16xi64>
    %226 = arith.addi %223, %225 : tensor<16xi64>
    %227 = tt.expand_dims %226 {axis = 0 : i32} : tensor<16xi64> -> tensor<1x16xi64>
    %c0_i64_10 = arith.constant 0 : i64
    %228 = tt.splat %c0_i64_10 : i64 -> tensor<8x1xi64>
    %229 = arith.cmpi sge, %222, %228 : tensor<8x1xi64>
    %230 = tt.splat %arg22 : i64 -> tensor<8x1xi64>
    %231 = arith.cmpi slt, %222, %230 : tensor<8x1xi64>
    %232 = arith.andi %229, %231 : tensor<8x1xi1>
    %233 = tt.broadcast %232 : tensor<8x1xi1> -> tensor<8x16xi1>
    %c0_i64_11 = arith.constant 0 : i64
    %234 = tt.splat %c0_i64_11 : i64 -> tensor<1x16xi64>
    %235 = arith.cmpi sge, %227, %234 : tensor<1x16xi64>
    %236 = tt.splat %arg23 : i64 -> tensor<1x16xi64>
    %237 = arith.cmpi slt, %227, %236 : tensor<1x16xi64>
    %238 = arith.andi %235, %237 : tensor<1x16xi1>
    %239 = tt.broadcast %238 : tensor<1x16xi1> -> tensor<8x16xi1>
    %240 = arith.andi %233, %239 : tensor<8x16xi1>
    %241 = tt.atomic_rmw xor, release, gpu, %217, %arg27, %240 : (tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi32>, tensor<8x16xi1>) -> tensor<8x16xi32>
    tt.return
  }
}
// -----
module {
  tt.func private @pass_through(%arg0: !tt.ptr<i16>, %arg1: i64, %arg2: i64, %arg3: i1) -> (!tt.ptr<i16>, i64, i64, i1) attributes {noinline = true} {
    tt.return %arg0, %arg1, %arg2, %arg3 : !tt.ptr<i16>, i64, i64, i1
  }
  tt.func public @caller(%arg0: !tt.ptr<i16>, %arg1: i64, %arg2: i64, %arg3: i1, %arg4: i32) -> tensor<16xi16> {
    %0:4 = tt.call @pass_through(%arg0, %arg1, %arg2, %arg3) : (!tt.ptr<i16>, i64, i64, i1) -> (!tt.ptr<i16>, i64, i64, i1)
    %1 = arith.extsi %arg4 : i32 to i64
    %cst = arith.constant dense<0> : tensor<16xi16>
    %2 = tt.splat %1 : i64 -> tensor<16xi64>
    %3 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %4 = arith.extsi %3 : tensor<16xi32> to tensor<16xi64>
    %5 = arith.addi %2, %4 : tensor<16xi64>
    %6 = tt.splat %0#0 : !tt.ptr<i16> -> tensor<16x!tt.ptr<i16>>
    %7 = tt.splat %0#2 : i64 -> tensor<16xi64>
    %8 = arith.muli %5, %7 : tensor<16xi64>
    %9 = tt.broadcast %8 : tensor<16xi64> -> tensor<16xi64>
    %10 = tt.addptr %6, %9 : tensor<16x!tt.ptr<i16>>, tensor<16xi64>
    %11 = tt.splat %1 : i64 -> tensor<16xi64>
    %12 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %13 = arith.extsi %12 : tensor<16xi32> to tensor<16xi64>
    %14 = arith.addi %11, %13 : tensor<16xi64>
    %c0_i64 = arith.constant 0 : i64
    %15 = tt.splat %c0_i64 : i64 -> tensor<16xi64>
    %16 = arith.cmpi sge, %14, %15 : tensor<16xi64>
    %17 = tt.splat %0#1 : i64 -> tensor<16xi64>
    %18 = arith.cmpi slt, %14, %17 : tensor<16xi64>
    %19 = arith.andi %16, %18 : tensor<16xi1>
    %20 = tt.broadcast %19 : tensor<16xi1> -> tensor<16xi1>
    %21 = tt.load %10, %20, %cst : tensor<16x!tt.ptr<i16>>
    tt.return %21 : tensor<16xi16>
  }
}
// -----
module {
  tt.func public @no_descriptor(%arg0: tensor<16x!tt.ptr<f32>>) {
    %0 = tt.load %arg0 : tensor<16x!tt.ptr<f32>>
    tt.store %arg0, %0 : tensor<16x!tt.ptr<f32>>
    tt.return
  }
}
