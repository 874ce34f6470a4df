// Loaded into the server by the supervisor (node --import): when the supervisor is gone (killed, or
// its terminal closed), the IPC channel closes and the server stops as on SIGTERM, instead of staying
// behind with the port and the embedded database.
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
export {};
