//! The handle the page holds: every method is one user intent, translated into an action.
//! Every method, and the animation frame, runs through the panic guard (`Lab::with`,
//! `Lab::query`, `Lab::alive`): after a panic each is refused and no frame is queued again.
//! A call that may change what is drawn queues a frame (`Lab::with`); a query does not
//! (`Lab::query`).

// The crash panel's message for a lab whose state a call left in use (see `on_frame`).
use super::runner::Runner;
use super::{dom, panic};
use crate::core::words::LEFT_IN_USE;
use crate::core::{Action, Error, Label, Preset};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlElement, Window};

/// The animation-frame callback, created once per handle and reused for every frame.
type FrameCallback = Closure<dyn FnMut(f64)>;

struct Shared {
    runner: RefCell<Runner>,
    frame_callback: RefCell<Option<FrameCallback>>,
    frame_pending: Cell<bool>,
    frame_id: Cell<Option<i32>>,
    window: Window,
    on_step: RefCell<Option<js_sys::Function>>,
    notified: Cell<u64>,
    /// Whether the step listener is being told of new steps (`notify_steps` is under way).
    notifying: Cell<bool>,
    /// This lab's id for the panic guard.
    id: u32,
    /// The lab's root and the listeners the lab put on it (panels' commands and toggles).
    root: HtmlElement,
    listeners: RefCell<Vec<RootListener>>,
}

/// A listener on the lab's root: the event type, the callback, whether it listens in capture.
type RootListener = (&'static str, Closure<dyn FnMut(web_sys::Event)>, bool);

impl Drop for Shared {
    // A frame still queued would call a closure that is gone: cancel it.
    fn drop(&mut self) {
        if let Some(id) = self.frame_id.take() {
            let _ = self.window.cancel_animation_frame(id);
        }
        for (kind, callback, capture) in self.listeners.borrow().iter() {
            let _ = self.root.remove_event_listener_with_callback_and_bool(
                kind,
                callback.as_ref().unchecked_ref(),
                *capture,
            );
        }
        panic::unregister(self.id);
    }
}

impl Shared {
    /// Queues one animation frame unless one is already queued.
    fn request_frame(&self) {
        if self.frame_pending.get() || panic::has_panicked() {
            return;
        }
        let callback = self.frame_callback.borrow();
        let Some(callback) = callback.as_ref() else {
            return;
        };
        if let Ok(id) = self
            .window
            .request_animation_frame(callback.as_ref().unchecked_ref())
        {
            self.frame_pending.set(true);
            self.frame_id.set(Some(id));
        }
    }

    /// The animation frame: through the panic guard like every call, so that after a panic
    /// no frame draws and none is queued again.
    ///
    /// No call into the lab can be under way when an animation frame starts (the browser runs
    /// frames from its event loop, with nothing of the page's script on the stack). So a runner
    /// still in use here was left so by a call that never returned: the page's script ran out
    /// of stack part-way through it (a JavaScript exception unwinds the WebAssembly frames
    /// without releasing anything). Its state cannot be trusted: the lab shows its crash panel
    /// instead of answering "busy" to every call for good.
    fn on_frame(&self, now_ms: f64) {
        self.frame_pending.set(false);
        self.frame_id.set(None);
        // Likewise a notification left half-way is over (its loop is no longer on the stack).
        self.notifying.set(false);
        if !panic::has_panicked() && self.runner.try_borrow_mut().is_err() {
            panic::stop(self.id, LEFT_IN_USE);
            return;
        }
        let wants_more = panic::guard(self.id, || {
            let Ok(mut runner) = self.runner.try_borrow_mut() else {
                return Ok(false);
            };
            #[cfg(feature = "test-hooks")]
            super::hooks::trap_if_asked();
            if let Err(message) = runner.frame(now_ms) {
                web_sys::console::error_1(&JsValue::from_str(&message));
            }
            Ok(runner.wants_frames())
        });
        let Ok(wants_more) = wants_more else {
            return;
        };
        self.notify_steps();
        if wants_more {
            self.request_frame();
        }
    }

    /// Calls the step listener once per new step (with the step's record), oldest first.
    ///
    /// A listener may call the lab, and step it again: that call's own notification finds this
    /// one under way and returns at once, and the loop here hands out its steps next. So
    /// listeners never nest inside each other's calls and the stack stays as deep as one
    /// listener's call, however long a chain of steps the listeners make (a listener that steps
    /// until step 2,000 used to nest 2,000 calls deep and overflow the page's stack part-way
    /// through one, leaving the lab "busy" for good).
    fn notify_steps(&self) {
        if self.notifying.replace(true) {
            return;
        }
        loop {
            if self.on_step.borrow().is_none() {
                break;
            }
            let (now, records) = {
                let Ok(runner) = self.runner.try_borrow() else {
                    break;
                };
                runner.records_since(self.notified.get(), 10_000)
            };
            self.notified.set(now);
            if records.is_empty() {
                break;
            }
            for record in records {
                // The listener as it is now: one removed by the call before hears no more.
                let Some(listener) = self.on_step.borrow().clone() else {
                    break;
                };
                // The runner is released: the listener may call the handle.
                let value = js_sys::JSON::parse(&record).unwrap_or(JsValue::NULL);
                if let Err(e) = listener.call1(&JsValue::NULL, &value) {
                    web_sys::console::error_1(&e);
                }
            }
        }
        self.notifying.set(false);
    }
}

/// One Perceptron Lab on a page: a plot, a status line and the session behind them.
#[wasm_bindgen]
pub struct Lab {
    shared: Rc<Shared>,
}

#[cfg(feature = "test-hooks")]
impl Lab {
    /// Leaves the runner in use as a call that never returned does (the page's stack overflowed
    /// part-way through it): for `debug_leave_in_use`.
    pub(super) fn leave_runner_in_use(&self) -> Result<(), JsValue> {
        self.alive()?;
        if let Ok(runner) = self.shared.runner.try_borrow_mut() {
            std::mem::forget(runner);
        }
        Ok(())
    }
}

#[wasm_bindgen]
impl Lab {
    /// Mounts on `root`, which must hold a slot for the plot panel (`data-panels="plot"`) or a
    /// `<canvas>` of its own; status fields are the elements marked `data-field="step"`, … and
    /// the class buttons `data-class="pos"|"neg"`. The lab's crash panel is `[data-role="crash"]`
    /// inside `root` (its message in its `[data-role="crash-message"]`), else the page's `#crash`.
    #[wasm_bindgen(constructor)]
    pub fn new(root: HtmlElement) -> Result<Lab, JsValue> {
        panic::install();
        super::install_name_normalizer();
        if panic::has_panicked() {
            return Err(JsValue::from_str(crate::core::words::STOPPED));
        }
        let window = dom::window()?;
        super::language::choose(&window, &root);
        let runner = Runner::new(&root)?;
        let id = panic::register(&root);
        let shared = Rc::new(Shared {
            runner: RefCell::new(runner),
            frame_callback: RefCell::new(None),
            frame_pending: Cell::new(false),
            frame_id: Cell::new(None),
            on_step: RefCell::new(None),
            notified: Cell::new(0),
            notifying: Cell::new(false),
            window,
            id,
            root: root.clone(),
            listeners: RefCell::new(Vec::new()),
        });
        let weak = Rc::downgrade(&shared);
        let callback = Closure::<dyn FnMut(f64)>::new(move |now_ms: f64| {
            if let Some(shared) = weak.upgrade() {
                shared.on_frame(now_ms);
            }
        });
        *shared.frame_callback.borrow_mut() = Some(callback);
        let lab = Lab { shared };
        lab.listen_to_panels();
        lab.resize()?;
        // The first frame now, not one animation frame later.
        let now = lab.now();
        panic::guard(id, || {
            if let Ok(mut runner) = lab.shared.runner.try_borrow_mut() {
                if let Err(message) = runner.frame(now) {
                    web_sys::console::error_1(&JsValue::from_str(&message));
                }
            }
            Ok(())
        })?;
        Ok(lab)
    }

    /// The speed control's label for `steps_per_second`: `5.0 steps/s`, `20 steps/s` or `max`,
    /// in the words Play's announcement uses.
    pub fn speed_label(&self, steps_per_second: f64) -> Result<String, JsValue> {
        self.alive()?;
        Ok(crate::core::words::speed_label(steps_per_second))
    }

    /// The page's clock in milliseconds (the animation frames' time base).
    fn now(&self) -> f64 {
        self.shared.window.performance().map_or(0.0, |p| p.now())
    }

    /// The panic guard alone, for an entry point that checks its arguments before it needs the
    /// runner: after a panic it refuses before looking at them.
    pub(super) fn alive(&self) -> Result<(), JsValue> {
        panic::guard(self.shared.id, || Ok(()))
    }

    /// The panic guard and the runner, for every entry point: refused after a panic or while
    /// the runner is in use; afterwards the frame is queued and the step listener told.
    pub(super) fn with<T>(
        &self,
        f: impl FnOnce(&mut Runner) -> Result<T, Error>,
    ) -> Result<T, JsValue> {
        let result = panic::guard(self.shared.id, || {
            let Ok(mut runner) = self.shared.runner.try_borrow_mut() else {
                return Err(JsValue::from_str(crate::core::words::BUSY));
            };
            f(&mut runner).map_err(|e| JsValue::from_str(&e.to_string()))
        });
        if !panic::has_panicked() {
            self.shared.request_frame();
            self.shared.notify_steps();
        }
        result
    }

    /// Listens on the lab's root for the registry panels' commands (see `panels/events.rs`);
    /// a toggle brings an opened panel up to date.
    fn listen_to_panels(&self) {
        let on = |kind: &'static str, capture: bool, f: fn(&Lab, &web_sys::Event)| {
            let weak = Rc::downgrade(&self.shared);
            let callback = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
                if let Some(shared) = weak.upgrade() {
                    f(&Lab { shared }, &e);
                }
            });
            let target: &web_sys::EventTarget = self.shared.root.as_ref();
            let listener = callback.as_ref().unchecked_ref();
            let _ = target.add_event_listener_with_callback_and_bool(kind, listener, capture);
            self.shared
                .listeners
                .borrow_mut()
                .push((kind, callback, capture));
        };
        // Captured: `toggle` does not bubble.
        for kind in super::panels::LISTENED {
            on(kind, true, |lab, e| {
                if let Some((name, event)) = super::panels::asked(e) {
                    let _ = lab.with(|runner| runner.panel_event(&name, &event));
                }
            });
        }
    }

    /// The panic guard and the runner, read only, for a query (a getter): refused after a panic
    /// or while the runner is in use, as [`Lab::with`] is; a query changes nothing, so no
    /// animation frame is queued and no step listener told.
    pub(super) fn query<T>(
        &self,
        f: impl FnOnce(&Runner) -> Result<T, Error>,
    ) -> Result<T, JsValue> {
        panic::guard(self.shared.id, || {
            let Ok(runner) = self.shared.runner.try_borrow_mut() else {
                return Err(JsValue::from_str(crate::core::words::BUSY));
            };
            f(&runner).map_err(|e| JsValue::from_str(&e.to_string()))
        })
    }

    /// Calls `listener(record)` after every step from now on (the step's record as an object,
    /// with `kind`, `step` and `mistake`); `null` removes it. Steps taken before are not
    /// reported.
    pub fn on_step(&self, listener: Option<js_sys::Function>) -> Result<(), JsValue> {
        let now = self.with(|runner| Ok(runner.records_since(u64::MAX, 0).0))?;
        self.shared.notified.set(now);
        *self.shared.on_step.borrow_mut() = listener;
        Ok(())
    }

    /// A click or tap at CSS position `(x, y)` from the canvas's top-left. Adds a point of the
    /// selected class (the other class when `alternate`). Returns `false` when the position is
    /// outside the plot area, where a click does nothing.
    pub fn click(&self, x: f64, y: f64, alternate: bool) -> Result<bool, JsValue> {
        self.with(|runner| {
            let Some((x, y, pixel)) = runner.data_at(x, y) else {
                return Ok(false);
            };
            runner.apply(Action::AddPoint {
                x,
                y,
                alternate,
                pixel,
            })?;
            Ok(true)
        })
    }

    /// A pointer went down at CSS position `(x, y)`: grabs the point under it (within `reach`
    /// CSS pixels) for dragging.
    pub fn press(&self, x: f64, y: f64, reach: f64) -> Result<(), JsValue> {
        self.with(|runner| {
            let Some((x, y, _)) = runner.data_at(x, y) else {
                return Ok(());
            };
            let reach = runner.reach(reach);
            runner.apply(Action::Press { x, y, reach })
        })
    }

    /// A pinch: zooms the view by `factor` about CSS position `(x, y)` (`Action::ZoomView`).
    pub fn zoom(&self, factor: f64, x: f64, y: f64) -> Result<(), JsValue> {
        self.with(|runner| match runner.data_at_clamped(x, y) {
            Some((x, y, _)) => runner.apply(Action::ZoomView { factor, x, y }),
            None => Ok(()),
        })
    }

    /// The pointer moved to CSS position `(x, y)` while down: drags the grabbed point (kept
    /// inside the plot).
    pub fn drag_to(&self, x: f64, y: f64) -> Result<(), JsValue> {
        self.with(|runner| {
            let Some((x, y, pixel)) = runner.data_at_clamped(x, y) else {
                return Ok(());
            };
            runner.apply(Action::DragTo { x, y, pixel })
        })
    }

    /// The pointer went up at CSS position `(x, y)`: drops a dragged point, selects a point that
    /// was only clicked, or adds a point (the other class when `alternate`) where nothing was
    /// grabbed. Outside the plot nothing is added.
    pub fn release(&self, x: f64, y: f64, alternate: bool) -> Result<(), JsValue> {
        self.with(|runner| {
            let at = runner.data_at(x, y).or_else(|| {
                // A drag may end outside the plot; the point stays at the edge.
                runner
                    .is_dragging()
                    .then(|| runner.data_at_clamped(x, y))
                    .flatten()
            });
            let Some((x, y, pixel)) = at else {
                return Ok(());
            };
            runner.apply(Action::Release {
                x,
                y,
                alternate,
                pixel,
            })
        })
    }

    /// Right-click or long-press at CSS position `(x, y)`: removes the point within `reach` CSS
    /// pixels; with no point there, `add_other` adds a point of the other class (right-click).
    pub fn secondary(&self, x: f64, y: f64, reach: f64, add_other: bool) -> Result<(), JsValue> {
        self.with(|runner| {
            let Some((x, y, pixel)) = runner.data_at(x, y) else {
                return Ok(());
            };
            let reach = runner.reach(reach);
            runner.apply(Action::Secondary {
                x,
                y,
                reach,
                add_other,
                pixel,
            })
        })
    }

    /// Removes the selected point (Delete).
    pub fn delete_selected(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::DeleteSelected))
    }

    /// Chooses the class that plain clicks and taps add: `true` for +1, `false` for −1.
    pub fn select_class(&self, positive: bool) -> Result<(), JsValue> {
        let label = if positive { Label::Pos } else { Label::Neg };
        self.with(|runner| runner.apply(Action::SelectClass(label.class())))
    }

    /// The class key `n` (1, 2, …): for the binary algorithms 1 is `+1` and 2 is `−1`; for the
    /// multiclass ones key n is class n − 1.
    pub fn select_class_key(&self, n: u32) -> Result<(), JsValue> {
        self.with(|runner| {
            let class = runner.class_for_key(n as usize);
            runner.apply(Action::SelectClass(class))
        })
    }

    /// Replaces the points by those of a CSV file's text (`x1,x2,label`). A file that cannot be
    /// read changes nothing; the error names the line and the reason.
    pub fn import_csv(&self, text: &str) -> Result<(), JsValue> {
        let bytes = text.as_bytes().to_vec();
        self.with(|runner| runner.apply(Action::ImportCsv(bytes)))
    }

    /// Like `import_csv`, from the file's raw bytes (so that bytes that are not UTF-8 are
    /// named with their line).
    pub fn import_csv_bytes(&self, bytes: &[u8]) -> Result<(), JsValue> {
        let bytes = bytes.to_vec();
        self.with(|runner| runner.apply(Action::ImportCsv(bytes)))
    }

    /// Opens a link fragment (`#v=1&…`): returns whether it held a scenario. A link that cannot
    /// be opened changes nothing; the error says why.
    pub fn open_link(&self, fragment: &str) -> Result<bool, JsValue> {
        self.skip_replayed_steps();
        self.with(|runner| runner.open_link(fragment))
    }

    /// A scenario's replay is not new steps: the step listener hears only what follows (the
    /// next notification then only catches up with the step count).
    pub(super) fn skip_replayed_steps(&self) {
        self.shared.notified.set(u64::MAX);
    }

    /// The link fragment of the current state (without `#`); an error when the points are too
    /// many for a link.
    pub fn link(&self) -> Result<String, JsValue> {
        self.query(|runner| runner.link())
    }

    /// From now on this lab writes its link into the page's address bar (with
    /// `history.replaceState`, followed by the page's own keys `page_keys`, e.g. `hide=trace`)
    /// and into the share box (`[data-role="share-link"]`), in the animation frame after each
    /// change. Only the main page's lab does; embedded labs never touch the address. A link the
    /// user pastes or types always wins: give it to `open_link` on `hashchange`.
    pub fn write_address(&self, page_keys: &str) -> Result<(), JsValue> {
        let window = self.shared.window.clone();
        self.with(|runner| {
            runner.write_address(window, page_keys);
            Ok(())
        })
    }

    /// "Copy link": the link of the current state, written into the address bar and the share
    /// box now (for a lab that writes the address), returned as the whole URL to copy (the link
    /// fragment for one that does not). An error when the points are too many for a link.
    pub fn copy_link(&self) -> Result<String, JsValue> {
        let now = self.now();
        self.with(|runner| runner.copy_link(now))
    }

    /// The text the status field `name` (`step`, `weights`, `notice`, …) shows for the current
    /// state, as the next frame writes it; `undefined` for a name that is not a field.
    pub fn field(&self, name: &str) -> Result<Option<String>, JsValue> {
        self.query(|runner| Ok(runner.field(name)))
    }

    /// Opens a file the user chose or dropped: scenario JSON when its name ends in `.json` or it
    /// starts with `{`, else a points CSV (`x1,x2,label`). A file that cannot be read changes
    /// nothing; the error names the line and the reason.
    /// The error names the file.
    pub fn open_file(&self, name: &str, bytes: &[u8]) -> Result<(), JsValue> {
        self.alive()?;
        let json = name.to_ascii_lowercase().ends_with(".json") || bytes.first() == Some(&b'{');
        let opened = if !json {
            self.import_csv_bytes(bytes)
        } else if let Ok(text) = std::str::from_utf8(bytes) {
            // A byte-order mark is not part of the JSON.
            self.open_json(text.strip_prefix('\u{feff}').unwrap_or(text))
        } else {
            Err(JsValue::from_str(crate::core::words::NOT_UTF8))
        };
        opened.map_err(|e| match e.as_string() {
            Some(reason) => JsValue::from_str(&crate::core::words::file_refused(name, &reason)),
            None => e,
        })
    }

    /// What the page says when the browser could not read the file `name` (`reason`, the
    /// browser's words): nothing was opened.
    pub fn file_unreadable(&self, name: &str, reason: &str) -> Result<String, JsValue> {
        self.alive()?;
        Ok(crate::core::words::file_unreadable(name, reason))
    }

    /// Opens scenario JSON; a file that cannot be read changes nothing and says why.
    pub fn open_json(&self, text: &str) -> Result<(), JsValue> {
        self.skip_replayed_steps();
        self.with(|runner| runner.open_json(text))
    }

    /// Shows a message in the status line.
    pub fn say(&self, text: &str) -> Result<(), JsValue> {
        let text = text.to_string();
        self.with(|runner| runner.apply(Action::Say(text)))
    }

    /// Says in the status line why what the page tried to open was refused, for `what` a
    /// `link` (typed or pasted: nothing changed), a `scenario` (an embedded lab's own) or a
    /// `language` (the menu's, when the state cannot cross the reload); `reason` is why.
    pub fn say_refused(&self, what: &str, reason: &str) -> Result<(), JsValue> {
        self.alive()?;
        let text = match what {
            "link" => crate::core::words::link_refused(reason),
            "scenario" => crate::core::words::scenario_refused(reason),
            "language" => crate::core::i18n::t!("language-refused", reason = reason),
            _ => return Err(JsValue::from_str(crate::core::words::NOT_REFUSABLE)),
        };
        self.with(|runner| runner.apply(Action::Say(text)))
    }

    /// The sentence that says a practice answer's events did not reach `report` (the course
    /// page's origin), for each failure in `failures` (`; `-separated).
    pub fn answer_not_sent(&self, report: &str, failures: &str) -> Result<String, JsValue> {
        self.alive()?;
        Ok(crate::core::words::answer_not_sent(report, failures))
    }

    /// Stops the long work under way (a run or an opening shown with a progress bar) and puts
    /// back what was there before it began.
    pub fn cancel(&self) -> Result<(), JsValue> {
        self.with(|runner| runner.apply(Action::Cancel))
    }

    /// Whether long work is under way (its progress bar shown; Escape cancels it).
    pub fn busy(&self) -> Result<bool, JsValue> {
        self.query(|runner| Ok(runner.is_busy()))
    }

    /// Loads a course example by id: `seed000`, `seed001`, `xor`, `seed002`, `small-margin`,
    /// `noisy` or `blank`.
    pub fn load_preset(&self, id: &str) -> Result<(), JsValue> {
        self.alive()?;
        let Some(preset) = Preset::from_id(id) else {
            return Err(JsValue::from_str(&crate::core::words::no_preset(id)));
        };
        self.with(|runner| runner.apply(Action::LoadPreset(preset)))
    }

    /// Follows the canvas's CSS size and the devicePixelRatio; call on resize.
    pub fn resize(&self) -> Result<(), JsValue> {
        let dpr = self.shared.window.device_pixel_ratio();
        self.with(|runner| {
            // A redraw only when the backing store changed: the page's ResizeObserver also
            // reports the canvas's first size, right after the first frame was drawn.
            if runner.fit_canvas(dpr) {
                runner.invalidate();
            }
            Ok(())
        })
    }

    /// Draws everything afresh in the next frame: for a panel just opened or resized.
    pub fn refresh(&self) -> Result<(), JsValue> {
        self.with(|runner| {
            runner.invalidate();
            Ok(())
        })
    }

    /// Where data point `(x, y)` is drawn, as `[x, y]` in CSS pixels from the canvas's top-left
    /// (empty before the first frame). For tests and embedding pages that place overlays.
    pub fn to_css(&self, x: f64, y: f64) -> Vec<f64> {
        self.query(|runner| Ok(runner.css_of(x, y)))
            .ok()
            .flatten()
            .map_or_else(Vec::new, |(cx, cy)| vec![cx, cy])
    }
}
