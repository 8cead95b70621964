//
//  TrackEntry.swift
//  WidgetsExtension
//
//  Created by xiaopin on 2024/7/27.
//

import WidgetKit

struct MusicEntry: TimelineEntry {
    let date: Date
    let songTitle: String
    let artistName: String
    let isPlaying: Bool
}
