// Harness file, not from the source: the widget extension's @main bundle, as the app's
// Xcode project declares it next to the published files.
import SwiftUI
import WidgetKit

@main
struct CorpusBundle: WidgetBundle {
    var body: some Widget {
        MyWidget()
    }
}
