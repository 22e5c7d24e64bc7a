// RUN: ttc opt %s -split-input-file -tritongpu-global-scratch-memory-allocation | FileCheck %s

// Allocations are placed in order, each at its alignment; the total is rounded up to the largest
// alignment and copied from the kernel onto the module.
// CHECK: module attributes {ttg.global_scratch_memory_alignment = 64 : i32, ttg.global_scratch_memory_size = 192 : i32
// CHECK-SAME: ttg.profile_scratch_memory_alignment = 1 : i32, ttg.profile_scratch_memory_size = 0 : i32
// CHECK-LABEL: tt.func public @in_order
// CHECK: nbytes = 10 : i32, ttg.global_scratch_memory_offset = 0 : i32
// CHECK: nbytes = 100 : i32, ttg.global_scratch_memory_offset = 64 : i32
// CHECK: nbytes = 3 : i32, ttg.global_scratch_memory_offset = 164 : i32
module {
  tt.func public @in_order() {
    %a = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 10 : i32} : !tt.ptr<i8>
    %b = ttg.global_scratch_alloc {alignment = 64 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %c = ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 3 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

// A call reserves its callee's whole buffer (laid out first, whatever the order of definition);
// third-party allocations go to the profile buffer; a zero-byte buffer gets no offset.
// CHECK-LABEL: tt.func public @calls
// CHECK: ttg.global_scratch_memory_alignment = 16 : i32, ttg.global_scratch_memory_size = 48 : i32, ttg.profile_scratch_memory_alignment = 8 : i32, ttg.profile_scratch_memory_size = 8 : i32
// CHECK: nbytes = 4 : i32, ttg.global_scratch_memory_offset = 0 : i32
// CHECK: tt.call @callee() {ttg.global_scratch_memory_offset = 16 : i32, ttg.profile_scratch_memory_offset = 0 : i32}
// CHECK: tt.call @empty() : () -> ()
// CHECK-LABEL: tt.func private @callee
// CHECK-SAME: ttg.global_scratch_memory_alignment = 16 : i32, ttg.global_scratch_memory_size = 32 : i32, ttg.profile_scratch_memory_alignment = 8 : i32, ttg.profile_scratch_memory_size = 8 : i32
// CHECK: nbytes = 20 : i32, ttg.global_scratch_memory_offset = 0 : i32
// CHECK: nbytes = 5 : i32, third_party_allocation, ttg.global_scratch_memory_offset = 0 : i32
// CHECK-LABEL: tt.func private @empty
// CHECK-SAME: ttg.global_scratch_memory_size = 0 : i32
module {
  tt.func public @calls() {
    %a = ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 4 : i32} : !tt.ptr<i8>
    tt.call @callee() : () -> ()
    tt.call @empty() : () -> ()
    tt.return
  }
  tt.func private @callee() {
    %a = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 20 : i32} : !tt.ptr<i8>
    %p = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 5 : i32, third_party_allocation} : !tt.ptr<i8>
    tt.return
  }
  tt.func private @empty() {
    tt.return
  }
}
