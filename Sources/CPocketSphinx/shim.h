#ifndef DICTATIONKIT_CPOCKETSPHINX_SHIM_H
#define DICTATIONKIT_CPOCKETSPHINX_SHIM_H
#include <pocketsphinx.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>

/* cmd_ln_int32_r is a macro, which Swift can't call; this reads an integer option (e.g. -frate). */
static inline int dk_cmd_ln_int32(cmd_ln_t *config, char const *name) {
    return (int)cmd_ln_int32_r(config, name);
}
#endif
