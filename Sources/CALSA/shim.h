#ifndef DICTATIONKIT_CALSA_SHIM_H
#define DICTATIONKIT_CALSA_SHIM_H
#include <alsa/asoundlib.h>

/* libasound prints its own diagnostics ("ALSA lib pcm.c:...: Unknown PCM x") on standard error
   through a variadic handler, which Swift can't implement. This one discards them. */
__attribute__((unused)) static void dk_alsa_discard_message(
    const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/* Turns libasound's standard-error diagnostics off (printed == 0) or back to its default. It is a
   process-wide setting of libasound, not of one PCM. */
static inline int dk_alsa_set_messages_printed(int printed) {
    return snd_lib_error_set_handler(printed ? NULL : dk_alsa_discard_message);
}

#endif
