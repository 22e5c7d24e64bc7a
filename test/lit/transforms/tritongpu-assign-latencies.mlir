// RUN: ttc opt %s -split-input-file -tritongpu-assign-latencies=num-stages=3 | FileCheck %s

// -----

// Both operands of the dot come from loads: with 3 stages and no load feeding a load, each gets latency 2.
// CHECK-LABEL: tt.func @dot_loop
// CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
// CHECK: tt.load {{.*}} {tt.latency = 2 : i32}
// CHECK: tt.dot
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_loop(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step_a = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %step_b = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %ra = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ra2 = tt.expand_dims %ra {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %ra3 = tt.broadcast %ra2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %sa = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %a0 = tt.addptr %sa, %ra3 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %rb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %rb2 = tt.expand_dims %rb {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rb3 = tt.broadcast %rb2 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %sb = tt.splat %pb : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %b0 = tt.addptr %sb, %rb3 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>) : i32 {
      %x = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
      %y = tt.load %b : tensor<32x64x!tt.ptr<f16>, #blocked>
      %xd = ttg.convert_layout %x : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %yd = ttg.convert_layout %y : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %xd, %yd, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %an = tt.addptr %a, %step_a : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %bn = tt.addptr %b, %step_b : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %d, %an, %bn : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// A load that feeds no dot is not pipelined (the loop has no tt.num_stages).
// CHECK-LABEL: tt.func @no_dot
// CHECK-NOT: tt.latency
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_dot(%p: !tt.ptr<f16>, %n: i32) -> tensor<64x32xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.000000e+00> : tensor<64x32xf16, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<64x32xf16, #blocked>) : i32 {
      %x = tt.load %s : tensor<64x32x!tt.ptr<f16>, #blocked>
      %y = arith.addf %acc, %x : tensor<64x32xf16, #blocked>
      scf.yield %y : tensor<64x32xf16, #blocked>
    }
    tt.return %r : tensor<64x32xf16, #blocked>
  }
}

// -----

// A loop that asks for one stage is left alone.
// CHECK-LABEL: tt.func @one_stage
// CHECK-NOT: tt.latency
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @one_stage(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step_a = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %step_b = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %ra = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ra2 = tt.expand_dims %ra {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %ra3 = tt.broadcast %ra2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %sa = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %a0 = tt.addptr %sa, %ra3 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %rb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %rb2 = tt.expand_dims %rb {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rb3 = tt.broadcast %rb2 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %sb = tt.splat %pb : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %b0 = tt.addptr %sb, %rb3 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>) : i32 {
      %x = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
      %y = tt.load %b : tensor<32x64x!tt.ptr<f16>, #blocked>
      %xd = ttg.convert_layout %x : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %yd = ttg.convert_layout %y : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %xd, %yd, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %an = tt.addptr %a, %step_a : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %bn = tt.addptr %b, %step_b : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %d, %an, %bn : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>
    } {tt.num_stages = 1 : i32}
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// A's pointers are all the same within a row (contiguity 1): 16 bits per copy is too narrow for cp.async.
// CHECK-LABEL: tt.func @narrow_a
// CHECK: tt.load %{{.*}} : tensor<64x32x!tt.ptr<f16>
// CHECK: tt.load {{.*}} {tt.latency = 2 : i32} : tensor<32x64x!tt.ptr<f16>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @narrow_a(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step_a = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %step_b = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %ra = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ra2 = tt.expand_dims %ra {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %ra3 = tt.broadcast %ra2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %sa = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %a0 = tt.addptr %sa, %step_a : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %rb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %rb2 = tt.expand_dims %rb {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rb3 = tt.broadcast %rb2 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %sb = tt.splat %pb : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %b0 = tt.addptr %sb, %rb3 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>) : i32 {
      %x = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
      %y = tt.load %b : tensor<32x64x!tt.ptr<f16>, #blocked>
      %xd = ttg.convert_layout %x : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %yd = ttg.convert_layout %y : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %xd, %yd, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %an = tt.addptr %a, %step_a : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %bn = tt.addptr %b, %step_b : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %d, %an, %bn : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// A latency written by the user is kept, and no other load gets one.
// CHECK-LABEL: tt.func @user_latency
// CHECK: tt.load %{{.*}} : tensor<64x32x!tt.ptr<f16>
// CHECK: tt.load {{.*}} {tt.latency = 1 : i32} : tensor<32x64x!tt.ptr<f16>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @user_latency(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step_a = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %step_b = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %ra = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %ra2 = tt.expand_dims %ra {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %ra3 = tt.broadcast %ra2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %sa = tt.splat %pa : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
    %a0 = tt.addptr %sa, %ra3 : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
    %rb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %rb2 = tt.expand_dims %rb {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rb3 = tt.broadcast %rb2 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %sb = tt.splat %pb : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked>
    %b0 = tt.addptr %sb, %rb3 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>) : i32 {
      %x = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
      %y = tt.load %b {tt.latency = 1 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked>
      %xd = ttg.convert_layout %x : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %yd = ttg.convert_layout %y : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %xd, %yd, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      %an = tt.addptr %a, %step_a : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %bn = tt.addptr %b, %step_b : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %d, %an, %bn : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}
