import { clsx } from "clsx";
import {
  AudioMutedOutlined,
  AudioOutlined,
  DesktopOutlined,
  PhoneOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { Avatar, Button } from "antd";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../hooks/useNow";
import { useGlobalConfig } from "../../system";
import { CallStatus, useCallStore } from "../call.store";
import { calls } from "../call-controller";
import { iceServersOf } from "../ice-servers";
import { callDuration } from "../call-record";
import styles from "./calls.module.css";

/** A `<video>` or `<audio>` showing a stream (React has no `srcObject` attribute). */
function StreamOf({
  stream,
  kind,
  className,
  muted = false,
  label,
}: {
  stream: MediaStream | null;
  kind: "video" | "audio";
  className?: string;
  muted?: boolean;
  label?: string;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream)
      ref.current.srcObject = stream;
  }, [stream]);
  return kind === "video" ? (
    <video
      ref={ref}
      className={className}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
    />
  ) : (
    <audio ref={ref} autoPlay aria-label={label} />
  );
}

/** One round button of the overlay, with its words under it. */
function Control({
  label,
  icon,
  danger,
  accept,
  pressed,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  danger?: boolean;
  accept?: boolean;
  pressed?: boolean;
  onClick: () => void;
}) {
  return (
    <div className={styles.callControl}>
      <Button
        shape="circle"
        size="large"
        type={danger || accept ? "primary" : "default"}
        danger={danger}
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        style={accept ? { background: "#16a34a" } : undefined}
        onClick={onClick}
      />
      <span aria-hidden>{label}</span>
    </div>
  );
}

/**
 * The call overlay (SPEC §2, §4): calling out with the 40-second countdown and cancel;
 * ringing in with accept and decline; in call with the time in call, microphone and camera
 * toggles, screen sharing and the connection's quality; busy. Over whatever page is open.
 */
export function CallOverlay() {
  const { t } = useTranslation("calls");
  const call = useCallStore();
  const config = useGlobalConfig();
  const now = useNow(500);
  if (call.status === CallStatus.idle || !call.peer) return null;
  const video = call.kind === 1;
  const inCall = call.status === CallStatus.inCall;
  const showVideo = video && inCall && call.remote !== null;
  const secondsLeft =
    call.ringUntil === null
      ? 0
      : Math.max(0, Math.ceil((call.ringUntil - now) / 1000));

  const status = (() => {
    switch (call.status) {
      case CallStatus.calling:
        return t("status.calling", { seconds: secondsLeft });
      case CallStatus.ringing:
        return t(video ? "status.incomingVideo" : "status.incomingVoice");
      case CallStatus.inCall:
        return call.connectedAt === null
          ? t("status.connecting")
          : callDuration((now - call.connectedAt) / 1000);
      case CallStatus.busy:
        return t(`status.${call.busyKey ?? "busy"}`);
    }
  })();

  const quality = call.quality;
  const qualityText =
    inCall && quality
      ? t(
          quality.loss > 0.1 || (quality.rttMs !== null && quality.rttMs > 400)
            ? "quality.poor"
            : quality.loss > 0.03 ||
                (quality.rttMs !== null && quality.rttMs > 150)
              ? "quality.fair"
              : "quality.good",
          { rtt: quality.rttMs ?? "–" },
        )
      : null;

  return (
    <div
      role="dialog"
      aria-label={t(video ? "videoCallWith" : "voiceCallWith", {
        name: call.peer.name,
      })}
      data-call-status={call.status}
      className={clsx(
        styles.callOverlay,
        video && inCall && styles.callOverlayVideo,
      )}
    >
      <div className={styles.callStage}>
        {showVideo && (
          <StreamOf
            stream={call.remote}
            kind="video"
            className={styles.callRemoteVideo}
            label={t("remoteVideo")}
          />
        )}
        {!video && inCall && (
          <StreamOf
            stream={call.remote}
            kind="audio"
            label={t("remoteAudio")}
          />
        )}
        {video && call.local && call.status !== CallStatus.busy && (
          <StreamOf
            stream={call.local}
            kind="video"
            muted
            className={inCall ? styles.callLocalVideo : styles.callPreviewVideo}
            label={t("localVideo")}
          />
        )}
        <div
          className={clsx(styles.callPerson, showVideo && styles.callOnVideo)}
        >
          {!showVideo && (
            <Avatar size={88} src={call.peer.avatar || undefined}>
              {call.peer.name.slice(0, 1)}
            </Avatar>
          )}
          <span className={styles.callName} title={call.peer.name}>
            {call.peer.name}
          </span>
          <span className={styles.callStatus} role="status">
            {status}
          </span>
          {qualityText && (
            <span className={styles.callQuality} data-testid="call-quality">
              {qualityText}
            </span>
          )}
        </div>
      </div>
      <div className={styles.callControls}>
        {call.status === CallStatus.ringing && (
          <>
            <Control
              label={t("decline")}
              danger
              icon={<PhoneOutlined rotate={135} />}
              onClick={() => void calls.reject()}
            />
            <Control
              label={t("accept")}
              accept
              icon={video ? <VideoCameraOutlined /> : <PhoneOutlined />}
              onClick={() => void calls.accept(iceServersOf(config?.chatInfo))}
            />
          </>
        )}
        {inCall && (
          <>
            <Control
              label={t(call.micOn ? "mute" : "unmute")}
              pressed={!call.micOn}
              icon={call.micOn ? <AudioOutlined /> : <AudioMutedOutlined />}
              onClick={() => calls.toggleMic()}
            />
            {video && (
              <Control
                label={t(call.cameraOn ? "cameraOff" : "cameraOn")}
                pressed={!call.cameraOn}
                icon={<VideoCameraOutlined />}
                onClick={() => calls.toggleCamera()}
              />
            )}
            {video && (
              <Control
                label={t(call.sharing ? "stopSharing" : "share")}
                pressed={call.sharing}
                icon={<DesktopOutlined />}
                onClick={() =>
                  void (call.sharing
                    ? calls.stopSharing()
                    : calls.shareScreen())
                }
              />
            )}
          </>
        )}
        {(inCall || call.status === CallStatus.calling) && (
          <Control
            label={t(inCall ? "hangUp" : "cancel")}
            danger
            icon={<PhoneOutlined rotate={135} />}
            onClick={() => void calls.hangUp()}
          />
        )}
      </div>
    </div>
  );
}
