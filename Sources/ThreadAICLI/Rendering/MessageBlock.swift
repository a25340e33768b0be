import ThreadAI

/// The full form of a message in `log` and `show`, like a commit in `git log`:
///
///     message 3f2a9c1e… (HEAD -> main)
///     Role:   assistant · anthropic/claude-sonnet-4-5 · end_turn · 18 in, 41 out
///     Date:   2026-11-21T09:00:09Z
///     Code:   3f786850e387 (main, uncommitted changes)
///     Files:  Sources/App/main.swift (11b15b1a4584)
///
///         The content, indented by four spaces.
enum MessageBlock {
    static func write(
        id: ObjectID, message: Message, decorations: [String], merges: MergeLabels, anchors: MessageAnchors, style: Style,
        to output: any TextOutput
    ) {
        let decoration = decorations.isEmpty ? "" : " (" + decorations.joined(separator: ", ") + ")"
        output.line(style.id("message \(id.hex)") + style.thread(decoration))
        output.line("Role:   \(style.role(message.role.rawValue))\(details(of: message))")
        output.line("Thread: \(message.thread)")
        output.line("Date:   \(message.date.rfc3339)")
        if let code = codeAnchor(anchors.anchor(of: id, message)) { output.line("Code:   \(TerminalSafe.text(code))") }
        if let files = attachedFiles(of: message) { output.line("Files:  \(TerminalSafe.text(files))") }
        if let error = message.error { output.line("Error:  \(TerminalSafe.text(error))") }
        if let merged = merges.line(message.mergeLink, style: style) { output.line(merged) }
        output.line()
        TerminalSafe.writeIndented(message.content, to: output)
    }

    /// The blocks of `entries`, in order. A long listing's blocks are rendered on every core and
    /// written by a `BackgroundWriter` (`write(_:decorations:merges:style:to:)` below).
    static func write(
        _ entries: [(id: ObjectID, message: Message)], decorations: Decorations, merges: MergeLabels, anchors: MessageAnchors,
        style: Style, to output: any TextOutput
    ) {
        guard isLong(entries) else {
            for (id, message) in entries {
                write(id: id, message: message, decorations: decorations[id], merges: merges, anchors: anchors, style: style, to: output)
            }
            return
        }
        let writer = BackgroundWriter(output, depth: writerDepth)
        write(entries, decorations: decorations, merges: merges, anchors: anchors, style: style, to: writer)
        writer.finish()
    }

    /// Whether `entries` are worth rendering on every core (256 messages or more): fewer are
    /// rendered here, where starting threads would cost more than the work.
    static func isLong(_ entries: [(id: ObjectID, message: Message)]) -> Bool {
        entries.count >= 4 * part
    }

    /// How many messages one core renders at a time.
    private static let part = 64
    /// How many parts are rendered at once, and how many may wait for the writer: what a listing
    /// holds of its output at a time is these parts, about 1.5 MiB for messages of 1 KB (the
    /// corpora's), 15 MiB for messages of 20 KB.
    private static let renderWindow = 8
    static let writerDepth = 4

    /// The blocks of `entries` rendered on every core in parts of 64 messages, 8 parts at a time,
    /// each part into bytes handed to `writer` in order as it comes back, so the next parts render
    /// while the last ones are written; a streamed `log` hands it one window of its history after
    /// another.
    static func write(
        _ entries: [(id: ObjectID, message: Message)], decorations: Decorations, merges: MergeLabels, anchors: MessageAnchors,
        style: Style, to writer: BackgroundWriter
    ) {
        OrderedParallel.forEach(count: (entries.count + part - 1) / part, window: renderWindow) { index in
            let bytes = ByteBufferOutput()
            for (id, message) in entries[(index * part)..<min(entries.count, (index + 1) * part)] {
                write(id: id, message: message, decorations: decorations[id], merges: merges, anchors: anchors, style: style, to: bytes)
            }
            return bytes.bytes
        } consume: { bytes in
            writer.write(bytes)
        }
    }

    /// Where the code stood (docs/FORMAT.md §4.7): the commit's first 12 digits (or `unborn`), then
    /// the branch and `uncommitted changes` when recorded; nil for a message without an anchor (its
    /// own or its anchor note's: `MessageAnchors`).
    static func codeAnchor(_ anchor: CodeAnchor?) -> String? {
        guard let anchor else { return nil }
        let notes = [anchor.branch, anchor.dirty ? "uncommitted changes" : nil].compactMap { $0 }
        return (anchor.commit.map { String($0.prefix(12)) } ?? "unborn") + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
    }

    /// The files attached with `send -f` (docs/FORMAT.md §4.7): `PATH (BLOB12)`, comma-separated.
    static func attachedFiles(of message: Message) -> String? {
        guard let list = message.fields["files"] else { return nil }
        return attachments(list).map { "\($0.path) (\($0.blob))" }.joined(separator: ", ")
    }

    /// The entries of a `files` value: each path, and its blob id's first 12 digits.
    static func attachments(_ files: String) -> [(path: String, blob: String)] {
        files.split(separator: "\n").map { entry in
            let blob = entry.prefix { $0 != " " }
            return (String(entry.dropFirst(blob.count + 1)), String(blob.prefix(12)))
        }
    }

    /// ` · provider/model · finish · N in, M out`, for the parts the message has.
    static func details(of message: Message) -> String {
        var parts: [String] = []
        switch (message.provider, message.model) {
        case let (provider?, model?): parts.append("\(provider)/\(model)")
        case let (provider?, nil): parts.append(provider)
        case let (nil, model?): parts.append(model)
        case (nil, nil): break
        }
        if let finish = message.finish { parts.append(finish) }
        if let input = message.inputTokens, let output = message.outputTokens {
            parts.append("\(input) in, \(output) out")
        }
        if let total = message.latencyMilliseconds {
            let first = message.firstTokenMilliseconds.map { "first token \($0) ms, " } ?? ""
            parts.append("\(first)\(total) ms")
        }
        return parts.isEmpty ? "" : TerminalSafe.text(" · " + parts.joinedText(separator: " · "))
    }
}
