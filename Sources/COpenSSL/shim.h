#ifndef DICTATIONKIT_COPENSSL_SHIM_H
#define DICTATIONKIT_COPENSSL_SHIM_H
#include <openssl/evp.h>
#endif
