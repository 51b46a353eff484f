/* LD_PRELOAD shim for running Swift programs under valgrind 3.19: libdispatch's main-thread loop
 * (dispatch_main, which a Swift async main ends in) calls sigsuspend() with a mask in read-only
 * memory, and valgrind's wrapper writes to that mask, which kills valgrind with an internal
 * SIGSEGV. This sigsuspend hands the kernel a writable copy instead. */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, (size_t)(_NSIG / 8));
}
