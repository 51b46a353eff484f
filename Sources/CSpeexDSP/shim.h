#ifndef DICTATIONKIT_CSPEEXDSP_SHIM_H
#define DICTATIONKIT_CSPEEXDSP_SHIM_H
#include <speex/speex_preprocess.h>
#endif
