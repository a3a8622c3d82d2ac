/** Whether the process is shutting down: set by the server on a signal, read by readiness. */
export interface Lifecycle {
  shuttingDown: boolean;
}
