/**
 * Runs `work` once a page is usable and the user is about to need more: at the user's first input
 * (a key, a pointer, a field filled, autofill included), or once the page has stayed quiet for
 * `settleMs` and the browser is idle, whichever comes first. For work the current page does not
 * need (the back-office prefetch and the HTTP client on the login page): on a phone its parsing
 * would otherwise compete with the page's own start-up. Returns a cancel function.
 */
export function whenUsable(work: () => void, { settleMs = 5000 }: { settleMs?: number } = {}): () => void {
  // Not 'focusin': an autofocused field fires it while the page is still starting.
  const events = ['pointerdown', 'keydown', 'input'] as const;
  let idleId: number | undefined;
  let done = false;
  const run = () => {
    if (done) return;
    cancel();
    work();
  };
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(run, { timeout: 2000 });
    else run();
  }, settleMs);
  function cancel() {
    done = true;
    window.clearTimeout(timer);
    if (idleId !== undefined) window.cancelIdleCallback(idleId);
    for (const e of events) window.removeEventListener(e, run, true);
  }
  for (const e of events) window.addEventListener(e, run, true);
  return cancel;
}
