// `import SwiftUI` in a widget's file is this module, which is `import Glance`: a widget
// builds from the same files as its Xcode project, with Apple's imports as written. It
// declares nothing of its own; what it brings is Glance's (api/Glance.api).
@_exported import Glance
// As Apple's SwiftUI does since iOS 17: `@Observable` models held in `@State`.
@_exported import Observation
