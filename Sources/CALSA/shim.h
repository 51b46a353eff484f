#ifndef DICTATIONKIT_CALSA_SHIM_H
#define DICTATIONKIT_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif
