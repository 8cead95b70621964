import FoundationEssentials
import GlanceWidgetKit

/// One picture at one instant: what `Image` draws (a file's path or a kept download's
/// name), its caption, and what went wrong with the source, if anything did.
///
/// `Codable`, so the host keeps the last good one across restarts.
public struct PhotoEntry: TimelineEntry, Codable, Sendable, Equatable {
    public var date: Date
    /// A file's path or a `picture:` name; nil when there is nothing to show.
    public var picture: String?
    /// Which caption is drawn over the picture's bottom edge.
    public var caption: PhotoCaption
    /// The picture's file name.
    public var name: String?
    /// When the picture was taken or saved, where known.
    public var pictureDate: Date?
    public var fit: PhotoFit
    /// One line for a source that could not be read (the last good picture is still shown).
    public var problem: String?
    /// Standing in while nothing has been read.
    public var isPlaceholder: Bool
    /// A digest of the source, so a slot configured anew does not show another's picture.
    public var source: String

    public init(date: Date, picture: String?, caption: PhotoCaption = .none, name: String? = nil, pictureDate: Date? = nil, fit: PhotoFit = .fill, problem: String? = nil,
                isPlaceholder: Bool = false, source: String = "") {
        self.date = date
        self.picture = picture
        self.caption = caption
        self.name = name
        self.pictureDate = pictureDate
        self.fit = fit
        self.problem = problem
        self.isPlaceholder = isPlaceholder
        self.source = source
    }
}
