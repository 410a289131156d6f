/** Runs `task` once the browser is idle after the current work (or after `timeoutMs` at the latest). */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else window.setTimeout(task, 1);
}
