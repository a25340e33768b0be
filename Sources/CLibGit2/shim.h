// libgit2's public API, for the libgit2 git backend of ThreadAI (built only with the `libgit2`
// package trait; docs/DESIGN.md "The git seam").
#include <git2.h>
