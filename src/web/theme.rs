//! Colours for the light and dark themes.

/// Every colour the renderer uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub background: &'static str,
    pub square_light: &'static str,
    pub square_dark: &'static str,
    pub coordinates: &'static str,
    pub white_piece: &'static str,
    pub white_edge: &'static str,
    pub black_piece: &'static str,
    pub black_edge: &'static str,
    pub last_move: &'static str,
    pub road: &'static str,
    pub target: &'static str,
    pub refused: &'static str,
    /// Squares that would complete a threatened road ("Tak!").
    pub threat: &'static str,
    pub selected: &'static str,
    pub text: &'static str,
    pub panel: &'static str,
}

impl Theme {
    pub const LIGHT: Theme = Theme {
        background: "#f4efe6",
        square_light: "#d9c7a5",
        square_dark: "#cdb891",
        coordinates: "#5b4a33",
        white_piece: "#fbf6ea",
        white_edge: "#6b5a43",
        black_piece: "#3a3330",
        black_edge: "#0f0c0b",
        last_move: "rgba(255, 196, 0, 0.45)",
        road: "rgba(46, 160, 67, 0.55)",
        target: "rgba(30, 110, 200, 0.35)",
        refused: "rgba(210, 40, 40, 0.55)",
        threat: "#c25e00",
        selected: "#1e6ec8",
        text: "#2b2218",
        panel: "rgba(255, 252, 245, 0.96)",
    };

    pub const DARK: Theme = Theme {
        background: "#1b1a19",
        square_light: "#76654e",
        square_dark: "#68583f",
        coordinates: "#d8c8ae",
        white_piece: "#f1e9d8",
        white_edge: "#2a2117",
        black_piece: "#16110f",
        black_edge: "#e0d2bb",
        last_move: "rgba(255, 196, 0, 0.35)",
        road: "rgba(70, 200, 100, 0.5)",
        target: "rgba(90, 160, 255, 0.35)",
        refused: "rgba(255, 80, 80, 0.55)",
        threat: "#ffb74d",
        selected: "#7fb4ff",
        text: "#eee4d4",
        panel: "rgba(40, 37, 34, 0.96)",
    };
}
