// RUN: ttc opt %s -split-input-file -reconcile-unrealized-casts -verify-diagnostics

// A cast whose value is used and cannot be folded away stays illegal.
module {
  llvm.func @live(%a: i32) -> i64 {
    // expected-error @below {{failed to legalize operation 'builtin.unrealized_conversion_cast' that was explicitly marked illegal}}
    %0 = builtin.unrealized_conversion_cast %a : i32 to i64
    llvm.return %0 : i64
  }
}

// -----

// A chain that does not come back to its start types is one cast too many.
module {
  llvm.func @one_way(%a: i32) -> f32 {
    %0 = builtin.unrealized_conversion_cast %a : i32 to i64
    // expected-error @below {{failed to legalize operation 'builtin.unrealized_conversion_cast' that was explicitly marked illegal}}
    %1 = builtin.unrealized_conversion_cast %0 : i64 to f32
    llvm.return %1 : f32
  }
}
