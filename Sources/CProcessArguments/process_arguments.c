// The Linux release executable links the Swift runtime statically (Package.swift). The runtime's
// way to find argv outside main() is a static initializer that reads /proc/self/maps line by line
// to find the stack, then walks back from `environ`: about 30 µs at every start, before main runs,
// for arguments that glibc hands to every initializer of the executable anyway.
//
// Defining the one function the standard library calls for them here keeps the linker from taking
// the runtime's CommandLine object from its archive, and with it that initializer. Only where the
// runtime is linked statically (THREADAI_OWN_ARGUMENTS, Package.swift): against the shared runtime,
// the standard library calls its own copy, and this one would be dead code.
#if defined(__linux__) && defined(THREADAI_OWN_ARGUMENTS)

static char **processArguments = 0;
static int processArgumentCount = 0;

// glibc calls the initializers of the executable with main's arguments (a GNU extension that
// ld.so and libc-start.c both honour).
__attribute__((constructor))
static void rememberArguments(int argc, char **argv, char **envp) {
    (void)envp;
    processArguments = argv;
    processArgumentCount = argc;
}

// The runtime's declaration (stdlib/public/CommandLineSupport/CommandLine.cpp): Swift's calling
// convention, argc through the pointer, argv returned.
__attribute__((swiftcall, used))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    static char *noArguments[] = { 0 };
    if (processArguments == 0) {
        *outArgLen = 0;
        return noArguments;
    }
    *outArgLen = processArgumentCount;
    return processArguments;
}

#endif
