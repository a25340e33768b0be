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
                self.init(text: String(line.prefix(max(1, limit - 1))), isCut: true)
                return
            }
            line += pendingSpaces
            count += pendingSpaces.count + 1
            pendingSpaces = ""
            line.append(character)
        }
        self.init(text: line, isCut: false)
    }
}
