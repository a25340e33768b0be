/// `cache/packs/H.idx` (docs/FORMAT.md §15.2): where each object of pack `H` lies, so finding one
/// costs a binary search instead of a scan. A text cache file in the frame every text cache uses
/// (`CacheFrame`): a line `pack H SIZE`, then `ID OFFSET LENGTH` per entry in the pack's order.
/// Derived and never trusted over the pack: `Pack` checks each entry's framing before using it.
enum PackIndex {
    static let kind = "pack-index"
    static let version = 1

    /// The index file's bytes for pack `name` of `size` bytes holding `entries`.
    static func encode(name: String, size: Int, entries: [PackFraming.Entry]) -> [UInt8] {
        var body = Array("pack \(name) \(size)\n".utf8)
        body.reserveCapacity(body.count + entries.count * 90)
        for entry in entries {
            body += entry.id.hex.utf8
            body += " \(entry.offset) \(entry.length)\n".utf8
        }
        return CacheFrame.seal(kind: kind, version: version, body: body)
    }

    /// The entries recorded in `bytes` for pack `name` of `size` bytes, or nil when the file is not
    /// a sound index of exactly that pack (its frame, its `pack` line, ascending ids, numbers).
    static func decode(_ bytes: [UInt8], name: String, size: Int) -> [PackFraming.Entry]? {
        guard let body = CacheFrame.open(bytes, kind: kind, version: version) else { return nil }
        let lines = CacheLine.lines(body)
        guard let first = lines.first, first.elementsEqual("pack \(name) \(size)".utf8) else { return nil }
        var entries: [PackFraming.Entry] = []
        entries.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            // `ID OFFSET LENGTH`, read byte by byte: an index of a million entries is read by every
            // command that opens its pack.
            let digits = line.startIndex + ObjectID.hexDigitCount
            guard line.count > ObjectID.hexDigitCount + 3, line[digits] == UInt8(ascii: " "),
                  let id = ObjectID(hexDigits: line[..<digits]),
                  let space = line[(digits + 1)...].firstIndex(of: UInt8(ascii: " ")),
                  let offset = PackFraming.decimal(line[(digits + 1)..<space]),
                  let length = PackFraming.decimal(line[(space + 1)...]),
                  offset <= size, length <= size - offset
            else { return nil }
            if let previous = entries.last, !(previous.id < id) { return nil }
            entries.append(PackFraming.Entry(id: id, offset: offset, length: length))
        }
        return entries
    }
}
