// whisper.cpp, built and installed under /usr/local by scripts/install-whisper.sh (Debian has no
// package of it); found through its pkg-config file, `whisper`.
#include <whisper.h>
// malloc_trim: a whisper.cpp state's buffers are handed back to the system when a decoder lets
// one go (glibc's Swift module does not carry malloc.h).
#include <malloc.h>
