/** Counters of one node's socket server, shown at /metrics. */
export class RealtimeMetrics {
  connections = 0;
  connectionsTotal = 0;
  messagesIn = 0;
  messagesOut = 0;
  authFailures = 0;
  readonly rejections = new Map<string, number>();

  /** Counts a socket that opened. */
  opened(): void {
    this.connections++;
    this.connectionsTotal++;
  }

  /** Counts a socket that closed. */
  closed(): void {
    this.connections--;
  }

  /** Counts a socket refused for a reason (origin, app_key, capacity). */
  rejected(reason: string): void {
    this.rejections.set(reason, (this.rejections.get(reason) ?? 0) + 1);
  }

  /** The counters in the Prometheus text format. */
  render(channels: number): string {
    const lines = [
      '# HELP kontor_ws_connections Open sockets on this node.',
      '# TYPE kontor_ws_connections gauge',
      `kontor_ws_connections ${this.connections}`,
      '# HELP kontor_ws_connections_total Sockets opened since start.',
      '# TYPE kontor_ws_connections_total counter',
      `kontor_ws_connections_total ${this.connectionsTotal}`,
      '# HELP kontor_ws_channels Channels with a subscriber on this node.',
      '# TYPE kontor_ws_channels gauge',
      `kontor_ws_channels ${channels}`,
      '# HELP kontor_ws_messages_in_total Frames received from sockets.',
      '# TYPE kontor_ws_messages_in_total counter',
      `kontor_ws_messages_in_total ${this.messagesIn}`,
      '# HELP kontor_ws_messages_out_total Frames sent to sockets.',
      '# TYPE kontor_ws_messages_out_total counter',
      `kontor_ws_messages_out_total ${this.messagesOut}`,
      '# HELP kontor_ws_auth_failures_total Refused channel authorizations (socket and /broadcasting/auth).',
      '# TYPE kontor_ws_auth_failures_total counter',
      `kontor_ws_auth_failures_total ${this.authFailures}`,
      '# HELP kontor_ws_rejected_total Sockets refused, by reason.',
      '# TYPE kontor_ws_rejected_total counter',
      ...['origin', 'app_key', 'capacity'].map(
        (reason) =>
          `kontor_ws_rejected_total{reason="${reason}"} ${this.rejections.get(reason) ?? 0}`,
      ),
    ];
    return `${lines.join('\n')}\n`;
  }
}
