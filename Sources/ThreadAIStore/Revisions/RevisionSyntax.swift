/// A revision as a user writes it: a base, then suffixes that walk back through parents.
///
/// Grammar: `BASE REFLOG? SUFFIX*`, or `@{-N} SUFFIX*`.
/// - `BASE` is `HEAD` or `@` (the current thread's newest message), or any other non-empty text without
///   `~`, `^` or `@{`: a thread name, a tag or a message id prefix, which resolution tells apart.
/// - `REFLOG` is `@{N}`: the value the base's reflog held N changes ago (`main@{1}`: where main was
///   before its last change; `HEAD@{N}` reads `logs/HEAD`); with no base (`@{N}`), the current thread's.
/// - `@{-N}` is the thread (or message) checked out N checkouts ago (`@{-1}`: the previous one).
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
        /// Nothing before `@{N}` or `@{-N}`: the current thread, or the checkouts of `HEAD`.
        case currentThread
        /// A thread name or a message id prefix; resolution decides which.
        case name(String)
    }

    /// The most generations a revision may walk back, so a typo cannot start a walk of billions of steps.
    public static let maximumGenerations = 1_000_000

    /// Which reflog entry of the base, if any.
    public enum ReflogSelector: Sendable, Equatable {
        /// `@{N}`: the value N changes ago (0 is the newest entry).
        case entry(Int)
        /// `@{-N}`: the thread or message checked out N checkouts ago.
        case previousCheckout(Int)
    }

    public var base: Base
    public var reflog: ReflogSelector?
    /// How many parents back from `base`.
    public var generations: Int

    public init(base: Base, reflog: ReflogSelector? = nil, generations: Int = 0) {
        self.base = base
        self.reflog = reflog
        self.generations = generations
    }

    /// Parses `text` by the grammar above.
    /// - Throws: `RevisionSyntaxError` saying what is wrong, with the grammar.
    public init(parsing text: String) throws(RevisionSyntaxError) {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else {
            throw RevisionSyntaxError(text: text, reason: .empty)
        }
        var baseEnd = scalars.firstIndex(where: Self.isSuffixStart) ?? scalars.endIndex
        let reflogStart = scalars[..<baseEnd].indices.first { scalars[$0] == "@" && $0 + 1 < baseEnd && scalars[$0 + 1] == "{" }
        guard baseEnd > 0 else {
            throw RevisionSyntaxError(text: text, reason: .missingBase)
        }
        let baseText = Self.text(scalars[..<(reflogStart ?? baseEnd)])
        self.base = switch baseText {
        case "HEAD", "@": .head
        case "": .currentThread
        default: .name(baseText)
        }
        if let reflogStart {
            let (selector, end) = try Self.reflogSelector(in: scalars, from: reflogStart, of: text)
            if case .previousCheckout = selector, base != .currentThread {
                throw RevisionSyntaxError(text: text, reason: .unexpected("@{-", after: baseText))
            }
            self.reflog = selector
            baseEnd = end
        }
        self.generations = try Self.generations(in: scalars, from: baseEnd, of: text)
    }

    /// `@{N}` or `@{-N}` starting at `start`; returns it and where the text after it begins.
    private static func reflogSelector(
        in scalars: [Unicode.Scalar], from start: Int, of text: String
    ) throws(RevisionSyntaxError) -> (ReflogSelector, Int) {
        var index = start + 2
        let negative = index < scalars.endIndex && scalars[index] == "-"
        if negative { index += 1 }
        let digitsEnd = scalars[index...].firstIndex(where: { !isDecimalDigit($0) }) ?? scalars.endIndex
        let digits = Self.text(scalars[index..<digitsEnd])
        guard !digits.isEmpty, digitsEnd < scalars.endIndex, scalars[digitsEnd] == "}" else {
            throw RevisionSyntaxError(text: text, reason: .badReflogSelector)
        }
        let value = boundedValue(of: digits)
        guard value <= maximumGenerations else { throw RevisionSyntaxError(text: text, reason: .tooManyGenerations) }
        if negative {
            guard value > 0 else { throw RevisionSyntaxError(text: text, reason: .badReflogSelector) }
            return (.previousCheckout(value), digitsEnd + 1)
        }
        return (.entry(value), digitsEnd + 1)
    }

    /// The normalized form: `HEAD` for both spellings of the current thread, and one `~N` for all suffixes.
    public var description: String {
        var baseText = switch base {
        case .head: "HEAD"
        case .currentThread: ""
        case .name(let name): name
        }
        switch reflog {
        case .entry(let index)?: baseText += "@{\(index)}"
        case .previousCheckout(let count)?: baseText += "@{-\(count)}"
        case nil: break
        }
        return generations == 0 ? baseText : "\(baseText)~\(generations)"
    }

    /// The scalars as a string, appended one by one: the view's `append(contentsOf:)` is generic and not
    /// specialized in the standard library, so its first use asks the runtime for the slice's type by its
    /// mangled name, a search through every type the executable holds (docs/PERFORMANCE.md, "Types
    /// looked up by name").
    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.reserveCapacity(scalars.count)
        for scalar in scalars { text.unicodeScalars.append(scalar) }
        return text
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
                let parsed = Self.text(scalars[..<index])
                let rest = Self.text(scalars[index...])
                throw RevisionSyntaxError(text: text, reason: .unexpected(rest, after: parsed))
            }
            index += 1
            let digitsEnd = scalars[index...].firstIndex(where: { !isDecimalDigit($0) }) ?? scalars.endIndex
            let digits = Self.text(scalars[index..<digitsEnd])
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
