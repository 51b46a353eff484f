// Preloaded into a process that decodes with whisper.cpp, writes a line to stderr for every
// whisper_full_with_state call: the audio's length, the wall time of the call, the time since
// the process loaded this library, the threads and the search (greedy, or beam and its width) it
// was given, and whether the calling thread runs on idle cores only (a session's partial search,
// SCHED_IDLE) or normally (a final), so the decodes of a session can be counted and timed.
//
//     cc -shared -fPIC -O2 -o /tmp/whisper_calls.so Benchmarks/whisper_calls/whisper_calls.c -ldl
//     LD_PRELOAD=/tmp/whisper_calls.so dictate transcribe FILE --recognizer whisper ...
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <whisper.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static double loaded;
__attribute__((constructor)) static void start(void) { loaded = now(); }

int whisper_full_with_state(struct whisper_context *ctx, struct whisper_state *state, struct whisper_full_params params,
                            const float *samples, int n_samples) {
    static int (*real)(struct whisper_context *, struct whisper_state *, struct whisper_full_params, const float *, int);
    if (!real) real = dlsym(RTLD_NEXT, "whisper_full_with_state");
    double begin = now();
    int status = real(ctx, state, params, samples, n_samples);
    double end = now();
    int beam = params.strategy == WHISPER_SAMPLING_BEAM_SEARCH ? params.beam_search.beam_size : 1;
    fprintf(stderr, "whisper_full at %.3f s: %.2f s of audio decoded in %.3f s (status %d), %d thread(s), beam %d, %s\n",
            begin - loaded, n_samples / 16000.0, end - begin, status, params.n_threads, beam,
            sched_getscheduler(0) == SCHED_IDLE ? "idle cores" : "normal");
    return status;
}
