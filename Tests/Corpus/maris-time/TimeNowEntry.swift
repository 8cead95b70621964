//
//  TimeNowEntry.swift
//  TimeWidgetExtension
//
//  Created by Maris Lagzdins on 04/12/2020.
//  Copyright © 2020 Maris Lagzdins. All rights reserved.
//

import WidgetKit

struct TimeNowEntry: TimelineEntry {
    let date: Date
}
