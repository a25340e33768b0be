/// Entry points for the fuzz targets of the store's parsers (Tests/Fuzz, docs/DESIGN.md "Fuzzing"):
/// each takes any bytes, must not crash, and returns what property it found broken, or nil.
/// `package` so the fuzz shim and the regression test reach the internal parsers without making them public.
package enum StoreFuzzing {
    /// A decoded message encodes to bytes that decode to the same message, and encoding is then stable.
    package static func message(_ bytes: [UInt8]) -> String? {
        _ = try? MessageCodec.decodeHeader(bytes)
        guard let message = try? MessageCodec.decode(bytes) else { return nil }
        let encoded = MessageCodec.encode(message)
        guard let again = try? MessageCodec.decode(encoded) else { return "the encoding of a decoded message does not decode" }
        guard MessageCodec.encode(again) == encoded else { return "encoding a decoded message is not stable" }
        return nil
    }

    package static func frontmatterValue(_ bytes: [UInt8]) -> String? {
        _ = try? FrontmatterValue.decode(String(decoding: bytes, as: UTF8.self))
        _ = bytes.withUnsafeBufferPointer { buffer in try? FrontmatterValue.decode(buffer) }
        return nil
    }

    /// A valid name is valid again from its own text, and equal to itself read back.
    package static func threadName(_ bytes: [UInt8]) -> String? {
        guard let name = try? ThreadName(String(decoding: bytes, as: UTF8.self)) else { return nil }
        guard let again = try? ThreadName(name.rawValue), again == name else { return "a valid name does not read back" }
        _ = name.conflict(among: [again])
        return nil
    }

    package static func revision(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? Revision(parsing: text)
        _ = RevisionRange(parsing: text)
        return nil
    }

    /// A ref file (its first line names the thread) and reflog lines.
    package static func refs(_ bytes: [UInt8]) -> String? {
        let name = ThreadName(checked: "fuzz")
        _ = try? RefStore.parse(bytes, name: name, path: "fuzz")
        for line in String(decoding: bytes, as: UTF8.self).linesAtLineFeeds() { _ = Reflog.parse(line) }
        return nil
    }

    /// The cache files: the message graph and the thread summaries (docs/FORMAT.md §12).
    package static func cache(_ bytes: [UInt8]) -> String? {
        _ = MessageGraphCodec.decode(bytes)
        _ = ThreadSummaryFile.decode(bytes)
        return nil
    }
}
