import ThreadAIStore

/// A UUID named by bytes rather than drawn at random, so the same name always gives the same UUID:
/// RFC 9562's version 8, built as its Appendix B.2 example does, from SHA-256, the hash every other
/// ThreadAI name is made with (version 5 is SHA-1's, which ThreadAI keeps for git's blob ids only).
/// The first 16 bytes of SHA-256(`namespace` NUL `name`), with the version nibble set to 8 and the
/// variant bits to `10`; written in the usual lowercase 8-4-4-4-12 form, which JSON Schema's `uuid`
/// format and every UUID parser accept.
enum NameBasedUUID {
    static func text(namespace: String, name: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(namespace.utf8)
        hasher.update([0])
        hasher.update(name)
        var bytes = Array(hasher.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0f) | 0x80
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        var text = ""
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text += "-" }
            text += String(byte >> 4, radix: 16) + String(byte & 0xf, radix: 16)
        }
        return text
    }
}
