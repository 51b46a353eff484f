"""Talks to `dictate serve`'s POST /v1/audio/transcriptions with OpenAI's own Python package.

The point is a client nobody here wrote: if the official SDK can parse what the server sends
(its typed models for json and verbose_json, plain strings for text/srt/vtt, its exception
classes for errors), real programs written against OpenAI can switch to DictationKit.

Usage:
  openai_client.py transcribe BASE_URL AUDIO [API_KEY]
      one request per response_format; prints {"json": ..., "text": ..., "srt": ...,
      "vtt": ..., "verbose_json": ...} as one JSON object.
  openai_client.py error BASE_URL FILE [API_KEY]
      uploads FILE expecting a refusal; prints what the SDK raised:
      {"exception": class name, "status": HTTP status, "code", "type", "param", "message"}.

BASE_URL is e.g. http://127.0.0.1:PORT/v1. Without API_KEY the key is "unused": the SDK insists
on one, and a server without tokens ignores it.
"""

import json
import sys

try:
    import openai
except ImportError as error:
    # The Swift test shows standard error when this fails, so say how to fix it.
    sys.exit(f"{error}: pip install openai vosk websockets")

FORMATS = ["json", "text", "srt", "vtt", "verbose_json"]


def make_client(base_url, api_key):
    # No retries: a refused request must show up as the server's first answer, not a retried one.
    return openai.OpenAI(base_url=base_url, api_key=api_key or "unused", max_retries=0, timeout=600)


def transcribe(client, audio_path):
    results = {}
    for response_format in FORMATS:
        extra = {}
        if response_format == "verbose_json":
            extra["timestamp_granularities"] = ["word"]
        with open(audio_path, "rb") as audio:
            reply = client.audio.transcriptions.create(
                model="whisper-1", file=audio, response_format=response_format, **extra)
        # json and verbose_json come back as the SDK's pydantic models (proof it could parse
        # them); text, srt and vtt as strings.
        results[response_format] = reply if isinstance(reply, str) else reply.model_dump(mode="json")
    return results


def refusal(client, path):
    try:
        with open(path, "rb") as upload:
            client.audio.transcriptions.create(model="whisper-1", file=upload)
    except openai.APIStatusError as error:
        return {
            "exception": type(error).__name__, "status": error.status_code, "code": error.code,
            "type": error.type, "param": error.param, "message": error.message,
        }
    return {"exception": None}


def main(arguments):
    if len(arguments) not in (3, 4) or arguments[0] not in ("transcribe", "error"):
        sys.exit(__doc__)
    command, base_url, path = arguments[:3]
    client = make_client(base_url, arguments[3] if len(arguments) == 4 else None)
    result = transcribe(client, path) if command == "transcribe" else refusal(client, path)
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
