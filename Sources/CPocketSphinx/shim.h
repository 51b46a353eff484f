#ifndef DICTATIONKIT_CPOCKETSPHINX_SHIM_H
#define DICTATIONKIT_CPOCKETSPHINX_SHIM_H
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
#endif
