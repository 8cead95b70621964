// Harness file, not from the source: the widget extension's @main bundle (the repository's
// MyWidgetBundle.swift also lists MyWidgetControl and MyWidgetLiveActivity, not copied).
import SwiftUI
import WidgetKit

@main
struct CorpusBundle: WidgetBundle {
    var body: some Widget {
        MyWidget()
    }
}
