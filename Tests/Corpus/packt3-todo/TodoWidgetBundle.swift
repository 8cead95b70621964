//
//  TodoWidgetBundle.swift
//  TodoWidget
//
//  Created by Juan Catalan on 5/10/23.
//

import WidgetKit
import SwiftUI

@main
struct TodoWidgetBundle: WidgetBundle {
    var body: some Widget {
        TodoWidget()
    }
}
