/// What a one-line listing shows of a message's content: the first line, cut to a number of
/// characters. Kept with the message graph (docs/FORMAT.md §12.2), so listings of the whole
/// repository need not read every object.
public struct Headline: Equatable, Sendable {
    /// The limit `log --oneline` and `log --graph` use, and the one `cache/messages` stores.
    public static let listingLimit = 72

    /// The characters shown, without the ellipsis of a cut line; not yet made safe for a terminal.
    public var text: String
    /// Whether the line was longer than the limit, so a listing ends it with `…`.
    public var isCut: Bool

    public init(text: String, isCut: Bool) {
        self.text = text
        self.isCut = isCut
    }

    /// The headline of `content` within `limit` characters (the ellipsis included): leading white
    /// space dropped, then the first line, with runs of spaces and tabs kept only between other
    /// characters. Looks at no more of the content than it shows: listings call it per message.
    public init(of content: String, limit: Int) {
        // Listings compute a headline per message: an ASCII first line is read byte by byte.
        let ascii = content.utf8.withContiguousStorageIfAvailable { Self.ascii(of: $0, limit: limit) }
        self = (ascii ?? nil) ?? Self.characterwise(of: content, limit: limit)
    }

    /// The headline judged `Character` by `Character`: what `init(of:limit:)` gives for every input.
    static func characterwise(of content: String, limit: Int) -> Headline {
        var line = ""
        var count = 0
        var pendingSpaces = ""
        for character in content.drop(while: { $0.isWhitespace }) {
            if character.isNewline { break }
            if character == " " || character == "\t" {
                pendingSpaces.append(character)
                continue
            }
            if count + pendingSpaces.count >= limit {
                return Headline(text: String(line.prefix(max(1, limit - 1))), isCut: true)
            }
            line += pendingSpaces
            count += pendingSpaces.count + 1
            pendingSpaces = ""
            line.append(character)
        }
        return Headline(text: line, isCut: false)
    }

    /// The headline of UTF-8 `bytes` while everything it depends on is ASCII, where each byte is a
    /// `Character` of its own: an ASCII byte joins the next one only as CR LF (a line end either
    /// way), and a byte followed by a non-ASCII one may start a longer cluster (`e` and a combining
    /// accent), so the answer is nil, for `characterwise` to judge, once a non-ASCII byte is near.
    /// White space is 0x09–0x0D and space, line ends 0x0A–0x0D, as `Character` has them in ASCII.
    static func ascii(of bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Headline? {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            guard byte < 0x80, index + 1 == count || bytes[index + 1] < 0x80 else { return nil }
            guard byte == 0x20 || (0x09...0x0D).contains(byte) else { break }
            index += 1
        }
        // The line is the bytes from `start` to the end of its last character that is not a space
        // or tab: spaces and tabs count only once another character follows them.
        let start = index
        var end = start
        while index < count {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            if (0x0A...0x0D).contains(byte) { break }
            guard index + 1 == count || bytes[index + 1] < 0x80 else { return nil }
            index += 1
            if byte == 0x20 || byte == 0x09 { continue }
            if index - 1 - start >= limit {
                let kept = min(end - start, max(1, limit - 1))
                return Headline(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + kept)]), as: UTF8.self), isCut: true)
            }
            end = index
        }
        return Headline(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self), isCut: false)
    }
}
