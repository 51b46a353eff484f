#ifndef DICTATIONKIT_CESPEAKNG_SHIM_H
#define DICTATIONKIT_CESPEAKNG_SHIM_H
#include <espeak-ng/speak_lib.h>

/* espeak_TextToPhonemes' phoneme mode: IPA names, each phoneme followed by `separator` (bits 8-23). */
static inline int dk_espeak_ipa_mode(int separator) {
    return espeakPHONEMES_IPA | (separator << 8);
}
#endif
