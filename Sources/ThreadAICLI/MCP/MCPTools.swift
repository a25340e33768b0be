import ThreadAI

/// The tools of `threadai mcp` (docs/CLI.md, `mcp`): each the `threadai` command that answers it.
/// Read tools first; the write tools fork, tag and note, and none of them sends to a model.
extension MCPTool {
    static let all: [MCPTool] = [
        search, listThreads, readThread, showMessage, threadContext, diffForks, codeHistory,
        fork, tag, addNote,
    ]

    static func named(_ name: String) -> MCPTool? {
        all.first { $0.name == name }
    }

    static let search = MCPTool(
        name: "search", title: "Search the conversation history",
        description: """
            What every thread says about a query: the messages that hold any of its words (a "quoted phrase" \
            as one; case ignored), those holding the most of them first, then the most often, then the newest, \
            each as a one-line excerpt with its id, thread, role and date. Read a hit whole with show_message, \
            its thread with read_thread. Same as `threadai context --digest QUERY`.
            """,
        parameters: [
            MCPParameter("query", .string, "Words to look for, as typed into a search box.", required: true),
            MCPParameter("limit", .integer(1...50), "How many hits (default 5)."),
            MCPParameter("skip", .integer(0...100_000), "Leave out this many best hits: the next page."),
            MCPParameter("role", .choice(["user", "assistant", "system"]), "Only messages of this role."),
        ],
        readOnly: true, paged: false
    ) { arguments throws(MCPError) in
        ["context", "--digest", arguments.string("query") ?? "", "-n", String(arguments.integer("limit") ?? 5),
         "--skip", String(arguments.integer("skip") ?? 0)] + (arguments.string("role").map { ["--role", $0] } ?? [])
    }

    static let listThreads = MCPTool(
        name: "list_threads", title: "List the threads",
        description: """
            Every thread as a tree of forks: name, head id, number of messages (and its own, and where it forked), \
            and its title (the first line of its first question). `*` marks the current thread. Same as `threadai threads`.
            """,
        parameters: [], readOnly: true, paged: true
    ) { _ throws(MCPError) in ["threads"] }

    static let readThread = MCPTool(
        name: "read_thread", title: "Read a thread's history",
        description: """
            A thread's history, newest first, through every thread it forked from: one line per message, or whole \
            messages with full. `revision` is a thread name, a message id, NAME~N, or a range A..B (what B has \
            that A has not). Same as `threadai log [--oneline] -n LIMIT REVISION`.
            """,
        parameters: [
            MCPParameter("revision", .string, "The thread or message to start from (default: the current thread), or a range A..B."),
            MCPParameter("limit", .integer(1...10_000), "At most this many messages (default 20)."),
            MCPParameter("full", .boolean, "Whole messages instead of one line each."),
        ],
        readOnly: true, paged: true
    ) { arguments throws(MCPError) in
        ["log"] + (arguments.isTrue("full") ? [] : ["--oneline"]) + ["-n", String(arguments.integer("limit") ?? 20)]
            + (arguments.string("revision").map { [$0] } ?? [])
    }

    static let showMessage = MCPTool(
        name: "show_message", title: "Show one message",
        description: "One message in full: its frontmatter (role, thread, date, model, parent) and its content. Same as `threadai show ID`.",
        parameters: [MCPParameter("id", .string, "The message: an id (8 or more hex digits), a thread name, NAME~N.", required: true)],
        readOnly: true, paged: true
    ) { arguments throws(MCPError) in ["show", arguments.string("id") ?? ""] }

    static let threadContext = MCPTool(
        name: "thread_context", title: "The context a thread gives a model",
        description: """
            Exactly what a model would receive for a reply at a message: the system prompt and the history from \
            the root, across forks, with token estimates. Same as `threadai context REVISION`.
            """,
        parameters: [
            MCPParameter("revision", .string, "The thread or message (default: the current thread)."),
            MCPParameter("budget", .integer(1...100_000_000), "A token budget: the oldest turns are left out to fit."),
        ],
        readOnly: true, paged: true
    ) { arguments throws(MCPError) in
        ["context"] + (arguments.integer("budget").map { ["--budget", String($0)] } ?? []) + (arguments.string("revision").map { [$0] } ?? [])
    }

    static let diffForks = MCPTool(
        name: "diff_forks", title: "Compare two forks",
        description: """
            Two threads (or messages) compared from where they part, turn by turn and word by word: what each \
            said that the other did not. Same as `threadai diff A B`.
            """,
        parameters: [
            MCPParameter("a", .string, "One thread or message.", required: true),
            MCPParameter("b", .string, "The other (default: the current thread)."),
            MCPParameter("stat", .boolean, "Only a summary: words added and removed per turn."),
        ],
        readOnly: true, paged: true
    ) { arguments throws(MCPError) in
        ["diff"] + (arguments.isTrue("stat") ? ["--stat"] : []) + [arguments.string("a") ?? ""] + (arguments.string("b").map { [$0] } ?? [])
    }

    static let codeHistory = MCPTool(
        name: "code_history", title: "Conversations behind the code",
        description: """
            What the conversations say about the code. With file, each line of the file with the message behind \
            it and the evidence (`threadai blame FILE [-L START,END] [COMMIT]`: an agent's captured edit, a reply's \
            code block, an attached file, the commit's trailer). Else with commit, the conversation a code commit's \
            trailers name (`Thread:`, `Claude-Session:`, `Entire-Checkpoint:`, or the imported aider session that reported it; `threadai log --for-commit COMMIT`); \
            with at_code, the messages written while \
            the code was at a git commit or in a range A..B, across every thread (`threadai log --at-code GITREV --oneline`).
            """,
        parameters: [
            MCPParameter("file", .string, "A file of the code (a path from the folder the server runs in, or absolute): blame it."),
            MCPParameter("lines", .string, "With file: only lines START,END (1-based, inclusive)."),
            MCPParameter("commit", .string, "A git revision of the code (a commit, HEAD, a tag); with file, blame it as of then."),
            MCPParameter("at_code", .string, "A git revision or range A..B of the code."),
            MCPParameter("limit", .integer(1...10_000), "At most this many messages (default 20)."),
        ],
        readOnly: true, paged: true
    ) { arguments throws(MCPError) in
        let limit = ["-n", String(arguments.integer("limit") ?? 20)]
        if let file = arguments.string("file") {
            guard arguments.string("at_code") == nil else { throw .invalidParams("'code_history' takes 'at_code' without 'file'.") }
            return ["blame"] + (arguments.string("lines").map { ["-L", $0] } ?? []) + ["--", file] + (arguments.string("commit").map { [$0] } ?? [])
        }
        guard arguments.string("lines") == nil else { throw .invalidParams("'code_history' takes 'lines' only with 'file'.") }
        switch (arguments.string("commit"), arguments.string("at_code")) {
        case (let commit?, nil): return ["log", "--oneline"] + limit + ["--for-commit", commit]
        case (nil, let range?): return ["log", "--oneline"] + limit + ["--at-code", range]
        default: throw .invalidParams("'code_history' takes one of 'file', 'commit' and 'at_code'.")
        }
    }

    static let fork = MCPTool(
        name: "fork", title: "Fork a thread at a message",
        description: """
            Writes: creates the thread NAME starting at a message, sharing its history up to there, without \
            switching to it or sending anything (`threadai threads create NAME AT`). Continue it with \
            `threadai send --thread NAME …` or export it for an agent.
            """,
        parameters: [
            MCPParameter("name", .string, "The new thread's name (letters, digits, - _ . /).", required: true),
            MCPParameter("at", .string, "The message to fork at (an id, a thread name, NAME~N).", required: true),
        ],
        readOnly: false, paged: false
    ) { arguments throws(MCPError) in ["threads", "create", arguments.string("name") ?? "", arguments.string("at") ?? ""] }

    static let tag = MCPTool(
        name: "tag", title: "Tag a message",
        description: "Writes: names a message with a tag, and keeps a note with it (`threadai tag NAME ID -m NOTE`). Refuses a name in use.",
        parameters: [
            MCPParameter("name", .string, "The tag's name (letters, digits, - _ . /).", required: true),
            MCPParameter("message", .string, "The message to tag (an id, a thread name, NAME~N).", required: true),
            MCPParameter("note", .string, "A note to keep with the tag."),
        ],
        readOnly: false, paged: false
    ) { arguments throws(MCPError) in
        ["tag", arguments.string("name") ?? "", arguments.string("message") ?? ""] + (arguments.string("note").map { ["-m", $0] } ?? [])
    }

    static let addNote = MCPTool(
        name: "add_note", title: "Add a note to a message",
        description: """
            Writes: keeps a note on a message, as a tag named note/STAMP (the time, to the second) with the note \
            (`threadai tag note/STAMP ID -m NOTE`); `threadai tag -l` lists them. Notes travel through git with the \
            repository, as tags do.
            """,
        parameters: [
            MCPParameter("message", .string, "The message (an id, a thread name, NAME~N).", required: true),
            MCPParameter("note", .string, "The note.", required: true),
        ],
        readOnly: false, paged: false
    ) { arguments throws(MCPError) in
        ["tag", "note/" + NoteStamp.now(), arguments.string("message") ?? "", "-m", arguments.string("note") ?? ""]
    }
}

/// The name a note's tag gets: the time to the second, `20261129T034729Z`.
enum NoteStamp {
    static func now() -> String {
        Timestamp.now().rfc3339.filter { $0 != "-" && $0 != ":" }
    }
}
