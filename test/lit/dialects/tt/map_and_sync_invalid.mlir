// RUN: ttc opt %s -split-input-file -verify-diagnostics
// tt.map_elementwise and tt.atomic_poll give Triton's diagnostics.

tt.func @pack_of_three(%a: tensor<128xf32>) {
  // expected-error @below {{'tt.map_elementwise' op Pack must be a power of 2}}
  %r = "tt.map_elementwise"(%a) <{pack = 3 : i32}> ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    tt.map_elementwise.return %x, %y, %z : f32, f32, f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

tt.func @one_argument_for_two(%a: tensor<128xf32>) {
  // expected-error @below {{'tt.map_elementwise' op region has wrong number of arguments}}
  %r = "tt.map_elementwise"(%a) <{pack = 2 : i32}> ({
  ^bb0(%x: f32):
    tt.map_elementwise.return %x, %x : f32, f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

tt.func @integer_arguments(%a: tensor<128xf32>) {
  // expected-error @below {{argument types did not match}}
  %r = "tt.map_elementwise"(%a) <{pack = 1 : i32}> ({
  ^bb0(%x: i32):
    %f = arith.sitofp %x : i32 to f32
    tt.map_elementwise.return %f : f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

tt.func @returns_double(%a: tensor<128xf32>) {
  %r = "tt.map_elementwise"(%a) <{pack = 1 : i32}> ({
  ^bb0(%x: f32):
    %d = arith.extf %x : f32 to f64
    // expected-error @below {{region return does not match map_elementwise result}}
    tt.map_elementwise.return %d : f64
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

tt.func @stores_inside(%a: tensor<128xf32>, %p: !tt.ptr<f32>) {
  %r = "tt.map_elementwise"(%a) <{pack = 1 : i32}> ({
  ^bb0(%x: f32):
    // expected-error @below {{'tt.store' op Stores are not supported inside map_elementwise}}
    tt.store %p, %x : !tt.ptr<f32>
    tt.map_elementwise.return %x : f32
  }) : (tensor<128xf32>) -> tensor<128xf32>
  tt.return
}

// -----

tt.func @poll_release(%p: !tt.ptr<i32>, %e: i32) {
  // expected-error @below {{'tt.atomic_poll' op only supports acquire and relaxed semantics}}
  %ok = tt.atomic_poll release, gpu, %p, %e : !tt.ptr<i32>, i32 -> i1
  tt.return
}

tt.func @poll_bytes(%p: !tt.ptr<i8>, %e: i8) {
  // expected-error @below {{'tt.atomic_poll' op only supports integer elements with width {16, 32, 64}}}
  %ok = tt.atomic_poll acquire, gpu, %p, %e : !tt.ptr<i8>, i8 -> i1
  tt.return
}
