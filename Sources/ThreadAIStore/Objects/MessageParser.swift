/// Reads the layout of a message object (docs/FORMAT.md §4.1): the opening `---`, the frontmatter lines,
/// the closing `---`, and where the content lies. The one frontmatter parser behind both `decode` and
/// `decodeHeader`.
enum MessageParser {
    private static let lineFeed: UInt8 = 0x0a
    private static let carriageReturn: UInt8 = 0x0d
    private static let delimiter: [UInt8] = Array("---".utf8)
    private static let openingLine: [UInt8] = Array("---\n".utf8)
    private static let crlfOpeningLine: [UInt8] = Array("---\r\n".utf8)

    /// Checks the whole object and reads its frontmatter.
    /// - Throws: `MessageFormatError` for the first rule of §4.4 the object breaks.
    static func header(of object: UnsafeBufferPointer<UInt8>) throws(MessageFormatError) -> MessageHeader {
        try checkOpening(object)
        guard object.last == lineFeed else {
            throw MessageFormatError(line: lineNumber(at: object.count, in: object), reason: .missingFinalLineFeed)
        }
        if let (offset, reason) = UTF8Validation.firstProblem(in: object) {
            throw MessageFormatError(line: lineNumber(at: offset, in: object), reason: reason)
        }
        var builder = FrontmatterBuilder()
        var lineStart = openingLine.count
        var line = 2
        while lineStart < object.count {
            let lineEnd = try endOfFrontmatterLine(in: object, from: lineStart, line: line)
            let text = UnsafeBufferPointer(rebasing: object[lineStart..<lineEnd])
            if text.elementsEqual(delimiter) {
                return try builder.finish(closingLine: line, contentOffset: lineEnd + 1, objectByteCount: object.count)
            }
            try builder.add(line: text, number: line)
            lineStart = lineEnd + 1
            line += 1
        }
        throw MessageFormatError(line: nil, reason: .missingClosingDelimiter)
    }

    private static func checkOpening(_ object: UnsafeBufferPointer<UInt8>) throws(MessageFormatError) {
        if object.starts(with: openingLine) { return }
        // A checkout that converted line ends deserves a precise word rather than "no opening line".
        let reason: MessageFormatError.Reason =
            object.starts(with: crlfOpeningLine) ? .carriageReturnInFrontmatter : .missingOpeningDelimiter
        throw MessageFormatError(line: 1, reason: reason)
    }

    /// The offset of the line feed that ends the frontmatter line starting at `start`.
    /// - Throws: `MessageFormatError` when the line holds a carriage return.
    private static func endOfFrontmatterLine(
        in object: UnsafeBufferPointer<UInt8>, from start: Int, line: Int
    ) throws(MessageFormatError) -> Int {
        var index = start
        while index < object.count {
            switch object[index] {
            case lineFeed: return index
            case carriageReturn: throw MessageFormatError(line: line, reason: .carriageReturnInFrontmatter)
            default: index += 1
            }
        }
        // Unreachable for an object that ends with a line feed, which `header(of:)` checks first.
        throw MessageFormatError(line: line, reason: .missingFinalLineFeed)
    }

    /// The 1-based line that holds the byte at `offset`.
    private static func lineNumber(at offset: Int, in object: UnsafeBufferPointer<UInt8>) -> Int {
        object[..<offset].reduce(1) { count, byte in byte == lineFeed ? count + 1 : count }
    }
}
