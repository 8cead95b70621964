//
//  BudgetWidgetBundle.swift
//  BudgetWidget
//
//  Created by Paul Solt on 6/1/25.
//

import WidgetKit
import SwiftUI

@main
struct BudgetWidgetBundle: WidgetBundle {
    var body: some Widget {
        BudgetWidget()
    }
}
