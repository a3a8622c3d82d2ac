/**
 * The federation runtime core's requests the shell's browser build sends to stand-ins
 * (federation-runtime-trim.ts): the folder under its dist/ of the file that asks, the request as
 * written there, and the stand-in in this folder.
 */
export const REPLACED_REQUESTS: ReadonlyArray<{ from: string; request: string; standIn: string }> = [
  { from: '.', request: './plugins/snapshot/SnapshotHandler.js', standIn: 'snapshot-handler.ts' },
  { from: '.', request: './utils/preload.js', standIn: 'preload.ts' },
  { from: 'remote', request: '../utils/preload.js', standIn: 'preload.ts' },
];
