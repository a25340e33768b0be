/// Cuts a JSON array of objects that arrives piece by piece (a tool's output through a pipe) into its
/// objects, each handed on as its own bytes as soon as it is complete: so that the rows `sqlite3
/// -json` prints are read one at a time, never the whole output at once.
///
/// Only the array's structure is followed here (braces and brackets, strings and their escapes, the
/// commas between elements); each object is read by the caller. Around them, what reading the whole
/// array `readingLikeFoundation` accepts is accepted: white space, a UTF-8 byte order mark before the
/// array, a comma before its end; and nothing at all means no rows (`sqlite3` prints nothing then).
/// An element that is not an object is a `Failure`, as the importer wants rows only.
struct JSONArrayElements {
    struct Failure: Error {
        var offset: Int
    }

    private enum Place {
        /// Before the array: a byte order mark or white space may come, then `[`.
        case before
        /// After `[` or a comma: an element, or the end of the array (`[]`; a comma before the end
        /// is allowed, as Foundation allowed it).
        case elementMayStart
        /// Inside an object.
        case inElement
        /// After an element: a comma or the array's end.
        case afterElement
        /// After the array: white space only.
        case after
    }

    private var place = Place.before
    private var element: [UInt8] = []
    /// Braces and brackets open in the current object, its own included.
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var offset = 0
    private var byteOrderMarkSeen = 0

    /// Reads `bytes`, the next piece of the output, calling `body` with each element it completes.
    /// - Throws: `Failure` at the first byte that cannot belong to a JSON array.
    mutating func append(_ bytes: ArraySlice<UInt8>, _ body: ([UInt8]) throws -> Void) throws {
        try bytes.withUnsafeBufferPointer { try append($0, body) }
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, _ body: ([UInt8]) throws -> Void) throws {
        var index = 0
        while index < bytes.count {
            if case .inElement = place {
                // Most of the output is inside objects: their bytes are scanned in one loop and
                // copied in one piece, up to the object's end or the end of this piece.
                let start = index
                var complete = false
                while index < bytes.count && !complete {
                    let byte = bytes[index]
                    index += 1
                    if inString {
                        if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                    } else if byte == 0x22 {
                        inString = true
                    } else if byte == 0x5B || byte == 0x7B {
                        depth += 1
                    } else if byte == 0x5D || byte == 0x7D {
                        depth -= 1
                        complete = depth == 0
                    }
                }
                element.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                offset += index - start
                if complete {
                    try body(element)
                    element.removeAll(keepingCapacity: true)
                    place = .afterElement
                }
                continue
            }
            try step(bytes[index])
            index += 1
            offset += 1
        }
    }

    /// One byte outside the objects: where the array starts, its commas, its end.
    private mutating func step(_ byte: UInt8) throws {
        switch place {
        case .inElement:
            return
        case .before:
            if offset < 3, byteOrderMarkSeen == offset, byte == [0xEF, 0xBB, 0xBF][offset] {
                byteOrderMarkSeen += 1
            } else if byteOrderMarkSeen == 1 || byteOrderMarkSeen == 2 {
                throw Failure(offset: offset)
            } else if byte == 0x5B {
                place = .elementMayStart
            } else if !Self.isWhiteSpace(byte) {
                throw Failure(offset: offset)
            }
        case .elementMayStart:
            if Self.isWhiteSpace(byte) { return }
            switch byte {
            case 0x5D: place = .after
            case 0x7B:
                element.append(byte)
                depth = 1
                place = .inElement
            default: throw Failure(offset: offset)
            }
        case .afterElement:
            if Self.isWhiteSpace(byte) { return }
            switch byte {
            case 0x2C: place = .elementMayStart
            case 0x5D: place = .after
            default: throw Failure(offset: offset)
            }
        case .after:
            guard Self.isWhiteSpace(byte) else { throw Failure(offset: offset) }
        }
    }

    /// Checks that the output ended where an array may end: after it, or before anything but white
    /// space and a byte order mark was seen.
    func finish() throws {
        switch place {
        case .after: return
        case .before where byteOrderMarkSeen == 0 || byteOrderMarkSeen == 3: return
        default: throw Failure(offset: offset)
        }
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
