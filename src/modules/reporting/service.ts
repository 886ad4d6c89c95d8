// Top sellers and sales reports from paid orders.
import type { AppContext } from '../../context.ts';

export function createReportingService(_ctx: AppContext) {
  return {};
}

export type ReportingService = ReturnType<typeof createReportingService>;
