extension String {
    /// Without leading and trailing spaces and tabs (Foundation's
    /// `trimmingCharacters(in: .whitespaces)`, which FoundationEssentials lacks).
    package var trimmedOfSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
