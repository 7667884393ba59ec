//! The handle's methods that write the run out: the scenario as JSON, the plot as SVG, the
//! Python code of the run, the points as CSV and the trace as a table. Each is one user intent
//! through the panic guard, like every method of the handle.

use super::handle::Lab;
use crate::core::table::TableFormat;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Lab {
    /// The current scenario as JSON (the file "Export scenario" saves).
    pub fn scenario_json(&self) -> Result<String, JsValue> {
        self.query(|runner| Ok(runner.scenario_json()))
    }

    /// The plot as an SVG document, drawn by the same code as the canvas.
    pub fn export_svg(&self) -> Result<String, JsValue> {
        self.with(|runner| runner.export_svg())
    }

    /// "This run in code": the Python snippet that reproduces the run on show (scikit-learn
    /// and NumPy), the same text as `perceptron-trace --emit python`; for the Copy button.
    pub fn python_code(&self) -> Result<String, JsValue> {
        self.query(|runner| Ok(runner.python_code()))
    }

    /// The points as CSV text, `x1,x2,label`.
    pub fn points_csv(&self) -> Result<String, JsValue> {
        self.query(|runner| Ok(runner.points_csv()))
    }

    /// The trace up to the current step as `markdown`, `csv` or `latex` (booktabs).
    pub fn trace_export(&self, format: &str) -> Result<String, JsValue> {
        self.alive()?;
        let Some(format) = TableFormat::parse(format) else {
            return Err(JsValue::from_str(crate::core::words::TABLE_FORMATS));
        };
        self.query(|runner| Ok(runner.trace_export(format)))
    }
}
