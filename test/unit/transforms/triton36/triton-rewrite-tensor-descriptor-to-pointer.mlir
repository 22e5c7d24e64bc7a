// Inputs of triton-rewrite-tensor-descriptor-to-pointer; Triton 3.6.0's output is in triton-rewrite-tensor-descriptor-to-pointer.expected.mlir.
// A host descriptor parameter of rank 2 with attributes; the frontend's own size and stride
// parameters follow it. Load then store through it.

tt.func public @host_rank2(%d: !tt.tensordesc<tensor<16x32xf16>> {tt.divisibility = 16 : i32}, %d_s0: i32, %d_s1: i32, %d_st0: i64, %d_st1: i64, %i: i32) {
  %c0 = arith.constant 0 : i32
  %v = tt.descriptor_load %d[%i, %c0] cacheModifier = cg : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
  tt.descriptor_store %d[%c0, %i], %v : !tt.tensordesc<tensor<16x32xf16>>, tensor<16x32xf16>
  tt.return
}

// -----
// A rank-1 descriptor made in the kernel, NaN padding: the flag is a constant true.

tt.func public @made_rank1(%p: !tt.ptr<f32>, %n: i32, %i: i32) -> tensor<64xf32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%n], [%c1] {padding = 2 : i32} : <f32>, <tensor<64xf32>>
  %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<64xf32>> -> tensor<64xf32>
  tt.return %v : tensor<64xf32>
}

// -----
// A rank-3 descriptor of signed integers made in the kernel with constant sizes: the pointer is
// signless, the sizes are i64 constants, and masked-off elements read zero.

tt.func public @made_rank3(%p: !tt.ptr<i8>, %s0: i64, %s1: i64) {
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %d = tt.make_tensor_descriptor %p, [%c2, %c8, %c64], [%s0, %s1, %c1] : <i8>, <tensor<2x8x64xsi8>>
  %v = tt.descriptor_load %d[%c0, %c0, %c0] : !tt.tensordesc<tensor<2x8x64xsi8>> -> tensor<2x8x64xi8>
  tt.descriptor_store %d[%c0, %c0, %c64], %v : !tt.tensordesc<tensor<2x8x64xsi8>>, tensor<2x8x64xi8>
  tt.return
}

// -----
// A descriptor carried by a loop and chosen by scf.if and arith.select.

tt.func public @control_flow(%a: !tt.tensordesc<tensor<32xf32>>, %b: !tt.tensordesc<tensor<32xf32>>, %c: i1, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %s = arith.select %c, %a, %b : !tt.tensordesc<tensor<32xf32>>
  %r = scf.for %i = %c0 to %n step %c32 iter_args(%d = %s) -> (!tt.tensordesc<tensor<32xf32>>) : i32 {
    %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<32xf32>> -> tensor<32xf32>
    tt.descriptor_store %d[%i], %v : !tt.tensordesc<tensor<32xf32>>, tensor<32xf32>
    %e = scf.if %c -> (!tt.tensordesc<tensor<32xf32>>) {
      scf.yield %a : !tt.tensordesc<tensor<32xf32>>
    } else {
      scf.yield %d : !tt.tensordesc<tensor<32xf32>>
    }
    scf.yield %e : !tt.tensordesc<tensor<32xf32>>
  }
  tt.return
}

// -----
// Row gather and scatter, and reductions: float add, signed max, unsigned min, xor.

tt.func public @gather_scatter_reduce(%d: !tt.tensordesc<tensor<1x64xf16>>, %rows: tensor<8xi32>, %col: i32, %f: !tt.tensordesc<tensor<8x16xf32>>, %t: tensor<8x16xf32>, %s: !tt.tensordesc<tensor<8x16xsi32>>, %u: !tt.tensordesc<tensor<8x16xui32>>, %x: tensor<8x16xi32>) {
  %g = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<8xi32>, i32) -> tensor<8x64xf16>
  tt.descriptor_scatter %d[%rows, %col], %g : !tt.tensordesc<tensor<1x64xf16>>, tensor<8xi32>, i32, tensor<8x64xf16>
  tt.descriptor_reduce add, %f[%col, %col], %t : !tt.tensordesc<tensor<8x16xf32>>, tensor<8x16xf32>
  tt.descriptor_reduce max, %s[%col, %col], %x : !tt.tensordesc<tensor<8x16xsi32>>, tensor<8x16xi32>
  tt.descriptor_reduce min, %u[%col, %col], %x : !tt.tensordesc<tensor<8x16xui32>>, tensor<8x16xi32>
  tt.descriptor_reduce xor, %u[%col, %col], %x : !tt.tensordesc<tensor<8x16xui32>>, tensor<8x16xi32>
  tt.return
}

// -----
// A device function taking and returning a descriptor, and its call.

tt.func private @pass_through(%d: !tt.tensordesc<tensor<16xi16>>) -> !tt.tensordesc<tensor<16xi16>> attributes {noinline = true} {
  tt.return %d : !tt.tensordesc<tensor<16xi16>>
}
tt.func public @caller(%d: !tt.tensordesc<tensor<16xi16>>, %i: i32) -> tensor<16xi16> {
  %e = tt.call @pass_through(%d) : (!tt.tensordesc<tensor<16xi16>>) -> !tt.tensordesc<tensor<16xi16>>
  %v = tt.descriptor_load %e[%i] : !tt.tensordesc<tensor<16xi16>> -> tensor<16xi16>
  tt.return %v : tensor<16xi16>
}

// -----
// Loads and stores through pointers are left alone.

tt.func public @no_descriptor(%p: tensor<16x!tt.ptr<f32>>) {
  %v = tt.load %p : tensor<16x!tt.ptr<f32>>
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}
