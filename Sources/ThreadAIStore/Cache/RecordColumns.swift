/// The four columns `cache/messages` and `cache/search` both hold, one entry per message record in
/// id order (docs/FORMAT.md §12.2, §12.3): ids (32 bytes), parent record numbers (u32), dates (i64)
/// and flags (u8, the role in the low two bits). One place for their offsets and the role bits, so
/// the two files cannot come to disagree on them.
struct RecordColumns: Sendable {
    /// Where the ids begin.
    let start: Int
    let count: Int

    static let bytesPerRecord = 32 + 4 + 8 + 1

    var ids: Int { start }
    var parents: Int { ids + count * 32 }
    var dates: Int { parents + count * 4 }
    var flags: Int { dates + count * 8 }
    /// The first byte after the columns.
    var end: Int { flags + count }

    /// The role the low two bits of a record's flags give (3 is no role: a reader rejects the file).
    static func role(_ flags: UInt8) -> Role {
        switch flags & 0b11 {
        case 0: return .system
        case 1: return .user
        default: return .assistant
        }
    }

    static func flags(_ role: Role) -> UInt8 {
        switch role {
        case .system: return 0
        case .user: return 1
        case .assistant: return 2
        }
    }
}
