/// How many terminal columns a character takes: 2 for East Asian wide and fullwidth characters and
/// for emoji shown as emoji, 0 for a lone combining or zero-width mark, 1 otherwise — what `wcwidth`
/// says in a UTF-8 locale, without depending on the process's locale (tests run under `C`).
enum DisplayWidth {
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        if scalars.count > 1 && scalars.contains(where: { $0.properties.isEmojiModifier || $0.value == 0x200D }) && first.properties.isEmoji {
            return 2
        }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return first.value < 0x20 || first.value == 0x7F ? 0 : 1
        }
    }

    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, in brief.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
