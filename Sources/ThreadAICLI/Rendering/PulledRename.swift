import ThreadAI

/// How `status` and `send` name a thread that a pull renamed away while this clone went on with it
/// (`Repository.renamedAwayButPresent`): the same words and the same fix as `fsck`'s.
enum PulledRename {
    static func advice(_ name: ThreadName, now: String) -> String {
        TerminalSafe.text("Thread '\(name)' was renamed to '\(now)' in another clone, and has messages here since: "
            + "'threadai threads reconcile \(name)' joins them to '\(now)' (nothing is lost).")
    }
}
