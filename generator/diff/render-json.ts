/** The diff as JSON: keys in a fixed order (not the order objects happened to be built in), two-space indent. */
import type { SpecDiff } from './types.js';

export function renderJson(diff: SpecDiff): string {
  const side = (s: SpecDiff['old']) => ({ source: s.source, service: s.service, version: s.version });
  const ordered = {
    old: side(diff.old),
    new: side(diff.new),
    summary: {
      changes: diff.summary.changes,
      breakingForClients: diff.summary.breakingForClients,
      breakingForServers: diff.summary.breakingForServers,
      bump: diff.summary.bump,
    },
    changes: diff.changes.map((c) => ({
      category: c.category,
      kind: c.kind,
      path: c.path,
      detail: c.detail,
      client: c.client,
      server: c.server,
    })),
    // undefined members are written as null, so every entry has the same keys.
    names: diff.names.map((n) => ({
      name: n.name,
      kind: n.kind,
      change: n.change,
      old: n.old ?? null,
      new: n.new ?? null,
    })),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
