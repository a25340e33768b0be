/// Finds the option a user most likely meant when they typed one that does not exist.
enum OptionSuggestion {
    /// The long spelling (`--model`) of the name in `candidates` closest to `typed`, when it is close enough
    /// to be a typo: at most 2 edits, and at most half the length of what was typed.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        closestName(to: typed, among: candidates).map { "--" + $0 }
    }

    /// The name in `candidates` closest to `typed`, as is (a command name has no `--`), by the same rule.
    static func closestName(to typed: String, among candidates: [String]) -> String? {
        closestNames(to: typed, among: candidates).first
    }

    /// Every name in `candidates` close enough to `typed` to be a typo of it, closest first (ties
    /// in the candidates' order), each once whatever its case.
    static func closestNames(to typed: String, among candidates: [String]) -> [String] {
        let typedCharacters = Array(typed.lowercased())
        let limit = min(2, typedCharacters.count / 2)
        var close: [(name: String, distance: Int)] = []
        var seen: Set<String> = []
        for candidate in candidates where seen.insert(candidate.lowercased()).inserted {
            let distance = editDistance(typedCharacters, Array(candidate.lowercased()))
            if distance <= limit { close.append((candidate, distance)) }
        }
        return close.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .map(\.element.name)
    }

    /// Insertions, deletions, substitutions and swaps of neighbours needed to turn `a` into `b`
    /// (optimal string alignment distance), so `--modle` is one edit from `--model`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
