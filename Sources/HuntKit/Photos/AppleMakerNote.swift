/// The one field HuntKit reads from an iPhone's maker note (EXIF tag 0x927C): the content
/// identifier (Apple tag 0x0011), a UUID the still and the motion video of a Live Photo share.
///
/// Layout (as exiftool's Apple.pm reads it): `Apple iOS\0`, a 2-byte version, `MM`, then a
/// big-endian IFD at byte 14 whose value offsets count from the start of the maker note.
enum AppleMakerNote {
    static let signature = Array("Apple iOS\0".utf8)
    static let contentIdentifierTag: UInt16 = 0x0011

    static func contentIdentifier(_ note: [UInt8]) -> String? {
        guard note.count >= 16, note.starts(with: signature), note[12] == 0x4D, note[13] == 0x4D else { return nil }
        let count = Int(note.u16be(14))
        for i in 0..<min(count, 256) {
            let at = 16 + 12 * i
            guard at + 12 <= note.count else { return nil }
            guard note.u16be(at) == contentIdentifierTag, note.u16be(at + 2) == 2 else { continue }
            let length = Int(note.u32be(at + 4))
            let start = length <= 4 ? at + 8 : Int(note.u32be(at + 8))
            guard length > 0, length <= 256, start >= 0, start <= note.count - length else { return nil }
            let text = String(decoding: note[start..<start + length].prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? nil : text
        }
        return nil
    }
}
