// Reports: query keys and hooks for a date range (store time zone, both days included): the summary
// (revenue, best sellers, bookings by status, no-shows, busiest days and hours, customers) and the
// sales per day, week or month.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ok } from './client';
import type { paths } from './schema';

export type SalesPeriod = 'day' | 'week' | 'month';

/** GET /api/stores/{storeId}/reports/summary */
export type ReportSummary = paths['/api/stores/{storeId}/reports/summary']['get']['responses'][200]['content']['application/json'];
/** GET /api/stores/{storeId}/reports/sales with `period`. */
export type SalesReport = paths['/api/stores/{storeId}/reports/sales']['get']['responses'][200]['content']['application/json'];

export const reportKeys = {
  all: (storeId: string) => ['stores', storeId, 'reports'] as const,
  summary: (storeId: string, from: string, to: string) => [...reportKeys.all(storeId), 'summary', from, to] as const,
  sales: (storeId: string, from: string, to: string, period: SalesPeriod) => [...reportKeys.all(storeId), 'sales', from, to, period] as const,
};

export function useReportSummary(storeId: string, from: string, to: string) {
  return useQuery({
    queryKey: reportKeys.summary(storeId, from, to),
    queryFn: (): Promise<ReportSummary> => ok(api.GET('/api/stores/{storeId}/reports/summary', { params: { path: { storeId }, query: { from, to } } })),
    placeholderData: keepPreviousData,
  });
}

export function useSalesByPeriod(storeId: string, from: string, to: string, period: SalesPeriod) {
  return useQuery({
    queryKey: reportKeys.sales(storeId, from, to, period),
    queryFn: (): Promise<SalesReport> => ok(api.GET('/api/stores/{storeId}/reports/sales', { params: { path: { storeId }, query: { from, to, period } } })),
    placeholderData: keepPreviousData,
  });
}
