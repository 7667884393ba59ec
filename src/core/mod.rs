//! The model: pure Rust, tested natively.
//!
//! Conventions follow the course material (`shared/seeds`):
//! - weights are written **bias first**, `[w0, w1, w2]`, where `w0 = b` is the weight of an
//!   always-1 feature (seed 000);
//! - a visit of sample `(x, y)`, `y ∈ {−1, +1}`, is a **mistake when `y·(w·x + b) ≤ 0`**, so a
//!   zero score is a mistake (seed 001, scikit-learn);
//! - on a mistake `w ← w + η·y·x` and `b ← b + η·y`.

pub mod algo;
pub mod audio;
pub mod augmented;
pub mod code;
pub mod compare;
pub mod curve;
mod data;
mod error;
mod explain;
mod geometry;
mod history;
pub mod i18n;
pub mod numfmt;
mod order;
pub mod practice;
mod presets;
pub mod region;
pub mod scenario;
mod scene;
mod schedule;
mod session;
mod settings;
pub mod speech;
mod status;
pub mod table;
pub mod theory;
pub mod trace;
pub mod words;

pub use algo::perceptron::{Refusal, StepOutcome, StepRecord, TrainState, Trainer};
pub use algo::registry::{Algorithm, Model, Record, Setup};
pub use algo::{set_name_normalizer, Learner, Visit};
pub use data::{parse_csv, CsvLines, Dataset, Label, MAX_CLASS_INDEX};
pub use error::{cut, excerpt, Error};
pub use explain::Explanation;
pub use geometry::{band, clip_polygon, clip_segment, positive_region, Boundary, Rect};
pub use history::{Entry, History, HISTORY_LIMIT};
pub use order::{epoch_order, init_stream_value, unit_stream};
pub use presets::Preset;
pub use region::Region;
pub use scene::{ClassLine, CursorMark, Guess, MarginView, Scene, ScenePoint, Visited};
pub use session::{
    cursor_steps, Action, Ask, BatchView, Changed, CursorAction, EtaKey, Gram, PointRow,
    PracticeAction, PracticeView, Progress, Session, TraceRow, Utterance, DEFAULT_SECOND_ETA,
    DEFAULT_VIEW, MAX_EDITS, MAX_POINTS, MAX_STEPS_PER_TICK, POINT_ROWS_LIMIT, SLICE_WORK,
    STEP_OVERHEAD, TICK_WORK, UNDO_LIMIT, WORK_BUDGET,
};
pub use settings::{InitWeights, Order, Settings, SettingsForm, MAX_EPOCHS_LIMIT};
pub use status::Status;
pub use theory::{margin_of, max_margin, mistake_bound, radius, MaxMargin};
