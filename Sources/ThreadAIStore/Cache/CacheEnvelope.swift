/// The frame of a text cache file (docs/FORMAT.md §12 rule 3): a first line naming the kind and the
/// version, the body, and a last line with the SHA-256 of everything before it.
///
/// `open` hands back the body only when the whole frame checks, so a truncated file, random bytes,
/// another kind or another version all read as "no cache".
enum CacheEnvelope {
    /// The file's bytes: `threadai-cache KIND VERSION` LF, `body` (whole lines), `checksum HEX` LF.
    static func seal(kind: String, version: Int, body: [UInt8]) -> [UInt8] {
        var bytes = Array(header(kind: kind, version: version).utf8)
        bytes += body
        bytes += Array("checksum \(ObjectID.of(bytes).hex)\n".utf8)
        return bytes
    }

    /// The body of a file made by `seal` with the same kind and version, or nil when it is not one.
    static func open(_ bytes: [UInt8], kind: String, version: Int) -> ArraySlice<UInt8>? {
        let header = Array(header(kind: kind, version: version).utf8)
        let trailerLength = "checksum ".utf8.count + ObjectID.hexDigitCount + 1
        guard bytes.count >= header.count + trailerLength, bytes.starts(with: header), bytes.last == 0x0a else {
            return nil
        }
        let trailerStart = bytes.count - trailerLength
        let trailer = bytes[trailerStart...]
        guard trailer.starts(with: "checksum ".utf8),
              trailerStart == header.count || bytes[trailerStart - 1] == 0x0a else { return nil }
        let recorded = trailer.dropFirst("checksum ".utf8.count).dropLast()
        guard ObjectID.of(bytes[..<trailerStart]).hex.utf8.elementsEqual(recorded) else { return nil }
        return bytes[header.count..<trailerStart]
    }

    private static func header(kind: String, version: Int) -> String {
        "threadai-cache \(kind) \(version)\n"
    }
}
