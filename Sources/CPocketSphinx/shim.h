#ifndef DICTATIONKIT_CPOCKETSPHINX_SHIM_H
#define DICTATIONKIT_CPOCKETSPHINX_SHIM_H
#include <pocketsphinx.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/feat.h>
#include <sphinxbase/cmn.h>
#include <stdlib.h>
#include <string.h>

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

/* Word confidences for an ended utterance whose search kept no best-path pass (-bestpath no):
   ps_seg_prob then says nothing (every word 1.0). The forward search's word lattice still holds
   the competing words, so this runs the lattice's own best-path and posterior computation (the
   same calls, weights and scale PocketSphinx uses when -bestpath is on) and gives each word the
   posterior of its lattice nodes: the same word starting within 5 frames, summed over their
   exits (the caller clamps the sum to 1). `confidence[i]` is left alone for
   a word without a node. Returns 0 when there is no lattice. */
static inline int dk_lattice_confidences(ps_decoder_t *decoder, int count, char const *const *words,
                                         int const *starts, double *confidence) {
    ps_lattice_t *dag = ps_get_lattice(decoder);
    if (!dag) return 0;
    cmd_ln_t *config = ps_get_config(decoder);
    float32 lw = cmd_ln_float32_r(config, "-lw");
    float32 bestpath_lw = cmd_ln_float32_r(config, "-bestpathlw");
    /* -ascale is the inverse of the acoustic scale, as ngram_search uses it. */
    float32 inverse_ascale = cmd_ln_float32_r(config, "-ascale");
    float32 ascale = inverse_ascale > 0 ? 1.0f / inverse_ascale : 1.0f;
    const char *search = ps_get_search(decoder);
    ngram_model_t *lm = search ? ps_get_lm(decoder, search) : NULL;
    if (!ps_lattice_bestpath(dag, lm, lw > 0 ? bestpath_lw / lw : 1.0f, ascale)) return 0;
    ps_lattice_posterior(dag, lm, ascale);
    logmath_t *logmath = ps_lattice_get_logmath(dag);
    for (ps_latnode_iter_t *it = ps_latnode_iter(dag); it; it = ps_latnode_iter_next(it)) {
        ps_latnode_t *node = ps_latnode_iter_node(it);
        int16 first_end, last_end;
        int start = ps_latnode_times(node, &first_end, &last_end);
        char const *word = ps_latnode_word(dag, node);
        if (!word) continue;
        for (int i = 0; i < count; i++) {
            /* The lattice holds the word at neighbouring start frames too: its mass is theirs together. */
            if (abs(starts[i] - start) > 5 || strcmp(words[i], word) != 0) continue;
            /* The node's posterior is the sum of its exits' (the word ending at different frames). */
            double posterior = 0;
            for (ps_latlink_iter_t *exit = ps_latnode_exits(node); exit; exit = ps_latlink_iter_next(exit)) {
                posterior += logmath_exp(logmath, ps_latlink_prob(dag, ps_latlink_iter_link(exit), NULL));
            }
            confidence[i] = (confidence[i] < 0 ? 0 : confidence[i]) + posterior;
        }
    }
    return 1;
}

/* Interpolates a second n-gram model (an ARPA file, e.g. a user's phrases) into the decoder's
   current n-gram search: each word's probability becomes (1 - weight) of the search's models'
   plus weight of the new one's. The file is read with the decoder's language weight and word
   insertion penalty, as the search's own model was. The search is NOT rebuilt here: until
   ps_load_dict reinitializes it, it must not decode. Returns 0
   on failure (no n-gram search, an unreadable file). */
static inline int dk_interpolate_lm(ps_decoder_t *decoder, char const *path, char const *name, float weight) {
    const char *search = ps_get_search(decoder);
    ngram_model_t *set = search ? ps_get_lm(decoder, search) : NULL;
    if (!set) return 0;
    ngram_model_t *extra = ngram_model_read(ps_get_config(decoder), path, NGRAM_ARPA, ps_get_logmath(decoder));
    if (!extra) return 0;
    /* FALSE: the set rebuilds its word map by name (the search maps it to the dictionary again
       when it is rebuilt). */
    if (!ngram_model_set_add(set, extra, name, weight, FALSE)) {
        ngram_model_free(extra);
        return 0;
    }
    /* ngram_model_set_add shares the weights out its own way; give them outright, by name. */
    int count = ngram_model_set_count(set);
    if (count > 8) return 0;
    char const *names[8];
    float32 weights[8];
    int index = 0;
    for (ngram_model_set_iter_t *it = ngram_model_set_iter(set); it; it = ngram_model_set_iter_next(it)) {
        char const *member = NULL;
        ngram_model_set_iter_model(it, &member);
        if (index >= count) {
            ngram_model_set_iter_free(it);
            break;
        }
        names[index] = member;
        weights[index] = strcmp(member, name) == 0 ? weight : (1.0f - weight) / (float32)(count - 1);
        index++;
    }
    if (index != count) return 0;
    return ngram_model_set_interp(set, names, weights) != NULL;
}

/* The natural logarithm of a score in the decoder's log base (an n-best path's, for one). */
static inline double dk_score_to_ln(ps_decoder_t *decoder, int score) {
    return logmath_log_to_ln(ps_get_logmath(decoder), score);
}
#endif
