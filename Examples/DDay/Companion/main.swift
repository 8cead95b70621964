// The D-Day tutorial's app side, as a command: saves the event into the app group's
// UserDefaults and asks WidgetCenter to reload, exactly as the iOS app does. On the
// board it reaches the running widget daemon through its control socket.
//
//   dday-set "Trip to Jeju" 2027-01-03
import Glance

let appGroup = "group.com.example.dday"
let arguments = CommandLine.arguments.dropFirst()
let dayFormatter = ISO8601DateFormatter()
dayFormatter.formatOptions = [.withFullDate]
dayFormatter.timeZone = .current
guard arguments.count == 2, let day = dayFormatter.date(from: arguments.last!) else {
    FileHandle.standardError.write(Data("usage: dday-set TITLE YYYY-MM-DD\n".utf8))
    exit(2)
}
let defaults = UserDefaults(suiteName: appGroup)!
defaults.set(arguments.first!, forKey: "title")
defaults.set(day, forKey: "target")
WidgetCenter.shared.reloadAllTimelines()
print("saved \(arguments.first!) on \(arguments.last!)")

