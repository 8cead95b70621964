// The umbrella module: `import Glance` is all a widget package needs, as `import
// WidgetKit` and `import SwiftUI` are on iOS.
@_exported import Foundation
@_exported import GlanceHost
@_exported import GlanceIntents
@_exported import GlanceTime
@_exported import GlanceUI
@_exported import GlanceWidgetKit
