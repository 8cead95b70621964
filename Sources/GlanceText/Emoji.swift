import GlanceGraphics

/// How emoji are drawn.
public enum EmojiStyle: Sendable, Hashable {
    /// In their own colours (Noto Color Emoji's bitmaps, scaled to the text), as
    /// pictures: dithered like a photo where the panel has few inks.
    case color
    /// As outlines in the text's colour (Symbola), crisp on black-and-white and
    /// three-ink panels, where colour pictures would dither into mush.
    case outline

    /// Colour where `palette` has four or more inks (greys or colours) or is RGB;
    /// outlines on black-and-white and on black, white and one colour.
    public init(for palette: Palette) {
        self = palette.kind != .indexed || palette.colors.count >= 4 ? .color : .outline
    }
}

/// Which characters are drawn as emoji, decided without a shaper: Glance has no
/// HarfBuzz, so sequences are drawn as their parts (a ZWJ family is its people side by
/// side, as Unicode's fallback for an unsupported sequence has it).
enum Emoji {
    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    static let textPresentation: Unicode.Scalar = "\u{FE0E}"
    static let emojiPresentation: Unicode.Scalar = "\u{FE0F}"

    /// Characters that only say how their neighbours are drawn: joiners, variation
    /// selectors and the tags of subdivision flags.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE00...0xFE0F, 0xE0020...0xE007F: true
        default: false
        }
    }

    /// How a character asks to be drawn.
    enum Presentation {
        /// As an emoji picture: FE0F after it, an emoji by default (U+2614 ☔), an emoji
        /// after a joiner (the 🗨 of 👁‍🗨) or before a skin-tone modifier.
        case emoji
        /// As text: FE0E after it, or no emoji at all (digits, `#` and `*` included).
        case text
        /// An emoji that is text by default (U+2600 ☀, U+1F327 🌧): the text's font
        /// draws it if it has it, otherwise it is drawn as an emoji, as browsers do.
        case either
    }

    static func presentation(of scalar: Unicode.Scalar, next: Unicode.Scalar?, joinedToEmoji: Bool) -> Presentation {
        let properties = scalar.properties
        guard !scalar.isASCII, properties.isEmoji, next != textPresentation else { return .text }
        if next == emojiPresentation || properties.isEmojiPresentation || joinedToEmoji { return .emoji }
        if properties.isEmojiModifierBase, let next, next.properties.isEmojiModifier { return .emoji }
        return .either
    }

    /// A skin-tone modifier after an emoji: without a shaper it cannot recolour the
    /// emoji, which keeps its default tone (the modifier's swatch beside it would look
    /// like a missing glyph).
    static func isModifierOfPrevious(_ scalar: Unicode.Scalar, previousIsEmoji: Bool) -> Bool {
        previousIsEmoji && scalar.properties.isEmojiModifier
    }
}
