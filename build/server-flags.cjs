// Node's flags for Kontor's server process: `npm start`, `npm start -w server`, the servers
// of the benches and the README's commands for several nodes all start it with them.
//
// --max-semi-space-size=32: V8's young generation may grow to 32 MB a half instead of 16.
// Every request allocates its parse, rows and answer there; at 32 clients the server's CPU per
// request for a page of 25 orders fell from 1.47 / 1.43 / 0.99 ms to 1.22 / 0.93 / 0.79 ms and
// p99 from 97 / 91 / 57 ms to 61 / 53 / 43 ms (three paired rounds, each a fresh server, 8,000
// requests). Set at run time (v8.setFlagsFromString) it did not help: the heap is laid out at
// start.
const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

module.exports = { SERVER_NODE_FLAGS };
