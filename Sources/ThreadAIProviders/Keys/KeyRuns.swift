/// Where a text repeats a key, whole or in part: a run of at least `minimumRun` consecutive bytes of
/// one of the keys (all of a shorter key). A server that echoes a key seldom echoes it whole: an error
/// body may quote it without its public prefix (`sk-test-`), or a proxy may cut it. Any 16 bytes of a
/// random key are as secret as the key.
struct KeyRuns: Sendable {
    /// The shortest part of a key taken for the key. Shorter runs are common text: a key's public
    /// prefix (`sk-ant-api03-` is 13 bytes) is written in every provider's documentation.
    static let minimumRun = 16

    private let keys: [[UInt8]]
    /// Every `minimumRun`-byte window of every key long enough, to the key and where it starts.
    private let windows: [Window: (key: Int, offset: Int)]

    init(keys: [[UInt8]]) {
        self.keys = keys.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        var windows: [Window: (key: Int, offset: Int)] = [:]
        for (number, key) in self.keys.enumerated() where key.count >= Self.minimumRun {
            for offset in 0...(key.count - Self.minimumRun) where windows[Window(key, at: offset)] == nil {
                windows[Window(key, at: offset)] = (number, offset)
            }
        }
        self.windows = windows
    }

    var isEmpty: Bool { keys.isEmpty }

    /// What lies at `index` of `bytes`.
    enum Match {
        /// No key starts here.
        case none
        /// A key (or a long part of one) of this many bytes starts here.
        case run(Int)
        /// What is here could still become one if more bytes followed `bytes`' end.
        case undecided
    }

    /// Whether a key, or a run of one, starts at `index`. With `atEnd` false, bytes may follow
    /// `bytes`' end, so a run that reaches it, or a start too short to tell, is `undecided`.
    func match(in bytes: [UInt8], at index: Int, atEnd: Bool) -> Match {
        let available = bytes.count - index
        if available >= Self.minimumRun, let (number, offset) = windows[Window(bytes, at: index)] {
            let key = keys[number]
            var length = Self.minimumRun
            while index + length < bytes.count, offset + length < key.count, bytes[index + length] == key[offset + length] {
                length += 1
            }
            let couldGoOn = index + length == bytes.count && offset + length < key.count
            return couldGoOn && !atEnd ? .undecided : .run(length)
        }
        for key in keys where key.count < Self.minimumRun {
            if available >= key.count {
                if bytes[index..<(index + key.count)].elementsEqual(key) { return .run(key.count) }
            } else if !atEnd, key.starts(with: bytes[index...]) {
                return .undecided
            }
        }
        guard !atEnd, available < Self.minimumRun else { return .none }
        let tail = bytes[index...]
        // A key's start is waited for from its first byte (`sk-` begins few words); a run from
        // inside a key only from `shortestWaitedRun` bytes on, or nearly every byte would begin one
        // and a stream would always hold its last characters back. A run met later than its start
        // loses at most that many bytes to the screen, and is replaced from there.
        if keys.contains(where: { $0.count > tail.count && $0.starts(with: tail) }) { return .undecided }
        guard available >= Self.shortestWaitedRun else { return .none }
        return windows.keys.contains { $0.starts(with: tail) } ? .undecided : .none
    }

    /// `bytes` with every key or run of one replaced by `placeholder`, up to where what follows is
    /// `undecided` (with `atEnd` false, the end that could still become one): the text, how many
    /// bytes of `bytes` it covers, and how many runs it replaced.
    func replacing(in bytes: [UInt8], with placeholder: String, atEnd: Bool) -> (text: [UInt8], consumed: Int, replaced: Int) {
        var output: [UInt8] = []
        var index = 0, replaced = 0
        scanning: while index < bytes.count {
            switch match(in: bytes, at: index, atEnd: atEnd) {
            case .run(let length):
                output += placeholder.utf8
                replaced += 1
                index += length
            case .undecided:
                break scanning
            case .none:
                output.append(bytes[index])
                index += 1
            }
        }
        return (output, index, replaced)
    }

    /// How long the end of a piece must repeat the inside of a key to be held back.
    static let shortestWaitedRun = 8

    /// `minimumRun` bytes, as two words: a cheap key for the table of windows.
    private struct Window: Hashable {
        let low: UInt64
        let high: UInt64

        init(_ bytes: [UInt8], at offset: Int) {
            var low: UInt64 = 0, high: UInt64 = 0
            for index in 0..<8 {
                low |= UInt64(bytes[offset + index]) << (8 * index)
                high |= UInt64(bytes[offset + 8 + index]) << (8 * index)
            }
            (self.low, self.high) = (low, high)
        }

        /// Whether the window begins with `prefix` (shorter than a window).
        func starts(with prefix: ArraySlice<UInt8>) -> Bool {
            for (index, byte) in prefix.enumerated() {
                let word = index < 8 ? low : high
                if UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8))) != byte { return false }
            }
            return true
        }
    }
}
