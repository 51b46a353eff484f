#ifndef DICTATIONKIT_CSOXR_SHIM_H
#define DICTATIONKIT_CSOXR_SHIM_H
#include <soxr.h>
#endif
