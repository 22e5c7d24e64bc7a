// RUN: ttc opt %s -split-input-file -verify-diagnostics
// Tensor-memory encodings and memory descriptors give Triton's diagnostics.

// expected-error @below {{blockM must be 64 or 128 but got 32}}
#tmem = #ttng.tensor_memory_encoding<blockM = 32, blockN = 64, colStride = 1>

// -----

// expected-error @below {{blockN must be a power of 2 but got 96}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 96, colStride = 1>

// -----

// expected-error @below {{blockN must be less than or equal to 512 but got 1024}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 1024, colStride = 1>

// -----

// expected-error @below {{colStride must be 1, 2, or 4 but got but got 3}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 3>

// -----

// expected-error @below {{fp4Padded tensor memory layout requires colStride 1 but got 2}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2, fp4Padded = true>

// -----

// expected-error @below {{twoCTAs layout requires the first CGALayout block basis to be [1, 0]}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[0, 1]], twoCTAs = true>

// -----

// expected-error @below {{struct is missing required parameter: colStride}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64>

// -----

// expected-error @below {{duplicate or unknown struct parameter name: blockK}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockK = 64, colStride = 1>

// -----

// expected-error @below {{'CGALayout' entry length does not match rank 2}}
#tmem = #ttng.tensor_memory_scales_encoding<CGALayout = [[1]]>

// -----

// expected-error @below {{expected ::mlir::triton::nvidia_gpu::TensorMemoryScalesBlockRepOrder to be one of: mnThenK, kThenMn}}
#tmem = #ttng.tensor_memory_scales_encoding<blockRepOrder = kFirst>

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
// expected-error @below {{memorySpace must be TensorMemorySpace}}
!t = !ttg.memdesc<128x64xf32, #tmem, #ttg.shared_memory>

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
// expected-error @below {{rank must be 2 or 3}}
!t = !ttg.memdesc<2x2x128x64xf32, #tmem, #ttng.tensor_memory>

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
// expected-error @below {{bitwidth * colStride must be less than or equal to 32. Got 32 and 2}}
!t = !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
// expected-error @below {{the tensor shape must be at least 128x64. Got 64, 64}}
!t = !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory>

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[1, 0]]>
// expected-error @below {{the tensor shape must be at least 256x64. Got 128, 64}}
!t = !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory>

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
// expected-error @below {{bitwidth must be 8}}
!t = !ttg.memdesc<128x4xf16, #scales, #ttng.tensor_memory>

// -----

#scales = #ttng.tensor_memory_scales_encoding<>
// expected-error @below {{tensor-memory scale descriptors must have rank 2; got 3}}
!t = !ttg.memdesc<2x128x4xi8, #scales, #ttng.tensor_memory>

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// expected-error @below {{memorySpace must be SharedMemorySpace for shared encoding. Got #ttng.tensor_memory}}
!t = !ttg.memdesc<128x4xi8, #shared, #ttng.tensor_memory>
