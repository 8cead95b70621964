//
//  GameStage.swift
//  Game of Life
//
//  Created by Xinyi Xiang on 2/21/21.
//  Copyright © 2021 AppDev@UW. All rights reserved.
//

import Foundation

enum GameStage: Int {
  case gameOfLife, end
}
