#ifndef THREADAI_SIGNAL_CLEANUP_H
#define THREADAI_SIGNAL_CLEANUP_H

/// The files a process holds for a moment (lock files, temporary files), removed if a signal stops
/// it: git's tempfile layer. A path is registered when its file is created and forgotten just
/// before the file is renamed into place or removed; the handler, installed only by the program
/// (`threadai_cleanup_install`), removes every path still registered with async-signal-safe calls,
/// then dies of the signal as if unhandled (exit status 128 + the signal, as a shell reports it).

/// Registers `path` (copied); returns a token for `threadai_cleanup_forget`, or -1 when the path
/// could not be registered (no memory, or a million files held at once): it is then not removed.
long threadai_cleanup_register(const char *path);

/// Forgets `path`, registered under `token`; -1, and a token whose slot now holds another path (a
/// second forget), are ignored.
void threadai_cleanup_forget(long token, const char *path);

/// Installs the handler for SIGINT, SIGTERM and SIGHUP, and unblocks them for the calling thread.
void threadai_cleanup_install(void);

/// Whether the handler is installed (code that changes a signal's disposition for a while sets this
/// one back after it, rather than the default).
int threadai_cleanup_installed(void);

/// Removes every registered path, with async-signal-safe calls only: for another signal handler
/// that is about to die of its signal.
void threadai_cleanup_remove_all(void);

/// The handler itself: removes every registered path, then dies of `signal_number`.
void threadai_cleanup_on_signal(int signal_number);

#endif
