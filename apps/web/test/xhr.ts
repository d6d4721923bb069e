import { vi } from "vitest";

/** One request the page made through XMLHttpRequest, as a test sees it. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Reports upload progress to the page. */
  progress: (loaded: number, total: number) => void;
  /** Answers with a status and a JSON body. */
  respond: (status: number, body: unknown) => void;
  /** Fails as a network error does. */
  fail: () => void;
  aborted: boolean;
}

/**
 * Replaces XMLHttpRequest with a double that records each request and lets the test answer
 * it (uploads use XHR for their progress). Undo with `vi.unstubAllGlobals()`.
 */
export function stubXhr(): SentRequest[] {
  const sent: SentRequest[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = "";
    responseType = "";
    timeout = 0;
    private request: SentRequest | null = null;
    private readonly headers: Record<string, string> = {};
    private method = "";
    private url = "";
    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value;
    }
    getResponseHeader(): string | null {
      return null;
    }
    send(body: unknown): void {
      const request: SentRequest = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        aborted: false,
        progress: (loaded, total) =>
          this.upload.onprogress?.({
            lengthComputable: true,
            loaded,
            total,
          } as ProgressEvent),
        respond: (status, json) => {
          this.status = status;
          this.responseText = JSON.stringify(json);
          this.onload?.();
        },
        fail: () => this.onerror?.(),
      };
      this.request = request;
      sent.push(request);
    }
    abort(): void {
      if (this.request) this.request.aborted = true;
      this.onabort?.();
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}
