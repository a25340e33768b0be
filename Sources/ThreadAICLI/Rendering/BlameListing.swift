import ThreadAI

/// How `blame` prints (docs/CLI.md, `blame`): one line per line of the file, as git blame does, with
/// the message and its evidence inside the parentheses; `--porcelain` for scripts.
enum BlameListing {
    /// `COMMIT8 (MESSAGE8 EVIDENCE THREAD LINE) TEXT`; the message's columns blank when none.
    static func lines(_ blame: CodeBlame, to output: any TextOutput) {
        let threads = blame.lines.map { line in line.attribution.flatMap { blame.messages[$0.message]?.thread } ?? "" }
        let threadWidth = threads.map(\.count).max() ?? 0
        let numberWidth = String(blame.lines.last?.number ?? 0).count
        for (line, thread) in zip(blame.lines, threads) {
            let message = line.attribution.map { $0.message.short + " " + pad($0.evidence.rawValue, 8) } ?? String(repeating: " ", count: 17)
            let number = String(repeating: " ", count: numberWidth - String(line.number).count) + String(line.number)
            output.line(TerminalSafe.text("\(line.commit.prefix(8)) (\(message) \(pad(thread, threadWidth)) \(number)) \(line.text)"))
        }
    }

    /// For each line `COMMIT ORIGINAL FINAL`, then, when it has a message, `message ID` and
    /// `evidence KIND`, and the first time a message is named `thread`, `date`, `model`, `agent`,
    /// `question` and `question-summary`; then TAB and the line.
    static func porcelain(_ blame: CodeBlame, to output: any TextOutput) {
        var described: Set<ObjectID> = []
        for line in blame.lines {
            output.line("\(line.commit) \(line.originalNumber) \(line.number)")
            if let attribution = line.attribution {
                output.line("message \(attribution.message.hex)")
                output.line("evidence \(attribution.evidence.rawValue)")
                if described.insert(attribution.message).inserted, let message = blame.messages[attribution.message] {
                    output.line(TerminalSafe.text("thread \(message.thread)"))
                    output.line("date \(message.date)")
                    if let model = message.model { output.line(TerminalSafe.text("model \(model)")) }
                    if let agent = message.agent { output.line(TerminalSafe.text("agent \(agent)")) }
                    if let question = message.question { output.line("question \(question.hex)") }
                    if let summary = message.questionHeadline { output.line(TerminalSafe.text("question-summary \(summary)")) }
                }
            }
            output.line(TerminalSafe.text("\t" + line.text))
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

/// `blame --json`: the lines, and the messages they name by id.
struct BlameJSON: Encodable {
    struct Line: Encodable {
        var line: Int
        var originalLine: Int
        var commit: String
        var text: String
        var message: String?
        var evidence: String?
    }

    struct Message: Encodable {
        var thread: String
        var role: String
        var date: String
        var model: String?
        var agent: String?
        var question: String?
        var questionSummary: String?
    }

    var path: String
    var revision: String?
    var lines: [Line]
    var messages: [String: Message]

    init(_ blame: CodeBlame, revision: String?) {
        path = blame.path
        self.revision = revision
        lines = blame.lines.map {
            Line(line: $0.number, originalLine: $0.originalNumber, commit: $0.commit, text: $0.text,
                 message: $0.attribution?.message.hex, evidence: $0.attribution?.evidence.rawValue)
        }
        messages = Dictionary(uniqueKeysWithValues: blame.messages.map { id, message in
            (id.hex, Message(thread: message.thread, role: message.role.rawValue, date: "\(message.date)", model: message.model,
                             agent: message.agent, question: message.question?.hex, questionSummary: message.questionHeadline))
        })
    }
}
