/// Cuts a byte stream into lines at LF, CRLF or a lone CR, however the bytes are chunked.
///
/// A CR that ends one chunk and an LF that starts the next are one line end, so the splitter
/// remembers a trailing CR until it sees the next byte. A leading UTF-8 byte order mark is
/// dropped once, even when it is split across chunks.
struct SSELineSplitter {
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    private var line: [UInt8] = []
    private var lastWasCarriageReturn = false
    /// Bytes held back at the very start while they could still be a byte order mark.
    private var startBytes: [UInt8] = []
    private var pastStart = false

    /// Whether bytes have arrived since the last line end.
    var hasPartialLine: Bool { !line.isEmpty || !startBytes.isEmpty }

    /// Feeds bytes and returns the complete lines they finish, without their line ends.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for byte in bytes {
            if !pastStart {
                startBytes.append(byte)
                if startBytes == Self.byteOrderMark {
                    startBytes = []
                    pastStart = true
                } else if !Self.byteOrderMark.starts(with: startBytes) {
                    let held = startBytes
                    startBytes = []
                    pastStart = true
                    for heldByte in held { split(heldByte, into: &lines) }
                }
                continue
            }
            split(byte, into: &lines)
        }
        return lines
    }

    private mutating func split(_ byte: UInt8, into lines: inout [[UInt8]]) {
        if byte == Self.lineFeed && lastWasCarriageReturn {
            lastWasCarriageReturn = false
            return
        }
        lastWasCarriageReturn = byte == Self.carriageReturn
        if byte == Self.lineFeed || byte == Self.carriageReturn {
            lines.append(line)
            line = []
        } else {
            line.append(byte)
        }
    }
}
