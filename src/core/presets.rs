//! The course material's own examples as presets: points and the settings that reproduce them.

use super::algo::kernel::Kernel;
use super::algo::registry::{Algorithm, Setup};
use super::algo::Example;
use super::order::unit_stream;
use super::{InitWeights, Label, Settings};

/// A named example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// Seed 000's step table: 5 points, start `[-1, 0, 0]`, data order, one pass shown.
    Seed000,
    /// Seed 001's first example: 4 points, no bias; converges after round 4.
    Seed001,
    /// Seed 001's XOR-like set: no bias; back at `w = 0` after every pass, never converges.
    Xor,
    /// Seed 002's random set: 100 uniform points in `[0, 1]²` labelled by
    /// `0.7·x1 + 0.4·x2 > 0.5`, random start, ε = 1, at most 100 epochs.
    Seed002,
    /// Separable, but with a small margin and so a large mistake bound.
    SmallMargin,
    /// Two overlapping clusters with label noise: not separable.
    Noisy,
    /// No points, default settings.
    Blank,
    /// XOR as four clusters, solved by the kernel perceptron with an RBF kernel.
    XorRbf,
    /// Two concentric rings, solved by the kernel perceptron with a quadratic kernel.
    RingsPoly,
    /// Three blobs for the multiclass perceptron (and one-vs-rest, one-vs-one).
    Blobs3,
    /// Seed 000's multiclass worked example: one sample, three classes, the course's W.
    Seed000Multiclass,
    /// An algorithm's own example: the `n`th of its registry line's
    /// [`examples`](crate::core::algo::Info::examples).
    Of(Algorithm, u8),
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 11] = [
        Preset::Seed000,
        Preset::Seed001,
        Preset::Xor,
        Preset::Seed002,
        Preset::SmallMargin,
        Preset::Noisy,
        Preset::XorRbf,
        Preset::RingsPoly,
        Preset::Blobs3,
        Preset::Seed000Multiclass,
        Preset::Blank,
    ];

    /// The short id used in menus, links and the CLI.
    pub fn id(self) -> &'static str {
        match self {
            Preset::Seed000 => "seed000",
            Preset::Seed001 => "seed001",
            Preset::Xor => "xor",
            Preset::Seed002 => "seed002",
            Preset::SmallMargin => "small-margin",
            Preset::Noisy => "noisy",
            Preset::Blank => "blank",
            Preset::XorRbf => "xor-rbf",
            Preset::RingsPoly => "rings-poly",
            Preset::Blobs3 => "blobs3",
            Preset::Seed000Multiclass => "seed000-multiclass",
            Preset::Of(..) => self.example().map_or("blank", |e| e.id),
        }
    }

    /// Every example in menu order: the course's, then the algorithms' own, then Blank.
    pub fn all() -> Vec<Preset> {
        let own = Algorithm::ALL
            .into_iter()
            .flat_map(|a| (0..a.info().examples.len()).map(move |n| Preset::Of(a, n as u8)));
        Preset::ALL
            .into_iter()
            .filter(|p| *p != Preset::Blank)
            .chain(own)
            .chain([Preset::Blank])
            .collect()
    }

    /// The preset with this id.
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::all().into_iter().find(|p| p.id() == id)
    }

    /// An algorithm's own example, if this is one.
    fn example(self) -> Option<&'static Example> {
        match self {
            Preset::Of(a, n) => a.info().examples.get(usize::from(n)),
            _ => None,
        }
    }

    /// A title for menus.
    pub fn title(self) -> &'static str {
        match self {
            Preset::Seed000 => "Seed 000: the step table",
            Preset::Seed001 => "Seed 001: example 1 (no bias)",
            Preset::Xor => "Seed 001: XOR-like set",
            Preset::Seed002 => "Seed 002: 100 random points",
            Preset::SmallMargin => "Small margin",
            Preset::Noisy => "Noisy, not separable",
            Preset::Blank => "Blank",
            Preset::XorRbf => "XOR solved by an RBF kernel",
            Preset::RingsPoly => "Rings solved by a quadratic kernel",
            Preset::Blobs3 => "Three classes: Gaussian blobs",
            Preset::Seed000Multiclass => "Seed 000: multiclass example",
            Preset::Of(..) => self.example().map_or("Blank", |e| e.title),
        }
    }

    /// The algorithm, kernel and classes of the preset.
    pub fn setup(self) -> Setup {
        let default = Setup::default();
        match self {
            Preset::XorRbf => Setup {
                algorithm: Algorithm::Kernel,
                kernel: Kernel::Rbf { gamma: 0.5 },
                ..default
            },
            Preset::RingsPoly => Setup {
                algorithm: Algorithm::Kernel,
                kernel: Kernel::Poly {
                    degree: 2,
                    gamma: 1.0,
                    c: 1.0,
                },
                ..default
            },
            Preset::Blobs3 => Setup {
                algorithm: Algorithm::Multiclass,
                classes: 3,
                ..default
            },
            Preset::Seed000Multiclass => Setup {
                algorithm: Algorithm::Multiclass,
                classes: 3,
                // Seed 000 writes f(x) = [-2, 3, 1] with the bias feature last; here the bias
                // weight comes first: W_k = [b_k, w_k1, w_k2].
                rows: Some(vec![
                    vec![1.0, -2.0, 2.0],
                    vec![4.0, 0.0, 3.0],
                    vec![-2.0, 1.0, 4.0],
                ]),
                ..default
            },
            Preset::Of(algorithm, _) => Setup {
                algorithm,
                params: self
                    .example()
                    .map(|e| e.params.iter().map(|&(k, v)| (k.to_string(), v)).collect())
                    .unwrap_or_default(),
                ..default
            },
            _ => default,
        }
    }

    /// The points with their class indices (for binary presets, `-1` is class 0 and `+1`
    /// class 1), in data order.
    pub fn class_points(self) -> Vec<([f64; 2], usize)> {
        let on_circle = |u: &[f64], centre: [f64; 2], radius: f64| {
            let angle = u[0] * std::f64::consts::TAU;
            let r = radius * u[1].sqrt();
            [
                round_to(centre[0] + r * angle.cos(), 10.0),
                round_to(centre[1] + r * angle.sin(), 10.0),
            ]
        };
        match self {
            Preset::XorRbf => unit_stream(31, 0, 64)
                .chunks(2)
                .enumerate()
                .map(|(i, u)| {
                    let corner = i % 4;
                    let centre = [
                        if corner % 2 == 0 { 1.5 } else { -1.5 },
                        if corner < 2 { 1.5 } else { -1.5 },
                    ];
                    let class = usize::from(centre[0] * centre[1] > 0.0);
                    (on_circle(u, centre, 0.8), class)
                })
                .collect(),
            Preset::RingsPoly => unit_stream(32, 0, 72)
                .chunks(2)
                .enumerate()
                .map(|(i, u)| {
                    let inner = i % 2 == 0;
                    let angle = u[0] * std::f64::consts::TAU;
                    let radius = if inner {
                        0.4 + 0.6 * u[1]
                    } else {
                        2.2 + 0.6 * u[1]
                    };
                    let p = [
                        round_to(radius * angle.cos(), 10.0),
                        round_to(radius * angle.sin(), 10.0),
                    ];
                    (p, usize::from(inner))
                })
                .collect(),
            Preset::Blobs3 => {
                // Gaussian blobs (σ = 0.6) by the Box–Muller transform of the seeded uniform
                // stream, cut at 2.5σ so that the three classes stay linearly separable.
                const SIGMA: f64 = 0.6;
                let centres = [[-2.5, -1.5], [2.5, -1.5], [0.0, 2.5]];
                unit_stream(33, 0, 72)
                    .chunks(2)
                    .enumerate()
                    .map(|(i, u)| {
                        let r = (SIGMA * (-2.0 * (1.0 - u[0]).ln()).sqrt()).min(2.5 * SIGMA);
                        let angle = u[1] * std::f64::consts::TAU;
                        let centre = centres[i % 3];
                        let p = [
                            round_to(centre[0] + r * angle.cos(), 10.0),
                            round_to(centre[1] + r * angle.sin(), 10.0),
                        ];
                        (p, i % 3)
                    })
                    .collect()
            }
            Preset::Seed000Multiclass => vec![([-2.0, 3.0], 2)],
            Preset::Of(..) => self.example().map_or_else(Vec::new, |e| (e.points)()),
            _ => self
                .points()
                .into_iter()
                .map(|(p, label)| (p, label.class()))
                .collect(),
        }
    }

    /// The points of a binary preset, in data order (multiclass presets: class 1 is `+1`,
    /// the others `−1`).
    pub fn points(self) -> Vec<([f64; 2], Label)> {
        use Label::{Neg, Pos};
        match self {
            Preset::Seed000 => vec![
                ([1.0, 1.0], Neg),
                ([3.0, 2.0], Pos),
                ([2.0, 4.0], Pos),
                ([3.0, 4.0], Pos),
                ([2.0, 3.0], Neg),
            ],
            Preset::Seed001 => vec![
                ([4.0, 0.0], Pos),
                ([1.0, 1.0], Neg),
                ([0.0, 1.0], Neg),
                ([-2.0, -2.0], Pos),
            ],
            Preset::Xor => vec![
                ([1.0, 1.0], Pos),
                ([1.0, -1.0], Neg),
                ([-1.0, 1.0], Neg),
                ([-1.0, -1.0], Pos),
            ],
            Preset::Seed002 => {
                let u = unit_stream(2002, 0, 200);
                u.chunks(2)
                    .map(|c| {
                        let (x, y) = (round_to(c[0], 1e3), round_to(c[1], 1e3));
                        let label = if 0.7 * x + 0.4 * y > 0.5 { Pos } else { Neg };
                        ([x, y], label)
                    })
                    .collect()
            }
            Preset::SmallMargin => {
                // Pairs straddling the line x2 = 0.5·x1 + 0.25, 0.1 apart vertically.
                (-4..=4)
                    .flat_map(|i| {
                        let x = f64::from(i);
                        let on_line = 0.5 * x + 0.25;
                        [
                            ([x, on_line + 0.05], Pos),
                            ([x + 0.5, on_line + 0.25 - 0.05], Neg),
                        ]
                    })
                    .collect()
            }
            Preset::Noisy => {
                let u = unit_stream(7, 0, 80);
                let mut points: Vec<([f64; 2], Label)> = u
                    .chunks(4)
                    .flat_map(|c| {
                        let pos = [
                            round_to(-0.5 + 4.0 * c[0], 10.0),
                            round_to(-0.5 + 4.0 * c[1], 10.0),
                        ];
                        let neg = [
                            round_to(-3.5 + 4.0 * c[2], 10.0),
                            round_to(-3.5 + 4.0 * c[3], 10.0),
                        ];
                        [(pos, Pos), (neg, Neg)]
                    })
                    .collect();
                // Label noise inside each cluster's hull makes the set provably non-separable.
                points.extend([
                    ([3.0, 3.0], Pos),
                    ([1.0, 3.0], Pos),
                    ([3.0, 1.0], Pos),
                    ([1.0, 1.0], Pos),
                    ([2.0, 2.0], Neg),
                    ([-2.0, -2.0], Pos),
                ]);
                points
            }
            Preset::Blank => Vec::new(),
            Preset::XorRbf
            | Preset::RingsPoly
            | Preset::Blobs3
            | Preset::Seed000Multiclass
            | Preset::Of(..) => self
                .class_points()
                .into_iter()
                .map(|(p, c)| (p, if c == 1 { Pos } else { Neg }))
                .collect(),
        }
    }

    /// The settings that reproduce the source.
    pub fn settings(self) -> Settings {
        let default = Settings::default();
        match self {
            Preset::Seed000 => Settings {
                init: InitWeights::Explicit(vec![-1.0, 0.0, 0.0]),
                ..default
            },
            Preset::Seed001 | Preset::Xor => Settings {
                bias: false,
                ..default
            },
            Preset::Seed002 => Settings {
                init: InitWeights::Random,
                seed: 2002,
                max_epochs: 100,
                ..default
            },
            Preset::XorRbf | Preset::RingsPoly | Preset::Blobs3 => Settings {
                max_epochs: 100,
                ..default
            },
            Preset::SmallMargin | Preset::Noisy | Preset::Blank | Preset::Seed000Multiclass => {
                default
            }
            Preset::Of(..) => self.example().map_or(default, |e| (e.settings)()),
        }
    }
}

fn round_to(v: f64, per_unit: f64) -> f64 {
    (v * per_unit).round() / per_unit + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_002_recipe() {
        let points = Preset::Seed002.points();
        assert_eq!(points.len(), 100);
        for ([x, y], label) in points {
            assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y));
            assert_eq!(label == Label::Pos, 0.7 * x + 0.4 * y > 0.5);
        }
        assert_eq!(Preset::Seed002.points(), Preset::Seed002.points(), "seeded");
    }

    #[test]
    fn ids_round_trip() {
        for p in Preset::ALL {
            assert_eq!(Preset::from_id(p.id()), Some(p));
        }
        assert_eq!(Preset::from_id("nope"), None);
    }
}
