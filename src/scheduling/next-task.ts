/**
 * A promise of the next task: it settles once the task running now, its microtasks and what it had
 * queued before are over. Made with a MessageChannel rather than a timer, so that fake timers
 * (Vitest's, Jest's, Sinon's) leave it alone: code awaiting it never waits for a test to advance
 * the clock.
 */
export function nextTask(): Promise<void> {
  return new Promise(resolve => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
