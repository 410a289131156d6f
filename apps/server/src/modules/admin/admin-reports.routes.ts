/** Sales report and its CSV export under /api/admin/reports. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminSalesCsvQuery, AdminSalesQuery, AdminSalesReport } from '@trapeza/domain/contracts/admin';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AdminReportsService } from './admin-reports.service.ts';

export function adminReportsRoutes(reports: AdminReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    const r = placeRoute(['admin: reports']);
    app.get(
      '/admin/reports/sales',
      r.with({
        summary:
          'Orders, revenue and average ticket by order type, payment method, day and hour; top products',
        description:
          'from / to: the venue’s local dates (YYYY-MM-DD, both included; default the last 30 days, at most 366). ' +
          'Revenue sums the totals (minor units) of the orders not rejected.',
        querystring: AdminSalesQuery,
        response: { 200: AdminSalesReport, ...adminErrors },
      }),
      async (request) => reports.sales(adminContext(request), request.query),
    );
    app.get(
      '/admin/reports/sales.csv',
      r.with({
        summary: 'CSV export: kind=days (default), products or orders; amounts in major units',
        querystring: AdminSalesCsvQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...adminErrors },
      }),
      async (request, reply) => {
        const { filename, body } = await reports.salesCsv(adminContext(request), request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(body);
      },
    );
  };
}
