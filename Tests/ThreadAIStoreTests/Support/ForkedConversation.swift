import ThreadAIStore

/// Three levels of forks, each at a different message:
///
///     main: S1 u1 a1 u2 a2                      (S1: system prompt)
///     a:          └ ua1 aa1 ua2 aa2             (forked at a1, inherits S1)
///     b:                 └ S2 ub1 ab1           (forked at aa1, replaces the prompt with S2)
struct ForkedConversation {
    let scratch: ScratchRepository
    let s1, u1, a1, u2, a2: ObjectID
    let ua1, aa1, ua2, aa2: ObjectID
    let s2, ub1, ab1: ObjectID

    init() throws {
        let scratch = try ScratchRepository()
        self.scratch = scratch
        s1 = try scratch.append("You are terse.", role: .system)
        u1 = try scratch.append("What is a fork?\nAsk me anything.")
        a1 = try scratch.append("A copy that goes its own way.", role: .assistant)
        u2 = try scratch.append("And a merge?")
        a2 = try scratch.append("Two ways joined.", role: .assistant)
        try scratch.fork("a", at: a1)
        ua1 = try scratch.append("Say it longer.", on: "a")
        aa1 = try scratch.append("A fork starts from a message and keeps its history.", role: .assistant, on: "a")
        ua2 = try scratch.append("Why?", on: "a")
        aa2 = try scratch.append("So nothing is lost.", role: .assistant, on: "a")
        try scratch.fork("b", at: aa1)
        s2 = try scratch.append("Answer in French.", role: .system, on: "b")
        ub1 = try scratch.append("Encore ?", on: "b")
        ab1 = try scratch.append("Une copie qui garde son histoire.", role: .assistant, on: "b")
    }

    var repository: Repository { scratch.repository }
}
