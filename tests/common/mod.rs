//! Helpers shared by the integration tests (each test file takes the modules it needs).

pub mod practice;
