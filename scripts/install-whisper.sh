#!/usr/bin/env bash
# Builds and installs whisper.cpp, which Debian does not package, as a shared library with its
# pkg-config file (`whisper`) under /usr/local, where the `CWhisper` module finds it as the other
# C modules find Debian's libraries.
#
# The source is whisper.cpp 1.8.5, the tree inside PyPI's `pywhispercpp` 1.5.1 sdist (pinned by
# its sha256; pip fetches it, and keeps it in the cache below, so a second run needs no network).
# Nothing of it is copied into this repository. The same sdist carries the Silero v6.2.0 voice
# activity model in whisper.cpp's ggml format (885 KB), which `SileroVoiceActivityDetector` runs:
# it is installed beside the library, as $prefix/share/whisper.cpp/ggml-silero-v6.2.0.bin.
# Idempotent: a run finds the same version installed from the same source, and the model, and
# stops. Runs as root, or through sudo for the install steps.
set -euo pipefail

version=1.8.5
sdist=pywhispercpp-1.5.1.tar.gz
sdist_sha256=5df897e5dd9d9f16804fc937bd85b9f5880a0b29a55f8843585e0e03d76195e5
prefix=/usr/local
stamp="$prefix/lib/dictationkit-whisper.cpp.stamp"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/dictationkit/whisper.cpp"
vad_model="$prefix/share/whisper.cpp/ggml-silero-v6.2.0.bin"
vad_model_in_sdist=pywhispercpp-1.5.1/whisper.cpp/models/for-tests-silero-v6.2.0-ggml.bin
vad_model_sha256=2aa269b785eeb53a82983a20501ddf7c1d9c48e33ab63a41391ac6c9f7fb6987

library_installed=false
if [ "$(cat "$stamp" 2>/dev/null)" = "$version $sdist_sha256" ] && pkg-config --exists whisper; then
    library_installed=true
fi
model_installed=false
if echo "$vad_model_sha256  $vad_model" | sha256sum --check --status 2>/dev/null; then model_installed=true; fi
if $library_installed && $model_installed; then
    echo "whisper.cpp $version and the Silero voice activity model are installed in $prefix"
    exit 0
fi
if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
$library_installed || command -v cmake >/dev/null || { echo "install-whisper.sh: cmake is missing (scripts/install-system-packages.sh installs it)" >&2; exit 1; }

mkdir -p "$cache"
if ! echo "$sdist_sha256  $cache/$sdist" | sha256sum --check --status 2>/dev/null; then
    rm -f "$cache/$sdist"
    # Only pywhispercpp itself as a source archive; pip builds its metadata with wheels of its
    # build tools, which is all the network this script uses.
    python3 -m pip download --quiet --no-deps --no-binary pywhispercpp --dest "$cache" "pywhispercpp==1.5.1"
    echo "$sdist_sha256  $cache/$sdist" | sha256sum --check --quiet || {
        echo "install-whisper.sh: $sdist does not have the pinned sha256; not building it" >&2
        rm -f "$cache/$sdist"
        exit 1
    }
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! $model_installed; then
    tar -xzf "$cache/$sdist" -C "$work" "$vad_model_in_sdist"
    echo "$vad_model_sha256  $work/$vad_model_in_sdist" | sha256sum --check --quiet
    "${sudo[@]}" install -D -m 0644 "$work/$vad_model_in_sdist" "$vad_model"
    echo "Installed the Silero v6.2.0 voice activity model as $vad_model"
fi
if $library_installed; then
    echo "whisper.cpp $version is installed in $prefix"
    exit 0
fi

tar -xzf "$cache/$sdist" -C "$work" pywhispercpp-1.5.1/whisper.cpp
source_dir="$work/pywhispercpp-1.5.1/whisper.cpp"
# CPU only. GGML_NATIVE: the library is built on the machine that runs it, so it may use every
# instruction this processor has (AVX2, FMA, F16C, AVX-512 where present).
cmake -S "$source_dir" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DBUILD_SHARED_LIBS=ON -DGGML_NATIVE=ON -DGGML_OPENMP=OFF \
    -DWHISPER_BUILD_EXAMPLES=OFF -DWHISPER_BUILD_TESTS=OFF -DWHISPER_BUILD_SERVER=OFF \
    -DWHISPER_CURL=OFF -DWHISPER_SDL2=OFF >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log" >&2; exit 1; }
cmake --build "$work/build" -j"$(nproc)" >>"$work/cmake.log" 2>&1 || { tail -50 "$work/cmake.log" >&2; exit 1; }
"${sudo[@]}" cmake --install "$work/build" >/dev/null
"${sudo[@]}" ldconfig
echo "$version $sdist_sha256" | "${sudo[@]}" tee "$stamp" >/dev/null
echo "Installed whisper.cpp $version in $prefix ($(pkg-config --libs whisper))"
