#if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe's two ends, both closed on exec (the child gets its end through `dup2`, which clears that).
final class PipeEnds {
    private(set) var reading: Int32
    private(set) var writing: Int32

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        (reading, writing) = (ends[0], ends[1])
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }

    func closeReading() { if reading >= 0 { close(reading); reading = -1 } }
    func closeWriting() { if writing >= 0 { close(writing); writing = -1 } }

    deinit {
        closeReading()
        closeWriting()
    }
}

/// Feeds a child's standard input and drains its output and error together, with `poll`, until
/// both outputs end: neither side can wait on the other with a full pipe.
enum PipeExchange {
    /// - Parameters:
    ///   - inputPipe: the pipe to the child's standard input, its reading end closed; its writing end
    ///     is closed once `input` is written (or the child stops reading), so the child sees the end
    ///     of its input.
    ///   - outputSink: when given, receives the standard output piece by piece as it arrives, and the
    ///     output returned is empty: a tool's long output is never held whole.
    static func run(
        input: [UInt8], to inputPipe: PipeEnds?, output: Int32, errors: Int32, outputSink: ((ArraySlice<UInt8>) -> Void)? = nil
    ) -> (output: [UInt8], errors: [UInt8]) {
        var collected: [[UInt8]] = [[], []]
        var open = [output, errors]
        var writeEnd = inputPipe?.writing ?? -1
        var written = 0
        if writeEnd >= 0 {
            _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
            if input.isEmpty {
                inputPipe?.closeWriting()
                writeEnd = -1
            }
        }
        // A child that stops reading early makes a write raise SIGPIPE: blocked here, and any one
        // left pending taken before unblocking, so the host process is never killed by it.
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
                var taken: Int32 = 0
                sigwait(&pipeSignal, &taken)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(where: { $0 >= 0 }) || writeEnd >= 0 {
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            watched.append(pollfd(fd: writeEnd, events: Int16(POLLOUT), revents: 0))
            guard poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
            for index in 0..<2 where open[index] >= 0 && watched[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(open[index], $0.baseAddress, $0.count) }
                if count > 0, index == 0, let outputSink {
                    outputSink(buffer[0..<count])
                } else if count > 0 {
                    collected[index].append(contentsOf: buffer[0..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open[index] = -1  // the end (the caller closes the descriptor)
                }
            }
            if writeEnd >= 0 && watched[2].revents != 0 {
                let count = input[written...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                if count > 0 { written += count }
                // Everything written, or the child closed its end (EPIPE): no more input.
                if written == input.count || (count < 0 && errno != EINTR && errno != EAGAIN) {
                    inputPipe?.closeWriting()
                    writeEnd = -1
                }
            }
        }
        return (collected[0], collected[1])
    }
}
#endif
