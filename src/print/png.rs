//! PNG from the SVG pictures, through resvg (pure Rust). The pictures name
//! DejaVu Sans; a subset of it (printable ASCII, about 19 KB for regular
//! and bold, from `assets/fonts/`) is built in, so digits render the same
//! on a machine without any font installed.

use resvg::{tiny_skia, usvg};

/// DejaVu Sans, printable ASCII only (license: `assets/fonts/LICENSE-DejaVu`).
const REGULAR: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/fonts/DejaVuSans-ascii.ttf"));
const BOLD: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/fonts/DejaVuSans-Bold-ascii.ttf"));

/// Why an SVG picture could not become a PNG.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG did not parse (a bug in the picture, not in the input).
    #[error("the picture is not valid SVG: {0}")]
    Svg(#[from] usvg::Error),
    /// The picture has no area, or is too large to allocate.
    #[error("the picture's size ({0}x{1}) cannot be drawn")]
    Size(u32, u32),
    /// Encoding the pixels failed.
    #[error("encoding the PNG: {0}")]
    Encode(String),
}

/// The SVG `svg` drawn to PNG bytes at `scale` (1.0: one pixel per SVG unit).
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, PngError> {
    let mut options = usvg::Options { font_family: "DejaVu Sans".to_string(), ..usvg::Options::default() };
    let fonts = options.fontdb_mut();
    fonts.load_font_data(REGULAR.to_vec());
    fonts.load_font_data(BOLD.to_vec());
    // Whatever family a style names, fall back on the one built in.
    fonts.set_sans_serif_family("DejaVu Sans");
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size();
    let (width, height) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
    let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(PngError::Size(width, height))?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| PngError::Encode(e.to_string()))
}
