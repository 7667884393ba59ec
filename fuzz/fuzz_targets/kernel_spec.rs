//! `Kernel::parse` on arbitrary text: it never panics, what it accepts passes `validate`, and
//! `Display` writes it back in a form that parses to the same kernel, bit for bit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perceptron_lab::core::algo::kernel::Kernel;

/// The kernel's parameters as exact bit patterns, so that 0 and -0 are told apart.
fn bits(kernel: &Kernel) -> (u8, u32, u64, u64) {
    match *kernel {
        Kernel::Linear => (0, 0, 0, 0),
        Kernel::Poly { degree, gamma, c } => (1, degree, gamma.to_bits(), c.to_bits()),
        Kernel::Rbf { gamma } => (2, 0, gamma.to_bits(), 0),
    }
}

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let Ok(kernel) = Kernel::parse(text) else {
        return;
    };
    if let Err(e) = kernel.validate() {
        panic!("{text:?} parsed to {kernel:?}, which fails validation: {e}");
    }
    let shown = kernel.to_string();
    let back = match Kernel::parse(&shown) {
        Ok(back) => back,
        Err(e) => panic!("{text:?} parsed to {kernel:?}, shown as {shown:?}, which fails: {e}"),
    };
    assert_eq!(back, kernel, "{text:?} -> {shown:?} does not round-trip");
    assert_eq!(
        bits(&back),
        bits(&kernel),
        "{text:?} -> {shown:?} changes a bit pattern"
    );
    assert_eq!(back.to_string(), shown, "Display is not stable");
    // FromStr is the same reader.
    assert_eq!(shown.parse::<Kernel>().ok(), Some(kernel));
});
