// A short tone for a scan (WebAudio, no files): a high beep when it was right, a low double
// buzz when it was wrong. Browsers without audio (or before the first key press) stay silent.

let context: AudioContext | null = null;

/** For tests: the sounds played, newest last. */
export const playedSounds: ('ok' | 'error')[] = [];

export function beep(kind: 'ok' | 'error'): void {
  playedSounds.push(kind);
  (window as unknown as { kontorSounds?: string[] }).kontorSounds = [...playedSounds];
  try {
    context ??= new AudioContext();
    const tones =
      kind === 'ok'
        ? [{ at: 0, hz: 1320 }]
        : [
            { at: 0, hz: 220 },
            { at: 0.16, hz: 220 },
          ];
    for (const tone of tones) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = kind === 'ok' ? 'sine' : 'square';
      oscillator.frequency.value = tone.hz;
      gain.gain.value = 0.15;
      oscillator.connect(gain).connect(context.destination);
      const start = context.currentTime + tone.at;
      oscillator.start(start);
      oscillator.stop(start + (kind === 'ok' ? 0.08 : 0.12));
    }
  } catch {
    // No audio here: the colour and the message still say it.
  }
}
