import ThreadAISupport
/// One tool of the MCP server (`threadai mcp`): its name, what it does, the JSON Schema of its
/// input, whether it only reads, and how its arguments become a `threadai` command line. The server
/// runs that command in its own process, so a tool answers with exactly what the CLI prints for the
/// same question, and fails with the CLI's words. A new tool is one entry of `MCPTool.all`
/// (MCPTools.swift).
struct MCPTool: Sendable {
    let name: String
    let title: String
    let description: String
    let parameters: [MCPParameter]
    /// Read-only tools change nothing (MCP's `readOnlyHint`); the others write to the repository.
    let readOnly: Bool
    /// Whether its text is cut into pages of lines (`offset`, `max_lines`).
    let paged: Bool
    /// The command line for the arguments, checked against `parameters` already.
    let commandLine: @Sendable (MCPArguments) throws(MCPError) -> [String]

    /// Lines a paged result holds unless `max_lines` says otherwise: an agent's context is precious.
    static let defaultLines = 200

    var allParameters: [MCPParameter] {
        parameters + (paged ? [
            MCPParameter("offset", .integer(0...Int.max), "The first line to return (0 = the beginning; a cut result says where the next page starts)."),
            MCPParameter("max_lines", .integer(1...5000), "At most this many lines (default \(Self.defaultLines))."),
        ] : [])
    }

    /// The entry of `tools/list`.
    var listing: JSONValue {
        var properties: [String: JSONValue] = [:]
        for parameter in allParameters { properties[parameter.name] = parameter.schema }
        let required = allParameters.filter(\.required).map { JSONValue.string($0.name) }
        return [
            "name": .string(name),
            "title": .string(title),
            "description": .string(description),
            "inputSchema": ["type": "object", "properties": .object(properties), "required": .array(required), "additionalProperties": false],
            "annotations": [
                "title": .string(title), "readOnlyHint": .boolean(readOnly), "destructiveHint": false,
                "idempotentHint": .boolean(readOnly), "openWorldHint": false,
            ],
        ]
    }
}

/// A tool's input parameter and its JSON Schema.
struct MCPParameter: Sendable {
    enum Kind: Sendable {
        case string
        case integer(ClosedRange<Int>)
        case boolean
        case choice([String])
    }

    let name: String
    let kind: Kind
    let description: String
    let required: Bool

    init(_ name: String, _ kind: Kind, _ description: String, required: Bool = false) {
        self.name = name
        self.kind = kind
        self.description = description
        self.required = required
    }

    var schema: JSONValue {
        switch kind {
        case .string: return ["type": "string", "description": .string(description)]
        case .boolean: return ["type": "boolean", "description": .string(description)]
        case .choice(let values): return ["type": "string", "enum": .array(values.map(JSONValue.string)), "description": .string(description)]
        case .integer(let range):
            var schema: [String: JSONValue] = ["type": "integer", "description": .string(description), "minimum": .integer(range.lowerBound)]
            if range.upperBound != Int.max { schema["maximum"] = .integer(range.upperBound) }
            return .object(schema)
        }
    }
}

/// A tool call's arguments, checked against the tool's parameters before it runs: an unknown name,
/// a missing required one, a wrong type or a value out of range is an invalid-params error naming it.
struct MCPArguments: Sendable {
    private let values: [String: JSONValue]

    init(_ given: JSONValue?, for tool: MCPTool) throws(MCPError) {
        let values: [String: JSONValue]
        switch given {
        case nil, .null?: values = [:]
        case .object(let members)?: values = members
        case let other?: throw .invalidParams("the arguments of '\(tool.name)' must be an object, not \(other.typeName).")
        }
        let known = Dictionary(tool.allParameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in values.keys.sorted() where known[name] == nil {
            throw .invalidParams("'\(tool.name)' has no argument '\(name)'; it takes \(tool.allParameters.map(\.name).joined(separator: ", ")).")
        }
        for parameter in tool.allParameters {
            guard let value = values[parameter.name], value != .null else {
                if parameter.required { throw .invalidParams("'\(tool.name)' needs the argument '\(parameter.name)': \(parameter.description)") }
                continue
            }
            try Self.check(value, against: parameter, tool: tool.name)
        }
        self.values = values
    }

    private static func check(_ value: JSONValue, against parameter: MCPParameter, tool: String) throws(MCPError) {
        let wrong = "argument '\(parameter.name)' of '\(tool)'"
        switch (parameter.kind, value) {
        case (.string, .string(let text)), (.choice, .string(let text)):
            guard !text.isEmpty else { throw .invalidParams("\(wrong) is empty.") }
            if case .choice(let values) = parameter.kind, !values.contains(text) {
                throw .invalidParams("\(wrong) must be one of \(values.joined(separator: ", ")), not '\(text)'.")
            }
        case (.boolean, .boolean): return
        case (.integer(let range), .integer(let number)):
            guard range.contains(number) else { throw .invalidParams("\(wrong) must be from \(range.lowerBound)\(range.upperBound == Int.max ? " on" : " to \(range.upperBound)"), not \(number).") }
        case (.integer, _): throw .invalidParams("\(wrong) must be an integer, not \(value.typeName).")
        case (.boolean, _): throw .invalidParams("\(wrong) must be a boolean, not \(value.typeName).")
        case (.string, _), (.choice, _): throw .invalidParams("\(wrong) must be a string, not \(value.typeName).")
        }
    }

    func string(_ name: String) -> String? { values[name]?.string }

    func integer(_ name: String) -> Int? {
        if case .integer(let number)? = values[name] { number } else { nil }
    }

    func isTrue(_ name: String) -> Bool {
        if case .boolean(let flag)? = values[name] { flag } else { false }
    }
}

/// A JSON-RPC error the server answers with: the code JSON-RPC 2.0 gives it, and a message in the
/// CLI's words.
struct MCPError: Error, Sendable {
    let code: Int
    let message: String

    static func invalidParams(_ message: String) -> MCPError { MCPError(code: -32602, message: message) }
    static func methodNotFound(_ method: String) -> MCPError { MCPError(code: -32601, message: "no method '\(method)' in this server.") }
    static func invalidRequest(_ message: String) -> MCPError { MCPError(code: -32600, message: message) }
    static let parseError = MCPError(code: -32700, message: "not valid JSON: each message is one JSON-RPC 2.0 object on one line.")
    /// MCP's code for a resource that does not exist.
    static func resourceNotFound(_ message: String) -> MCPError { MCPError(code: -32002, message: message) }
    static func internalError(_ message: String) -> MCPError { MCPError(code: -32603, message: message) }

    var json: JSONValue { ["code": .integer(code), "message": .string(message)] }
}
