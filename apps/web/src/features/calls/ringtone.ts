/**
 * The ring of an incoming call and the ringback of an outgoing one, drawn with Web Audio
 * (no sound file to fetch): short tones repeated until stopped. A browser that has not yet
 * been clicked may keep the sound off; the overlay shows the call all the same.
 */
class Ringtone {
  private context: AudioContext | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;

  play(kind: "incoming" | "outgoing"): void {
    this.stop();
    if (typeof AudioContext === "undefined") return;
    const context = (this.context ??= new AudioContext());
    const beep = () => {
      const now = context.currentTime;
      const tones = kind === "incoming" ? [0, 0.25] : [0];
      for (const at of tones) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.frequency.value = kind === "incoming" ? 880 : 440;
        gain.gain.setValueAtTime(0.0001, now + at);
        gain.gain.exponentialRampToValueAtTime(0.15, now + at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.2);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(now + at);
        oscillator.stop(now + at + 0.22);
      }
    };
    beep();
    this.timer = setInterval(beep, kind === "incoming" ? 1_500 : 3_000);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

export const ringtone = new Ringtone();
