/** Small sounds for the shows (Web Audio beeps; off unless the user turns them on). */
let ctx: AudioContext | null = null;

export function beep(on: boolean, frequency = 660, ms = 90, volume = 0.06): void {
  if (!on || typeof window === 'undefined') return;
  try {
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    ctx ??= new Ctor();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = frequency;
    gain.gain.value = volume;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + ms / 1000);
    osc.stop(ctx.currentTime + ms / 1000);
  } catch {
    /* no audio: silent */
  }
}

/** A short rising fanfare for a win. */
export function fanfare(on: boolean): void {
  [523, 659, 784, 1047].forEach((f, i) => setTimeout(() => beep(on, f, 140), i * 120));
}
