import GlanceGraphics
import GlanceRender
import GlanceText
import GlanceUI
import Testing

/// SF Symbols names widgets use, drawn from Material Design Icons.
@Suite struct SymbolCoverageTests {
    /// The names most often found in widget code (weather, energy, fitness, food, time,
    /// arrows, controls, devices): every one must draw an icon.
    static let mostUsed = """
        sun.max.fill sun.max cloud.fill cloud cloud.sun.fill cloud.rain.fill cloud.bolt.fill cloud.snow.fill cloud.fog.fill
        cloud.drizzle.fill cloud.heavyrain.fill cloud.moon.fill moon.fill moon.stars.fill snowflake wind tornado thermometer
        thermometer.sun.fill humidity drop.fill umbrella.fill sunrise.fill sunset.fill aqi.medium battery.100 battery.75
        battery.50 battery.25 battery.0 battery.100.bolt bolt.fill bolt flame.fill flame leaf.fill fork.knife
        cup.and.saucer.fill cart.fill bag.fill creditcard.fill dollarsign.circle.fill chart.bar.fill chart.line.uptrend.xyaxis
        chart.pie.fill arrow.up arrow.down arrow.up.right arrow.down.right arrow.clockwise arrow.circlepath
        arrow.triangle.2.circlepath arrow.up.circle.fill arrow.down.circle.fill chevron.right chevron.left chevron.up
        chevron.down plus minus plus.circle.fill minus.circle.fill xmark xmark.circle.fill checkmark checkmark.circle.fill
        checkmark.circle circle circle.fill square square.fill checkmark.square.fill star.fill star heart.fill heart bell.fill
        bell bookmark.fill tag.fill flag.fill pin.fill mappin mappin.and.ellipse location.fill house.fill house
        building.2.fill car.fill bus.fill tram.fill airplane bicycle figure.walk figure.run figure.outdoor.cycle
        bed.double.fill heart.text.square.fill lungs.fill pills.fill cross.fill stethoscope dumbbell.fill sportscourt.fill
        calendar calendar.circle.fill calendar.badge.plus clock.fill clock alarm.fill timer stopwatch.fill hourglass gift.fill
        birthday.cake.fill party.popper.fill book.fill book.closed.fill graduationcap.fill pencil square.and.pencil trash.fill
        folder.fill doc.text.fill paperclip link envelope.fill message.fill phone.fill video.fill person.fill person.2.fill
        person.crop.circle.fill gearshape.fill gear slider.horizontal.3 info.circle.fill questionmark.circle.fill
        exclamationmark.triangle.fill exclamationmark.circle.fill lock.fill lock.open.fill key.fill wifi
        antenna.radiowaves.left.and.right music.note play.fill pause.fill stop.fill forward.fill backward.fill
        speaker.wave.2.fill mic.fill camera.fill photo.fill iphone applewatch laptopcomputer desktopcomputer tv.fill
        gamecontroller.fill lightbulb.fill power box.truck.fill shippingbox.fill globe newspaper.fill list.bullet checklist
        target trophy.fill crown.fill sparkles eye.fill magnifyingglass
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    @Test func everyMostUsedNameHasAnIcon() throws {
        let fonts = try FontLibrary()
        let face = try #require(fonts.face(for: FontDescriptor(family: SymbolNames.fontFamily, pixelSize: 24)))
        try #require(face.file.family == SymbolNames.fontFamily, "the symbol font is not installed")
        let missing = Self.mostUsed.filter { name in SymbolNames.candidates(for: name).allSatisfy { face.glyphIndex(named: $0) == 0 } }
        print("symbol coverage: \(Self.mostUsed.count - missing.count) of \(Self.mostUsed.count) most-used names")
        #expect(missing.isEmpty, "no icon for \(missing)")
    }

    @Test func filledAndOutlinedFormsDiffer() {
        #expect(SymbolNames.candidates(for: "heart").first == "heart-outline")
        #expect(SymbolNames.candidates(for: "heart.fill").first == "heart")
        #expect(SymbolNames.candidates(for: "plus.circle.fill").first == "plus-circle")
        #expect(SymbolNames.candidates(for: "bell.badge").contains("bell-badge"))
    }

    @Test func anUnknownNameDrawsAVisibleMark() throws {
        let renderer = ViewRenderer(fonts: try FontLibrary())
        var canvas = try Canvas(width: 40, height: 40)
        renderer.render(resolveNode(Image(systemName: "no.such.symbol").font(.system(size: 30)), in: EnvironmentValues()),
                        into: &canvas, in: Rect(x: 0, y: 0, width: 40, height: 40))
        // The box's outline and the question mark inside it.
        let inked = canvas.pixels.filter { $0.r < 128 }.count
        #expect(inked > 60)
        #expect(canvas[x: 20, y: 20] != .white || canvas[x: 19, y: 14] != .white)
    }
}
