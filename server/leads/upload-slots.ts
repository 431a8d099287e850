/**
 * The uploads this process takes at once (MAX_UPLOADS_IN_FLIGHT): an application's resume and a nurse's credential
 * document each hold a slot for as long as their body takes to arrive, from one count, so neither path can starve
 * the server of memory and descriptors behind the other's back.
 */
export interface UploadSlots {
  /** Takes a slot: false when every one is taken (the client is asked to retry). */
  take(): boolean;
  release(): void;
}

export function uploadSlots(max: number): UploadSlots {
  let inFlight = 0;
  return {
    take() {
      if (inFlight >= max) return false;
      inFlight++;
      return true;
    },
    release() {
      inFlight = Math.max(0, inFlight - 1);
    },
  };
}
