/// A revision as a user writes it: a base, then suffixes that walk back through parents.
///
/// Grammar: `BASE SUFFIX*`.
/// - `BASE` is `HEAD` or `@` (the current thread's newest message), or any other non-empty text without
///   `~` or `^`: a thread name or a message id prefix, which resolution tells apart.
/// - `SUFFIX` is `~N` (N parents back, N decimal, 1 when omitted), `^` or `^1` (one parent back), or `^0`
///   (no step). `^2` and above are errors: messages have a single parent.
/// - Suffixes add up: `main~2^` is 3 generations back from `main`. At most 1,000,000 generations in all.
///
/// This type only parses; resolving a revision against a repository happens elsewhere.
public struct Revision: Sendable, Equatable, CustomStringConvertible {
    /// Where a revision starts before walking back.
    public enum Base: Sendable, Equatable {
        /// `HEAD` or `@`.
        case head
        /// A thread name or a message id prefix; resolution decides which.
        case name(String)
    }

    /// The most generations a revision may walk back, so a typo cannot start a walk of billions of steps.
    public static let maximumGenerations = 1_000_000

    public var base: Base
    /// How many parents back from `base`.
    public var generations: Int

    public init(base: Base, generations: Int = 0) {
        self.base = base
        self.generations = generations
    }

    /// Parses `text` by the grammar above.
    /// - Throws: `RevisionSyntaxError` saying what is wrong, with the grammar.
    public init(parsing text: String) throws(RevisionSyntaxError) {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else {
            throw RevisionSyntaxError(text: text, reason: .empty)
        }
        let baseEnd = scalars.firstIndex(where: Self.isSuffixStart) ?? scalars.endIndex
        guard baseEnd > 0 else {
            throw RevisionSyntaxError(text: text, reason: .missingBase)
        }
        let baseText = String(String.UnicodeScalarView(scalars[..<baseEnd]))
        self.base = baseText == "HEAD" || baseText == "@" ? .head : .name(baseText)
        self.generations = try Self.generations(in: scalars, from: baseEnd, of: text)
    }

    /// The normalized form: `HEAD` for both spellings of the current thread, and one `~N` for all suffixes.
    public var description: String {
        let baseText = switch base {
        case .head: "HEAD"
        case .name(let name): name
        }
        return generations == 0 ? baseText : "\(baseText)~\(generations)"
    }

    private static func isSuffixStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "~" || scalar == "^"
    }

    private static func generations(
        in scalars: [Unicode.Scalar], from start: Int, of text: String
    ) throws(RevisionSyntaxError) -> Int {
        var total = 0
        var index = start
        while index < scalars.endIndex {
            let marker = scalars[index]
            guard isSuffixStart(marker) else {
                let parsed = String(String.UnicodeScalarView(scalars[..<index]))
                let rest = String(String.UnicodeScalarView(scalars[index...]))
                throw RevisionSyntaxError(text: text, reason: .unexpected(rest, after: parsed))
            }
            index += 1
            let digitsEnd = scalars[index...].firstIndex(where: { !isDecimalDigit($0) }) ?? scalars.endIndex
            let digits = String(String.UnicodeScalarView(scalars[index..<digitsEnd]))
            index = digitsEnd
            let count = digits.isEmpty ? 1 : boundedValue(of: digits)
            if marker == "^" && count > 1 {
                throw RevisionSyntaxError(text: text, reason: .secondParent("^" + digits))
            }
            guard count <= maximumGenerations - total else {
                throw RevisionSyntaxError(text: text, reason: .tooManyGenerations)
            }
            total += count
        }
        return total
    }

    private static func isDecimalDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// The value of ASCII `digits`, or `maximumGenerations + 1` when larger, so long inputs cannot overflow.
    private static func boundedValue(of digits: String) -> Int {
        var value = 0
        for digit in digits.utf8 {
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            if value > maximumGenerations {
                return maximumGenerations + 1
            }
        }
        return value
    }
}
