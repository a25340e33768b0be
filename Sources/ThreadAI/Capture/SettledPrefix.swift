/// Where the part of a growing Claude Code transcript ends that no later line can change
/// (docs/FORMAT.md §16). The importer (`ClaudeCodeParser`) makes one message of the lines of one
/// reply (they share `message.id`) and orders a reply's tool results before the turn that follows
/// them: a reply still being written, or one whose tool calls are not all answered, would come out
/// different once the rest of it is written. Capture stores the lines before such a reply only, so
/// that what it stores is exactly what an import of the finished transcript stores.
enum SettledPrefix {
    /// The end of the settled lines of `bytes` (complete lines, each ending in LF): the start of the
    /// first line of the first reply that holds a tool call no line answers, else the start of the
    /// first line of the newest reply (a later line may still continue it, even after a tool result
    /// written in between), else all of `bytes`.
    /// - Parameter added: `bytes` are the lines after a settled part, which holds a reply: when they
    ///   hold none, the newest reply is that one, and none of them settles (0).
    static func end(of bytes: [UInt8], added: Bool = false) -> Int {
        var answered = Set<String>()
        var firstLineOfReply: [String: Int] = [:]  // message.id → where its first line starts
        var calls: [(reply: String, ids: [String])] = []  // each reply line's tool calls, in the file's order
        var newestReply: String?  // the reply of the last assistant line
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            defer { start = index + 1 }
            guard case .object(let object, _) = ClaudeCodeLine.read(bytes[start..<index]) else { continue }
            let type = object["type"]?.string
            guard ["user", "assistant", "system"].contains(type), object["uuid"]?.string != nil else { continue }
            let message = object["message"]?.object ?? [:]
            let blocks = (message["content"] ?? object["content"])?.array ?? []
            guard type == "assistant", let reply = message["id"]?.string else {
                for block in blocks {
                    if let id = block.object?["tool_use_id"]?.string { answered.insert(id) }
                }
                continue
            }
            if firstLineOfReply[reply] == nil { firstLineOfReply[reply] = start }
            calls.append((reply, blocks.compactMap { block in
                block.object.flatMap { $0["type"]?.string == "tool_use" ? $0["id"]?.string : nil }
            }))
            newestReply = reply
        }
        if let open = calls.first(where: { !$0.ids.allSatisfy(answered.contains) }), let cut = firstLineOfReply[open.reply] {
            return cut
        }
        if let newestReply, let cut = firstLineOfReply[newestReply] { return cut }
        return added ? 0 : start
    }

    /// The end of the last complete line of `bytes` (after its LF); 0 when there is none.
    static func completeLines(of bytes: [UInt8]) -> Int {
        (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
    }
}
