// Availability over the longest window the API allows (62 days) for one service: one-hour slots
// from 09:00 to 17:00 every day, three seats each (~500 slots in the answer). On the grown store
// (`--grown`) the service is one of the 20 grown services, with ~14 bookings a day to read and
// subtract; otherwise a new service with the same schedule and no bookings.
import { DateTime } from 'luxon';
import { grownOrNewService, staffCall } from '../grown.ts';
import type { BenchScenario } from '../types.ts';

const DAY_MS = 86_400_000;

const scenarios: BenchScenario[] = [
  {
    name: 'availability (62 days, one service)',
    expectStatus: [200],
    async prepare(target) {
      const { store } = await staffCall(target, 'GET', `/api/stores/${target.storeId}`);
      const serviceId = await grownOrNewService(target, 0, 'Bench availability');
      const from = DateTime.now().setZone(store.timezone).plus({ days: 1 }).startOf('day').toMillis();
      const query = new URLSearchParams({
        storeId: target.storeId,
        serviceId,
        from: new Date(from).toISOString(),
        to: new Date(from + 62 * DAY_MS).toISOString(),
      });
      const { 'content-type': _contentType, ...headers } = target.keyHeaders;
      return { method: 'GET', path: `/v1IntegrationAvailability?${query}`, headers };
    },
  },
];

export default scenarios;
