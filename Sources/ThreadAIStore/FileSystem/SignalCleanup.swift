import CSignalCleanup
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock files and temporary files this process holds, removed if SIGINT, SIGTERM or SIGHUP stops
/// it (git's tempfile layer, under its lock files; gitoxide's gix-tempfile under gix-lock).
///
/// `LockFile`, `TempFile`, `ObjectBatch` and `TurnLock` register each file when they create it and
/// forget it just before they rename it into place or remove it. Nothing is removed unless the
/// program installs the handler (`installHandlers`), which only a program's composition root does:
/// a library never changes how its host process handles signals. The registry and the handler are C
/// (`CSignalCleanup`), since a handler may only make async-signal-safe calls.
public enum SignalCleanup {
    /// Installs the handler for SIGINT, SIGTERM and SIGHUP: it removes every registered file, then
    /// the process dies of the signal (exit status 128 + its number).
    public static func installHandlers() {
        threadai_cleanup_install()
    }

    /// Puts back the dispositions of SIGINT, SIGTERM and SIGHUP after code that changed them for a
    /// while: the handler when it is installed, the default otherwise.
    public static func restoreDispositions() {
        if threadai_cleanup_installed() != 0 {
            threadai_cleanup_install()
        } else {
            for number in [SIGINT, SIGTERM, SIGHUP] { _ = signal(number, SIG_DFL) }
        }
    }

    /// Removes every registered file now; async-signal-safe, for another handler about to die.
    public static func removeAll() {
        threadai_cleanup_remove_all()
    }

    /// Registers `path`; returns the token `forget` takes (-1 when it could not be registered).
    static func register(_ path: String) -> Int {
        threadai_cleanup_register(path)
    }

    /// Forgets `path`, registered as `token`: call it before renaming the file away or removing it.
    static func forget(_ token: Int, _ path: String) {
        threadai_cleanup_forget(token, path)
    }
}
