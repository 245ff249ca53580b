/** The progress bar's behaviour, as nprogress configures it by default (spec section 9). */
export const progressSettings = {
  /** Where the bar starts. */
  minimum: 0.08,
  /** Animation time of each step, ms. */
  speed: 200,
  /** Largest random step of a trickle. */
  trickleRate: 0.02,
  /** Time between trickles, ms. */
  trickleSpeed: 800,
} as const;

/** The bar stops short of the end until the load is done. */
const trickleCeiling = 0.994;

/** The next value of a trickle: a random step up to `trickleRate`, never reaching the end. */
export function trickle(value: number, random = Math.random()): number {
  return Math.min(trickleCeiling, value + random * progressSettings.trickleRate);
}

/**
 * A thin bar at the top of the window for slow navigations (nprogress-like): `start` puts it at
 * the minimum and trickles it forward, `done` fills it and fades it out.
 */
export class ProgressBar {
  #element: HTMLElement | undefined;
  #value: number | null = null;
  #trickleTimer: ReturnType<typeof setInterval> | undefined;
  #hideTimer: ReturnType<typeof setTimeout> | undefined;

  start(): void {
    clearTimeout(this.#hideTimer);
    clearInterval(this.#trickleTimer);
    if (!this.#element) {
      this.#element = document.createElement('div');
      this.#element.className = 'progress-bar';
      this.#element.setAttribute('role', 'progressbar');
      this.#element.setAttribute('aria-valuemin', '0');
      this.#element.setAttribute('aria-valuemax', '1');
      document.body.appendChild(this.#element);
    }
    this.#element.style.transition = `transform ${progressSettings.speed}ms ease, opacity ${progressSettings.speed}ms linear`;
    this.#element.style.opacity = '1';
    this.#set(progressSettings.minimum);
    this.#trickleTimer = setInterval(() => this.#set(trickle(this.#value ?? progressSettings.minimum)), progressSettings.trickleSpeed);
  }

  done(): void {
    if (this.#value === null || !this.#element) return;
    clearInterval(this.#trickleTimer);
    this.#set(1);
    const element = this.#element;
    this.#hideTimer = setTimeout(() => {
      element.style.opacity = '0';
      this.#hideTimer = setTimeout(() => {
        element.remove();
        this.#element = undefined;
        this.#value = null;
      }, progressSettings.speed);
    }, progressSettings.speed);
  }

  #set(value: number): void {
    this.#value = value;
    this.#element!.style.transform = `scaleX(${value})`;
    this.#element!.setAttribute('aria-valuenow', String(Math.round(value * 1000) / 1000));
  }
}
