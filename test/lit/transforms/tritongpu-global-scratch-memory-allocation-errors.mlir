// RUN: ttc opt %s -split-input-file -tritongpu-global-scratch-memory-allocation -verify-diagnostics

module {
  tt.func public @self() {
    // expected-error @below {{recursive call of 'self': global scratch cannot be laid out}}
    tt.call @self() : () -> ()
    tt.return
  }
}

// -----

module {
  tt.func public @outer() {
    tt.call @ping() : () -> ()
    tt.return
  }
  tt.func private @ping() {
    tt.call @pong() : () -> ()
    tt.return
  }
  tt.func private @pong() {
    // expected-error @below {{recursive call of 'ping': global scratch cannot be laid out}}
    tt.call @ping() : () -> ()
    tt.return
  }
}
