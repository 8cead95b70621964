import GlanceGraphics

/// What each pixel of a display can be: the names a config's and a board's `colors:` take.
public enum PanelColors: String, CaseIterable, Sendable {
    case bw, gray4, bwr, bwy, acep7, spectra6, rgb565, rgb888

    /// The palette of that name.
    public var palette: Palette { Palette.named(rawValue) ?? .bw }
}
