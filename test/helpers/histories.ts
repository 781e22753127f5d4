// The recorded-history file format shared by the determinism suite's recorder and the engine-run
// replay test: protobuf's own object form of a Temporal history (int64 as strings, enums by name,
// bytes base64), one file per execution under test/histories/.
import { writeFileSync } from 'node:fs';
import { temporal } from '@temporalio/proto';

export const History = temporal.api.history.v1.History;

/** Writes one execution's history as test/histories/<workflowType>[.<what>].json expects it. */
export function writeHistory(file: string, rec: { workflowType: string; workflowId: string; status: string; history: unknown }): void {
  const history = History.toObject(History.fromObject(rec.history as Record<string, unknown>), { longs: String, enums: String, bytes: String });
  writeFileSync(file, `${JSON.stringify({ workflowType: rec.workflowType, workflowId: rec.workflowId, status: rec.status, recordedAt: new Date().toISOString(), history }, null, 1)}\n`);
}
