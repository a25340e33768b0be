/// Terminal colours, applied only when the output is a terminal and `NO_COLOR` is not set.
struct Style: Sendable {
    let enabled: Bool

    static let plain = Style(enabled: false)

    func apply(_ code: String, _ text: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func id(_ text: String) -> String { apply("33", text) }
    func thread(_ text: String) -> String { apply("1;32", text) }
    func dim(_ text: String) -> String { apply("2", text) }
    func bold(_ text: String) -> String { apply("1", text) }
    func removed(_ text: String) -> String { apply("31", text) }
    func added(_ text: String) -> String { apply("32", text) }
    func heading(_ text: String) -> String { apply("1;36", text) }
    func role(_ text: String) -> String { apply("35", text) }
    func match(_ text: String) -> String { apply("1;31", text) }
}
