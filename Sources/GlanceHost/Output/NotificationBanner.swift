import GlanceGraphics
import GlanceUI

/// The message `WidgetHost.showNotification` draws over the slots (MQTT's `notify`): a
/// band along the bottom edge, a quarter of the display high (48 pixels at least).
enum NotificationBanner {
    /// Where the banner goes on a display of `width`×`height` pixels.
    static func rect(width: Int, height: Int) -> PixelRect {
        let bannerHeight = min(height, max(48, height / 4))
        return PixelRect(x: 0, y: height - bannerHeight, width: width, height: bannerHeight)
    }

    /// A notification as a view: the message centred on white, framed in black.
    static func content(_ message: String, in environment: EnvironmentValues) -> ViewNode {
        let view = AnyView(
            Text(message).font(.title2).bold().multilineTextAlignment(.center).lineLimit(3).minimumScaleFactor(0.5)
                .foregroundStyle(Color.black)
                .padding(10)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Color.white)
                .border(Color.black, width: 3)
        )
        return SlotFactory.content(view, margins: EdgeInsets(), in: environment)
    }
}
