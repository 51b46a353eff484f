// Replays Whisper's partial searches of real utterances offline: for each recording, decodes its
// first 0.6 s, 0.8 s, ... (every STEP seconds) greedily with a given encoder window, the way a
// live session's RedecodingPass searches the utterance so far, then the whole recording with the
// final's settings (beam 5, half the window at least). One JSON line per decoding, with each
// word's text, times and mean token probability, and the decoding's wall time:
//
//     SEARCH {"u":0,"end":0.6,"dur":0.081,"words":[["And",0.06,0.21,0.315],...]}
//     FINAL {"u":0,"end":7.1,"dur":0.839,"words":[...]}
//
// Benchmarks/partial_searches.py builds it, runs it for several windows and judges rules for
// stable words on its output. Built against the installed whisper.cpp:
//
//     cc -O2 -I/usr/local/include -o partial_searches partial_searches.c -L/usr/local/lib -lwhisper
//     ./partial_searches MODEL MARGIN LEAST STEP FILE...    (MARGIN, LEAST in encoder positions of 20 ms)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <whisper.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

// Words as DictationWhisper's WhisperSegment makes them: a token starting with a space starts one.
static void print_words(struct whisper_context *ctx, struct whisper_state *state) {
    char word[256];
    int length = 0, tokens = 0, first = 1;
    double start = 0, end = 0, probability = 0;
    whisper_token end_of_text = whisper_token_eot(ctx);
    for (int s = 0; s < whisper_full_n_segments_from_state(state); s++) {
        for (int t = 0; t < whisper_full_n_tokens_from_state(state, s); t++) {
            whisper_token_data data = whisper_full_get_token_data_from_state(state, s, t);
            if (data.id >= end_of_text) continue;
            const char *text = whisper_full_get_token_text_from_state(ctx, state, s, t);
            if (text[0] == ' ' || length == 0) {
                if (length > 0) {
                    word[length] = 0;
                    printf("%s[\"%s\",%.2f,%.2f,%.3f]", first ? "" : ",", word, start, end, probability / tokens);
                    first = 0;
                }
                length = 0;
                tokens = 0;
                probability = 0;
                start = data.t0 / 100.0;
            }
            for (const char *c = text; *c; c++) {
                if ((*c == ' ' && length == 0) || *c == '"' || *c == '\\') continue;
                if (length < 250) word[length++] = *c;
            }
            end = data.t1 / 100.0;
            probability += data.p;
            tokens++;
        }
    }
    if (length > 0) {
        word[length] = 0;
        printf("%s[\"%s\",%.2f,%.2f,%.3f]", first ? "" : ",", word, start, end, probability / tokens);
    }
}

static float *read_audio(const char *path, int *count) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long bytes = ftell(file);
    // pocketsphinx-testdata's .wav files have a 44-byte header; its .raw files none.
    long header = strstr(path, ".raw") ? 0 : 44;
    fseek(file, header, SEEK_SET);
    *count = (int)((bytes - header) / 2);
    short *pcm = malloc(sizeof(short) * *count);
    float *samples = malloc(sizeof(float) * *count);
    *count = (int)fread(pcm, 2, *count, file);
    fclose(file);
    for (int i = 0; i < *count; i++) samples[i] = pcm[i] / 32768.0f;
    free(pcm);
    return samples;
}

// One decoding of the first `length` samples, printed: a partial search (greedy, in a window of
// the audio and `margin`, at least `least`, its tokens capped) or the final (beam 5, half the
// window at least).
static int decode(struct whisper_context *ctx, struct whisper_state *state, const float *samples, int length,
                  int is_final, int margin, int least, int utterance) {
    int model_context = whisper_model_n_audio_ctx(ctx);
    struct whisper_full_params params =
        whisper_full_default_params(is_final ? WHISPER_SAMPLING_BEAM_SEARCH : WHISPER_SAMPLING_GREEDY);
    params.beam_search.beam_size = 5;
    params.n_threads = 2;
    params.no_context = true;
    params.print_progress = params.print_realtime = params.print_timestamps = false;
    params.token_timestamps = true;
    params.suppress_blank = params.suppress_nst = true;
    params.temperature_inc = 0;
    params.no_speech_thold = 0.6f;
    params.language = "en";
    int positions = (length + 319) / 320;
    int window = is_final ? (positions + 64 > model_context / 2 ? positions + 64 : model_context / 2)
                          : (positions + margin > least ? positions + margin : least);
    params.audio_ctx = window >= model_context ? 0 : window;
    if (!is_final) params.max_tokens = 8 + 8 * length / 16000;
    double begin = now();
    if (whisper_full_with_state(ctx, state, params, samples, length) != 0) return 0;
    printf("%s {\"u\":%d,\"end\":%.3f,\"dur\":%.3f,\"words\":[", is_final ? "FINAL" : "SEARCH", utterance,
           length / 16000.0, now() - begin);
    print_words(ctx, state);
    printf("]}\n");
    fflush(stdout);
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s MODEL MARGIN LEAST STEP FILE...\n", argv[0]);
        return 2;
    }
    struct whisper_context_params context_params = whisper_context_default_params();
    struct whisper_context *ctx = whisper_init_from_file_with_params(argv[1], context_params);
    if (!ctx) return 1;
    struct whisper_state *state = whisper_init_state(ctx);
    int margin = atoi(argv[2]), least = atoi(argv[3]);
    double step = atof(argv[4]);
    for (int file = 5; file < argc; file++) {
        int count = 0;
        float *samples = read_audio(argv[file], &count);
        if (!samples) return 1;
        // The utterance so far, every `step` seconds from 0.6 s to its end; then its final.
        for (double seconds = 0.6;; seconds += step) {
            int length = (int)(seconds * 16000) < count ? (int)(seconds * 16000) : count;
            if (!decode(ctx, state, samples, length, 0, margin, least, file - 5)) return 1;
            if (length == count) break;
        }
        if (!decode(ctx, state, samples, count, 1, margin, least, file - 5)) return 1;
        free(samples);
    }
    whisper_free_state(state);
    whisper_free(ctx);
    return 0;
}
