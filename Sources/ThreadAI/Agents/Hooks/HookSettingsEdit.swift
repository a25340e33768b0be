/// Adds ThreadAI's hook handlers to an agent's settings document, or takes them out, touching
/// nothing else: members and elements keep their order and spelling, and what ThreadAI did not
/// add is never removed (docs/CLI.md, `hooks --agent`). A handler is ThreadAI's when its
/// `command` runs `threadai … capture`, so one written by an older version is recognised too.
struct HookSettingsEdit {
    let format: any AgentHookFormat

    /// Why a document cannot be edited: a value that must be an object or an array is not.
    struct Misshapen: Error, Equatable {
        /// Where, as a path of keys (`hooks.Stop`).
        var location: String
        var expected: String
    }

    static func isThreadAIs(_ handler: EditableJSON) -> Bool {
        guard let command = handler["command"]?.string else { return false }
        return command.contains("threadai") && command.contains(" capture")
    }

    /// `document` (nil: no file yet) with ThreadAI's handler running `command` on each event: a
    /// handler of ours already there is brought up to date in its place, a second one removed, and
    /// a new one goes in a group of its own after the event's others.
    func installing(command: String, into document: EditableJSON?) throws(Misshapen) -> EditableJSON {
        var root = try Self.object(document ?? .object([]), at: "the file")
        var hooks = try Self.object(root.value("hooks") ?? .object([]), at: "hooks")
        let ours = format.handler(command: command)
        for event in format.events {
            guard case .array(var groups) = hooks.value(event) ?? .array([]) else {
                throw Misshapen(location: "hooks.\(event)", expected: "an array")
            }
            var found = false
            groups = groups.compactMap { group in
                guard case .object(var members) = group, case .array(let handlers)? = members.value("hooks") else { return group }
                var kept: [EditableJSON] = []
                for handler in handlers {
                    guard Self.isThreadAIs(handler) else {
                        kept.append(handler)
                        continue
                    }
                    if !found { kept.append(ours) }
                    found = true
                }
                if kept.isEmpty { return nil }
                members.set("hooks", .array(kept))
                return .object(members)
            }
            if !found { groups.append(.object([.init("hooks", .array([ours]))])) }
            hooks.set(event, .array(groups))
        }
        root.set("hooks", .object(hooks))
        return .object(root)
    }

    /// `document` without ThreadAI's handlers; a group, event, `hooks` object or whole document
    /// that only they made non-empty goes with them (nil: the file has nothing left).
    func uninstalling(from document: EditableJSON) throws(Misshapen) -> EditableJSON? {
        var root = try Self.object(document, at: "the file")
        guard let hooksValue = root.value("hooks") else { return document }
        var hooks = try Self.object(hooksValue, at: "hooks")
        for (index, member) in hooks.enumerated().reversed() {
            guard case .array(let groups) = member.value else { continue }
            let remaining = groups.compactMap { group -> EditableJSON? in
                guard case .object(var members) = group, case .array(let handlers)? = members.value("hooks") else { return group }
                let kept = handlers.filter { !Self.isThreadAIs($0) }
                if kept.count == handlers.count { return group }
                if kept.isEmpty { return nil }
                members.set("hooks", .array(kept))
                return .object(members)
            }
            if remaining.isEmpty, !groups.isEmpty {
                hooks.remove(at: index)
            } else {
                hooks[index].value = .array(remaining)
            }
        }
        if hooks.isEmpty, !(hooksValue.members ?? []).isEmpty { root.removeAll { $0.key == "hooks" } } else { root.set("hooks", .object(hooks)) }
        return root.isEmpty && !(document.members ?? []).isEmpty ? nil : .object(root)
    }

    /// The events of `document` that hold a handler of ThreadAI's, in the file's order.
    static func eventsHooked(in document: EditableJSON) -> [String] {
        guard let hooks = document["hooks"]?.members else { return [] }
        return hooks.filter { member in
            (member.value.elements ?? []).contains { ($0["hooks"]?.elements ?? []).contains(where: isThreadAIs) }
        }.map(\.key)
    }

    private static func object(_ value: EditableJSON, at location: String) throws(Misshapen) -> [EditableJSON.Member] {
        guard let members = value.members else { throw Misshapen(location: location, expected: "an object") }
        return members
    }
}

extension [EditableJSON.Member] {
    /// The value of the first member named `key`.
    func value(_ key: String) -> EditableJSON? { first { $0.key == key }?.value }

    /// Sets the first member named `key` in its place, or adds it at the end.
    mutating func set(_ key: String, _ value: EditableJSON) {
        if let index = firstIndex(where: { $0.key == key }) { self[index].value = value } else { append(.init(key, value)) }
    }
}
