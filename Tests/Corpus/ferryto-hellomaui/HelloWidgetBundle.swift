//
//  HelloWidgetBundle.swift
//  HelloWidget
//
//  Created by Ferry To on 10/11/2025.
//

import WidgetKit
import SwiftUI

@main
struct HelloWidgetBundle: WidgetBundle {
    var body: some Widget {
        HelloWidgetExtension()
    }
}
