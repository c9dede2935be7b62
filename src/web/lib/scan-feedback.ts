// Issue 28: feedback a warehouse floor can hear and feel for a scan — a short high tone and one
// vibration for a hit, a low double tone and a longer double vibration for a miss. On by default on
// touch screens (a handheld, a tablet on a cart), off at the desk; each user chooses on their device.
import { COARSE_POINTER } from './device';

const key = (userId: number | undefined) => `returns-desk.scan-feedback.${userId ?? 0}`;

/** Whether this user wants the tone and vibration (the device's default until they choose). */
export function scanFeedbackOn(userId: number | undefined): boolean {
  const stored = window.localStorage.getItem(key(userId));
  if (stored === null) return window.matchMedia(COARSE_POINTER).matches;
  return stored === 'on';
}

export function setScanFeedback(userId: number | undefined, on: boolean): void {
  window.localStorage.setItem(key(userId), on ? 'on' : 'off');
}

let audio: AudioContext | null = null;

/** One tone: frequency in Hz, from `start` s for `length` s, a quick fade so it does not click. */
function tone(ctx: AudioContext, frequency: number, start: number, length: number) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = frequency;
  const t0 = ctx.currentTime + start;
  gain.gain.setValueAtTime(0.08, t0);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(t0);
  oscillator.stop(t0 + length);
}

/** A hit or a miss, heard and felt. Silently nothing where the browser has no audio or vibration. */
export function scanFeedback(hit: boolean): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    if (hit) tone(audio, 1760, 0, 0.08);
    else {
      tone(audio, 220, 0, 0.12);
      tone(audio, 220, 0.18, 0.12);
    }
  } catch {
    // No Web Audio (or not allowed yet): the vibration and the screen still tell.
  }
  navigator.vibrate?.(hit ? 40 : [90, 60, 90]);
}
