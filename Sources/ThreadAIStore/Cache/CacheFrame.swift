/// The frame of every cache file (docs/FORMAT.md §12 rule 3), owned here for every kind's reader and
/// writer: a first line `threadai-cache KIND VERSION` LF, and a last line of one of two kinds:
/// - `checksum` and the SHA-256 of everything before it (`threads`, `packs/H.idx`, `messages`);
/// - `check` and the 64-bit CHECK (`SearchCheck`) of everything before it except one named range,
///   the large content a reader checks part by part instead (`search`, §12.3; `objects`, §12.4).
///
/// A reader gets the bytes inside only when the whole frame checks, so a truncated file, random
/// bytes, another kind or another version all read as "no cache".
enum CacheFrame {
    /// `threadai-cache KIND VERSION` LF.
    static func header(kind: String, version: Int) -> [UInt8] {
        Array("threadai-cache \(kind) \(version)\n".utf8)
    }

    /// Whether the open file begins with `header` (the binary kinds, read in part rather than whole).
    static func begins(_ file: borrowing FileDescriptor, with header: [UInt8]) -> Bool {
        var bytes: [UInt8] = []
        guard (try? file.readExactly(at: 0, count: header.count, into: &bytes)) != nil else { return false }
        return bytes.prefix(header.count).elementsEqual(header)
    }

    // MARK: the `checksum` line

    /// `checksum ` 64 hex digits LF.
    static let checksumLineSize = "checksum ".utf8.count + ObjectID.hexDigitCount + 1

    /// The last line of a file whose bytes before it hash to `digest`.
    static func checksumLine(_ digest: ObjectID) -> [UInt8] {
        Array("checksum \(digest.hex)\n".utf8)
    }

    /// The file's bytes: the header, `body` (whole lines, or binary ending in LF), the `checksum` line.
    static func seal(kind: String, version: Int, body: [UInt8]) -> [UInt8] {
        var bytes = header(kind: kind, version: version)
        bytes += body
        appendChecksumLine(to: &bytes)
        return bytes
    }

    /// Ends `bytes` (a header and a body) with the `checksum` line of everything before it: `seal`
    /// for a writer that built the header and body in one buffer.
    static func appendChecksumLine(to bytes: inout [UInt8]) {
        bytes += checksumLine(ObjectID.of(bytes))
    }

    /// The body of a file made by `seal` with the same kind and version, or nil when it is not one.
    static func open(_ bytes: [UInt8], kind: String, version: Int) -> ArraySlice<UInt8>? {
        let header = header(kind: kind, version: version)
        guard bytes.count >= header.count + checksumLineSize, bytes.starts(with: header), bytes.last == 0x0a else {
            return nil
        }
        let trailerStart = bytes.count - checksumLineSize
        guard bytes[trailerStart...].elementsEqual(checksumLine(ObjectID.of(bytes[..<trailerStart]))),
              trailerStart == header.count || bytes[trailerStart - 1] == 0x0a else { return nil }
        return bytes[header.count..<trailerStart]
    }

    // MARK: the `check` line

    /// `LF` `check ` 16 hex digits `LF`: the line feed that ends the checked bytes, then the line.
    static let checkTrailerSize = 1 + "check ".utf8.count + 16 + 1

    /// `check `, `digest` in 16 lowercase hex digits, LF.
    static func checkLine(_ digest: UInt64) -> [UInt8] {
        Array("check ".utf8) + SearchIndexLayout.hex(digest) + [0x0a]
    }

    /// Whether `tail`, the end of a file from where its checked bytes resume after the unchecked
    /// range through its `check` line, ends with the CHECK of `header` and the rest of `tail`.
    static func verifiesCheck(header: [UInt8], tail: [UInt8]) -> Bool {
        guard tail.count >= checkTrailerSize else { return false }
        let checkLineStart = tail.count - (checkTrailerSize - 1)
        var check = SearchCheck(byteCount: header.count + checkLineStart)
        check.update(header)
        tail.withUnsafeBytes { check.update(UnsafeRawBufferPointer(rebasing: $0[..<checkLineStart])) }
        return tail[(checkLineStart - 1)...].elementsEqual([0x0a] + checkLine(check.finish()))
    }

    /// Whether the last line of the mapped `file` (framed, at least `checksumLineSize` bytes) is
    /// `checksum` and the SHA-256 of every byte before it: for files mapped rather than read whole.
    static func checksumHolds(in file: MappedFile) -> Bool {
        guard file.count >= checksumLineSize else { return false }
        let trailerStart = file.count - checksumLineSize
        return file.withBytes(0..<file.count) { bytes in
            bytes[trailerStart...].starts(with: "checksum ".utf8)
                && ObjectID.of(UnsafeBufferPointer(rebasing: bytes[..<trailerStart])).hex.utf8
                    .elementsEqual(bytes[(trailerStart + "checksum ".utf8.count)..<(file.count - 1)])
        }
    }
}
