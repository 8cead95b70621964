import GlanceDisplays
import GlanceGraphics

/// What a TRMNL-firmware device is, by the `Model` header its firmware sends (1.5.10 and
/// later): the inks it shows, the largest PNG its firmware takes, and the colours its
/// firmware reads each ink as. A device whose entry gives `colors:` or `max_bytes:`
/// keeps them.
struct TRMNLModel: Equatable {
    var colors: PanelColors
    var maximumBytes: Int

    /// The colours a TRMNL device can be served in.
    static let colours: [PanelColors] = [.bw, .gray4, .gray16, .spectra6]

    /// The model a `Model` header names (both the firmware's spellings: `reterminal_e1002`
    /// and, before 1.8.10, `reTerminal E1002`); nil for one this server does not know.
    /// The inks are TRMNL's own server's default palette for the model.
    static func named(_ header: String) -> TRMNLModel? {
        switch header.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "_") {
        // The original TRMNL (and its second board) and Seeed's monochrome reTerminal E1001.
        case "og", "og_gen2", "reterminal_e1001": TRMNLModel(colors: .bw, maximumBytes: 90_000)
        // TRMNL X and Seeed's E1003, 16 greys; their firmware takes PNGs up to 750 KB.
        case "x", "reterminal_e1003": TRMNLModel(colors: .gray16, maximumBytes: 750_000)
        // Seeed's reTerminal E1002: Spectra 6.
        case "reterminal_e1002": TRMNLModel(colors: .spectra6, maximumBytes: 90_000)
        default: nil
        }
    }

    /// The colours a device's firmware takes each ink of `palette` as, where they are not
    /// the palette's own: the reTerminal E1002 matches every pixel to the nearest of its
    /// six inks, named by pure primaries as TRMNL's server names them.
    static func firmwareColours(of palette: Palette) -> [RGBA]? {
        guard palette == .spectra6 else { return nil }
        return [RGBA(0, 0, 0), RGBA(255, 255, 255), RGBA(255, 255, 0), RGBA(255, 0, 0), RGBA(0, 0, 255), RGBA(0, 255, 0)]
    }
}
