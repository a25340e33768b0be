#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
/// The name of a thread, checked to be safe as a file path under `.threadai/refs/threads/` on Linux, macOS
/// and Windows, and unambiguous on the command line.
///
/// A valid name follows every one of these rules:
/// 1. It is 1 to 200 bytes of UTF-8, made of components separated by `/`, with no empty component
///    (no leading or trailing `/`, no `//`).
/// 2. Every character is a Unicode letter or number (`Character.isLetter || Character.isNumber`) made only of
///    letter, number and combining-mark scalars, or one of `-` `_` `.` `+`. So no whitespace, no control or
///    invisible format characters, none of `~ ^ : ? * [ ] \ < > " | @ { }` etc.
/// 3. No component is `.` or `..`, starts with `.`, ends with `.`, or ends with `.lock` (in any case).
/// 4. No component is a Windows reserved device name, compared case-insensitively on the part before its
///    first `.`: CON, PRN, AUX, NUL, COM1–COM9, LPT1–LPT9, COM¹ COM² COM³ LPT¹ LPT² LPT³.
/// 5. The name does not start with `-` or `+`, is not `HEAD` in any case, and is not made only of
///    hexadecimal digits when it is 4 or more characters long (it would read as a message id).
/// 6. It does not conflict with an existing name (see `conflict(among:)`): two names conflict when they are
///    equal after case folding and Unicode canonical equivalence but are not the same name, or when one is
///    a `/`-component prefix of the other, compared the same way (a file cannot also be a directory).
///
/// Rules 1–5 are checked by `init(_:)`; rule 6 needs the existing names and is checked by `conflict(among:)`.
///
/// Two names are the same name only when their UTF-8 bytes are the same, because that is when they are the
/// same file on every system: `caf\u{e9}` and `cafe\u{301}` are different names (which conflict). Names
/// sort by their UTF-8 bytes, the order that is the same on every platform.
public struct ThreadName: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The name exactly as given, and as its ref file's path below `refs/threads/`.
    public let rawValue: String

    /// The thread every repository starts with.
    public static let main = ThreadName(checked: "main")

    /// The longest name, in bytes of UTF-8.
    public static let maximumByteCount = 200

    /// Checks `raw` against rules 1 to 5.
    /// - Throws: `ThreadNameError` naming the first rule `raw` breaks.
    public init(_ raw: String) throws(ThreadNameError) {
        if let reason = Self.firstBrokenRule(in: raw) {
            throw ThreadNameError(name: raw, reason: reason)
        }
        self.rawValue = raw
    }

    /// A name already checked against rules 1 to 5 (`validated(_:)`, constants).
    init(checked raw: String) {
        self.rawValue = raw
    }

    /// A name read back from a file that only this program writes and that passed its checksum
    /// (`cache/`, docs/FORMAT.md §12): it was valid when written, and it is only ever compared with
    /// names read from refs, so checking it again would only cost time.
    init(fromVerifiedCache raw: String) {
        self.rawValue = raw
    }

    public var description: String { rawValue }

    /// The parts between `/`.
    public var components: [String] {
        rawValue.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// An existing name this one conflicts with (rule 6), or nil when there is none.
    ///
    /// A name conflicts with an existing name that is not the same name but is equal to it after case folding
    /// and canonical equivalence, or that is a `/`-component prefix of it or has it as such a prefix, compared
    /// the same way. The same name is not a conflict: whether a thread already exists is the caller's question.
    /// - Returns: the first conflicting name in `existing`'s order.
    public func conflict(among existing: some Sequence<ThreadName>) -> ThreadName? {
        let mine = foldedComponents
        for other in existing where other != self {
            let theirs = other.foldedComponents
            let shared = min(mine.count, theirs.count)
            // String == compares canonically, so NFC and NFD spellings of a component are equal here.
            if mine.prefix(shared) == theirs.prefix(shared) {
                return other
            }
        }
        return nil
    }

    public static func == (lhs: ThreadName, rhs: ThreadName) -> Bool {
        lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        // The bytes in one call (a call per byte cost more than the rest of a dictionary look-up).
        var bytes = rawValue
        bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(rawValue.utf8.count)
    }

    /// Byte order of the UTF-8 names, compared with `memcmp`: listings sort every thread by name, and
    /// a generic comparison of the two views was a tenth of a blame at thirteen thousand threads.
    public static func < (lhs: ThreadName, rhs: ThreadName) -> Bool {
        var (left, right) = (lhs.rawValue, rhs.rawValue)
        return left.withUTF8 { a in
            right.withUTF8 { b in
                let common = min(a.count, b.count)
                guard common > 0, let first = a.baseAddress, let second = b.baseAddress else { return a.count < b.count }
                let order = memcmp(first, second, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }

    package var foldedComponents: [String] {
        rawValue.lowercased().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }
}

extension ThreadName {
    private static let punctuationAllowed: Set<Character> = ["-", "_", ".", "+"]
    /// Windows device names, in ASCII; a component that is one of them before any `.` is refused.
    private static let reservedASCIIDeviceNames: [[UInt8]] =
        (["CON", "PRN", "AUX", "NUL"] + ["COM", "LPT"].flatMap { port in (1...9).map { port + String($0) } }).map { Array($0.utf8) }
    /// The same, with the superscript digits Windows also reserves after `COM` and `LPT`.
    private static let reservedDeviceNames: Set<String> =
        Set(reservedASCIIDeviceNames.map { String(decoding: $0, as: UTF8.self) } + ["COM", "LPT"].flatMap { port in ["¹", "²", "³"].map { port + $0 } })

    private static func firstBrokenRule(in raw: String) -> ThreadNameError.Reason? {
        if raw.isEmpty {
            return .empty
        }
        if raw.utf8.count > maximumByteCount {
            return .tooLong(byteCount: raw.utf8.count)
        }
        // Most names are letters, digits and `/-_.+`: their rules are checked on bytes, without the
        // grapheme breaking, Unicode case mapping and sets the general rules need (a tenth of a `log`).
        if raw.utf8.allSatisfy(isAllowedASCII) {
            return raw.utf8.withContiguousStorageIfAvailable(firstBrokenRule(inPlainASCII:))
                ?? firstBrokenRule(inPlainASCII: Array(raw.utf8))
        }
        return firstBrokenRule(inAnyName: raw)
    }

    /// The rules below for a name whose bytes all pass `isAllowedASCII`: one byte per character.
    static func firstBrokenRule(inPlainASCII bytes: [UInt8]) -> ThreadNameError.Reason? {
        bytes.withUnsafeBufferPointer(firstBrokenRule(inPlainASCII:))
    }

    /// `firstBrokenRule(inPlainASCII:)` on the name's bytes in place: it allocates nothing for a good
    /// name (every message read names its thread).
    static func firstBrokenRule(inPlainASCII bytes: UnsafeBufferPointer<UInt8>) -> ThreadNameError.Reason? {
        let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        func upper(_ byte: UInt8) -> UInt8 { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte }
        if bytes.isEmpty || bytes.first == slash || bytes.last == slash
            || bytes.indices.dropFirst().contains(where: { bytes[$0] == slash && bytes[$0 - 1] == slash }) {
            return .emptyComponent
        }
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: slash) ?? bytes.count
            let component = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if component.first == dot { return .componentStartsWithDot(text(component)) }
            if component.last == dot { return .componentEndsWithDot(text(component)) }
            if component.count >= 5, component.suffix(5).lazy.map(upper).elementsEqual(".LOCK".utf8) {
                return .componentEndsWithLock(text(component))
            }
            let device = component.prefix { $0 != dot }.lazy.map(upper)
            if reservedASCIIDeviceNames.contains(where: { $0.elementsEqual(device) }) {
                return .reservedDeviceName(text(component))
            }
            start = end + 1
        }
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            return .startsWithOptionSign(Character(Unicode.Scalar(first)))
        }
        if bytes.lazy.map(upper).elementsEqual("HEAD".utf8) {
            return .head
        }
        if bytes.count >= 4 && bytes.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || (($0 | 32) >= UInt8(ascii: "a") && ($0 | 32) <= UInt8(ascii: "f")) }) {
            return .looksLikeMessageID
        }
        return nil
    }

    static func firstBrokenRule(inAnyName raw: String) -> ThreadNameError.Reason? {
        let components = raw.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: \.isEmpty) {
            return .emptyComponent
        }
        // Most names are ASCII: checking bytes avoids splitting the name into grapheme clusters.
        let isPlainASCII = raw.utf8.allSatisfy(isAllowedASCII)
        if !isPlainASCII, let character = raw.first(where: { !isAllowed($0) }) {
            return .characterNotAllowed(character)
        }
        for component in components.map(String.init) {
            if let reason = brokenComponentRule(component) {
                return reason
            }
        }
        return brokenWholeNameRule(raw)
    }

    /// An ASCII letter, digit, `/` or allowed punctuation (so `isAllowed` holds for it as a character).
    static func isAllowedASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"):
            return true
        default:
            return false
        }
    }

    private static func isAllowed(_ character: Character) -> Bool {
        if character.isASCII {
            return character == "/" || character.isLetter || character.isNumber || punctuationAllowed.contains(character)
        }
        // Judge every scalar, not only the character's first: a letter followed by an invisible
        // format character (a zero-width joiner, a bidirectional override) must not pass as a letter.
        guard character.isLetter || character.isNumber else { return false }
        return character.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                return true
            default:
                return false
            }
        }
    }

    private static func brokenComponentRule(_ component: String) -> ThreadNameError.Reason? {
        if component.hasPrefix(".") {
            return .componentStartsWithDot(component)
        }
        if component.hasSuffix(".") {
            return .componentEndsWithDot(component)
        }
        if component.lowercased().hasSuffix(".lock") {
            return .componentEndsWithLock(component)
        }
        let device = component.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if reservedDeviceNames.contains(device.uppercased()) {
            return .reservedDeviceName(component)
        }
        return nil
    }

    private static func brokenWholeNameRule(_ raw: String) -> ThreadNameError.Reason? {
        if let first = raw.first, first == "-" || first == "+" {
            return .startsWithOptionSign(first)
        }
        if raw.uppercased() == "HEAD" {
            return .head
        }
        if raw.count >= 4 && raw.allSatisfy({ $0.isASCII && $0.isHexDigit }) {
            return .looksLikeMessageID
        }
        return nil
    }
}
