#ifndef DICTATIONKIT_CSNDFILE_SHIM_H
#define DICTATIONKIT_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
