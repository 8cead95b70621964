// The umbrella module: `import Glance` is all a widget package needs, as `import
// WidgetKit` and `import SwiftUI` are on iOS. It brings full Foundation along for code
// ported from iOS (`Calendar.current`, `DateFormatter`); Glance's own modules use only
// FoundationEssentials, which keeps the `glance` daemon small.
@_exported import Foundation
@_exported import GlanceHost
@_exported import GlanceIntents
@_exported import GlanceTime
@_exported import GlanceUI
@_exported import GlanceWidgetKit

extension ZoneRules {
    /// The same zone as Foundation's `TimeZone`, for provider code that uses `Calendar`.
    public var foundationTimeZone: TimeZone? { TimeZone(identifier: identifier) }
}

extension DisplayLocale {
    /// The same language as Foundation's `Locale`.
    public var foundationLocale: Locale { Locale(identifier: identifier) }
}

extension WidgetSize {
    /// As SwiftUI code expects it.
    public var cgSize: CGSize { CGSize(width: width, height: height) }
}
