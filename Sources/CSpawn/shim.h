// glibc's extensions for starting a child process cleanly, which Glibc's Swift module does not
// export (glibc declares them only under _GNU_SOURCE): closing every descriptor above a number in
// the child (glibc 2.34) and a pipe created close-on-exec in one step.
#include <spawn.h>

extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int pipe2(int fds[2], int flags);
