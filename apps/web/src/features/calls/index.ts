export { callsRealtime } from "./calls.realtime";
export { leaveCall, setCallRecordListener } from "./calls-lazy";
export { CallButtons } from "./components/CallButtons";
export { CallOverlayHost } from "./components/CallOverlayHost";
export { type CallRecordView, callDuration, callRecordOf } from "./call-record";
