//! The course material's own examples as presets: points and the settings that reproduce them.

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
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 7] = [
        Preset::Seed000,
        Preset::Seed001,
        Preset::Xor,
        Preset::Seed002,
        Preset::SmallMargin,
        Preset::Noisy,
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
        }
    }

    /// The preset with this id.
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
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
        }
    }

    /// The points, in data order.
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
            Preset::SmallMargin | Preset::Noisy | Preset::Blank => default,
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
