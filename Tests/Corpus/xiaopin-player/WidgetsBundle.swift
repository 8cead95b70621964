//
//  WidgetsBundle.swift
//  Widgets
//
//  Created by xiaopin on 2024/7/26.
//

import WidgetKit
import SwiftUI

@main
struct WidgetsBundle: WidgetBundle {
    var body: some Widget {
        PlayerSmallWidget()
        PlayerMediumWidget()
        //Widgets()
        //WidgetsLiveActivity()
    }
}
