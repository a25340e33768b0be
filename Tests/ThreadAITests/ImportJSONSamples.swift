/// Random JSON documents for the import JSON oracle tests, from a fixed seed so that a failure
/// reproduces: nested objects and arrays, keys from a nasty alphabet, numbers of every shape, and
/// strings with control characters, quotes, backslashes, slashes, non-ASCII and emoji, each
/// character written raw or escaped at random.
struct ImportJSONSamples {
    /// SplitMix64: small, fast and the same on every platform.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Key characters whose order the writer matches exactly: ASCII letters of both cases, digits,
    /// punctuation, space, tab and line breaks.
    static let asciiKeyCharacters = Array("aAbBzZ_-. 0123456789/\\\"$~@:,\t\n")
    /// Also characters outside ASCII, whose order the writer does not claim to match.
    static let wideKeyCharacters = asciiKeyCharacters + Array("éÉüß日😀\u{301}")
    static let stringScalars: [Unicode.Scalar] = Array(
        "aZ09 /\\\"\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{7F}é日😀\u{2028}\u{FEFF}\u{301}".unicodeScalars)
    static let fixedNumbers = [
        "0", "-0", "1", "-1", "0.0", "-0.0", "1.0", "1e2", "1E2", "1e+2", "1E-2", "1.5E-7", "2.5e-5", "0.1", "1e16", "1e15",
        "9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "12345678901234567890", "123456789012345678901234567890",
        "1234567890123456789012345678901234567890123", "3.14159265358979323846", "0.30000000000000004",
        "1.0000000000000000000", "1.0000000000000000E5", "12345678901234567.5e200", "0.1234567890123456789e-130",
        "5e-324", "1.7976931348623157e308", "1e-400", "-1e-400", "0e0", "-0e0",
    ]

    var random: Generator
    var keyCharacters: [Character]

    init(seed: UInt64, keyCharacters: [Character] = asciiKeyCharacters) {
        random = Generator(state: seed)
        self.keyCharacters = keyCharacters
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// A document whose top level is an object.
    mutating func document(depth: Int = 4) -> String { object(depth: depth) }

    mutating func value(depth: Int) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1: return depth > 0 ? object(depth: depth - 1) : number()
        case 2: return depth > 0 ? array(depth: depth - 1) : "null"
        case 3, 4, 5: return number()
        case 6, 7: return string(length: Int.random(in: 0...12, using: &random))
        case 8: return chance(50) ? "true" : "false"
        default: return "null"
        }
    }

    mutating func object(depth: Int) -> String {
        let members = (0..<Int.random(in: 0...7, using: &random)).map { _ in
            string(key()) + space() + ":" + space() + value(depth: depth)
        }
        return "{" + space() + members.joined(separator: "," + space()) + space() + "}"
    }

    mutating func array(depth: Int) -> String {
        let elements = (0..<Int.random(in: 0...5, using: &random)).map { _ in value(depth: depth) }
        return "[" + elements.joined(separator: ",") + "]"
    }

    mutating func space() -> String { chance(85) ? "" : [" ", "\n", "\t", "\r\n  "].randomElement(using: &random) ?? "" }

    mutating func key() -> String {
        String((0..<Int.random(in: 0...6, using: &random)).compactMap { _ in keyCharacters.randomElement(using: &random) })
    }

    /// A number of a random shape: an integer of up to 25 digits, a fraction, an exponent.
    mutating func number() -> String {
        if chance(25) { return Self.fixedNumbers.randomElement(using: &random) ?? "0" }
        var text = chance(30) ? "-" : ""
        let whole = Int.random(in: 1...25, using: &random)
        text += whole == 1 ? digit() : String(Int.random(in: 1...9, using: &random))
        if whole > 1 { for _ in 1..<whole { text += digit() } }
        if chance(40) { text += "." + (0..<Int.random(in: 1...22, using: &random)).map { _ in digit() }.joined() }
        if chance(30) {
            text += (chance(50) ? "e" : "E") + (["", "+", "-"].randomElement(using: &random) ?? "")
            text += String(Int.random(in: 0...(chance(90) ? 40 : 330), using: &random))
        }
        return text
    }

    mutating func digit() -> String { String(Int.random(in: 0...9, using: &random)) }

    mutating func string(length: Int) -> String {
        var text = ""
        for _ in 0..<length { text.unicodeScalars.append(Self.stringScalars.randomElement(using: &random) ?? "a") }
        return string(text)
    }

    /// `text` as a JSON string, each character raw where JSON allows it or escaped at random.
    mutating func string(_ text: String) -> String {
        var written = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": written += "\\\""
            case "\\": written += "\\\\"
            case "/" where chance(30): written += "\\/"
            case "\n" where chance(50): written += "\\n"
            case _ where scalar.value < 0x20 || chance(10): written += escaped(scalar)
            default: written.unicodeScalars.append(scalar)
            }
        }
        return written + "\""
    }

    private func escaped(_ scalar: Unicode.Scalar) -> String {
        String(scalar).utf16.map { unit in
            let hex = String(unit, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined()
    }
}
