//
//  Daily_Info_GridBundle.swift
//  Daily Info Grid
//
//  Created by Veselin Nikolov on 14.01.26.
//

import WidgetKit
import SwiftUI

@main
struct Daily_Info_GridBundle: WidgetBundle {
    var body: some Widget {
        Daily_Info_Grid()
    }
}
