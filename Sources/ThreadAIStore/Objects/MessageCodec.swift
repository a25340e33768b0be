/// Turns messages into object bytes and back (docs/FORMAT.md §4).
///
/// `encode` writes the one canonical byte form; `decode` accepts exactly that form, so decoding and
/// re-encoding any accepted object gives back its bytes and its id.
public enum MessageCodec {
    /// The object bytes of `message`: `---`, the frontmatter in canonical order and form, `---`,
    /// the content, and a final line feed.
    public static func encode(_ message: Message) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(message.content.utf8.count + 160 + 32 * message.fields.count)
        bytes.append(contentsOf: "---\n".utf8)
        if let parent = message.parent {
            appendLine(FrontmatterKey.parent, parent.hex, to: &bytes)
        }
        appendLine(FrontmatterKey.thread, message.thread.rawValue, to: &bytes)
        appendLine(FrontmatterKey.role, message.role.rawValue, to: &bytes)
        appendLine(FrontmatterKey.date, message.date.rfc3339, to: &bytes)
        for key in message.fields.keys.sorted(by: FrontmatterKey.precedes) {
            appendLine(key, message.fields[key] ?? "", to: &bytes)
        }
        bytes.append(contentsOf: "---\n".utf8)
        bytes.append(contentsOf: message.content.utf8)
        bytes.append(0x0a)
        return bytes
    }

    /// Reads a whole message object.
    /// - Throws: `MessageFormatError` with the line and the reason for the first rule of §4.4 the bytes break.
    public static func decode(_ bytes: some Collection<UInt8>) throws(MessageFormatError) -> Message {
        try withContiguousBytes(bytes) { object throws(MessageFormatError) in
            let header = try MessageParser.header(of: object)
            let contentEnd = header.contentOffset + header.contentByteCount
            let content = String(decoding: UnsafeBufferPointer(rebasing: object[header.contentOffset..<contentEnd]), as: UTF8.self)
            return Message(header: header, content: content)
        }
    }

    /// Reads the frontmatter of a message object and where its content lies, without building the content.
    ///
    /// Accepts and rejects exactly what `decode` does: the content is still checked to be UTF-8 without NUL.
    /// - Throws: `MessageFormatError` with the line and the reason for the first rule of §4.4 the bytes break.
    public static func decodeHeader(_ bytes: some Collection<UInt8>) throws(MessageFormatError) -> MessageHeader {
        try withContiguousBytes(bytes) { object throws(MessageFormatError) in
            try MessageParser.header(of: object)
        }
    }

    private static func appendLine(_ key: String, _ value: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: ": ".utf8)
        FrontmatterValue.append(value, to: &bytes)
        bytes.append(0x0a)
    }

    /// Runs `body` over the bytes in contiguous memory, copying them only when they are not already.
    private static func withContiguousBytes<Value>(
        _ bytes: some Collection<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(MessageFormatError) -> Value
    ) throws(MessageFormatError) -> Value {
        // The error leaves the closure in a variable, not in a `Result`: making the type
        // `Result<_, MessageFormatError>` costs a scan of every protocol conformance in the binary.
        var failure: MessageFormatError?
        let direct = bytes.withContiguousStorageIfAvailable { buffer -> Value? in
            do throws(MessageFormatError) {
                return try body(buffer)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        if let direct, let value = direct { return value }
        return try Array(bytes).withUnsafeBufferPointer { buffer throws(MessageFormatError) in try body(buffer) }
    }
}
