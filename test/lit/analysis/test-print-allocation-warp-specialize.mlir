// RUN: ttc opt %s -split-input-file -allow-unregistered-dialect -test-print-allocation -verify-diagnostics -o /dev/null

// Shared memory around `ttg.warp_specialize`: the op packs its explicit captures into a scratch
// buffer (8-byte aligned, no padding between them), the function keeps one byte per partition
// warp for its whole length, and buffers of different regions of one warp_specialize never share
// bytes, since those regions run at the same time.

#vec = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#tile = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Captures: a 2-d shared memdesc (base pointer + two i32 offsets, 16), a pointer (8), an f16 (2)
// and an i32 (4) make 30 bytes. The partitions have 4 + 2 warps: 6 bytes for the function.
// expected-remark @below {{captures_packed}}
// expected-remark @below {{size = 54}}
// expected-remark @below {{scratch offset = 48, size = 6}}
tt.func @captures_packed(%p: !tt.ptr<f32>, %h: f16, %i: i32) {
  // expected-remark @below {{offset = 32, size = 16}}
  %buf = ttg.local_alloc : () -> !ttg.memdesc<4x2xf16, #tile, #smem, mutable>
  // expected-remark @below {{scratch offset = 0, size = 30}}
  ttg.warp_specialize(%buf, %p, %h, %i)
  default {
    ttg.warp_yield
  }
  partition0(%a: !ttg.memdesc<4x2xf16, #tile, #smem, mutable>, %b: !tt.ptr<f32>, %c: f16, %d: i32) num_warps(4) {
    ttg.warp_return
  }
  partition1(%a: !ttg.memdesc<4x2xf16, #tile, #smem, mutable>, %b: !tt.ptr<f32>, %c: f16, %d: i32) num_warps(2) {
    ttg.warp_return
  } : (!ttg.memdesc<4x2xf16, #tile, #smem, mutable>, !tt.ptr<f32>, f16, i32) -> ()
  tt.return
}

// The largest warp_specialize of the function sizes its buffer.
// expected-remark @below {{largest_warp_specialize}}
// expected-remark @below {{scratch offset = 0, size = 8}}
// expected-remark @below {{size = 8}}
tt.func @largest_warp_specialize() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    ttg.warp_return
  } : () -> ()
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    ttg.warp_return
  }
  partition1() num_warps(4) {
    ttg.warp_return
  } : () -> ()
  tt.return
}

// %d, %a and %b are dead at once, but %d runs beside the partitions and %c beside the default
// region and partition0: none of them shares bytes with another region's. %a and %b, in one
// region, do.
// expected-remark @below {{partitions_never_share}}
// expected-remark @below {{size = 72}}
// expected-remark @below {{scratch offset = 64, size = 8}}
tt.func @partitions_never_share() {
  ttg.warp_specialize()
  default {
    // expected-remark @below {{offset = 32, size = 16}}
    %d = ttg.local_alloc : () -> !ttg.memdesc<4xf32, #vec, #smem, mutable>
    ttg.warp_yield
  }
  partition0() num_warps(4) {
    // expected-remark @below {{offset = 48, size = 16}}
    %a = ttg.local_alloc : () -> !ttg.memdesc<4xf32, #vec, #smem, mutable>
    // expected-remark @below {{offset = 48, size = 16}}
    %b = ttg.local_alloc : () -> !ttg.memdesc<4xf32, #vec, #smem, mutable>
    ttg.warp_return
  }
  partition1() num_warps(4) {
    // expected-remark @below {{offset = 0, size = 32}}
    %c = ttg.local_alloc : () -> !ttg.memdesc<8xf32, #vec, #smem, mutable>
    "use"(%c) : (!ttg.memdesc<8xf32, #vec, #smem, mutable>) -> ()
    ttg.warp_return
  } : () -> ()
  tt.return
}

// The result of the warp_specialize is the buffer its default region yields: %x stays live while
// %r is used, so %y cannot take its bytes.
// expected-remark @below {{result_aliases_yielded_buffer}}
// expected-remark @below {{size = 33}}
// expected-remark @below {{scratch offset = 32, size = 1}}
tt.func @result_aliases_yielded_buffer() {
  // expected-remark @below {{offset = 0, size = 16}}
  %x = ttg.local_alloc : () -> !ttg.memdesc<4xf32, #vec, #smem, mutable>
  %r = ttg.warp_specialize()
  default {
    ttg.warp_yield %x : !ttg.memdesc<4xf32, #vec, #smem, mutable>
  }
  partition0() num_warps(1) {
    ttg.warp_return
  } : () -> !ttg.memdesc<4xf32, #vec, #smem, mutable>
  // expected-remark @below {{offset = 16, size = 16}}
  %y = ttg.local_alloc : () -> !ttg.memdesc<4xf32, #vec, #smem, mutable>
  "use"(%y) : (!ttg.memdesc<4xf32, #vec, #smem, mutable>) -> ()
  "use"(%r) : (!ttg.memdesc<4xf32, #vec, #smem, mutable>) -> ()
  tt.return
}

// A buffer dead before the warp_specialize gives its bytes to the default region.
// expected-remark @below {{dead_before_warp_specialize}}
// expected-remark @below {{size = 18}}
// expected-remark @below {{scratch offset = 16, size = 2}}
tt.func @dead_before_warp_specialize() {
  // expected-remark @below {{offset = 0, size = 16}}
  %x = ttg.local_alloc : () -> !ttg.memdesc<4xf32, #vec, #smem, mutable>
  "use"(%x) : (!ttg.memdesc<4xf32, #vec, #smem, mutable>) -> ()
  ttg.warp_specialize()
  default {
    // expected-remark @below {{offset = 0, size = 16}}
    %y = ttg.local_alloc : () -> !ttg.memdesc<4xf32, #vec, #smem, mutable>
    "use"(%y) : (!ttg.memdesc<4xf32, #vec, #smem, mutable>) -> ()
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    ttg.warp_return
  } : () -> ()
  tt.return
}
}

// -----

#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @tensor_capture(%t: tensor<4xf32>) {
  // expected-error @below {{cannot pass a value of type tensor<4xf32> to the partitions through shared memory}}
  ttg.warp_specialize(%t)
  default {
    ttg.warp_yield
  }
  partition0(%a: tensor<4xf32>) num_warps(1) {
    ttg.warp_return
  } : (tensor<4xf32>) -> ()
  tt.return
}
}
