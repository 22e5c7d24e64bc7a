// Inputs for tritongpu-optimize-thread-locality: ttc's own cases, run through Triton 3.6's pass (triton 3.6.0 Python
// bindings) to make the .expected file beside this one.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @sum_rows(%arg0: tensor<32x128x!tt.ptr<f32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f32>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<32x128x!tt.ptr<f32>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: f32, %arg7: f32):
        %6 = arith.addf %arg6, %arg7 : f32
        tt.reduce.return %6 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.addf %arg5, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %7 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @max_rows(%arg0: tensor<32x128x!tt.ptr<f32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f32>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0xFF800000> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<32x128x!tt.ptr<f32>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: f32, %arg7: f32):
        %6 = arith.maximumf %arg6, %arg7 : f32
        tt.reduce.return %6 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.maximumf %arg5, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %7 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @maxnum_rows_repeat(%arg0: tensor<32x256x!tt.ptr<f32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f32>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0xFF800000> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<32x256x!tt.ptr<f32>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: f32, %arg7: f32):
        %6 = arith.maxnumf %arg6, %arg7 : f32
        tt.reduce.return %6 : f32
      }) : (tensor<32x256xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.maxnumf %arg5, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %7 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @minnum_f16_update_swapped(%arg0: tensor<64x128x!tt.ptr<f16>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f16>) -> tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0x7C00> : tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<64x128x!tt.ptr<f16>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: f16, %arg7: f16):
        %6 = arith.minnumf %arg6, %arg7 : f16
        tt.reduce.return %6 : f16
      }) : (tensor<64x128xf16, #blocked>) -> tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.minnumf %5, %arg5 : tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %7 : tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [2, 16], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mul_rows(%arg0: tensor<32x128x!tt.ptr<f32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f32>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<1.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<32x128x!tt.ptr<f32>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: f32, %arg7: f32):
        %6 = arith.mulf %arg6, %arg7 : f32
        tt.reduce.return %6 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.mulf %arg5, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %7 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @axis0_not_innermost(%arg0: tensor<32x128x!tt.ptr<f32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f32>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<32x128x!tt.ptr<f32>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 0 : i32}> ({
      ^bb0(%arg6: f32, %arg7: f32):
        %6 = arith.addf %arg6, %arg7 : f32
        tt.reduce.return %6 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
      %7 = arith.addf %arg5, %5 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
      scf.yield %7 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    }
    tt.return %0 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @one_elem_per_thread(%arg0: tensor<32x32x!tt.ptr<f32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f32>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<32x32x!tt.ptr<f32>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: f32, %arg7: f32):
        %6 = arith.addf %arg6, %arg7 : f32
        tt.reduce.return %6 : f32
      }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.addf %arg5, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %7 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @not_from_load(%arg0: tensor<32x128x!tt.ptr<f32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f32>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %2 = tt.load %arg0 : tensor<32x128x!tt.ptr<f32>, #blocked>
      %1 = math.exp %2 : tensor<32x128xf32, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: f32, %arg7: f32):
        %6 = arith.addf %arg6, %arg7 : f32
        tt.reduce.return %6 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.addf %arg5, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %7 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @init_not_constant(%arg0: tensor<32x128x!tt.ptr<f32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f32>, %arg3: tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %arg3) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<32x128x!tt.ptr<f32>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: f32, %arg7: f32):
        %6 = arith.addf %arg6, %arg7 : f32
        tt.reduce.return %6 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.addf %arg5, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %7 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @integer_add(%arg0: tensor<32x128x!tt.ptr<i32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<i32>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0> : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<32x128x!tt.ptr<i32>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: i32, %arg7: i32):
        %6 = arith.addi %arg6, %arg7 : i32
        tt.reduce.return %6 : i32
      }) : (tensor<32x128xi32, #blocked>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.addi %arg5, %5 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %7 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_used_twice(%arg0: tensor<32x128x!tt.ptr<f32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f32>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<32x128x!tt.ptr<f32>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: f32, %arg7: f32):
        %6 = arith.addf %arg6, %arg7 : f32
        tt.reduce.return %6 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.addf %arg5, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %8 = arith.addf %5, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %9 = arith.addf %7, %8 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %9 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @iter_arg_used_twice(%arg0: tensor<32x128x!tt.ptr<f32>, #blocked>, %arg1: i32, %arg2: !tt.ptr<f32>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = scf.for %arg4 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %1 = tt.load %arg0 : tensor<32x128x!tt.ptr<f32>, #blocked>
      %5 = "tt.reduce"(%1) <{axis = 1 : i32}> ({
      ^bb0(%arg6: f32, %arg7: f32):
        %6 = arith.addf %arg6, %arg7 : f32
        tt.reduce.return %6 : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %7 = arith.addf %arg5, %5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %8 = arith.addf %arg5, %arg5 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %9 = arith.addf %7, %8 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %7 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshape_feeding_reduce(%arg0: tensor<64x32xf32, #blocked>) -> tensor<8x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
    %0 = tt.reshape %arg0 allow_reorder : tensor<64x32xf32, #blocked> -> tensor<8x8x32xf32, #blocked1>
    %1 = "tt.reduce"(%0) <{axis = 1 : i32}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      %2 = arith.addf %arg1, %arg2 : f32
      tt.reduce.return %2 : f32
    }) : (tensor<8x8x32xf32, #blocked1>) -> tensor<8x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    tt.return %1 : tensor<8x32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshape_already_local(%arg0: tensor<16x128xf32, #blocked>) -> tensor<4x4xf32, #ttg.slice<{dim = 2, parent = #blocked1}>> {
    %0 = tt.reshape %arg0 allow_reorder : tensor<16x128xf32, #blocked> -> tensor<4x4x128xf32, #blocked1>
    %1 = "tt.reduce"(%0) <{axis = 2 : i32}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      %2 = arith.maxnumf %arg1, %arg2 : f32
      tt.reduce.return %2 : f32
    }) : (tensor<4x4x128xf32, #blocked1>) -> tensor<4x4xf32, #ttg.slice<{dim = 2, parent = #blocked1}>>
    tt.return %1 : tensor<4x4xf32, #ttg.slice<{dim = 2, parent = #blocked1}>>
  }
}

// -----
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather_rows(%arg0: tensor<64x32xf32, #blocked>, %arg1: tensor<16x32xi64, #blocked>) -> tensor<16x32xf32, #blocked> {
    %0 = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<64x32xf32, #blocked>, tensor<16x32xi64, #blocked>) -> tensor<16x32xf32, #blocked>
    tt.return %0 : tensor<16x32xf32, #blocked>
  }
  tt.func @gather_cols(%arg0: tensor<32x64xf16, #blocked>, %arg1: tensor<32x128xi32, #blocked>) -> tensor<32x128xf16, #blocked> {
    %0 = tt.gather %arg0[%arg1] {axis = 1 : i32} : (tensor<32x64xf16, #blocked>, tensor<32x128xi32, #blocked>) -> tensor<32x128xf16, #blocked>
    tt.return %0 : tensor<32x128xf16, #blocked>
  }
  tt.func @gather_1d(%arg0: tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, %arg1: tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>> {
    %0 = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return %0 : tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  }
}
