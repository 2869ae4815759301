// glibc's extensions for starting a child process cleanly, which Glibc's Swift module does not
// export (glibc declares them only under _GNU_SOURCE): closing every descriptor above a number in
// the child (glibc 2.34) and a pipe created close-on-exec in one step.
#include <spawn.h>

extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int pipe2(int fds[2], int flags);

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
// A descriptor that polls readable when the child ends (Linux 5.3), so the parent waits for it
// in poll() with its pipes instead of asking waitpid in a loop; -1 where the kernel has none.
// syscall() is variadic, which Swift cannot call.
static inline int hunt_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}
#endif
