// The baseline of bench/realtime.mjs: a bare `ws` server that speaks just enough Pusher to be
// subscribed to, and broadcasts one frame to every socket on POST /publish.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2] ?? 8511);
const sockets = new Set();
const server = createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const { name, channel, data } = JSON.parse(body);
    const frame = Buffer.from(JSON.stringify({ event: name, channel, data }));
    for (const ws of sockets) ws.send(frame, { binary: false });
    res.end('{}');
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false, clientTracking: false });
wss.on('connection', (ws) => {
  sockets.add(ws);
  ws.on('close', () => sockets.delete(ws));
  ws.send(
    JSON.stringify({
      event: 'pusher:connection_established',
      data: '{"socket_id":"1.1","activity_timeout":120}',
    }),
  );
  ws.on('message', (raw) => {
    const { event, data } = JSON.parse(raw.toString());
    if (event === 'pusher:subscribe')
      ws.send(
        JSON.stringify({
          event: 'pusher_internal:subscription_succeeded',
          channel: data.channel,
          data: '{}',
        }),
      );
  });
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
