import Foundation
import GlanceGraphics
import GlanceSystem
import GlanceUI
import Synchronization
import Testing

/// UIKit's fixed colours and Core Graphics' colour with UIKit's components; the app's calls
/// a wall cannot answer (`open`) are said once and answered no.
@Suite struct UIKitColourAndAppTests {

    @Test func fixedColoursHaveUIKitsComponents() {
        #expect(UIColor.gray.cgColor.components == [128, 128, 128, 255].map { CGFloat($0) / 255 })
        #expect(UIColor.lightGray.cgColor.components?[0] == 170.0 / 255)
        #expect(UIColor.darkGray.cgColor.components?[0] == 85.0 / 255)
        #expect(Color(.orange).cgColor?.components == [255, 128, 0, 255].map { CGFloat($0) / 255 })
        let translucent = CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.5)
        #expect(UIColor(cgColor: translucent).cgColor == translucent && translucent.alpha == 128.0 / 255)
        #expect(CGColor(gray: 1, alpha: 1) == CGColor.white && Color(cgColor: .black).cgColor == CGColor.black)
        #expect(UIFontMetrics.default.scaledValue(for: 17) == 17 && UITraitCollection.current.userInterfaceStyle == .light)
    }

    @Test func openingAURLIsSaidOnceAndAnsweredNo() {
        final class Lines: Sendable { let lines = Mutex<[String]>([]) }
        let lines = Lines()
        SlotLog.setSlot("news", log: { line in lines.lines.withLock { $0.append(line) } }, said: SlotLog.SaidRecord())
        defer { SlotLog.setSlot(nil) }
        var answers: [Bool] = []
        UIApplication.shared.open(URL(string: "https://example.com")!) { answers.append($0) }
        UIApplication.shared.open(URL(string: "https://example.com/2")!, options: [.universalLinksOnly: true]) { answers.append($0) }
        #expect(answers == [false, false] && !UIApplication.shared.canOpenURL(URL(string: "https://example.com")!))
        #expect(lines.lines.withLock { $0 } == ["slot news: UIApplication.shared.open(https://example.com) does nothing on a wall: it has no browser or app to open"])
    }
}
