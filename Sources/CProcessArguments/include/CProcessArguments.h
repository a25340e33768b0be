// The process's arguments for the Swift runtime, without its start-up scan of /proc/self/maps
// (process_arguments.c). Nothing here is called from Swift: the runtime calls it.
