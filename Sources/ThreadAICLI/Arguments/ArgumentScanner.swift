/// Reads command-line words against a list of `ArgumentSpec`s, one word at a time; shared by command
/// parsing and by `CommandLineSplit`, which stops at the command word.
struct ArgumentScanner {
    private let specs: [ArgumentSpec]
    private let positionals: [ArgumentSpec]
    private var nextPositional = 0
    private(set) var parsed: ParsedArguments

    init(command: String, specs: [ArgumentSpec]) {
        self.specs = specs
        self.positionals = specs.filter(\.isPositional)
        self.parsed = ParsedArguments(command: command, specs: specs)
    }

    private var command: String { parsed.command }

    /// True for words that name an option or flag; a lone `-` is a positional meaning standard input.
    static func isOptionLike(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-"
    }

    /// Reads `words`. When `stoppingAtPositional` is true it stops before the first positional word (or just
    /// after `--`) and returns that word's index; otherwise it reads everything and returns `words.count`.
    /// - Throws: `ArgumentError` for the first word that does not fit.
    mutating func scan(_ words: [String], stoppingAtPositional: Bool) throws(ArgumentError) -> Int {
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            if optionsEnded || !Self.isOptionLike(word) {
                if stoppingAtPositional { return index }
                try addPositional(word)
                index += 1
            } else if word == "--" {
                optionsEnded = true
                index += 1
                if stoppingAtPositional { return index }
            } else if word.hasPrefix("--") {
                index = try readLong(words, at: index)
            } else if let count = Self.countShorthand(word), let spec = specs.first(where: { $0.name == "max-count" }) {
                // `-3` is `--max-count 3`, as in git (`git log -3`).
                try store(count, for: spec)
                index += 1
            } else {
                index = try readShortCluster(words, at: index)
            }
        }
        return index
    }

    /// The digits of `-N`, git's shorthand for `--max-count N`; nil for any other word.
    private static func countShorthand(_ word: String) -> String? {
        let digits = word.utf8.dropFirst()
        guard word.utf8.first == UInt8(ascii: "-"), !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return String(word.dropFirst())
    }

    /// Throws for the first required positional that was not given, unless help was asked for.
    func checkRequiredPositionals() throws(ArgumentError) {
        guard !parsed.wantsHelp else { return }
        for spec in positionals where spec.kind == .positional(.required) && !parsed.hasValue(for: spec.name) {
            throw ArgumentError.missingPositional(command: command, valueName: spec.valueName)
        }
    }

    /// Reads `--name`, `--name value` or `--name=value`; returns the index of the next unread word.
    private mutating func readLong(_ words: [String], at index: Int) throws(ArgumentError) -> Int {
        let body = words[index].dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let attached = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let spec = specs.first(where: { !$0.isPositional && $0.name == name }) else {
            let candidates = specs.filter { !$0.isPositional }.map(\.name)
            throw ArgumentError.unknownOption(
                command: command, option: "--" + name,
                suggestion: OptionSuggestion.closest(to: name, among: candidates))
        }
        guard spec.takesValue else {
            if attached != nil {
                throw ArgumentError.flagWithValue(command: command, flag: spec.longSpelling)
            }
            parsed.setFlag(spec.name)
            return index + 1
        }
        if let attached {
            try store(attached, for: spec)
            return index + 1
        }
        let value = try value(after: index, in: words, for: spec, spelled: spec.longSpelling)
        try store(value, for: spec)
        return index + 2
    }

    /// Reads `-x`, `-abc` (flags), `-mVALUE` or `-m VALUE`, and flags followed by an option (`-nm VALUE`).
    private mutating func readShortCluster(_ words: [String], at index: Int) throws(ArgumentError) -> Int {
        let word = words[index]
        let characters = Array(word.dropFirst())
        // No option is spelled with a space, and none starts with a digit: such a word is text.
        if word.contains(where: \.isWhitespace) || (characters.first?.isNumber == true && !specs.contains { $0.short == characters.first }) {
            throw ArgumentError.dashedText(command: command, word: word)
        }
        for (offset, character) in characters.enumerated() {
            guard let spec = specs.first(where: { $0.short == character }) else {
                // `-verbose` is usually `--verbose` typed with one dash, so suggest from the whole word.
                let candidates = specs.filter { !$0.isPositional }.map(\.name)
                throw ArgumentError.unknownOption(
                    command: command, option: "-\(character)",
                    suggestion: OptionSuggestion.closest(to: String(word.dropFirst()), among: candidates))
            }
            guard spec.takesValue else {
                parsed.setFlag(spec.name)
                continue
            }
            let attached = String(characters[(offset + 1)...])
            if !attached.isEmpty {
                try store(attached, for: spec)
                return index + 1
            }
            let value = try value(after: index, in: words, for: spec, spelled: "-\(character)")
            try store(value, for: spec)
            return index + 2
        }
        return index + 1
    }

    /// The word after `index` as an option's value. A word that looks like an option is not taken (so
    /// `-m --no-stream` fails instead of naming a model `--no-stream`), except `-` and negative numbers.
    private func value(
        after index: Int, in words: [String], for spec: ArgumentSpec, spelled: String
    ) throws(ArgumentError) -> String {
        let next = index + 1
        guard next < words.count, !Self.isOptionLike(words[next]) || Self.isNegativeNumber(words[next]) else {
            throw ArgumentError.missingValue(
                command: command, option: spelled, valueName: spec.valueName,
                next: next < words.count && words[next] != "--" ? words[next] : nil)
        }
        return words[next]
    }

    private static func isNegativeNumber(_ word: String) -> Bool {
        let rest = word.dropFirst()
        return word.hasPrefix("-") && rest.contains { $0.isASCII && $0.isNumber }
            && rest.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    private mutating func store(_ value: String, for spec: ArgumentSpec) throws(ArgumentError) {
        if spec.kind == .option && parsed.hasValue(for: spec.name) {
            throw ArgumentError.repeatedOption(command: command, option: spec.longSpelling)
        }
        parsed.append(value, to: spec.name)
    }

    private mutating func addPositional(_ word: String) throws(ArgumentError) {
        guard nextPositional < positionals.count else {
            throw ArgumentError.unexpectedPositional(command: command, value: word)
        }
        let spec = positionals[nextPositional]
        parsed.append(word, to: spec.name)
        if spec.kind != .positional(.rest) {
            nextPositional += 1
        }
    }
}
