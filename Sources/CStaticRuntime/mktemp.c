// FoundationEssentials' static archive refers to glibc's mktemp (its createTemporaryFile picks a
// name with it, then opens that name with O_CREAT|O_EXCL and tries again if it was taken), and glibc
// marks mktemp with a link-time warning, so every release build of the executable printed "the use
// of `mktemp' is dangerous". The danger is a name used without O_EXCL, which that caller does not
// do; threadai's own temporary files never go through it (ThreadAIStore's TempFile).
//
// Defining mktemp in the executable resolves the archive's reference here instead of in glibc, with
// glibc's documented behaviour: the last six characters of the template, which must be "XXXXXX",
// become letters and digits naming no existing file; on failure the template becomes "" and errno
// says why. Only where the runtime is linked statically (THREADAI_STATIC_RUNTIME, Package.swift).
#if defined(__linux__) && defined(THREADAI_STATIC_RUNTIME)

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/random.h>

char *mktemp(char *template) {
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    size_t length = strlen(template);
    if (length < 6 || strcmp(template + length - 6, "XXXXXX") != 0) {
        errno = EINVAL;
        template[0] = '\0';
        return template;
    }
    char *suffix = template + length - 6;
    int failure = EEXIST;
    for (int attempt = 0; attempt < 10000; attempt++) {
        unsigned char random[6];
        if (getrandom(random, sizeof random, 0) != (ssize_t)sizeof random) {
            failure = errno;
            break;
        }
        for (int i = 0; i < 6; i++) suffix[i] = letters[random[i] % (sizeof letters - 1)];
        struct stat info;
        if (lstat(template, &info) == 0) continue;
        if (errno == ENOENT) return template;
        failure = errno;
        break;
    }
    errno = failure;
    template[0] = '\0';
    return template;
}

#endif
