/// Why a string is not a valid `ThreadName`: the rule it breaks, in words a user can act on.
public struct ThreadNameError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The broken rule; `rule` gives its number in `ThreadName`'s documentation.
    public enum Reason: Equatable, Sendable {
        case empty
        case tooLong(byteCount: Int)
        case emptyComponent
        case characterNotAllowed(Character)
        case componentStartsWithDot(String)
        case componentEndsWithDot(String)
        case componentEndsWithLock(String)
        case reservedDeviceName(String)
        case startsWithOptionSign(Character)
        case head
        case looksLikeMessageID
        /// `..` anywhere: reserved for ranges `A..B`, as git reserves it (only new names are refused;
        /// docs/FORMAT.md §5.2).
        case containsRange
    }

    /// A new name (thread or tag) may not contain `..`; existing ones stay readable.
    public static func checkNewName(_ name: ThreadName) throws(ThreadNameError) {
        if name.rawValue.contains("..") { throw ThreadNameError(name: name.rawValue, reason: .containsRange) }
    }

    /// The rejected text.
    public let name: String
    public let reason: Reason

    /// What the name was for, as the message says it: `thread`, or `tag` (tags follow the same rules).
    public var kind = "thread"

    public init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// This error said of a name of another `kind`.
    public func naming(_ kind: String) -> ThreadNameError {
        var error = self
        error.kind = kind
        return error
    }

    /// The number of the broken rule in `ThreadName`'s documentation.
    public var rule: Int {
        switch reason {
        case .empty, .tooLong, .emptyComponent: 1
        case .characterNotAllowed: 2
        case .componentStartsWithDot, .componentEndsWithDot, .componentEndsWithLock: 3
        case .reservedDeviceName: 4
        case .startsWithOptionSign, .head, .looksLikeMessageID, .containsRange: 5
        }
    }

    public var description: String {
        "\(name.quotedForDisplay) is not a valid \(kind) name: \(explanation)"
    }

    private var explanation: String {
        switch reason {
        case .empty:
            "it is empty; give a name such as 'fix-login' or 'ideas/naming'."
        case .tooLong(let byteCount):
            "it is \(byteCount) bytes long; use at most \(ThreadName.maximumByteCount) bytes of UTF-8."
        case .emptyComponent:
            "it has an empty part; '/' goes only between parts (not at the start or end, and not doubled)."
        case .characterNotAllowed(let character):
            "\(Self.describe(character)) is not allowed "
                + "(letters, digits, '-', '_', '.', '+' and '/' between parts are)."
        case .componentStartsWithDot(let component):
            "the part \(component.quotedForDisplay) starts with '.'; start each part with a letter or digit."
        case .componentEndsWithDot(let component):
            "the part \(component.quotedForDisplay) ends with '.', which Windows drops; end it with a letter or digit."
        case .componentEndsWithLock(let component):
            "the part \(component.quotedForDisplay) ends with '.lock', which is kept for lock files; choose another ending."
        case .reservedDeviceName(let component):
            "the part \(component.quotedForDisplay) is a reserved device name on Windows; choose another word."
        case .startsWithOptionSign(let sign):
            "it starts with '\(sign)', which would read as an option; start it with a letter or digit."
        case .head:
            "'HEAD' means the current thread; choose another name."
        case .looksLikeMessageID:
            "it is only hexadecimal digits, so it would read as a message id; add a letter outside a-f, or a '-'."
        case .containsRange:
            "'..' is reserved for ranges of revisions (A..B), as in git; use another separator such as '-' or '/'."
        }
    }

    private static func describe(_ character: Character) -> String {
        if character == " " { return "a space" }
        // An invisible character is named by its code point, as Unicode charts name it.
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.isShownAsEscape else {
            return String(character).quotedForDisplay
        }
        let code = "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
            + String(scalar.value, radix: 16, uppercase: true)
        let known: [UInt32: String] = [0x09: "a tab", 0x0A: "a line feed", 0x0D: "a carriage return"]
        return known[scalar.value].map { "\($0) (\(code))" } ?? "the invisible character \(code)"
    }
}
