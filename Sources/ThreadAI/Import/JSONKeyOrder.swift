/// The order in which a structured part's object keys are written (docs/FORMAT.md §4.6, "Compact
/// JSON"): the order Foundation's `JSONSerialization` gave them with `.sortedKeys` on Linux, which
/// the importers used before, so that a re-import keeps its messages' bytes and ids. Foundation
/// compared keys with ICU's root collation, numerically and ignoring case, forced to an order; this
/// is that comparison for ASCII, measured character by character against Foundation (the oracle
/// test in ThreadAICLITests), without ICU. Keys outside ASCII are ordered by a simpler rule of our own
/// (their characters after every ASCII letter, by code point), which is where it can differ.
enum JSONKeyOrder {
    /// Whether `a` is written before `b`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        compare(SortKey(a), SortKey(b)) < 0
    }

    /// `keys` in writing order, each key's sort key made once.
    static func sorted(_ keys: some Sequence<String>) -> [String] {
        keys.map { (key: $0, sortKey: SortKey($0)) }.sorted { compare($0.sortKey, $1.sortKey) < 0 }.map(\.key)
    }

    /// One collation element: a character other than an ASCII digit, or a run of ASCII digits.
    enum Element {
        case character(weight: UInt32, uppercase: Bool)
        /// The run's digits without its leading zeros ("0" for zero), and how many zeros it had.
        case number(digits: ArraySlice<UInt8>, leadingZeros: Int)
    }

    struct SortKey {
        var elements: [Element] = []
        /// The key's UTF-16 code units, for the last comparison.
        var literal: [UInt16]

        init(_ key: String) {
            literal = Array(key.utf16)
            let scalars = Array(key.unicodeScalars)
            var index = 0
            while index < scalars.count {
                let value = scalars[index].value
                if Self.isDigit(value) {
                    var end = index
                    while end < scalars.count, Self.isDigit(scalars[end].value) { end += 1 }
                    let digits = scalars[index..<end].map { UInt8($0.value) }
                    let zeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
                    let significant = zeros == digits.count ? digits.suffix(1) : digits.dropFirst(zeros)
                    elements.append(.number(digits: significant, leadingZeros: digits.count - significant.count))
                    index = end
                    continue
                }
                if let element = Self.element(of: value) { elements.append(element) }
                index += 1
            }
        }

        private static func isDigit(_ value: UInt32) -> Bool { (0x30...0x39).contains(value) }

        /// The character's element; nil for the control characters collation ignores (U+0000–U+0008,
        /// U+000E–U+001F, U+007F), which only the last comparison sees.
        private static func element(of value: UInt32) -> Element? {
            switch value {
            case 0x61...0x7A: return .character(weight: letterWeight + value - 0x61, uppercase: false)
            case 0x41...0x5A: return .character(weight: letterWeight + value - 0x41, uppercase: true)
            case 0x80...: return .character(weight: letterWeight + 26 + value, uppercase: false)
            default:
                guard let rank = punctuationRank[Int(value)] else { return nil }
                return .character(weight: rank, uppercase: false)
            }
        }
    }

    /// ICU's root order of ASCII white space and punctuation, all before the digits and the letters.
    static let punctuation = Array("\t\n\u{0B}\u{0C}\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars)
    private static let punctuationRank: [Int: UInt32] = Dictionary(
        uniqueKeysWithValues: punctuation.enumerated().map { (Int($0.element.value), UInt32($0.offset)) })
    /// Numbers sort after all punctuation and before the letters.
    private static let numberWeight = UInt32(punctuation.count)
    private static let letterWeight = numberWeight + 1

    /// Negative, zero or positive as `a` sorts before, with or after `b`: first by the elements'
    /// weights (numbers by value), a key that is a prefix of the other first; then by the first
    /// element that differs in case (lowercase first) or in leading zeros (fewer first); then by
    /// UTF-16 code units.
    static func compare(_ a: SortKey, _ b: SortKey) -> Int {
        for (x, y) in zip(a.elements, b.elements) {
            let order = primaryOrder(x, y)
            if order != 0 { return order }
        }
        if a.elements.count != b.elements.count { return a.elements.count < b.elements.count ? -1 : 1 }
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case (.character(_, let upperX), .character(_, let upperY)) where upperX != upperY: return upperX ? 1 : -1
            case (.number(_, let zerosX), .number(_, let zerosY)) where zerosX != zerosY: return zerosX < zerosY ? -1 : 1
            default: continue
            }
        }
        if a.literal == b.literal { return 0 }
        return a.literal.lexicographicallyPrecedes(b.literal) ? -1 : 1
    }

    private static func primaryOrder(_ x: Element, _ y: Element) -> Int {
        switch (x, y) {
        case (.character(let weightX, _), .character(let weightY, _)):
            return weightX == weightY ? 0 : weightX < weightY ? -1 : 1
        case (.number, .character(let weight, _)):
            return numberWeight < weight ? -1 : 1
        case (.character(let weight, _), .number):
            return weight < numberWeight ? -1 : 1
        case (.number(let digitsX, _), .number(let digitsY, _)):
            if digitsX.count != digitsY.count { return digitsX.count < digitsY.count ? -1 : 1 }
            if digitsX.elementsEqual(digitsY) { return 0 }
            return digitsX.lexicographicallyPrecedes(digitsY) ? -1 : 1
        }
    }
}
