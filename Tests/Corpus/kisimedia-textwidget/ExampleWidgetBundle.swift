//
//  ExampleWidgetBundle.swift
//  ExampleWidget
//
//  Created by Simon Kirchner on 02.06.25.
//

import WidgetKit
import SwiftUI

@main
struct ExampleWidgetBundle: WidgetBundle {
    var body: some Widget {
        ExampleWidget()
    }
}
