// Work a request starts and does not wait for (it answers first): each task is logged when it fails,
// and the app's shutdown waits for the ones still running.
import type { AppContext } from '../context.ts';

export interface BackgroundTasks {
  /** Starts `work` now, without waiting for it. */
  run(work: () => Promise<unknown>): void;
  /** Settles when every task started so far has finished. */
  idle(): Promise<void>;
}

export function backgroundTasks(ctx: AppContext, name: string): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  const tasks: BackgroundTasks = {
    run(work) {
      const task = work().catch((error: unknown) => ctx.log.error({ err: error }, `${name} failed`));
      running.add(task);
      void task.finally(() => running.delete(task));
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
  ctx.onClose.push(Object.defineProperty(() => tasks.idle(), 'name', { value: name }));
  return tasks;
}
