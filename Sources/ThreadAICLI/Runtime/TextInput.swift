#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command reads typed or piped text.
protocol TextInput: AnyObject {
    /// Whether a person is typing (a terminal) rather than a pipe or file.
    var isTerminal: Bool { get }
    /// Everything until end of input; throws `CLIError` (usage) when it is not valid UTF-8.
    func readAll() throws -> String
    /// Everything until end of input, as bytes (a file attached with `send -f -`).
    func readBytes() throws -> [UInt8]
}

extension TextInput {
    func readBytes() throws -> [UInt8] { Array(try readAll().utf8) }
}

/// Text from outside (standard input, an editor's file) as a string, or a usage error naming
/// `source` and the first bad byte when it is not UTF-8: repairing it into U+FFFD would store
/// something other than what was written.
func decodeUTF8(_ bytes: [UInt8], from source: String) throws -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var offset = 0
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    decoding: while true {
        let start = offset
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): offset += UTF8.width(scalar)
        case .emptyInput: break decoding
        case .error:
            throw CLIError("\(source) is not valid UTF-8 (first bad byte at offset \(start)); nothing was stored. Convert it first, for example with iconv.", status: .usage)
        }
    }
    throw CLIError("\(source) is not valid UTF-8; nothing was stored.", status: .usage)
}

/// Standard input.
final class StandardInput: TextInput {
    var isTerminal: Bool { isatty(0) == 1 }

    func readAll() throws -> String {
        try decodeUTF8(readBytes(), from: "standard input")
    }

    func readBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
