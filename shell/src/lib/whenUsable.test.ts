import { whenUsable } from './whenUsable';

describe('whenUsable', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits for the page to settle, then runs once', () => {
    const work = jest.fn();
    whenUsable(work, { settleMs: 5000 });
    jest.advanceTimersByTime(4999);
    expect(work).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    // jsdom has no requestIdleCallback: the work runs when the settle time is over.
    expect(work).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    jest.advanceTimersByTime(10_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it.each(['keydown', 'pointerdown', 'input'])('runs at the first %s, and not again when settled', (type) => {
    const work = jest.fn();
    whenUsable(work);
    jest.advanceTimersByTime(100);
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(work).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not run for an autofocused field (focusin)', () => {
    const work = jest.fn();
    whenUsable(work);
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(work).not.toHaveBeenCalled();
  });

  it('never runs once cancelled', () => {
    const work = jest.fn();
    const cancel = whenUsable(work);
    cancel();
    window.dispatchEvent(new KeyboardEvent('keydown'));
    jest.advanceTimersByTime(10_000);
    expect(work).not.toHaveBeenCalled();
  });
});
