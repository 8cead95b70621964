import FoundationEssentials
import GlanceFetch
import GlanceIntents
import GlanceSystem

/// The photo widget's settings; one source of the four:
///
/// ```yaml
/// params:
///   folder: /home/pi/photos        # watched: a picture added shows without polling
///   # url: https://example.com/today.jpg
///   # immich: https://immich.local   (with api_key_file: and album:)
///   # uploads: hall                  (pictures uploaded from the web page)
///   interval: 30m                    # the next picture every 30 minutes
///   fit: fill                        # or fit (the whole picture, with margins)
///   caption: name                    # none, name or date (taken, from EXIF; else saved)
/// ```
public struct PhotoIntent: WidgetConfigurationIntent, ParameterChecking {
    public static let title: LocalizedStringResource = "Photo"
    public static let description: IntentDescription? = "Pictures from a folder, an image URL or an Immich album, one after another."

    /// A folder of pictures (JPEG, PNG, WebP, HEIC, AVIF), watched for changes.
    @Parameter(title: "Folder", role: .location)
    public var folder: String?

    /// An http:// or https:// URL answering one picture, read again every `refresh`
    /// minutes with a conditional GET.
    @Parameter(title: "Image URL", role: .location)
    public var url: String?

    /// An album of pictures uploaded from the web page (kept in the state folder:
    /// `STATE/photos/NAME`), watched as a folder is.
    @Parameter(title: "Uploads album")
    public var uploads: String?

    /// An Immich server's address (`https://immich.local`); with `api_key_file` and `album`.
    @Parameter(title: "Immich server", role: .location)
    public var immich: String?

    /// A file holding the Immich API key (the key itself never sits in the config). A
    /// place, as `folder:` is: the page may not point it at another file (its first line
    /// would go to the server as the key) unless the config's `settable:` lets it.
    @Parameter(title: "Immich API key file", role: .location)
    public var api_key_file: String?

    /// The Immich album's id (the UUID in its web address).
    @Parameter(title: "Immich album")
    public var album: String?

    /// How long each picture stays: `30m`, `1h`, `1d`, or minutes as a number.
    @Parameter(title: "Interval", default: "1h")
    public var interval: String

    /// `fill` (the slot covered, the picture's edges cut) or `fit` (the whole picture).
    @Parameter(title: "Fit", default: .fill)
    public var fit: PhotoFit

    /// `none`, `name` (the file's name) or `date` (when the picture was taken or saved).
    @Parameter(title: "Caption", default: PhotoCaption.none)
    public var caption: PhotoCaption

    /// Shuffled (a new order each day, the same on every display of the config), or in
    /// the order of their names.
    @Parameter(title: "Shuffle", default: true)
    public var shuffle: Bool

    /// Minutes between readings of a URL or an album (a folder is watched instead).
    @Parameter(title: "Refresh (minutes)", default: 60)
    public var refresh: Int

    public init() {}

    public func checkParameters() throws(IntentConfigurator.Failure) {
        let given = [folder, url, immich, uploads].compactMap { $0 }.filter { !$0.trimmedOfSpaces.isEmpty }
        guard given.count == 1 else {
            throw .invalidValue(name: given.isEmpty ? "folder" : "url", value: given.isEmpty ? "none" : "\(given.count) sources",
                                expected: "one source: folder: (a folder of pictures), url: (an image URL), immich: (with api_key_file: and album:) "
                                    + "or uploads: (an album the web page fills)")
        }
        if let uploads, !uploads.isEmpty, !PhotoUploads.isAlbumName(uploads) {
            throw .invalidValue(name: "uploads", value: uploads, expected: "an album name: 1 to 40 lower-case letters, digits, - and _")
        }
        if let url, !url.isEmpty, !HTTPClient.isSupported(url) {
            throw .invalidValue(name: "url", value: PhotoSource.elided(url), expected: "an http:// or https:// URL with a host")
        }
        if let immich, !immich.isEmpty {
            guard HTTPClient.isSupported(immich) else {
                throw .invalidValue(name: "immich", value: PhotoSource.elided(immich), expected: "the Immich server's http:// or https:// address")
            }
            guard let file = api_key_file, !file.isEmpty else {
                throw .invalidValue(name: "api_key_file", value: "none", expected: "a file holding the Immich API key (made in Immich's account settings)")
            }
            guard let album, PhotoSource.isAlbumID(album) else {
                throw .invalidValue(name: "album", value: album ?? "none", expected: "the album's id, as in its address (…/albums/ID): letters, digits and dashes")
            }
        }
        guard PhotoInterval.seconds(interval) != nil else {
            throw .invalidValue(name: "interval", value: interval, expected: "a duration from a minute to a day: 30m, 1h, 1d, or minutes as a number")
        }
        guard refresh >= 1 else {
            throw .invalidValue(name: "refresh", value: String(refresh), expected: "a number of minutes above 0")
        }
    }

    /// The source the settings name (nil when checkParameters would refuse them).
    var source: PhotoSource? {
        if let folder, !folder.isEmpty { return .folder(folder) }
        if let url, !url.isEmpty { return .url(url) }
        if let uploads, !uploads.isEmpty { return .uploads(uploads) }
        if let immich, !immich.isEmpty, let api_key_file, let album {
            var server = immich
            while server.hasSuffix("/") { server.removeLast() }
            return .immich(server: server, keyFile: api_key_file, album: album)
        }
        return nil
    }

    var intervalSeconds: Int { PhotoInterval.seconds(interval) ?? 3_600 }
}

/// How a picture meets its slot.
public enum PhotoFit: String, AppEnum, Codable {
    case fill, fit

    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Fit"
    public static let caseDisplayRepresentations: [PhotoFit: DisplayRepresentation] = [
        .fill: "Fill the slot (edges cut)", .fit: "The whole picture",
    ]
}

/// What is written over a picture's bottom edge.
public enum PhotoCaption: String, AppEnum, Codable {
    case none, name, date

    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Caption"
    public static let caseDisplayRepresentations: [PhotoCaption: DisplayRepresentation] = [
        .none: "None", .name: "The file's name", .date: "The date",
    ]
}

/// `interval:` as seconds: `30m`, `1h`, `90s` (at least a minute), `1d`, or minutes as a
/// bare number; at most a day (each day starts its turns again at midnight).
enum PhotoInterval {
    static func seconds(_ text: String) -> Int? {
        let trimmed = text.trimmedOfSpaces.lowercased()
        guard let unit = trimmed.last else { return nil }
        let scale: Int, digits: Substring
        switch unit {
        case "s": (scale, digits) = (1, trimmed.dropLast())
        case "m": (scale, digits) = (60, trimmed.dropLast())
        case "h": (scale, digits) = (3_600, trimmed.dropLast())
        case "d": (scale, digits) = (86_400, trimmed.dropLast())
        default: (scale, digits) = (60, Substring(trimmed))
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), digits.count <= 7,
              let value = Int(digits.trimmedOfSpaces) else { return nil }
        let seconds = value * scale
        return (60...86_400).contains(seconds) ? seconds : nil
    }
}

private extension Substring {
    var trimmedOfSpaces: String { String(self).trimmedOfSpaces }
}
