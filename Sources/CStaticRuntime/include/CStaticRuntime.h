// What the statically linked Linux release executable defines in place of the static archives' own
// (mktemp.c). Nothing here is called from Swift: the archives call it.
