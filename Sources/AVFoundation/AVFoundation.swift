// `import AVFoundation` in a widget's file: AVFoundation's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
import GlanceNotOnAWall

@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVPlayer {
    public init() {}
    public init(playerItem: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVPlayerItem {
    public init() {}
    public init(asset: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVPlayerViewController {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVAudioSession {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVAudioPlayer {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVURLAsset {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVAsset {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVAssetResourceLoader {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVAssetResourceLoadingRequest {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVSpeechSynthesizer {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVSpeechUtterance {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "AVFoundation: a wall plays no sound or video: show a still picture and the text a person needs instead")
@dynamicMemberLookup
public final class AVAudioEngine {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
