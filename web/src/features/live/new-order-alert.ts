import { useEffect, useRef, useState } from 'react';

/** 10 s of alternating 880 / 660 Hz tones, ending in a 1000 Hz tone (spec §9). */
export function playNewOrderAlert(ctx: AudioContext): void {
  const now = ctx.currentTime;
  const gain = ctx.createGain();
  gain.gain.value = 0.2;
  gain.connect(ctx.destination);
  const beep = 0.5;
  let t = 0;
  let i = 0;
  while (t < 9.5) {
    const osc = ctx.createOscillator();
    osc.type = 'sine';
    osc.frequency.value = i % 2 === 0 ? 880 : 660;
    osc.connect(gain);
    osc.start(now + t);
    osc.stop(now + t + beep);
    t += beep;
    i++;
  }
  const end = ctx.createOscillator();
  end.frequency.value = 1000;
  end.connect(gain);
  end.start(now + 9.5);
  end.stop(now + 10);
}

/**
 * Plays the alert when the count of new orders rises after the first load. Browsers block audio until the page is
 * touched, so the screen shows an 'Enable sound' button until the audio context is running.
 */
export function useNewOrderAlert(newCount: number | undefined) {
  const ctxRef = useRef<AudioContext | null>(null);
  const previous = useRef<number | undefined>(undefined);
  const [soundOn, setSoundOn] = useState(false);
  const [alerts, setAlerts] = useState(0);

  useEffect(() => {
    if (newCount === undefined) return;
    const before = previous.current;
    previous.current = newCount;
    if (before === undefined || newCount <= before) return;
    setAlerts((n) => n + 1);
    const ctx = ctxRef.current;
    if (ctx && ctx.state === 'running') playNewOrderAlert(ctx);
  }, [newCount]);

  const enableSound = async () => {
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    ctxRef.current ??= new Ctor();
    await ctxRef.current.resume();
    setSoundOn(ctxRef.current.state === 'running');
  };
  return { soundOn, enableSound, alerts };
}
