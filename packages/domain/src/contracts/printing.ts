/**
 * Printing API contracts (issue "Kitchen and bar tickets on real receipt printers"): the admin's printers and print
 * agent keys (`/api/admin/printers`, `/api/admin/print-agent-keys`, PLACE_ADMIN and above), the staff board's
 * waiting jobs, reprints and browser tickets (`/api/staff/…`, WAITER and above) and the print agent's calls
 * (`/api/print-agent/…`, authenticated by the venue's agent key).
 */
import { z } from 'zod';
import { DEFAULT_PRINTER_PORT, PAPER_WIDTHS, PRINTER_CHARSETS } from '../printing.ts';

const id = z.number().int().positive();

/** A host on the venue's network: an IPv4 address, a host name (one label or more) or an IPv6 address. */
export const PRINTER_HOST_PATTERN =
  /^(?:(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7})$/;

export const PaperWidth = z.union([z.literal(PAPER_WIDTHS[0]), z.literal(PAPER_WIDTHS[1])]);
export const PrinterCharset = z.enum(PRINTER_CHARSETS);

export const AdminPrinterBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  host: z
    .string()
    .trim()
    .max(253)
    .regex(PRINTER_HOST_PATTERN, 'a host name or IP address, without scheme, port or path'),
  port: z.number().int().min(1).max(65535).default(DEFAULT_PRINTER_PORT),
  paper_width: PaperWidth.default(80),
  charset: PrinterCharset.default('cp866'),
  /** Categories printed here (and their subcategories, unless one of them has its own printer). */
  category_ids: z.array(id).max(500).default([]),
  /** The venue's default printer: products whose categories have no printer go here. At most one per venue. */
  is_default: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type AdminPrinterBody = z.infer<typeof AdminPrinterBody>;
export const AdminPrinterUpdateBody = AdminPrinterBody.partial();
export type AdminPrinterUpdateBody = z.infer<typeof AdminPrinterUpdateBody>;

export const AdminPrinter = z.object({
  id,
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  paper_width: PaperWidth,
  charset: PrinterCharset,
  category_ids: z.array(id),
  is_default: z.boolean(),
  active: z.boolean(),
  /** Jobs of this printer not printed yet, and the last error an agent reported for them. */
  waiting: z.number().int(),
  last_error: z.string().nullable(),
  /** What the printer's status last said stops it (out of paper, cover open), while jobs wait. */
  problem: z.enum(['paper_out', 'cover_open']).nullable(),
  created_at: z.string(),
});
export type AdminPrinter = z.infer<typeof AdminPrinter>;
export const AdminPrintersResponse = z.array(AdminPrinter);

export const AdminPrintAgentKey = z.object({
  id,
  name: z.string(),
  /** The first characters of the key, to tell keys apart (the key itself is stored hashed only). */
  prefix: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
});
export type AdminPrintAgentKey = z.infer<typeof AdminPrintAgentKey>;
export const AdminPrintAgentKeysResponse = z.array(AdminPrintAgentKey);
export const AdminPrintAgentKeyBody = z.strictObject({ name: z.string().trim().min(1).max(100) });
/** The created key: `key` is shown this once and never again. */
export const AdminPrintAgentKeyCreated = AdminPrintAgentKey.extend({ key: z.string() });

/** What a printer's real-time status (ESC/POS DLE EOT) said stopped it; the board shows it in words. */
export const PrinterProblem = z.enum(['paper_out', 'cover_open']);
export type PrinterProblem = z.infer<typeof PrinterProblem>;

/** A print job as the staff board and the admin see it. */
export const StaffPrintJob = z.object({
  id,
  printer_id: id.nullable(),
  printer_name: z.string().nullable(),
  order_id: id.nullable(),
  kind: z.enum(['ticket', 'receipt', 'test']),
  status: z.enum(['queued', 'printed', 'cancelled']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** Set while the printer's status says it cannot print (the last attempt was not sent). */
  problem: PrinterProblem.nullable(),
  created_at: z.string(),
  printed_at: z.string().nullable(),
});
export type StaffPrintJob = z.infer<typeof StaffPrintJob>;
export const StaffPrintJobsResponse = z.object({
  jobs: z.array(StaffPrintJob),
  /** Whether an agent of the venue is connected now (or was within the last minute). */
  agent_online: z.boolean(),
  /** PRINT_DIRECT: the server prints itself, no agent needed. */
  direct: z.boolean(),
});
export type StaffPrintJobsResponse = z.infer<typeof StaffPrintJobsResponse>;

export const StaffPrintBody = z.strictObject({ kind: z.enum(['tickets', 'receipt']) });
export const StaffPrintResponse = z.object({ jobs: z.array(StaffPrintJob) });

/** Laid-out tickets of an order for the browser's print page (same lines as the printers get). */
export const StaffTicketLine = z.union([
  z.object({
    text: z.string(),
    size: z.union([z.literal(1), z.literal(2)]).optional(),
    bold: z.boolean().optional(),
    align: z.enum(['left', 'center', 'right']).optional(),
  }),
  z.object({ rule: z.literal(true) }),
]);
export const StaffTicketsResponse = z.object({
  tickets: z.array(z.object({ station: z.string().nullable(), lines: z.array(StaffTicketLine) })),
});
export type StaffTicketsResponse = z.infer<typeof StaffTicketsResponse>;
export const StaffTicketsQuery = z.object({ kind: z.enum(['tickets', 'receipt']).default('tickets') });

/** One job as the agent receives it (SSE event `job`, its id the job id). */
export const AgentJob = z.object({
  id,
  kind: z.enum(['ticket', 'receipt', 'test']),
  printer: z.object({ id, name: z.string(), host: z.string(), port: z.number().int() }),
  /** The ESC/POS bytes, base64. */
  data: z.string(),
  created_at: z.string(),
});
export type AgentJob = z.infer<typeof AgentJob>;
export const AgentFailBody = z.strictObject({
  error: z.string().max(500),
  /** The printer answered its status query: out of paper or cover open (the job was not sent). */
  problem: PrinterProblem.optional(),
});
export const AgentJobParam = z.object({ id: z.coerce.number().int().positive() });
