//! One drawing backend type for everything the page draws: the canvases (plotters-canvas) and
//! the SVG exports (plotters' SVG backend). render's drawing functions are generic over the
//! backend; drawn through this one type they are compiled once into the page's WebAssembly
//! instead of once per backend (issue #13: the second copy was about 80 KB of the module).
//! Every call is handed on to the backend inside, unchanged.

use plotters::prelude::SVGBackend;
use plotters_backend::{
    BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;
use web_sys::HtmlCanvasElement;

/// A canvas or an SVG document, as one backend.
pub(super) enum PageBackend<'a> {
    Canvas(CanvasBackend),
    Svg(SVGBackend<'a>),
}

impl PageBackend<'_> {
    /// The canvas's backend; `None` when it has no 2D context.
    pub(super) fn canvas(canvas: &HtmlCanvasElement) -> Option<PageBackend<'static>> {
        CanvasBackend::with_canvas_object(canvas.clone()).map(PageBackend::Canvas)
    }
}

impl<'a> PageBackend<'a> {
    /// An SVG document of `size` pixels written into `out` when the drawing is presented.
    pub(super) fn svg(out: &'a mut String, size: (u32, u32)) -> PageBackend<'a> {
        PageBackend::Svg(SVGBackend::with_string(out, size))
    }
}

/// What went wrong in the backend inside, in words.
#[derive(Debug)]
pub(super) struct PageError(String);

impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PageError {}

/// The inner backend's error as this backend's.
fn lift<T, E: std::error::Error + Send + Sync>(
    result: Result<T, DrawingErrorKind<E>>,
) -> Result<T, DrawingErrorKind<PageError>> {
    result.map_err(|e| match e {
        DrawingErrorKind::DrawingError(e) => {
            DrawingErrorKind::DrawingError(PageError(e.to_string()))
        }
        DrawingErrorKind::FontError(e) => DrawingErrorKind::FontError(e),
    })
}

/// Hands `$call` to the backend inside, whichever it is.
macro_rules! each {
    ($self:expr, $b:ident => $call:expr) => {
        match $self {
            PageBackend::Canvas($b) => lift($call),
            PageBackend::Svg($b) => lift($call),
        }
    };
}

impl DrawingBackend for PageBackend<'_> {
    type ErrorType = PageError;

    fn get_size(&self) -> (u32, u32) {
        match self {
            PageBackend::Canvas(b) => b.get_size(),
            PageBackend::Svg(b) => b.get_size(),
        }
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<PageError>> {
        each!(self, b => b.ensure_prepared())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<PageError>> {
        each!(self, b => b.present())
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: plotters_backend::BackendColor,
    ) -> Result<(), DrawingErrorKind<PageError>> {
        each!(self, b => b.draw_pixel(point, color))
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<PageError>> {
        each!(self, b => b.draw_line(from, to, style))
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<PageError>> {
        each!(self, b => b.draw_rect(upper_left, bottom_right, style, fill))
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<PageError>> {
        each!(self, b => b.draw_path(path, style))
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<PageError>> {
        each!(self, b => b.draw_circle(center, radius, style, fill))
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<PageError>> {
        each!(self, b => b.fill_polygon(vert, style))
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<PageError>> {
        each!(self, b => b.draw_text(text, style, pos))
    }

    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<PageError>> {
        each!(self, b => b.estimate_text_size(text, style))
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<PageError>> {
        each!(self, b => b.blit_bitmap(pos, size, src))
    }
}
