export {
  callsRealtime,
  leaveCall,
  setCallRecordListener,
} from "./calls.realtime";
export { CallButtons } from "./components/CallButtons";
export { CallOverlayHost } from "./components/CallOverlayHost";
export { type CallRecordView, callDuration, callRecordOf } from "./call-record";
