import { useCallback, useEffect, useRef, useState } from 'react';

/** One tone of the alert, in seconds from its start. */
export interface AlertTone {
  frequency: number;
  start: number;
  end: number;
}

/** The new-order alert at the counter: 10 seconds of alternating 880 and 660 Hz tones, ending in a 1000 Hz tone. */
export const ALERT_SECONDS = 10;
export const ALERT_ALTERNATING_HZ = [880, 660] as const;
export const ALERT_FINAL_HZ = 1000;
const TONE_SECONDS = 0.5;

/** The alert's tones, back to back: 880, 660, 880, … for 9.5 s, then 1000 Hz for the last half second. */
export function newOrderAlertSchedule(): AlertTone[] {
  const tones: AlertTone[] = [];
  const alternatingEnd = ALERT_SECONDS - TONE_SECONDS;
  for (let i = 0; i * TONE_SECONDS < alternatingEnd; i++) {
    tones.push({ frequency: ALERT_ALTERNATING_HZ[i % 2]!, start: i * TONE_SECONDS, end: (i + 1) * TONE_SECONDS });
  }
  tones.push({ frequency: ALERT_FINAL_HZ, start: alternatingEnd, end: ALERT_SECONDS });
  return tones;
}

/** The parts of the Web Audio API the alert uses (so a test can hand in a recording fake). */
export type AlertAudioContext = Pick<AudioContext, 'currentTime' | 'destination' | 'createGain' | 'createOscillator'>;

const VOLUME = 0.25;
const RAMP = 0.01; // a 10 ms fade in and out of each tone: no clicks between them

/** Schedules the whole alert on the audio clock; returns a function that silences it at once. */
export function playNewOrderAlert(ctx: AlertAudioContext): () => void {
  const t0 = ctx.currentTime;
  const master = ctx.createGain();
  master.gain.value = VOLUME;
  master.connect(ctx.destination);
  const oscillators: OscillatorNode[] = [];
  for (const tone of newOrderAlertSchedule()) {
    const osc = ctx.createOscillator();
    const env = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = tone.frequency;
    env.gain.setValueAtTime(0, t0 + tone.start);
    env.gain.linearRampToValueAtTime(1, t0 + tone.start + RAMP);
    env.gain.setValueAtTime(1, t0 + tone.end - RAMP);
    env.gain.linearRampToValueAtTime(0, t0 + tone.end);
    osc.connect(env);
    env.connect(master);
    osc.start(t0 + tone.start);
    osc.stop(t0 + tone.end);
    oscillators.push(osc);
  }
  return () => {
    for (const osc of oscillators) {
      try {
        osc.stop();
      } catch {
        /* already stopped */
      }
    }
    master.disconnect();
  };
}

const SOUND_PREF_KEY = 'staff-sound';
/** Put this attribute on the buttons that turn the sound on or off. */
export const SOUND_CONTROL_ATTR = 'data-sound-control';
function readSoundWanted(): boolean {
  try {
    return localStorage.getItem(SOUND_PREF_KEY) !== 'off';
  } catch {
    return true;
  }
}
function saveSoundWanted(on: boolean) {
  try {
    localStorage.setItem(SOUND_PREF_KEY, on ? 'on' : 'off');
  } catch {
    /* storage unavailable */
  }
}

function audioContextClass(): typeof AudioContext | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
}

/**
 * Plays the alert when the count of new orders rises after the first load.
 *
 * Browsers keep audio blocked until the page is touched, so the sound is unlocked by the first tap or key press
 * anywhere on the page, and the screen shows an 'Enable sound' button until it is. The clerk can also turn the sound
 * off (remembered on this device) and silence an alert that is playing.
 */
export function useNewOrderAlert(newCount: number | undefined) {
  const ctxRef = useRef<AudioContext | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const playingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const previous = useRef<number | undefined>(undefined);
  const [wanted, setWanted] = useState(readSoundWanted);
  const [running, setRunning] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [alerts, setAlerts] = useState(0);
  const supported = audioContextClass() !== undefined;

  /** Creates or resumes the audio context; only succeeds inside a user gesture while audio is blocked. */
  const unlock = useCallback(async (): Promise<AudioContext | null> => {
    const Ctor = audioContextClass();
    if (!Ctor) return null;
    if (!ctxRef.current) {
      const ctx = new Ctor();
      ctx.onstatechange = () => setRunning(ctx.state === 'running');
      ctxRef.current = ctx;
    }
    const ctx = ctxRef.current;
    if (ctx.state !== 'running') await ctx.resume().catch(() => undefined);
    setRunning(ctx.state === 'running');
    return ctx.state === 'running' ? ctx : null;
  }, []);

  const silence = useCallback(() => {
    stopRef.current?.();
    stopRef.current = null;
    clearTimeout(playingTimer.current);
    setPlaying(false);
  }, []);

  const play = useCallback(
    (ctx: AudioContext) => {
      silence();
      stopRef.current = playNewOrderAlert(ctx);
      setPlaying(true);
      playingTimer.current = setTimeout(() => setPlaying(false), ALERT_SECONDS * 1000);
    },
    [silence],
  );

  // The first tap or key press anywhere unlocks audio (browsers allow it only then). A page already touched (the
  // clerk just signed in here) may start it at once.
  useEffect(() => {
    if (!wanted || running || !supported) return;
    if (navigator.userActivation?.hasBeenActive) void unlock();
    // A tap on a sound control is left to that control: unlocking here would re-render 'Enable sound' into
    // 'Sound on' (turn off) before the tap reaches it.
    const onGesture = (e: Event) => {
      if (e.target instanceof Element && e.target.closest(`[${SOUND_CONTROL_ATTR}]`)) return;
      void unlock();
    };
    document.addEventListener('click', onGesture, true);
    document.addEventListener('keydown', onGesture, true);
    return () => {
      document.removeEventListener('click', onGesture, true);
      document.removeEventListener('keydown', onGesture, true);
    };
  }, [wanted, running, supported, unlock]);

  useEffect(() => {
    if (newCount === undefined) return;
    const before = previous.current;
    previous.current = newCount;
    if (before === undefined || newCount <= before) return;
    setAlerts((n) => n + 1);
    if (!wanted) return;
    const ctx = ctxRef.current;
    if (ctx?.state === 'running') play(ctx);
    else if (ctx)
      void ctx.resume().then(
        () => ctx.state === 'running' && play(ctx),
        () => undefined,
      );
    try {
      // Phones buzz too; browsers refuse (and complain) before the page has been touched.
      if (navigator.userActivation?.hasBeenActive) navigator.vibrate?.([300, 150, 300]);
    } catch {
      /* not on this device */
    }
  }, [newCount, wanted, play]);

  useEffect(
    () => () => {
      stopRef.current?.();
      clearTimeout(playingTimer.current);
      void ctxRef.current?.close().catch(() => undefined);
      ctxRef.current = null;
    },
    [],
  );

  const enableSound = async () => {
    setWanted(true);
    saveSoundWanted(true);
    const ctx = await unlock();
    // A short confirmation beep, so the clerk knows the volume is up.
    if (ctx) {
      const osc = ctx.createOscillator();
      const g = ctx.createGain();
      g.gain.value = VOLUME;
      osc.frequency.value = ALERT_FINAL_HZ;
      osc.connect(g);
      g.connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.15);
    }
  };
  const disableSound = () => {
    silence();
    setWanted(false);
    saveSoundWanted(false);
  };

  return { soundOn: wanted && running, wanted, supported, enableSound, disableSound, playing, silence, alerts };
}
