#ifndef DICTATIONKIT_CPROCESSSPAWN_SHIM_H
#define DICTATIONKIT_CPROCESSSPAWN_SHIM_H
// The few Linux calls a decoding worker is started with that Swift's Glibc module hides behind
// _GNU_SOURCE, wrapped so that Swift can call them. Everything here is glibc: nothing to link.
#include <spawn.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

// glibc 2.34 and later; declared here because <spawn.h> declares it only under _GNU_SOURCE.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/// Closes every descriptor from `from` up in the child, so that a worker inherits none of the
/// server's sockets and files, whether or not they were opened close-on-exec.
static inline int dictationkit_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/// Sets one resource limit of another process (`prlimit(2)`), soft and hard.
/// Returns 0, or -1 with errno set.
static inline int dictationkit_set_limit(pid_t pid, int resource, unsigned long long soft, unsigned long long hard) {
    struct rlimit limit = {.rlim_cur = (rlim_t)soft, .rlim_max = (rlim_t)hard};
    return (int)syscall(SYS_prlimit64, pid, resource, &limit, (struct rlimit *)0);
}

#endif
