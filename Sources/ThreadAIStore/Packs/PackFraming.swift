#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The text framing of a pack file (docs/FORMAT.md §15.1): `threadai-pack 1`, then per object a line
/// `ID LENGTH`, its exact bytes and an LF, in strictly ascending id order, then `end COUNT`.
///
/// `entries` checks the whole framing, and only the framing: each object's bytes are checked against
/// its id when it is read, as a loose object's are. `entryLine` is what a writer writes and what an
/// index's offsets are checked against before use.
enum PackFraming {
    static let header = Array("threadai-pack 1\n".utf8)

    /// Where one object lies in a pack.
    struct Entry: Equatable, Sendable {
        let id: ObjectID
        /// Where the object's bytes begin in the file.
        let offset: Int
        let length: Int
    }

    /// `ID LENGTH` LF, the line before an object's bytes.
    static func entryLine(_ id: ObjectID, length: Int) -> [UInt8] {
        Array("\(id.hex) \(length)\n".utf8)
    }

    /// `end COUNT` LF, the last line.
    static func endLine(count: Int) -> [UInt8] {
        Array("end \(count)\n".utf8)
    }

    /// Every entry of the pack whose bytes are `bytes`, in file order.
    /// - Throws: the first rule of §15.1 the file breaks.
    static func entries(_ bytes: UnsafeBufferPointer<UInt8>) throws(PackFramingError) -> [Entry] {
        guard bytes.count >= header.count, bytes[0..<header.count].elementsEqual(header) else { throw .header }
        var entries: [Entry] = []
        var position = header.count
        while true {
            guard let lineEnd = lineEnd(in: bytes, from: position) else {
                // The last line without its LF: an `end` line cut short, or an entry's.
                if bytes[position...].starts(with: "end ".utf8) { throw .endLine }
                throw .entryLine(offset: position)
            }
            let line = bytes[position..<lineEnd]
            if line.starts(with: "end ".utf8) {
                guard let count = decimal(line.dropFirst(4)), count == entries.count else { throw .endLine }
                guard lineEnd + 1 == bytes.count else { throw .trailingBytes }
                return entries
            }
            guard line.count > ObjectID.hexDigitCount + 1, line[position + ObjectID.hexDigitCount] == UInt8(ascii: " "),
                  let id = ObjectID(hexDigits: UnsafeBufferPointer(rebasing: line.prefix(ObjectID.hexDigitCount))),
                  let length = decimal(line.dropFirst(ObjectID.hexDigitCount + 1))
            else { throw .entryLine(offset: position) }
            let start = lineEnd + 1
            guard length <= bytes.count - start else { throw .pastEnd(id) }
            guard start + length < bytes.count, bytes[start + length] == 0x0a else { throw .missingLineFeed(id) }
            if let previous = entries.last, !(previous.id < id) { throw .order(id) }
            entries.append(Entry(id: id, offset: start, length: length))
            position = start + length + 1
        }
    }

    /// Whether `bytes` hold `entry`'s line just before its offset and an LF just after its bytes:
    /// what a reader checks before it trusts an index's entry (§15.2).
    static func frames(_ entry: Entry, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let line = entryLine(entry.id, length: entry.length)
        guard entry.offset >= header.count + line.count, entry.length >= 0,
              entry.length < bytes.count - entry.offset, bytes[entry.offset + entry.length] == 0x0a
        else { return false }
        return bytes[(entry.offset - line.count)..<entry.offset].elementsEqual(line)
    }

    /// Whether `mapping` (a whole pack) frames `entry` there.
    static func frames(_ entry: Entry, in mapping: MappedFile) -> Bool {
        mapping.withBytes(0..<mapping.count) { frames(entry, in: $0) }
    }

    /// The bytes of `entry` in `mapping` (a whole pack), when it frames the entry there; else nil.
    static func framedBytes(_ entry: Entry, in mapping: MappedFile) -> [UInt8]? {
        frames(entry, in: mapping) ? mapping.bytes(entry.offset..<(entry.offset + entry.length)) : nil
    }

    /// The index of the LF that ends the line starting at `start`, or nil when there is none.
    private static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, 0x0a, bytes.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The number written in `digits`: decimal, no sign, no leading zero; nil otherwise or when it
    /// would not fit.
    static func decimal(_ digits: some Collection<UInt8>) -> Int? {
        guard let first = digits.first, digits.count <= 18, first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}

/// Why a pack is damaged: the rule of docs/FORMAT.md §15.1 it breaks, first found.
public enum PackFramingError: Error, Equatable, Sendable, CustomStringConvertible {
    case header
    /// A line where an entry (or `end`) belongs that is neither, at this offset.
    case entryLine(offset: Int)
    /// This object's length runs past the end of the file.
    case pastEnd(ObjectID)
    /// The byte after this object is not LF.
    case missingLineFeed(ObjectID)
    /// This id is not greater than the one before it.
    case order(ObjectID)
    /// The `end` line is malformed or its count is not the number of entries.
    case endLine
    case trailingBytes

    public var description: String {
        switch self {
        case .header: return "it does not begin with 'threadai-pack 1'"
        case .entryLine(let offset): return "the line at byte \(offset) is neither an entry 'ID LENGTH' nor the 'end' line (the file may be truncated)"
        case .pastEnd(let id): return "object \(id.hex)'s length runs past the end of the file (truncated)"
        case .missingLineFeed(let id): return "object \(id.hex) is not followed by a line feed"
        case .order(let id): return "object \(id.hex) is out of order (ids must be strictly ascending)"
        case .endLine: return "its 'end' line does not give the number of objects"
        case .trailingBytes: return "bytes follow its 'end' line"
        }
    }

    /// The word a conformance vector's `.rule` file names it by.
    public var rule: String {
        switch self {
        case .header: return "header"
        case .entryLine: return "entry-line"
        case .pastEnd: return "past-end"
        case .missingLineFeed: return "missing-lf"
        case .order: return "order"
        case .endLine: return "end-line"
        case .trailingBytes: return "trailing"
        }
    }
}
