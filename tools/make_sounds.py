"""Synthesise the game's sound effects into casino/assets/sounds/*.wav (mono, 16-bit, 22050 Hz).

Run ``python tools/make_sounds.py``; the output is committed, so players never need this.
Only the standard library: each sound is a sum of enveloped sine tones and filtered noise.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "casino" / "assets" / "sounds"


def tone(freq: float, seconds: float, volume: float = 0.5, decay: float = 6.0,
         attack: float = 0.005, harmonics: tuple[float, ...] = (1.0, 0.3, 0.1)) -> list[float]:
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        s = sum(a * math.sin(2 * math.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
        out.append(volume * env * s / sum(harmonics))
    return out


def noise(seconds: float, volume: float = 0.4, decay: float = 30.0, smooth: float = 0.6,
          seed: int = 1) -> list[float]:
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, last = [], 0.0
    for i in range(n):
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        out.append(volume * last * math.exp(-decay * i / RATE))
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Lay sounds on one track, each starting at its offset in seconds."""
    length = max(int(at * RATE) + len(s) for at, s in parts)
    track = [0.0] * length
    for at, samples in parts:
        start = int(at * RATE)
        for i, v in enumerate(samples):
            track[start + i] += v
    return track


def save(name: str, samples: list[float]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = min(1.0, 0.9 / peak)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(s * scale * 32767)) for s in samples))


def main() -> None:
    save("play", mix((0, noise(0.09, 0.7, 45, 0.3, seed=2)), (0, tone(180, 0.08, 0.4, 40))))
    save("capture", mix((0, noise(0.12, 0.5, 30, 0.5)), (0.0, tone(660, 0.18, 0.35, 18)),
                        (0.07, tone(880, 0.22, 0.35, 14))))
    save("build", mix((0, tone(220, 0.15, 0.6, 25, harmonics=(1, 0.6, 0.3))),
                      (0.09, tone(330, 0.16, 0.5, 25, harmonics=(1, 0.6, 0.3)))))
    save("sweep", mix(*[(0.07 * i, tone(f, 0.35, 0.35, 7))
                        for i, f in enumerate((523, 659, 784, 1047, 1319))],
                      (0, noise(0.5, 0.25, 6, 0.85, seed=3))))
    save("last_deal", mix((0, tone(880, 1.0, 0.5, 3.5, harmonics=(1, 0.5, 0.25, 0.12))),
                          (0.25, tone(660, 1.0, 0.5, 3.5, harmonics=(1, 0.5, 0.25, 0.12)))))
    save("deal", mix(*[(0.05 * i, noise(0.05, 0.5, 60, 0.2, seed=10 + i)) for i in range(6)]))
    save("won", mix(*[(0.13 * i, tone(f, 0.5, 0.4, 5))
                      for i, f in enumerate((523, 659, 784, 1047))],
                    (0.52, tone(1047, 0.9, 0.3, 3)), (0.52, tone(784, 0.9, 0.25, 3))))
    save("lost", mix(*[(0.2 * i, tone(f, 0.5, 0.4, 5))
                       for i, f in enumerate((392, 349, 311, 262))]))
    save("illegal", mix((0, tone(150, 0.18, 0.5, 12, harmonics=(1, 0.8, 0.6))),))
    for wav in sorted(OUT.glob("*.wav")):
        print(wav.name, wav.stat().st_size)


if __name__ == "__main__":
    main()
