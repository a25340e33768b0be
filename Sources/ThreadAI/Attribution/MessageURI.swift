import ThreadAIStore

/// ThreadAI's names for what a repository holds, as URIs: `threadai://message/ID` (64 hexadecimal
/// digits) and `threadai://thread/NAME`. They are the names `threadai mcp` serves as resources
/// (docs/CLI.md, `mcp`), so a trace record's link is one an MCP client can read as it stands.
public enum MessageURI {
    public static let messagePrefix = "threadai://message/"
    public static let threadPrefix = "threadai://thread/"

    /// The message's URI: its id never changes, so this is the stable reference.
    public static func message(_ id: ObjectID) -> String {
        messagePrefix + id.hex
    }

    /// The thread's URI, each byte of the name outside RFC 3986's unreserved characters and `/`
    /// written `%XX` (a name may hold any letter); the MCP server decodes them.
    public static func thread(_ name: String) -> String {
        var text = threadPrefix
        for byte in name.utf8 {
            if isKeptAsIs(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xf)
            }
        }
        return text
    }

    private static func isKeptAsIs(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(value, radix: 16, uppercase: true)
    }
}
