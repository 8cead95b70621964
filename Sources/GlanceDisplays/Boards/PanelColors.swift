import GlanceGraphics

/// What each pixel of a display can be: the names a config's and a board's `colors:` take.
public enum PanelColors: String, CaseIterable, Sendable {
    case bw, gray4, gray16, bwr, bwy, bwry, acep7, spectra6, rgb565, rgb888

    /// The palette of that name.
    public var palette: Palette {
        switch self {
        case .bw: .bw
        case .gray4: .gray4
        case .gray16: .gray16
        case .bwr: .bwr
        case .bwy: .bwy
        case .bwry: .bwry
        case .acep7: .acep7
        case .spectra6: .spectra6
        case .rgb565: .rgb565
        case .rgb888: .rgb888
        }
    }
}
