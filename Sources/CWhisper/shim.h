// whisper.cpp, built and installed under /usr/local by scripts/install-whisper.sh (Debian has no
// package of it); found through its pkg-config file, `whisper`.
#include <whisper.h>
