//
//  StepsWidgetBundle.swift
//  StepsWidgetExtension
//

import WidgetKit
import SwiftUI

@main
struct StepsWidgetBundle: WidgetBundle {
    var body: some Widget {
        StepsWidget()
    }
}
