import ThreadAISupport

/// `threadai mcp`: a Model Context Protocol server over standard input and output (JSON-RPC 2.0,
/// one message per line, the MCP stdio transport), answering one request at a time until the
/// client closes its end. Standard output carries nothing but protocol messages; what the commands
/// behind the tools print goes into the results. Nothing a client sends stops the server: malformed
/// JSON, an unknown method or a wrong argument gets a JSON-RPC error, a failed tool a result marked
/// `isError` in the CLI's words.
struct MCPServer {
    /// The protocol versions this server speaks, newest first: a client asking for one of them gets
    /// it; any other version gets the newest (the client then decides whether to go on).
    static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    let invocation: CommandInvocation
    let resources: MCPResources

    init(invocation: CommandInvocation) {
        self.invocation = invocation
        resources = MCPResources(invocation: invocation)
    }

    /// Serves `input` until its end, answering on `output`, each answer flushed as it is made (a
    /// client that went away ends nothing here: the output drops what it cannot write, and the
    /// next read sees the end of input).
    func serve(input: Int32, output: any TextOutput) async {
        var lines = LineReader(descriptor: input)
        while let line = lines.next() {
            let answer: JSONValue?
            switch line {
            case .tooLong: answer = Self.response(id: .null, error: .invalidRequest("a message longer than 64 MiB was skipped."))
            case .line(let bytes):
                guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
                answer = await respond(to: bytes)
            }
            if let answer {
                output.line(answer.compactJSON)
                output.flush()
            }
        }
    }

    /// The answer to one line: a response, a batch of them, or nothing (notifications).
    func respond(to bytes: [UInt8]) async -> JSONValue? {
        guard let message = JSONValue.parse(bytes) else { return Self.response(id: .null, error: .parseError) }
        guard case .array(let batch) = message else { return await respond(toOne: message) }
        guard !batch.isEmpty else { return Self.response(id: .null, error: .invalidRequest("an empty batch.")) }
        var answers: [JSONValue] = []
        for element in batch {
            if let answer = await respond(toOne: element) { answers.append(answer) }
        }
        return answers.isEmpty ? nil : .array(answers)
    }

    private func respond(toOne message: JSONValue) async -> JSONValue? {
        guard case .object(let fields) = message else {
            return Self.response(id: .null, error: .invalidRequest("a message must be a JSON object, not \(message.typeName)."))
        }
        let id = fields["id"]
        switch id {
        case nil, .string?, .integer?: break
        case .number(let number)? where number.rounded() == number: break
        default: return Self.response(id: .null, error: .invalidRequest("a request's id must be a string or an integer."))
        }
        guard let method = fields["method"]?.string else {
            // A response to a request of ours (the server sends none) or nonsense: nothing to answer
            // for the first, an error for the second.
            if fields["result"] != nil || fields["error"] != nil { return nil }
            return Self.response(id: id ?? .null, error: .invalidRequest("a request needs a 'method' string."))
        }
        guard fields["jsonrpc"] == "2.0" else {
            return id == nil ? nil : Self.response(id: id ?? .null, error: .invalidRequest("'jsonrpc' must be \"2.0\"."))
        }
        guard let id else { return nil }  // A notification (initialized, cancelled, …): nothing to answer.
        do {
            return ["jsonrpc": "2.0", "id": id, "result": try await result(of: method, params: fields["params"])]
        } catch {
            return Self.response(id: id, error: error)
        }
    }

    private func result(of method: String, params: JSONValue?) async throws(MCPError) -> JSONValue {
        switch method {
        case "initialize": return Self.initializeResult(requested: params?["protocolVersion"]?.string)
        case "ping": return [:]
        case "tools/list": return ["tools": .array(MCPTool.all.map(\.listing))]
        case "tools/call": return try await callTool(params)
        case "resources/list": return try await resources.list(cursor: params?["cursor"])
        case "resources/templates/list": return ["resourceTemplates": .array(MCPResources.templates)]
        case "resources/read": return try await resources.read(params?["uri"])
        case "prompts/list": return ["prompts": []]
        default: throw .methodNotFound(method)
        }
    }

    static func initializeResult(requested: String?) -> JSONValue {
        let version = requested.flatMap { protocolVersions.contains($0) ? $0 : nil } ?? protocolVersions[0]
        return [
            "protocolVersion": .string(version),
            "capabilities": ["tools": ["listChanged": false], "resources": ["listChanged": false, "subscribe": false]],
            "serverInfo": ["name": "threadai", "title": "ThreadAI", "version": .string(ThreadAICLI.version)],
            "instructions": """
                The conversation history of this code repository (ThreadAI: every message content-addressed, \
                threads as branches, forks as sub-threads). Start with search (excerpts, best first), then \
                show_message or read_thread for what you need. Results are short by default: page with \
                offset/max_lines or skip/limit.
                """,
        ]
    }

    private func callTool(_ params: JSONValue?) async throws(MCPError) -> JSONValue {
        guard let name = params?["name"]?.string else { throw .invalidParams("tools/call needs the tool's 'name'.") }
        guard let tool = MCPTool.named(name) else {
            throw .invalidParams("no tool '\(name)'; the tools are \(MCPTool.all.map(\.name).joined(separator: ", ")).")
        }
        let arguments = try MCPArguments(params?["arguments"], for: tool)
        let ran = await invocation.run(try tool.commandLine(arguments))
        // A search that finds nothing exits 1 with nothing on standard error: an answer, not a failure.
        guard ran.status == 0 || (ran.status == 1 && ran.errors.isEmpty) else {
            let words = (ran.errors + ran.output).trimmingWhitespace()
            return ["content": [["type": "text", "text": .string(words.isEmpty ? "threadai \(name) failed (status \(ran.status))." : words)]], "isError": true]
        }
        var text = ran.output
        if tool.paged { text = PagedText.page(text, offset: arguments.integer("offset") ?? 0, lines: arguments.integer("max_lines") ?? MCPTool.defaultLines) }
        // What the write tools say ("Created thread …") goes to standard error, as the CLI's notes do.
        if text.isEmpty { text = ran.errors.isEmpty ? "(nothing)" : ran.errors }
        return ["content": [["type": "text", "text": .string(text)]], "isError": false]
    }

    static func response(id: JSONValue, error: MCPError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": error.json]
    }
}

/// A page of a tool's text: `lines` lines from line `offset` (0-based), and a last line saying
/// where the next page starts when the text goes on.
enum PagedText {
    static func page(_ text: String, offset: Int, lines count: Int) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard offset > 0 || lines.count > count else { return text }
        guard offset < lines.count else { return "(no lines from \(offset) on: the text has \(lines.count) lines)\n" }
        let end = min(lines.count, offset + count)
        var page = lines[offset..<end].joined(separator: "\n") + "\n"
        if end < lines.count || offset > 0 {
            page += "[lines \(offset + 1)–\(end) of \(lines.count)" + (end < lines.count ? "; the next page: offset \(end)]" : "]") + "\n"
        }
        return page
    }
}
