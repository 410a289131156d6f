/**
 * A short two-tone beep on WebAudio for new arrivals. Browsers keep audio locked until a user gesture, so the
 * board's "start service" button calls `unlockAlertSound()` from its click; until then `playAlertSound()` is a
 * no-op (the visible highlight and the title still tell).
 */
let context: AudioContext | null = null;

/** Creates and resumes the audio context; call from a click handler. */
export function unlockAlertSound(): boolean {
  try {
    const Ctor =
      globalThis.AudioContext ??
      (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return false;
    context ??= new Ctor();
    void context.resume();
    return true;
  } catch {
    return false;
  }
}

/** Two short beeps (about 0.4 s in all). */
export function playAlertSound(): void {
  const ctx = context;
  if (!ctx || ctx.state !== 'running') return;
  const start = ctx.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.22, 1175],
  ] as const) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + offset);
    osc.stop(start + offset + 0.2);
  }
}
