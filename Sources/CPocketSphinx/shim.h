#ifndef DICTATIONKIT_CPOCKETSPHINX_SHIM_H
#define DICTATIONKIT_CPOCKETSPHINX_SHIM_H
#include <pocketsphinx.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/feat.h>
#include <sphinxbase/cmn.h>

/* cmd_ln_int32_r is a macro, which Swift can't call; this reads an integer option (e.g. -frate). */
static inline int dk_cmd_ln_int32(cmd_ln_t *config, char const *name) {
    return (int)cmd_ln_int32_r(config, name);
}
/* The live cepstral mean the decoder's front end subtracts, which it updates as it hears speech:
   its length (0 when the decoder has none), and reading or setting it. The feature struct is
   reached through a field, which Swift can't import from this build's headers as a stable API. */
static inline int dk_cmn_length(ps_decoder_t *decoder) {
    feat_t *feat = ps_get_feat(decoder);
    return (feat && feat->cmn_struct) ? feat->cmn_struct->veclen : 0;
}

static inline int dk_cmn_get(ps_decoder_t *decoder, float *vector, int length) {
    feat_t *feat = ps_get_feat(decoder);
    if (!feat || !feat->cmn_struct || feat->cmn_struct->veclen != length) return 0;
    mfcc_t values[64];
    if (length > 64) return 0;
    cmn_live_get(feat->cmn_struct, values);
    for (int i = 0; i < length; i++) vector[i] = (float)MFCC2FLOAT(values[i]);
    return 1;
}

static inline int dk_cmn_set(ps_decoder_t *decoder, float const *vector, int length) {
    feat_t *feat = ps_get_feat(decoder);
    if (!feat || !feat->cmn_struct || feat->cmn_struct->veclen != length || length > 64) return 0;
    mfcc_t values[64];
    for (int i = 0; i < length; i++) values[i] = FLOAT2MFCC(vector[i]);
    cmn_live_set(feat->cmn_struct, values);
    return 1;
}
#endif
