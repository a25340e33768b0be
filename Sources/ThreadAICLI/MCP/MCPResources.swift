import ThreadAISupport
import ThreadAI

/// The MCP server's resources: a thread (`threadai://thread/NAME`, its newest `threadLimit`
/// messages oldest first, as `threadai log --reverse` prints them) and a message
/// (`threadai://message/ID`, as `threadai show` prints it), so a client can attach either as context.
struct MCPResources: Sendable {
    let invocation: CommandInvocation

    static let threadPrefix = "threadai://thread/"
    static let messagePrefix = "threadai://message/"
    /// Threads listed per page of `resources/list`.
    static let pageSize = 100
    /// Messages a thread's resource holds: its newest, so that a long thread stays attachable.
    static let threadLimit = 200

    static let templates: [JSONValue] = [
        ["uriTemplate": "threadai://thread/{name}", "name": "thread", "title": "A thread's history",
         "description": "The thread's newest \(threadLimit) messages, oldest first, whole (threadai log --reverse -n \(threadLimit) NAME).",
         "mimeType": "text/markdown"],
        ["uriTemplate": "threadai://message/{id}", "name": "message", "title": "One message",
         "description": "One message in full, with its frontmatter (threadai show ID); ID may be a prefix of 8 or more hex digits.",
         "mimeType": "text/markdown"],
    ]

    /// A page of threads, by name, from `threads --json`; `nextCursor` while more follow.
    func list(cursor: JSONValue?) async throws(MCPError) -> JSONValue {
        let start: Int
        switch cursor {
        case nil, .null?: start = 0
        case .string(let text)? where Int(text).map({ $0 >= 0 }) == true: start = Int(text) ?? 0
        default: throw .invalidParams("the cursor must be one a previous resources/list returned.")
        }
        let ran = await invocation.run(["threads", "--json"])
        guard ran.status == 0, case .array(let threads)? = JSONValue.parse(Array(ran.output.utf8)) else {
            throw .internalError(ran.errors.trimmingWhitespace())
        }
        let page = threads.dropFirst(start).prefix(Self.pageSize)
        var result: [String: JSONValue] = [
            "resources": .array(page.compactMap { thread -> JSONValue? in
                guard let name = thread["name"]?.string else { return nil }
                var resource: [String: JSONValue] = ["uri": .string(Self.threadPrefix + name), "name": .string(name), "mimeType": "text/markdown"]
                if let title = thread["title"]?.string { resource["title"] = .string(title) }
                if case .integer(let count)? = thread["messageCount"] { resource["description"] = .string("\(count) messages") }
                return .object(resource)
            }),
        ]
        if start + page.count < threads.count { result["nextCursor"] = .string(String(start + page.count)) }
        return .object(result)
    }

    func read(_ uri: JSONValue?) async throws(MCPError) -> JSONValue {
        guard let uri = uri?.string else { throw .invalidParams("resources/read needs the resource's 'uri'.") }
        let arguments: [String]
        if uri.hasPrefix(Self.threadPrefix), let name = Self.decoded(uri.dropFirst(Self.threadPrefix.count)), !name.hasPrefix("-") {
            arguments = ["log", "--reverse", "-n", String(Self.threadLimit), name]
        } else if uri.hasPrefix(Self.messagePrefix), let id = Self.decoded(uri.dropFirst(Self.messagePrefix.count)),
                  id.count >= 8, id.allSatisfy(\.isHexDigit) {
            arguments = ["show", id]
        } else {
            throw .resourceNotFound("no resource '\(uri)': threads are threadai://thread/NAME, messages threadai://message/ID.")
        }
        let ran = await invocation.run(arguments)
        guard ran.status == 0 else { throw .resourceNotFound(ran.errors.trimmingWhitespace()) }
        return ["contents": [["uri": .string(uri), "mimeType": "text/markdown", "text": .string(ran.output)]]]
    }

    /// `%XX` escapes decoded (a client may escape a thread name's `/`); nil when not UTF-8 or empty.
    static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                  let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
        }
        guard !bytes.isEmpty else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
