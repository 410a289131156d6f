/**
 * `npm run print-agent -- --server https://menu.example.com --key tpa_…` (or the single-file build:
 * `node trapeza-print-agent.mjs --server … --key …`). Options: `--state DIR` (agent id and journal, default
 * ./print-agent-state), `--timeout MS` (printer connect time-out, default 4000). The key may also come from the
 * PRINT_AGENT_KEY environment variable (keeps it out of the process list). Exit code 2: the key was refused.
 */
import { parseArgs } from 'node:util';
import { AgentKeyRefused, PrintAgent } from './print-agent.ts';

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    key: { type: 'string' },
    state: { type: 'string', default: './print-agent-state' },
    timeout: { type: 'string', default: '4000' },
    help: { type: 'boolean', short: 'h' },
  },
});

const key = values.key ?? process.env.PRINT_AGENT_KEY;
if (values.help || !values.server || !key) {
  console.log('usage: print-agent --server https://… --key tpa_… [--state DIR] [--timeout MS]');
  process.exit(values.help ? 0 : 1);
}

const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`);
const agent = new PrintAgent({
  server: values.server,
  key,
  stateDir: values.state,
  log,
  sendOptions: { connectTimeoutMs: Number(values.timeout) || 4000 },
}).start();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    agent.stop();
  });
}

agent.done.then(
  () => process.exit(0),
  (err: unknown) => {
    log(String(err instanceof Error ? err.message : err));
    process.exit(err instanceof AgentKeyRefused ? 2 : 1);
  },
);
