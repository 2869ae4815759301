extension String {
    /// The text without leading and trailing whitespace and line breaks. Foundation's
    /// `trimmingCharacters(in:)` round-trips through NSString on Linux, a fifth of the time of
    /// loading a 10,000-task hunt; this stays in Swift.
    var trimmedWhitespace: String {
        let scalars = unicodeScalars
        guard let head = scalars.first, let tail = scalars.last else { return "" }
        // Almost every value has nothing to trim: no copy through the scalar view then.
        if !head.isWhitespace && !tail.isWhitespace { return self }
        guard let first = scalars.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }

    /// Without leading and trailing line breaks only (keeps a block scalar's indentation).
    var trimmedNewlines: String {
        let scalars = unicodeScalars
        let isBreak: (Unicode.Scalar) -> Bool = { $0 == "\n" || $0 == "\r" }
        guard let head = scalars.first, let tail = scalars.last else { return "" }
        if !isBreak(head) && !isBreak(tail) { return self }
        guard let first = scalars.firstIndex(where: { !isBreak($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isBreak($0) })!
        return String(self[first...last])
    }
}

extension Unicode.Scalar {
    /// `properties.isWhitespace`, answered for ASCII without Unicode's property tables (asked
    /// for both ends of every text a hunt file holds).
    var isWhitespace: Bool {
        isASCII ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }

    /// Letters and digits of any script, as ids allow.
    var isIdentifierCharacter: Bool {
        if isASCII {
            return ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
        }
        return properties.isAlphabetic || properties.numericType != nil
    }
}
