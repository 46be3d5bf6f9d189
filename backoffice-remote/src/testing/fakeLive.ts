import { act } from '@testing-library/react';
import type { LiveMessage, LiveTopic } from '@hive/shared/schemas/live';
import type { LiveService, LiveStatus } from '@hive/shared/shell-contract';

/** The shell's live stream as a test drives it: its status, and messages to the subscribers. */
export function fakeLive(initial: LiveStatus = 'live') {
  let status = initial;
  const statusListeners = new Set<() => void>();
  const subscribers = new Set<{ topics: readonly LiveTopic[]; onChange: (m: LiveMessage) => void }>();
  const service: LiveService = {
    subscribe(topics, onChange) {
      const entry = { topics, onChange };
      subscribers.add(entry);
      return () => {
        subscribers.delete(entry);
      };
    },
    status: {
      get: () => status,
      subscribe(listener) {
        statusListeners.add(listener);
        return () => {
          statusListeners.delete(listener);
        };
      },
    },
  };
  return {
    service,
    subscribers,
    send(topic: LiveTopic) {
      act(() => {
        for (const s of [...subscribers]) if (s.topics.includes(topic)) s.onChange({ topic, at: Date.now() });
      });
    },
    setStatus(next: LiveStatus) {
      status = next;
      act(() => {
        for (const listener of [...statusListeners]) listener();
      });
    },
  };
}
