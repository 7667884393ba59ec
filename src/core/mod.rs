//! The model: pure Rust, tested natively.
//!
//! Conventions follow the course material (`shared/seeds`):
//! - weights are written **bias first**, `[w0, w1, w2]`, where `w0 = b` is the weight of an
//!   always-1 feature (seed 000);
//! - a visit of sample `(x, y)`, `y ∈ {−1, +1}`, is a **mistake when `y·(w·x + b) ≤ 0`**, so a
//!   zero score is a mistake (seed 001, scikit-learn);
//! - on a mistake `w ← w + η·y·x` and `b ← b + η·y`.

mod data;
mod error;
mod geometry;
pub mod numfmt;
mod order;
mod record;
mod scene;
mod session;
mod settings;
mod status;
pub mod table;
mod trainer;

pub use data::{parse_csv, Dataset, Label};
pub use error::Error;
pub use geometry::{clip_segment, positive_region, Boundary, Rect};
pub use order::{epoch_order, init_stream_value};
pub use record::StepRecord;
pub use scene::{Scene, ScenePoint, Visited};
pub use session::{Action, Changed, Session, DEFAULT_VIEW};
pub use settings::{InitWeights, Order, Settings, SettingsForm, MAX_EPOCHS_LIMIT};
pub use status::Status;
pub use trainer::{Refusal, StepOutcome, TrainState, Trainer};
