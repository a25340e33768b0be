// The registry behind CSignalCleanup.h. Written in C because a signal handler may only make
// async-signal-safe calls: lock-free atomics and unlink, never an allocation or the Swift runtime.
//
// Slots live in chunks that are allocated on demand and never freed, so the handler can walk them
// at any moment. A slot's state is FREE, RESERVED (a registration is filling it), ACTIVE (its path
// is to be removed) or TAKEN (the handler or a forget owns it). Every transition is a
// compare-and-swap, so a registration, a forget and the handler never act on the same slot twice.
#include "CSignalCleanup.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { FREE = 0, RESERVED = 1, ACTIVE = 2, TAKEN = 3 };
enum { CHUNK_SLOTS = 1024, CHUNKS = 1024 };

struct slot {
    _Atomic int state;
    char *_Atomic path;
};

static struct slot *_Atomic chunks[CHUNKS];
static _Atomic long hint = 0;
static _Atomic int installed = 0;

static struct slot *chunk(long index, int create) {
    struct slot *existing = atomic_load(&chunks[index]);
    if (existing || !create) return existing;
    struct slot *made = calloc(CHUNK_SLOTS, sizeof(struct slot));
    if (!made) return NULL;
    struct slot *expected = NULL;
    if (!atomic_compare_exchange_strong(&chunks[index], &expected, made)) {
        free(made);  // Another thread made it first; nothing else has seen this one.
        return expected;
    }
    return made;
}

long threadai_cleanup_register(const char *path) {
    char *copy = strdup(path);
    if (!copy) return -1;
    long start = atomic_load(&hint);
    for (long step = 0; step < (long)CHUNKS * CHUNK_SLOTS; step++) {
        long token = (start + step) % ((long)CHUNKS * CHUNK_SLOTS);
        struct slot *slots = chunk(token / CHUNK_SLOTS, 1);
        if (!slots) break;
        struct slot *slot = &slots[token % CHUNK_SLOTS];
        int expected = FREE;
        if (!atomic_compare_exchange_strong(&slot->state, &expected, RESERVED)) continue;
        atomic_store(&slot->path, copy);
        atomic_store(&slot->state, ACTIVE);
        atomic_store(&hint, token + 1);
        return token;
    }
    free(copy);
    return -1;
}

void threadai_cleanup_forget(long token, const char *path) {
    if (token < 0 || token >= (long)CHUNKS * CHUNK_SLOTS) return;
    struct slot *slots = chunk(token / CHUNK_SLOTS, 0);
    if (!slots) return;
    struct slot *slot = &slots[token % CHUNK_SLOTS];
    int expected = ACTIVE;
    // Lost only to the handler, which is removing the file as the process dies: leave it the path.
    if (!atomic_compare_exchange_strong(&slot->state, &expected, TAKEN)) return;
    char *held = atomic_load(&slot->path);
    if (!held || strcmp(held, path) != 0) {
        // Forgotten before, and the slot given to another path since: that one stays registered.
        atomic_store(&slot->state, ACTIVE);
        return;
    }
    atomic_store(&slot->path, NULL);
    atomic_store(&slot->state, FREE);
    free(held);
    long earliest = atomic_load(&hint);
    if (token < earliest) atomic_store(&hint, token);
}

void threadai_cleanup_remove_all(void) {
    for (long index = 0; index < CHUNKS; index++) {
        struct slot *slots = atomic_load(&chunks[index]);
        if (!slots) continue;
        for (long position = 0; position < CHUNK_SLOTS; position++) {
            int expected = ACTIVE;
            if (!atomic_compare_exchange_strong(&slots[position].state, &expected, TAKEN)) continue;
            char *path = atomic_load(&slots[position].path);
            if (path) unlink(path);
        }
    }
}

void threadai_cleanup_on_signal(int signal_number) {
    threadai_cleanup_remove_all();
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

void threadai_cleanup_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = threadai_cleanup_on_signal;
    sigemptyset(&action.sa_mask);
    // The other two wait while one runs: the files are removed once, then the process dies.
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    // A process inherits its signal mask: one started with these blocked (a launcher's thread that
    // blocks them, as a test runner's does) would never hear them and wait for ever in a lock.
    sigprocmask(SIG_UNBLOCK, &action.sa_mask, NULL);
    atomic_store(&installed, 1);
}

int threadai_cleanup_installed(void) {
    return atomic_load(&installed);
}
