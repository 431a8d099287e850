/** A stand-in IntersectionObserver that a test drives by hand, since jsdom has none. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit | undefined;
  connected = true;
  /** The elements passed to observe(), so a test can tell the hook watches its element. */
  readonly observed: Element[] = [];

  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  unobserve() {}
  disconnect() {
    this.connected = false;
  }
  takeRecords() {
    return [];
  }

  /** Delivers one report, as the browser does after a frame; a disconnected observer hears nothing. */
  report(isIntersecting: boolean, intersectionRatio = isIntersecting ? 1 : 0) {
    if (!this.connected) return;
    this.callback(
      [{ isIntersecting, intersectionRatio } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}
