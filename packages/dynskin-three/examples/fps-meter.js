// Frames per second over the last half second, shown in an element: what the examples print.
export class FpsMeter {
  constructor(element, extra = () => '') {
    this.element = element;
    this.extra = extra;  // more text after the rate (the crowd's timings)
    this.frames = 0;
    this.since = performance.now();
    this.fps = 0;
    this.updates = 0;  // how many times the text changed (the tests watch it)
  }

  frame() {
    this.frames++;
    const now = performance.now();
    if (now - this.since < 500) return;
    this.fps = (this.frames * 1000) / (now - this.since);
    this.frames = 0;
    this.since = now;
    this.updates++;
    this.element.textContent = `${this.fps.toFixed(1)} fps${this.extra()}`;
  }
}
