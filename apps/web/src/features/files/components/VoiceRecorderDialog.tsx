import {
  AudioOutlined,
  BorderOutlined,
  CaretRightOutlined,
  PauseOutlined,
  RedoOutlined,
  SendOutlined,
} from "@ant-design/icons";
import { Button, Modal } from "antd";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  canRerecord,
  canSend,
  formatRecorderTime,
  hasClip,
  isRecording,
  nextRecorderState,
  RecorderStates,
  showStop,
} from "../voice-recorder";
import { type Capture, startCapture } from "../voice-capture";
import { encodeWav, VOICE_SAMPLE_RATE, wavDurationSeconds } from "../wav";
import styles from "./VoiceRecorder.module.css";

/** A finished recording: the wav, its object URL for playback, and its length. */
interface Clip {
  wav: Blob;
  url: string;
  seconds: number;
}

export interface VoiceRecorderDialogProps {
  open: boolean;
  onClose: () => void;
  /** The clip as `voice-<ms timestamp>.wav` (audio/wav) and its length in seconds. */
  onSend: (file: File, durationSeconds: number) => void;
}

/**
 * The chat editor's voice recorder (SPEC §4 "Voice recorder"): record with pause and
 * resume, stop once past a second, listen back, then re-record or send the clip as a wav.
 * The microphone is on only while recording or paused: stopping, closing the dialog or
 * unmounting turns it off. A microphone that will not start is only logged.
 */
export function VoiceRecorderDialog({
  open,
  onClose,
  onSend,
}: VoiceRecorderDialogProps) {
  const { t } = useTranslation("files");
  const [state, dispatch] = useReducer(nextRecorderState, RecorderStates.idle);
  const [recordedMs, setRecordedMs] = useState(0);
  const [clip, setClip] = useState<Clip | null>(null);
  const [position, setPosition] = useState(0);
  const capture = useRef<Capture | null>(null);
  const chunks = useRef<Float32Array[]>([]);
  const rate = useRef(VOICE_SAMPLE_RATE);
  /** Bumped whenever the microphone is let go: a start still waiting for it is then void. */
  const session = useRef(0);
  const starting = useRef(false);
  const clipUrl = useRef<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);

  const stopCapture = useCallback(() => {
    session.current += 1;
    capture.current?.stop();
    capture.current = null;
  }, []);

  const revokeClip = useCallback(() => {
    if (clipUrl.current) URL.revokeObjectURL(clipUrl.current);
    clipUrl.current = null;
  }, []);

  // Closed by any means: the microphone goes off now, not after the closing animation.
  useEffect(() => {
    if (open) return;
    stopCapture();
    audio.current?.pause();
  }, [open, stopCapture]);

  useEffect(
    () => () => {
      stopCapture();
      revokeClip();
    },
    [stopCapture, revokeClip],
  );

  const discardClip = () => {
    revokeClip();
    setClip(null);
    setPosition(0);
    chunks.current = [];
    setRecordedMs(0);
  };

  const reset = () => {
    stopCapture();
    discardClip();
    dispatch("reset");
  };

  const start = async () => {
    if (starting.current) return;
    starting.current = true;
    const mine = session.current;
    let samples = 0;
    try {
      const started = await startCapture((chunk, chunkRate) => {
        chunks.current.push(chunk);
        samples += chunk.length;
        setRecordedMs(Math.floor((samples * 1000) / chunkRate));
      });
      if (mine !== session.current) {
        started.stop();
        return;
      }
      capture.current = started;
      rate.current = started.rate;
      dispatch("start");
    } catch (error) {
      // SPEC §4: a microphone that does not start is only logged; the recorder stays idle.
      console.warn("Voice recorder: the microphone did not start.", error);
    } finally {
      starting.current = false;
    }
  };

  const pause = () => {
    capture.current?.pause();
    dispatch("pause");
  };

  const resume = () => {
    capture.current?.resume();
    dispatch("resume");
  };

  const stop = () => {
    stopCapture();
    const wav = encodeWav(chunks.current, rate.current);
    chunks.current = [];
    const url = URL.createObjectURL(wav);
    clipUrl.current = url;
    setClip({ wav, url, seconds: wavDurationSeconds(wav.size, rate.current) });
    dispatch("stop");
  };

  const play = () => {
    const player = audio.current;
    if (!player) return;
    dispatch(state === RecorderStates.playPaused ? "resumePlay" : "play");
    player.play().catch((error: unknown) => {
      console.warn("Voice recorder: the clip did not play.", error);
      dispatch("pausePlay");
    });
  };

  const pausePlay = () => {
    audio.current?.pause();
    dispatch("pausePlay");
  };

  const rerecord = () => {
    discardClip();
    dispatch("rerecord");
  };

  const send = () => {
    if (!clip || !canSend(state)) return;
    const file = new File([clip.wav], `voice-${String(Date.now())}.wav`, {
      type: "audio/wav",
    });
    onSend(file, clip.seconds);
    discardClip();
    dispatch("send");
  };

  const clock = clip
    ? `${formatRecorderTime(position * 1000)} / ${formatRecorderTime(Math.round(clip.seconds) * 1000)}`
    : formatRecorderTime(recordedMs);

  return (
    <Modal
      open={open}
      centered
      width={360}
      title={t("voice.title")}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
      afterClose={reset}
    >
      <div className={styles.body}>
        <div
          role="timer"
          aria-label={t("voice.clock")}
          className={styles.clock}
        >
          {clock}
        </div>
        <div className={styles.status}>
          {state === RecorderStates.idle && t("voice.hint")}
          {state === RecorderStates.recording && t("voice.recording")}
          {state === RecorderStates.paused && t("voice.paused")}
        </div>

        {state === RecorderStates.idle && (
          <Button
            type="primary"
            shape="circle"
            className={styles.record}
            icon={<AudioOutlined />}
            aria-label={t("voice.start")}
            onClick={() => void start()}
          />
        )}

        {/* An icon beside a text is decoration: hidden, so a button's name is its text. */}
        {isRecording(state) && (
          <div className={styles.actions}>
            {state === RecorderStates.recording ? (
              <Button icon={<PauseOutlined aria-hidden />} onClick={pause}>
                {t("voice.pause")}
              </Button>
            ) : (
              <Button icon={<AudioOutlined aria-hidden />} onClick={resume}>
                {t("voice.resume")}
              </Button>
            )}
            {showStop(recordedMs) && (
              <Button
                danger
                icon={<BorderOutlined aria-hidden />}
                onClick={stop}
              >
                {t("voice.stop")}
              </Button>
            )}
          </div>
        )}

        {hasClip(state) && clip && (
          <>
            <audio
              ref={audio}
              src={clip.url}
              preload="auto"
              onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
              onEnded={() => {
                setPosition(clip.seconds);
                dispatch("endPlay");
              }}
            />
            <div className={styles.actions}>
              {state === RecorderStates.playing ? (
                <Button
                  icon={<PauseOutlined aria-hidden />}
                  onClick={pausePlay}
                >
                  {t("voice.pause")}
                </Button>
              ) : (
                <Button
                  icon={<CaretRightOutlined aria-hidden />}
                  onClick={play}
                >
                  {state === RecorderStates.playPaused
                    ? t("voice.resume")
                    : t("voice.play")}
                </Button>
              )}
            </div>
            {/* Kept on screen while playing, only disabled, so the row does not jump. */}
            <div className={styles.actions}>
              <Button
                icon={<RedoOutlined aria-hidden />}
                disabled={!canRerecord(state)}
                onClick={rerecord}
              >
                {t("voice.rerecord")}
              </Button>
              <Button
                type="primary"
                icon={<SendOutlined aria-hidden />}
                disabled={!canSend(state)}
                onClick={send}
              >
                {t("voice.send")}
              </Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
